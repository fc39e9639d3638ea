#include "CLibFuzzer.h"

// Weak, so that a build without -sanitize=fuzzer links (and runs the seeded
// random driver instead); -sanitize=fuzzer links the runtime that defines it.
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size))
    __attribute__((weak));

int folio_run_libfuzzer(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size)) {
    if (!LLVMFuzzerRunDriver) return FOLIO_NO_LIBFUZZER;
    return LLVMFuzzerRunDriver(argc, argv, callback);
}
