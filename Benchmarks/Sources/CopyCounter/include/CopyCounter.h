#ifndef COPY_COUNTER_H
#define COPY_COUNTER_H
#include <stddef.h>

/// Starts (1) or stops (0) counting the bytes that calls to memcpy copy.
void copy_counter_enable(int on);
/// The bytes memcpy copied while counting was on.
size_t copy_counter_bytes(void);
/// The memcpy calls made while counting was on.
size_t copy_counter_calls(void);

#endif
