#include "folio_pdf.h"

#include <mupdf/fitz.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Only MuPDF's PDF handler is registered: its other formats (XPS, EPUB, CBZ, images) are read
   elsewhere in folio, and leaving them out leaves out the HTML layout that needs HarfBuzz. */
extern fz_document_handler pdf_document_handler;

struct folio_pdf {
    fz_context *ctx;            /* the document's context; each call clones it */
    fz_document *doc;
    pthread_mutex_t document;   /* held while the document is touched */
    pthread_mutex_t locks[FZ_LOCK_MAX];
    fz_locks_context locking;
    int pages;
};

static void lock(void *user, int which) { pthread_mutex_lock(&((folio_pdf *)user)->locks[which]); }
static void unlock(void *user, int which) { pthread_mutex_unlock(&((folio_pdf *)user)->locks[which]); }

static void say(char *message, size_t size, const char *text) {
    if (message && size > 0) {
        strncpy(message, text ? text : "", size - 1);
        message[size - 1] = 0;
    }
}

/* The most MuPDF keeps of decoded fonts and pictures between pages. */
#define STORE_BYTES (64 << 20)

folio_pdf *folio_pdf_open(const char *path, int *problem, char *message, size_t message_size) {
    folio_pdf *pdf = calloc(1, sizeof *pdf);
    if (!pdf) {
        *problem = FOLIO_PDF_DAMAGED;
        say(message, message_size, "out of memory");
        return NULL;
    }
    for (int i = 0; i < FZ_LOCK_MAX; i++) pthread_mutex_init(&pdf->locks[i], NULL);
    pthread_mutex_init(&pdf->document, NULL);
    pdf->locking.user = pdf;
    pdf->locking.lock = lock;
    pdf->locking.unlock = unlock;
    pdf->ctx = fz_new_context(NULL, &pdf->locking, STORE_BYTES);
    if (!pdf->ctx) {
        *problem = FOLIO_PDF_DAMAGED;
        say(message, message_size, "MuPDF could not start");
        folio_pdf_close(pdf);
        return NULL;
    }
    /* MuPDF's warnings (a repaired cross-reference table, an unknown font) are not the reader's business. */
    fz_set_warning_callback(pdf->ctx, NULL, NULL);
    fz_set_error_callback(pdf->ctx, NULL, NULL);
    *problem = FOLIO_PDF_OK;
    fz_try(pdf->ctx) {
        fz_register_document_handler(pdf->ctx, &pdf_document_handler);
        pdf->doc = fz_open_document(pdf->ctx, path);
        if (fz_needs_password(pdf->ctx, pdf->doc) && !fz_authenticate_password(pdf->ctx, pdf->doc, "")) {
            *problem = FOLIO_PDF_ENCRYPTED;
        } else {
            pdf->pages = fz_count_pages(pdf->ctx, pdf->doc);
            if (pdf->pages <= 0) *problem = FOLIO_PDF_EMPTY;
        }
    }
    fz_catch(pdf->ctx) {
        *problem = FOLIO_PDF_DAMAGED;
        say(message, message_size, fz_caught_message(pdf->ctx));
    }
    if (*problem != FOLIO_PDF_OK) {
        if (*problem == FOLIO_PDF_ENCRYPTED) say(message, message_size, "it is encrypted (it needs a password)");
        if (*problem == FOLIO_PDF_EMPTY) say(message, message_size, "it has no pages");
        folio_pdf_close(pdf);
        return NULL;
    }
    return pdf;
}

void folio_pdf_close(folio_pdf *pdf) {
    if (!pdf) return;
    if (pdf->ctx) {
        fz_drop_document(pdf->ctx, pdf->doc);
        fz_drop_context(pdf->ctx);
    }
    for (int i = 0; i < FZ_LOCK_MAX; i++) pthread_mutex_destroy(&pdf->locks[i]);
    pthread_mutex_destroy(&pdf->document);
    free(pdf);
}

int folio_pdf_page_count(folio_pdf *pdf) { return pdf->pages; }

/* Page `page` recorded as a display list, with its bounds: the document is touched here only,
   under its lock. NULL (and an error thrown in `ctx`) when the page cannot be read. */
static fz_display_list *record(folio_pdf *pdf, fz_context *ctx, int page, fz_rect *bounds) {
    fz_display_list *list = NULL;
    fz_page *loaded = NULL;
    pthread_mutex_lock(&pdf->document);
    fz_var(loaded);
    fz_var(list);
    fz_try(ctx) {
        loaded = fz_load_page(ctx, pdf->doc, page);
        *bounds = fz_bound_page(ctx, loaded);
        list = fz_new_display_list_from_page(ctx, loaded);
    }
    fz_always(ctx) {
        fz_drop_page(ctx, loaded);
        pthread_mutex_unlock(&pdf->document);
    }
    fz_catch(ctx) {
        fz_rethrow(ctx);
    }
    return list;
}

