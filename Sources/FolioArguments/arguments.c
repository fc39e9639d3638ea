// CommandLine.arguments without a search of the stack.
//
// On Linux the Swift runtime finds argv before main by reading /proc/self/maps
// with sscanf to locate the stack, then walking back from environ: some 56,000
// instructions and a file opened, read and parsed, in every process, before the
// first screen. The C library already hands argc and argv to every function in
// the executable's .preinit_array, before any constructor runs. The runtime's
// two entry points for the arguments live alone in one object of the static
// standard library (CommandLine.cpp.o); defining them here keeps the linker
// from taking that object, its stack search and its constructor. (A toolchain
// that adds another symbol there that something uses fails the link loudly, as
// a duplicate definition.)
//
// Only where that holds: an ELF executable linked statically (FOLIO_STATIC_RELEASE, which
// Package.swift defines for the release folio alone). Anywhere else the runtime's entry points
// stay the runtime's, so a test process compares the kept arguments with the runtime's own.
#include <stddef.h>

#if defined(__ELF__)

static char **given_argv;
static int given_argc;
static char **override_argv;
static int override_argc;
static char *no_arguments[] = { NULL };

static void keep_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    given_argc = argc;
    given_argv = argv;
}

__attribute__((used, section(".preinit_array")))
static void (*const keep_arguments_at_start)(int, char **, char **) = keep_arguments;

char **folio_command_line(int *count) {
    if (!given_argv) {
        *count = 0;
        return no_arguments;
    }
    *count = given_argc;
    return given_argv;
}

#if defined(FOLIO_STATIC_RELEASE)
__attribute__((swiftcall))
char **_swift_stdlib_getUnsafeArgvArgc(int *count) {
    if (override_argv) {
        *count = override_argc;
        return override_argv;
    }
    return folio_command_line(count);
}

__attribute__((swiftcall))
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    override_argv = argv;
    override_argc = argc;
}
#endif  // FOLIO_STATIC_RELEASE

#else  // not ELF: no .preinit_array; nothing is kept

char **folio_command_line(int *count) {
    static char *none[] = { NULL };
    *count = 0;
    return none;
}

#endif  // __ELF__
