#include "folio_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/* libjpeg reports a fatal error by calling error_exit, which by default
 * exits the process; here it jumps back to folio_jpeg_decode instead. */
struct folio_error {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char *message;
};

static void folio_error_exit(j_common_ptr info) {
    struct folio_error *error = (struct folio_error *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    snprintf(error->message, 160, "%s", text);
    longjmp(error->back, 1);
}

/* Warnings (a truncated file, say) are not printed: the picture shows what was read. */
static void folio_quiet(j_common_ptr info) { (void)info; }

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

int folio_jpeg_decode(const char *path, int box_width, int box_height, folio_jpeg_image *out) {
    memset(out, 0, sizeof *out);
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(out->message, sizeof out->message, "cannot open the file");
        return -1;
    }
    struct jpeg_decompress_struct info;
    struct folio_error error;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = folio_error_exit;
    error.manager.output_message = folio_quiet;
    error.message = out->message;
    /* volatile: read after longjmp. */
    unsigned char *volatile pixels = NULL;
    if (setjmp(error.back)) {
        jpeg_destroy_decompress(&info);
        fclose(file);
        free(pixels);
        out->pixels = NULL;
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file);
    jpeg_read_header(&info, TRUE);
    out->full_width = (int)info.image_width;
    out->full_height = (int)info.image_height;
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        /* libjpeg cannot turn CMYK into RGB; the caller's other decoder can. */
        snprintf(out->message, sizeof out->message, "a CMYK JPEG");
        jpeg_destroy_decompress(&info);
        fclose(file);
        return -1;
    }
    info.out_color_space = JCS_RGB;
    info.scale_num = (unsigned)folio_scale(out->full_width, out->full_height, box_width, box_height);
    info.scale_denom = 8;
    info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&info);
    size_t row = (size_t)info.output_width * 3;
    pixels = malloc(row * info.output_height);
    if (!pixels) {
        snprintf(out->message, sizeof out->message, "out of memory");
        longjmp(error.back, 1);
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW line = pixels + row * info.output_scanline;
        jpeg_read_scanlines(&info, &line, 1);
    }
    jpeg_finish_decompress(&info);
    out->width = (int)info.output_width;
    out->height = (int)info.output_height;
    out->pixels = pixels;
    jpeg_destroy_decompress(&info);
    fclose(file);
    return 0;
}

void folio_jpeg_free(folio_jpeg_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}
