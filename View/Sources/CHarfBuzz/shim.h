#ifndef FOLIO_CHARFBUZZ_SHIM_H
#define FOLIO_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <limits.h>
#include <stddef.h>

/* HarfBuzz's font for face `index` of the font file `path`, scaled so that one
   unit is 1/64 pixel at `pixels` pixels per em; NULL when the file cannot be read. */
static inline hb_font_t *folio_shaping_font(const char *path, unsigned int index, int pixels) {
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (!blob) return NULL;
    hb_face_t *face = hb_face_create(blob, index);
    hb_blob_destroy(blob);
    hb_font_t *font = hb_font_create(face);
    hb_face_destroy(face);
    hb_font_set_scale(font, pixels * 64, pixels * 64);
    return font;
}

/* How much further (negative: closer) the second of `left` `right` is set, shaped left to right
   by `font`, than the two glyphs' own advances put it, in 1/64 pixel: the font's kerning of the
   pair. INT_MIN when shaping makes other than two glyphs (a ligature). `buffer` is reused. */
static inline int folio_pair_kerning(hb_font_t *font, hb_buffer_t *buffer, unsigned int left, unsigned int right) {
    hb_codepoint_t pair[2] = { left, right };
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_codepoints(buffer, pair, 2, 0, 2);
    hb_buffer_set_direction(buffer, HB_DIRECTION_LTR);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(font, buffer, NULL, 0);
    unsigned int count = 0;
    hb_glyph_info_t *glyphs = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *places = hb_buffer_get_glyph_positions(buffer, NULL);
    if (count != 2) return INT_MIN;
    hb_position_t own = hb_font_get_glyph_h_advance(font, glyphs[0].codepoint) + hb_font_get_glyph_h_advance(font, glyphs[1].codepoint);
    return places[0].x_advance + places[1].x_advance + places[1].x_offset - own;
}
/* How much wider (negative: narrower) `first` then `second`, joined as Arabic shapes them right to
   left by `font`, are than the two letters standing alone, in 1/64 pixel: the change their joining
   forms (initial, final, a lam-alef ligature) make to their advances. `buffer` is reused. */
static inline int folio_pair_joining(hb_font_t *font, hb_buffer_t *buffer, unsigned int first, unsigned int second) {
    hb_codepoint_t pair[2] = { first, second };
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_codepoints(buffer, pair, 2, 0, 2);
    hb_buffer_set_direction(buffer, HB_DIRECTION_RTL);
    hb_buffer_set_script(buffer, HB_SCRIPT_ARABIC);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(font, buffer, NULL, 0);
    unsigned int count = 0;
    hb_glyph_position_t *places = hb_buffer_get_glyph_positions(buffer, &count);
    hb_position_t joined = 0, alone = 0;
    for (unsigned int i = 0; i < count; i++) joined += places[i].x_advance;
    hb_codepoint_t glyph = 0;
    if (hb_font_get_nominal_glyph(font, first, &glyph)) alone += hb_font_get_glyph_h_advance(font, glyph);
    if (hb_font_get_nominal_glyph(font, second, &glyph)) alone += hb_font_get_glyph_h_advance(font, glyph);
    return joined - alone;
}
#endif
