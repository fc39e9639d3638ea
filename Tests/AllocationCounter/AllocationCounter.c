// A counting malloc for tests. Linked into the test executable, these
// definitions take precedence over libc's for the whole process (ELF symbol
// interposition); each forwards to glibc's own entry points, so nothing is
// allocated differently. Counting is per thread, so tests running in
// parallel on other threads do not disturb a measurement.
#include "AllocationCounter.h"
#include <stddef.h>
#include <errno.h>

#if defined(__linux__) && defined(__GLIBC__)
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static _Thread_local int counting;
static _Thread_local long counted;

static inline void note(void) { if (counting) counted++; }

void *malloc(size_t size) { note(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { note(); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { note(); return __libc_realloc(p, size); }
void *memalign(size_t alignment, size_t size) { note(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { note(); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    note();
    void *p = __libc_memalign(alignment, size);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}

int folio_allocation_counting_supported(void) { return 1; }
void folio_allocation_counting_begin(void) { counted = 0; counting = 1; }
long folio_allocation_counting_end(void) { counting = 0; return counted; }
#else
int folio_allocation_counting_supported(void) { return 0; }
void folio_allocation_counting_begin(void) {}
long folio_allocation_counting_end(void) { return -1; }
#endif