int folio_pdf_page_size(folio_pdf *pdf, int page, float *width, float *height) {
    if (page < 0 || page >= pdf->pages) return 1;
    fz_context *ctx = fz_clone_context(pdf->ctx);
    if (!ctx) return 1;
    int status = 0;
    fz_page *loaded = NULL;
    pthread_mutex_lock(&pdf->document);
    fz_var(loaded);
    fz_try(ctx) {
        loaded = fz_load_page(ctx, pdf->doc, page);
        fz_rect bounds = fz_bound_page(ctx, loaded);
        *width = bounds.x1 - bounds.x0;
        *height = bounds.y1 - bounds.y0;
    }
    fz_always(ctx) {
        fz_drop_page(ctx, loaded);
        pthread_mutex_unlock(&pdf->document);
    }
    fz_catch(ctx) {
        status = 1;
    }
    fz_drop_context(ctx);
    return status;
}

int folio_pdf_render(folio_pdf *pdf, int page, int box_width, int box_height,
                     unsigned char **pixels, int *width, int *height, char *message, size_t message_size) {
    *pixels = NULL;
    if (page < 0 || page >= pdf->pages || box_width <= 0 || box_height <= 0) {
        say(message, message_size, "no such page");
        return 1;
    }
    fz_context *ctx = fz_clone_context(pdf->ctx);
    if (!ctx) {
        say(message, message_size, "out of memory");
        return 1;
    }
    int status = 0;
    fz_display_list *list = NULL;
    fz_pixmap *pixmap = NULL;
    fz_device *device = NULL;
    fz_var(list);
    fz_var(pixmap);
    fz_var(device);
    fz_try(ctx) {
        fz_rect bounds;
        list = record(pdf, ctx, page, &bounds);
        float w = bounds.x1 - bounds.x0, h = bounds.y1 - bounds.y0;
        if (w <= 0 || h <= 0) fz_throw(ctx, FZ_ERROR_GENERIC, "the page is empty");
        float scale = fz_min(box_width / w, box_height / h);
        int out_w = (int)(w * scale + 0.5f), out_h = (int)(h * scale + 0.5f);
        if (out_w < 1) out_w = 1;
        if (out_h < 1) out_h = 1;
        /* The page's top left at the pixmap's origin, scaled to the box. */
        fz_matrix ctm = fz_pre_translate(fz_scale(scale, scale), -bounds.x0, -bounds.y0);
        pixmap = fz_new_pixmap(ctx, fz_device_rgb(ctx), out_w, out_h, NULL, 1);
        fz_clear_pixmap_with_value(ctx, pixmap, 255);
        device = fz_new_draw_device(ctx, ctm, pixmap);
        fz_run_display_list(ctx, list, device, fz_identity, fz_infinite_rect, NULL);
        fz_close_device(ctx, device);
        size_t bytes = (size_t)out_w * out_h * 4;
        unsigned char *out = malloc(bytes);
        if (!out) fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
        unsigned char *samples = fz_pixmap_samples(ctx, pixmap);
        int stride = fz_pixmap_stride(ctx, pixmap);
        for (int y = 0; y < out_h; y++) memcpy(out + (size_t)y * out_w * 4, samples + (size_t)y * stride, (size_t)out_w * 4);
        *pixels = out;
        *width = out_w;
        *height = out_h;
    }
    fz_always(ctx) {
        fz_drop_device(ctx, device);
        fz_drop_pixmap(ctx, pixmap);
        fz_drop_display_list(ctx, list);
    }
    fz_catch(ctx) {
        say(message, message_size, fz_caught_message(ctx));
        status = 1;
    }
    fz_drop_context(ctx);
    return status;
}

/* Appends one character to a growing array. */
static void put(fz_context *ctx, folio_pdf_char **chars, size_t *count, size_t *capacity, int c, fz_rect box) {
    if (*count == *capacity) {
        size_t grown = *capacity ? *capacity * 2 : 1024;
        folio_pdf_char *bigger = realloc(*chars, grown * sizeof **chars);
        if (!bigger) fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
        *chars = bigger;
        *capacity = grown;
    }
    folio_pdf_char *slot = &(*chars)[(*count)++];
    slot->c = c;
    slot->x0 = box.x0;
    slot->y0 = box.y0;
    slot->x1 = box.x1;
    slot->y1 = box.y1;
}

