#ifndef FOLIO_CFONTCONFIG_SHIM_H
#define FOLIO_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#include <string.h>

/* The installed scalable font fontconfig prefers for character `ch` in a face of `family`
   ("sans-serif", "serif") of the weight and slant asked for, if it has the character: its file is copied into `path`
   (`capacity` bytes with the terminating NUL) and its face in a collection into `*index`.
   Returns 1 when one is found, 0 when no installed font has the character. */
static inline int folio_font_for_character(unsigned int ch, const char *family, int bold, int oblique, char *path, size_t capacity, int *index) {
    FcPattern *pattern = FcPatternCreate();
    FcCharSet *wanted = FcCharSetCreate();
    int found = 0;
    if (pattern && wanted && FcCharSetAddChar(wanted, ch)) {
        FcPatternAddCharSet(pattern, FC_CHARSET, wanted);
        FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
        FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
        FcPatternAddInteger(pattern, FC_SLANT, oblique ? FC_SLANT_OBLIQUE : FC_SLANT_ROMAN);
        FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
        FcConfigSubstitute(NULL, pattern, FcMatchPattern);
        FcDefaultSubstitute(pattern);
        FcResult result = FcResultNoMatch;
        FcPattern *match = FcFontMatch(NULL, pattern, &result);
        if (match) {
            FcCharSet *has = NULL;
            FcChar8 *file = NULL;
            int face = 0;
            /* The best match may still lack the character: then nothing stands in. */
            if (FcPatternGetCharSet(match, FC_CHARSET, 0, &has) == FcResultMatch && FcCharSetHasChar(has, ch)
                && FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch && strlen((const char *)file) < capacity) {
                strcpy(path, (const char *)file);
                if (FcPatternGetInteger(match, FC_INDEX, 0, &face) != FcResultMatch) face = 0;
                *index = face;
                found = 1;
            }
            FcPatternDestroy(match);
        }
    }
    if (wanted) FcCharSetDestroy(wanted);
    if (pattern) FcPatternDestroy(pattern);
    return found;
}
#endif
