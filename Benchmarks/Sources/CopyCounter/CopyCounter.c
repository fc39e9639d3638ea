// A memcpy that counts what it copies, linked into the DragInstructions
// executable only: Swift copies a large value (an Effects buffer, a Pager)
// with a call to memcpy, so the bytes counted over a drag update are the
// values it copied. Built with -fno-builtin, so the memmove below stays a
// call to libc's memmove rather than turning back into memcpy.
#include <string.h>
#include "CopyCounter.h"

static int counting = 0;
static size_t copied = 0;
static size_t calls = 0;

void copy_counter_enable(int on) { counting = on; }
size_t copy_counter_bytes(void) { return copied; }
size_t copy_counter_calls(void) { return calls; }

void *memcpy(void *destination, const void *source, size_t count) {
    if (counting) {
        copied += count;
        calls += 1;
    }
    return memmove(destination, source, count);
}
