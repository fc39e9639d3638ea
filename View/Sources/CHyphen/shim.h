#ifndef FOLIO_CHYPHEN_SHIM_H
#define FOLIO_CHYPHEN_SHIM_H
#include <hyphen.h>
#include <stdlib.h>

/* The places lower-case UTF-8 `word` (`size` bytes) may break with a plain hyphen, by `dict`,
   at least `left` characters from its start and `right` from its end: `hyphens` (`size` + 5 bytes)
   gets an odd digit for each character a break may follow (each byte, for an 8-bit dictionary). A break that changes the word's letters
   (German's old "Schiff-fahrt" from "Schiffahrt") is left out. Returns 0 when done. */
static inline int folio_hyphen_points(HyphenDict *dict, const char *word, int size, char *hyphens, int left, int right) {
    char **rep = NULL;
    int *pos = NULL, *cut = NULL;
    int failed = hnj_hyphen_hyphenate3(dict, word, size, hyphens, NULL, &rep, &pos, &cut, left, right, left, right);
    if (rep) {
        for (int i = 0; i < size; i++) {
            if (rep[i]) {
                hyphens[i] = '0';
                free(rep[i]);
            }
        }
        free(rep);
    }
    free(pos);
    free(cut);
    return failed;
}
#endif
