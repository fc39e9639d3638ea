// zlib from the system (Debian's zlib1g-dev): inflate for .gz files.
// A release folio links libz.a statically (-static-executable); a debug build links libz.so.
#include <zlib.h>
