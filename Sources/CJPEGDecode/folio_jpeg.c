#include "folio_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/* libjpeg reports a fatal error by calling error_exit, which by default
 * exits the process; here it jumps back to folio_jpeg_decode instead. */
struct folio_error {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char *message;
    /* Set when the data ended early (JWRN_JPEG_EOF): 1 + the output rows read by then. */
    unsigned ended_after;
};

static void folio_error_exit(j_common_ptr info) {
    struct folio_error *error = (struct folio_error *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    snprintf(error->message, 160, "%.150s", text);
    longjmp(error->back, 1);
}

/* Warnings (a truncated file, say) are not printed: the picture shows what was read. */
static void folio_quiet(j_common_ptr info) { (void)info; }

/* A warning that the data ended (a truncated file) is remembered with the rows read by then: libjpeg
 * goes on with grey, and the caller says the picture is damaged. Other messages count as libjpeg counts them. */
static void folio_emit(j_common_ptr info, int level) {
    struct folio_error *error = (struct folio_error *)info->err;
    if (level < 0) {
        info->err->num_warnings++;
        if (info->err->msg_code == JWRN_JPEG_EOF && error->ended_after == 0 && info->is_decompressor) {
            error->ended_after = 1 + ((j_decompress_ptr)info)->output_scanline;
        }
    }
}

/* The smallest scale n/8 at which the fitted box is still covered. */
static int folio_scale(int full_width, int full_height, int box_width, int box_height) {
    double fit = (double)box_width / full_width;
    double tall = (double)box_height / full_height;
    if (tall < fit) fit = tall;
    if (fit >= 1) return 8;
    int target_width = (int)(full_width * fit), target_height = (int)(full_height * fit);
    for (int n = 1; n < 8; n++) {
        int w = (full_width * n + 7) / 8, h = (full_height * n + 7) / 8;
        if (w >= target_width && h >= target_height) return n;
    }
    return 8;
}

/* The part of the picture to decode, in stored pixels, and the least size to decode it at. */
struct folio_region {
    int x, y, width, height;
    int out_width, out_height;
};

/* The smallest scale n/8 at which `region` is at least its asked size. */
static int folio_region_scale(const struct folio_region *region) {
    for (int n = 1; n < 8; n++) {
        int w = (region->width * n + 7) / 8, h = (region->height * n + 7) / 8;
        if (w >= region->out_width && h >= region->out_height) return n;
    }
    return 8;
}

/* Decodes the whole picture fitted to a box (region NULL), or one part of it; or, for `preview`, a
 * progressive picture of at least `preview` pixels at 1/8 from its first scan alone. */
static int folio_decode(const char *path, const unsigned char *data, size_t size, int box_width, int box_height,
                        const struct folio_region *region, long long max_pixels, long long preview, folio_jpeg_image *out) {
    memset(out, 0, sizeof *out);
    /* From a file at `path`, or from the `size` bytes at `data` when there is no path. */
    FILE *file = NULL;
    if (path) {
        file = fopen(path, "rb");
        if (!file) {
            snprintf(out->message, sizeof out->message, "cannot open the file");
            return -1;
        }
    } else if (!data || size == 0) {
        snprintf(out->message, sizeof out->message, "no bytes");
        return -1;
    }
    struct jpeg_decompress_struct info;
    struct folio_error error;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = folio_error_exit;
    error.manager.output_message = folio_quiet;
    error.manager.emit_message = folio_emit;
    error.message = out->message;
    error.ended_after = 0;
    /* volatile: read after longjmp. */
    unsigned char *volatile pixels = NULL;
    unsigned char *volatile row = NULL;
    if (setjmp(error.back)) {
        jpeg_destroy_decompress(&info);
        if (file) fclose(file);
        free(pixels);
        free(row);
        out->pixels = NULL;
        return -1;
    }
    jpeg_create_decompress(&info);
    if (file) {
        jpeg_stdio_src(&info, file);
    } else {
        jpeg_mem_src(&info, data, (unsigned long)size);
    }
    jpeg_read_header(&info, TRUE);
    out->full_width = (int)info.image_width;
    out->full_height = (int)info.image_height;
    if ((long long)info.image_width * (long long)info.image_height > max_pixels) {
        /* A bomb's header: refused before any pixel is decoded or any row allocated. */
        out->too_large = 1;
        snprintf(out->message, sizeof out->message, "the picture is %u x %u pixels, too large to show",
                 info.image_width, info.image_height);
        longjmp(error.back, 1);
    }
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        /* libjpeg cannot turn CMYK into RGB; the caller's other decoder can. */
        snprintf(out->message, sizeof out->message, "a CMYK JPEG");
        longjmp(error.back, 1);
    }
    if (preview && (!jpeg_has_multiple_scans(&info) || (long long)info.image_width * (long long)info.image_height < preview)) {
        /* A baseline picture has no early scan to show, and a small one decodes whole soon enough. */
        snprintf(out->message, sizeof out->message, "no preview: decoded whole at once");
        longjmp(error.back, 1);
    }
    info.out_color_space = JCS_RGB;
    info.scale_num = (unsigned)(preview ? 1
                                : region ? folio_region_scale(region)
                                : folio_scale(out->full_width, out->full_height, box_width, box_height));
    info.scale_denom = 8;
    info.dct_method = JDCT_ISLOW;
    if (preview) {
        /* Buffered-image mode: read the file only as far as its first scan (most often every
         * block's DC, the picture at 1/8), and draw the picture as that scan leaves it. */
        info.buffered_image = TRUE;
        jpeg_start_decompress(&info);
        int status;
        do {
            status = jpeg_consume_input(&info);
        } while (status != JPEG_SCAN_COMPLETED && status != JPEG_REACHED_EOI && status != JPEG_SUSPENDED);
        jpeg_start_output(&info, info.input_scan_number);
    } else {
        jpeg_start_decompress(&info);
    }
    int n = (int)info.scale_num;
    /* The rows and columns wanted, at the chosen scale. */
    JDIMENSION left = 0, right = info.output_width, top = 0, bottom = info.output_height;
    if (region) {
        left = (JDIMENSION)(region->x * n / 8);
        top = (JDIMENSION)(region->y * n / 8);
        right = (JDIMENSION)(((region->x + region->width) * n + 7) / 8);
        bottom = (JDIMENSION)(((region->y + region->height) * n + 7) / 8);
        if (right > info.output_width) right = info.output_width;
        if (bottom > info.output_height) bottom = info.output_height;
        if (left >= right || top >= bottom) {
            snprintf(out->message, sizeof out->message, "the region is outside the picture");
            longjmp(error.back, 1);
        }
    }
    /* Only the blocks covering the columns are decoded; libjpeg widens the crop to whole blocks. */
    JDIMENSION cropLeft = left, cropWidth = right - left;
    if (region && (cropLeft > 0 || cropWidth < info.output_width)) jpeg_crop_scanline(&info, &cropLeft, &cropWidth);
    size_t width = right - left, height = bottom - top;
    pixels = malloc(width * height * 3);
    row = malloc((size_t)info.output_width * 3);
    if (!pixels || !row) {
        snprintf(out->message, sizeof out->message, "out of memory");
        longjmp(error.back, 1);
    }
    if (top > 0) jpeg_skip_scanlines(&info, top);
    for (size_t y = 0; y < height; y++) {
        JSAMPROW line = row;
        jpeg_read_scanlines(&info, &line, 1);
        memcpy(pixels + y * width * 3, row + (size_t)(left - cropLeft) * 3, width * 3);
    }
    if (preview) {
        /* The rest of the file is the full decode's. */
        jpeg_finish_output(&info);
        jpeg_abort_decompress(&info);
    } else if (info.output_scanline < info.output_height) {
        jpeg_abort_decompress(&info);
    } else {
        jpeg_finish_decompress(&info);
    }
    out->width = (int)width;
    out->height = (int)height;
    out->pixels = pixels;
    if (error.ended_after > 0) {
        /* The first row of the part that came out grey (1 when none came out); none when only the end marker is missing. */
        unsigned ended = error.ended_after - 1;
        if (ended < top + height) out->damaged_row = ended <= top ? 1 : (int)(ended - top);
    }
    free(row);
    jpeg_destroy_decompress(&info);
    if (file) fclose(file);
    return 0;
}

int folio_jpeg_decode(const char *path, int box_width, int box_height, long long max_pixels, folio_jpeg_image *out) {
    return folio_decode(path, NULL, 0, box_width, box_height, NULL, max_pixels, 0, out);
}

int folio_jpeg_preview(const char *path, long long min_pixels, long long max_pixels, folio_jpeg_image *out) {
    return folio_decode(path, NULL, 0, 0, 0, NULL, max_pixels, min_pixels > 0 ? min_pixels : 1, out);
}

int folio_jpeg_decode_memory(const unsigned char *data, size_t size, int box_width, int box_height, long long max_pixels,
                             folio_jpeg_image *out) {
    return folio_decode(NULL, data, size, box_width, box_height, NULL, max_pixels, 0, out);
}

int folio_jpeg_decode_region(const char *path, int x, int y, int width, int height,
                             int out_width, int out_height, long long max_pixels, folio_jpeg_image *out) {
    struct folio_region region = { x, y, width, height, out_width, out_height };
    return folio_decode(path, NULL, 0, 0, 0, &region, max_pixels, 0, out);
}

void folio_jpeg_free(folio_jpeg_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}
