#include "folio_png.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libpng reports a fatal error by longjmp to png_jmpbuf; the message is kept for the caller. */
static void folio_png_error(png_structp png, png_const_charp text) {
    folio_png_image *out = (folio_png_image *)png_get_error_ptr(png);
    snprintf(out->message, sizeof out->message, "%.150s", text);
    png_longjmp(png, 1);
}

/* Warnings (a bad ancillary chunk) are not printed: the picture shows what was read. */
static void folio_png_quiet(png_structp png, png_const_charp text) { (void)png; (void)text; }

int folio_png_decode(const char *path, long long max_pixels, folio_png_image *out) {
    memset(out, 0, sizeof *out);
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(out->message, sizeof out->message, "cannot open it");
        return -1;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, out, folio_png_error, folio_png_quiet);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        fclose(file);
        snprintf(out->message, sizeof out->message, "out of memory");
        return -1;
    }
    /* Changed after setjmp and read after a longjmp: volatile. */
    unsigned char *volatile pixels = NULL;
    volatile int rows_done = 0, pass_done = 0, passes = 1;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        if (!pixels || (rows_done == 0 && pass_done == 0)) {
            free(pixels);
            out->pixels = NULL;
            return -1;
        }
        out->pixels = pixels;
        out->cut_short = 1;
        out->rows_read = passes > 1 ? (pass_done == passes ? out->height : 0) : rows_done;
        return 0;
    }
    png_init_io(png, file);
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if ((long long)width * (long long)height > max_pixels) {
        out->too_large = 1;
        out->width = (int)width;
        out->height = (int)height;
        snprintf(out->message, sizeof out->message, "it is too large");
        png_longjmp(png, 1);
    }
    int type = png_get_color_type(png, info);
    png_set_expand(png);      /* palette to RGB, grey under 8 bits to 8, tRNS to alpha */
    png_set_strip_16(png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);  /* nothing where there is alpha already */
    passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    out->width = (int)width;
    out->height = (int)height;
    size_t stride = (size_t)width * 4;
    pixels = malloc(stride * height);
    if (!pixels) {
        snprintf(out->message, sizeof out->message, "out of memory");
        png_longjmp(png, 1);
    }
    /* Grey where nothing is read, as libjpeg leaves the rest of a JPEG that ends early. */
    for (size_t i = 0; i < stride * height; i += 4) {
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 128;
        pixels[i + 3] = 255;
    }
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(png, pixels + y * stride, NULL);
            if (pass == 0) rows_done = (int)y + 1;
        }
        pass_done = pass + 1;
    }
    /* The chunks after the pixels are not read: a file whose end alone is missing shows whole. */
    png_destroy_read_struct(&png, &info, NULL);
    fclose(file);
    out->pixels = pixels;
    out->rows_read = (int)height;
    return 0;
}

void folio_png_free(folio_png_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}
