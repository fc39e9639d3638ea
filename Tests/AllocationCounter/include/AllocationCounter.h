#ifndef FOLIO_ALLOCATION_COUNTER_H
#define FOLIO_ALLOCATION_COUNTER_H

/// Whether this platform routes malloc through the counter (glibc only).
int folio_allocation_counting_supported(void);
/// Starts counting heap allocations made on the calling thread.
void folio_allocation_counting_begin(void);
/// Stops counting on the calling thread and returns the allocations counted since begin.
long folio_allocation_counting_end(void);

#endif
