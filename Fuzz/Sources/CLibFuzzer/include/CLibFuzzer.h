#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver (`LLVMFuzzerRunDriver`) when the program was built
/// with `-sanitize=fuzzer`: parses libFuzzer's flags from `argc`/`argv` and
/// calls `callback` with each input, returning libFuzzer's exit status.
/// Returns `FOLIO_NO_LIBFUZZER` when libFuzzer is not linked in (a build
/// without `-sanitize=fuzzer`, or a toolchain without libFuzzer).
int folio_run_libfuzzer(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// What ``folio_run_libfuzzer`` returns without libFuzzer.
#define FOLIO_NO_LIBFUZZER (-999)

#endif
