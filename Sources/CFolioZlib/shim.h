// zlib from the system (Debian's zlib1g-dev): inflate for .gz files and zip entries (EPUB), CRC-32.
// A release folio links libz.a statically (-static-executable); a debug build links libz.so.
#include <zlib.h>
