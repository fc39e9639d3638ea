#ifndef HEAP_BYTES_H
#define HEAP_BYTES_H
#include <stddef.h>

/// The bytes the heap holds now (glibc: mallinfo2's in-use arena bytes plus
/// mmapped blocks); -1 where that is not available.
long long folio_live_heap_bytes(void);

#endif
