#ifndef FOLIO_PNG_H
#define FOLIO_PNG_H

/// A PNG decoded row by row by libpng: RGBA bytes, 4 a pixel, rows packed.
typedef struct {
    unsigned char *pixels;   /* malloc'd; free with folio_png_free */
    int width, height;
    int too_large;           /* nonzero when refused for its size (over max_pixels) */
    int rows_read;           /* the rows decoded before the data ended (height when whole; the rest is grey) */
    int cut_short;           /* nonzero when the data ended or broke before the last row */
    char message[160];       /* why decoding failed or stopped, when it did */
} folio_png_image;

/// Decodes the PNG at `path` into RGBA (palette, grey and 16-bit samples
/// expanded or reduced to 8-bit RGBA) as far as its data goes: a file that
/// ends early, or whose pixel data breaks, keeps the rows read by then
/// (an interlaced one the passes read by then) and is grey below them, with
/// `cut_short` set. A picture of more than `max_pixels` is refused from its
/// header. Returns 0 and fills `out` when at least its header was read and
/// something decoded, or -1 with `out->message` set.
int folio_png_decode(const char *path, long long max_pixels, folio_png_image *out);

/// Frees the pixels of an image `folio_png_decode` filled.
void folio_png_free(folio_png_image *image);

#endif
