#ifndef FOLIO_JPEG_H
#define FOLIO_JPEG_H

#include <stddef.h>

/// A JPEG decoded at a reduced scale: RGB bytes, 3 a pixel, rows packed.
typedef struct {
    unsigned char *pixels;   /* malloc'd; free with folio_jpeg_free */
    int width, height;       /* the decoded (scaled) size */
    int full_width, full_height;  /* the size stored in the file */
    int too_large;           /* nonzero when refused for its size (over max_pixels) */
    int damaged_row;         /* the file ended before this decoded row (libjpeg greys the rest); 0 when whole */
    char message[160];       /* why decoding failed, when it did */
} folio_jpeg_image;

/// Decodes the JPEG at `path` at the smallest of libjpeg's DCT scales
/// (1/8, 2/8 … 8/8) whose result still covers `box_width` x `box_height`
/// once fitted, so a 5640x3172 photo for a 1280x800 window is decoded at
/// 1410x793 and never held whole. A picture of more than `max_pixels` (its
/// full size, from the frame header) is refused before any pixel is decoded.
/// Returns 0 and fills `out`, or -1 with `out->message` set (the caller may
/// try another decoder, unless `out->too_large` says the picture is too large).
int folio_jpeg_decode(const char *path, int box_width, int box_height, long long max_pixels, folio_jpeg_image *out);

/// The progressive JPEG at `path` as its first scan shows it, at 1/8 of its size (most often
/// each 8x8 block's average colour): libjpeg reads the file only as far as that scan, so a
/// large photo is seen long before it is decoded whole. Refused (-1) for a baseline JPEG, for
/// one of fewer than `min_pixels` pixels, and as `folio_jpeg_decode` refuses, over `max_pixels`.
int folio_jpeg_preview(const char *path, long long min_pixels, long long max_pixels, folio_jpeg_image *out);

/// As `folio_jpeg_decode`, from the `size` bytes at `data` (a comic's page, a book's picture).
int folio_jpeg_decode_memory(const unsigned char *data, size_t size, int box_width, int box_height, long long max_pixels,
                             folio_jpeg_image *out);

/// Decodes the part (`x`, `y`, `width`, `height`) of the JPEG at `path`, in
/// the pixels as stored, at the smallest DCT scale n/8 at which that part
/// is at least `out_width` x `out_height`; only the rows and the columns
/// (to the nearest block) of the part are decoded. `out` holds the part at
/// that scale, its edges within one scaled pixel of the asked ones.
/// Refused as `folio_jpeg_decode` refuses, over `max_pixels`.
/// Returns 0, or -1 with `out->message` set.
int folio_jpeg_decode_region(const char *path, int x, int y, int width, int height,
                             int out_width, int out_height, long long max_pixels, folio_jpeg_image *out);

/// Frees the pixels of an image `folio_jpeg_decode` filled.
void folio_jpeg_free(folio_jpeg_image *image);

#endif
