// PCRE2 from the system (Debian's libpcre2-dev), the reference the pattern
// fuzz target checks the reading layer's Pattern against. Its 8-bit library:
// pcre2.h names every function by code unit width, so the width comes first.
// Swift sees the functions under their full names (pcre2_compile_8, …): the
// short names are function-like macros, which Swift does not import.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