int folio_pdf_page_text(folio_pdf *pdf, int page, folio_pdf_char **chars, size_t *count) {
    *chars = NULL;
    *count = 0;
    if (page < 0 || page >= pdf->pages) return 1;
    fz_context *ctx = fz_clone_context(pdf->ctx);
    if (!ctx) return 1;
    int status = 0;
    size_t capacity = 0;
    fz_display_list *list = NULL;
    fz_stext_page *text = NULL;
    fz_var(list);
    fz_var(text);
    fz_try(ctx) {
        fz_rect bounds;
        list = record(pdf, ctx, page, &bounds);
        float w = bounds.x1 - bounds.x0, h = bounds.y1 - bounds.y0;
        if (w <= 0 || h <= 0) w = h = 1;
        /* Ligatures spelt out (so "ﬁnd" is found by "find"), tabs as spaces, no hyphens joined
           (as pdftotext), and nothing outside the page's media box. */
        fz_stext_options options = { FZ_STEXT_MEDIABOX_CLIP };
        text = fz_new_stext_page_from_display_list(ctx, list, &options);
        fz_rect none = { 0, 0, 0, 0 };
        for (fz_stext_block *block = text->first_block; block; block = block->next) {
            if (block->type != FZ_STEXT_BLOCK_TEXT) continue;
            for (fz_stext_line *line = block->u.t.first_line; line; line = line->next) {
                for (fz_stext_char *ch = line->first_char; ch; ch = ch->next) {
                    fz_rect box = fz_rect_from_quad(ch->quad);
                    box.x0 = (box.x0 - bounds.x0) / w;
                    box.x1 = (box.x1 - bounds.x0) / w;
                    box.y0 = (box.y0 - bounds.y0) / h;
                    box.y1 = (box.y1 - bounds.y0) / h;
                    put(ctx, chars, count, &capacity, ch->c, box);
                }
                put(ctx, chars, count, &capacity, FOLIO_PDF_LINE_END, none);
            }
            put(ctx, chars, count, &capacity, FOLIO_PDF_BLOCK_END, none);
        }
    }
    fz_always(ctx) {
        fz_drop_stext_page(ctx, text);
        fz_drop_display_list(ctx, list);
    }
    fz_catch(ctx) {
        free(*chars);
        *chars = NULL;
        *count = 0;
        status = 1;
    }
    fz_drop_context(ctx);
    return status;
}

int folio_pdf_links(folio_pdf *pdf, int page, folio_pdf_link **links, int *count) {
    *links = NULL;
    *count = 0;
    if (page < 0 || page >= pdf->pages) return 1;
    fz_context *ctx = fz_clone_context(pdf->ctx);
    if (!ctx) return 1;
    int status = 0;
    fz_page *loaded = NULL;
    fz_link *first = NULL;
    fz_var(loaded);
    fz_var(first);
    pthread_mutex_lock(&pdf->document);
    fz_try(ctx) {
        loaded = fz_load_page(ctx, pdf->doc, page);
        fz_rect bounds = fz_bound_page(ctx, loaded);
        float w = bounds.x1 - bounds.x0, h = bounds.y1 - bounds.y0;
        if (w <= 0 || h <= 0) w = h = 1;
        first = fz_load_links(ctx, loaded);
        int n = 0;
        for (fz_link *link = first; link; link = link->next) n++;
        if (n > 0) {
            *links = calloc((size_t)n, sizeof **links);
            if (!*links) fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
        }
        for (fz_link *link = first; link; link = link->next) {
            if (!link->uri) continue;
            folio_pdf_link *out = &(*links)[*count];
            out->x0 = (link->rect.x0 - bounds.x0) / w;
            out->x1 = (link->rect.x1 - bounds.x0) / w;
            out->y0 = (link->rect.y0 - bounds.y0) / h;
            out->y1 = (link->rect.y1 - bounds.y0) / h;
            out->page = -1;
            if (fz_is_external_link(ctx, link->uri)) {
                out->uri = strdup(link->uri);
            } else {
                float x, y;
                fz_location to = fz_resolve_link(ctx, pdf->doc, link->uri, &x, &y);
                out->page = to.page >= 0 ? fz_page_number_from_location(ctx, pdf->doc, to) : -1;
                if (out->page < 0) continue;
            }
            (*count)++;
        }
    }
    fz_always(ctx) {
        fz_drop_link(ctx, first);
        fz_drop_page(ctx, loaded);
        pthread_mutex_unlock(&pdf->document);
    }
    fz_catch(ctx) {
        folio_pdf_free_links(*links, *count);
        *links = NULL;
        *count = 0;
        status = 1;
    }
    fz_drop_context(ctx);
    return status;
}

