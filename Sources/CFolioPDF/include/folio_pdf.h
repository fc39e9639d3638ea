#ifndef FOLIO_PDF_H
#define FOLIO_PDF_H

#include <stddef.h>

/*
 * PDF documents through MuPDF, behind a C interface with no setjmp in it:
 * MuPDF reports errors by longjmp (fz_try / fz_catch), which Swift cannot
 * call across, so every call here catches them and returns a status and a
 * message instead.
 *
 * One folio_pdf may be used from several threads: the document itself is
 * touched under a lock (loading a page, recording it as a display list,
 * reading its links and outline), and the slow parts (drawing a page's
 * pixels, reading its text) run from the display list outside that lock,
 * each thread in a context cloned from the document's.
 */

typedef struct folio_pdf folio_pdf;

/* Why a document could not be opened. */
enum {
    FOLIO_PDF_OK = 0,
    FOLIO_PDF_DAMAGED = 1,    /* not a PDF, or too damaged to read */
    FOLIO_PDF_ENCRYPTED = 2,  /* it needs a password */
    FOLIO_PDF_EMPTY = 3       /* it has no pages */
};

/* Opens `path`; NULL with *problem set and a message in `message` when it cannot be read. */
folio_pdf *folio_pdf_open(const char *path, int *problem, char *message, size_t message_size);
void folio_pdf_close(folio_pdf *pdf);

int folio_pdf_page_count(folio_pdf *pdf);

/* Page `page`'s size in points (1/72 inch), as drawn (its rotation applied); 0 when it can be read. */
int folio_pdf_page_size(folio_pdf *pdf, int page, float *width, float *height);

/* Page `page` drawn to fit `box_width` × `box_height` pixels, aspect kept, on white: RGBA, rows
   packed, in *pixels (free with folio_pdf_free). 0 on success; else a message. */
int folio_pdf_render(folio_pdf *pdf, int page, int box_width, int box_height,
                     unsigned char **pixels, int *width, int *height, char *message, size_t message_size);

/* One character of a page's text, in reading order, with its box as fractions of the page
   (0 at the top left, 1 at the bottom right). `c` is a Unicode scalar, or one of: */
enum {
    FOLIO_PDF_LINE_END = -1,
    FOLIO_PDF_BLOCK_END = -2
};
typedef struct {
    int c;
    float x0, y0, x1, y1;
} folio_pdf_char;

/* Page `page`'s text as characters (free with folio_pdf_free); 0 on success. */
int folio_pdf_page_text(folio_pdf *pdf, int page, folio_pdf_char **chars, size_t *count);

/* A link on a page: its box (fractions of the page) and the page it leads to (0-based), or -1
   with the address it leads to outside the document (free both with folio_pdf_free_links). */
typedef struct {
    float x0, y0, x1, y1;
    int page;
    char *uri;
} folio_pdf_link;

int folio_pdf_links(folio_pdf *pdf, int page, folio_pdf_link **links, int *count);
void folio_pdf_free_links(folio_pdf_link *links, int count);

/* The outline, flattened in order: a title, its nesting (1 at the top) and its page (0-based). */
typedef struct {
    char *title;
    int level;
    int page;
} folio_pdf_entry;

int folio_pdf_outline(folio_pdf *pdf, folio_pdf_entry **entries, int *count);
void folio_pdf_free_outline(folio_pdf_entry *entries, int count);

/* The document's metadata `key` ("info:Title", "info:Author") into `value`; its length, or -1 when absent. */
int folio_pdf_metadata(folio_pdf *pdf, const char *key, char *value, size_t value_size);

void folio_pdf_free(void *pointer);

#endif