void folio_pdf_free_links(folio_pdf_link *links, int count) {
    if (!links) return;
    for (int i = 0; i < count; i++) free(links[i].uri);
    free(links);
}

/* Appends one outline entry. */
static void add_entry(fz_context *ctx, folio_pdf_entry **entries, int *count, int *capacity,
                      const char *title, int level, int page) {
    if (*count == *capacity) {
        int grown = *capacity ? *capacity * 2 : 64;
        folio_pdf_entry *bigger = realloc(*entries, (size_t)grown * sizeof **entries);
        if (!bigger) fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
        *entries = bigger;
        *capacity = grown;
    }
    folio_pdf_entry *entry = &(*entries)[*count];
    entry->title = strdup(title);
    entry->level = level;
    entry->page = page;
    if (entry->title) (*count)++;
}

/* The page an outline entry's link leads to, or -1: an address outside the document, or a link
   MuPDF cannot resolve (which leaves the rest of the outline alone). */
static int outline_page(folio_pdf *pdf, fz_context *ctx, const char *uri) {
    int page = -1;
    if (!uri || fz_is_external_link(ctx, uri)) return -1;
    fz_try(ctx) {
        float x, y;
        fz_location to = fz_resolve_link(ctx, pdf->doc, uri, &x, &y);
        if (to.page >= 0) page = fz_page_number_from_location(ctx, pdf->doc, to);
    }
    fz_catch(ctx) {
        page = -1;
    }
    return page;
}

/* Walks the outline depth first from the iterator's position, appending each entry that leads to a
   page, 32 levels deep at most. The iterator, not fz_load_outline: MuPDF 1.21's fz_load_outline
   loses the entries it has built when a later one throws (fixed upstream in 1.22, commit 9923ac4d5),
   and walking it here builds nothing to lose. */
static void walk(folio_pdf *pdf, fz_context *ctx, fz_outline_iterator *iterator, int level,
                 folio_pdf_entry **entries, int *count, int *capacity) {
    do {
        fz_outline_item *item = fz_outline_iterator_item(ctx, iterator);
        if (!item) return;
        if (item->title) {
            int page = outline_page(pdf, ctx, item->uri);
            if (page >= 0) add_entry(ctx, entries, count, capacity, item->title, level, page);
        }
        if (level < 32) {
            int moved = fz_outline_iterator_down(ctx, iterator);
            if (moved == 0) walk(pdf, ctx, iterator, level + 1, entries, count, capacity);
            if (moved >= 0) fz_outline_iterator_up(ctx, iterator);
        }
    } while (fz_outline_iterator_next(ctx, iterator) == 0);
}

int folio_pdf_outline(folio_pdf *pdf, folio_pdf_entry **entries, int *count) {
    *entries = NULL;
    *count = 0;
    fz_context *ctx = fz_clone_context(pdf->ctx);
    if (!ctx) return 1;
    int status = 0, capacity = 0;
    fz_outline_iterator *iterator = NULL;
    fz_var(iterator);
    pthread_mutex_lock(&pdf->document);
    fz_try(ctx) {
        iterator = fz_new_outline_iterator(ctx, pdf->doc);
        if (iterator) walk(pdf, ctx, iterator, 1, entries, count, &capacity);
    }
    fz_always(ctx) {
        fz_drop_outline_iterator(ctx, iterator);
        pthread_mutex_unlock(&pdf->document);
    }
    fz_catch(ctx) {
        folio_pdf_free_outline(*entries, *count);
        *entries = NULL;
        *count = 0;
        status = 1;
    }
    fz_drop_context(ctx);
    return status;
}

void folio_pdf_free_outline(folio_pdf_entry *entries, int count) {
    if (!entries) return;
    for (int i = 0; i < count; i++) free(entries[i].title);
    free(entries);
}

int folio_pdf_metadata(folio_pdf *pdf, const char *key, char *value, size_t value_size) {
    fz_context *ctx = fz_clone_context(pdf->ctx);
    if (!ctx) return -1;
    int length = -1;
    pthread_mutex_lock(&pdf->document);
    fz_try(ctx) {
        length = fz_lookup_metadata(ctx, pdf->doc, key, value, (int)value_size);
    }
    fz_always(ctx) {
        pthread_mutex_unlock(&pdf->document);
    }
    fz_catch(ctx) {
        length = -1;
    }
    fz_drop_context(ctx);
    return length;
}

void folio_pdf_free(void *pointer) { free(pointer); }
