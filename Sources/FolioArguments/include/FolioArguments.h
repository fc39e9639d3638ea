// The command line as the process received it, kept at start-up (see arguments.c).
// CommandLine.arguments reads it in a release folio; tests compare it with the runtime's.
#ifndef FOLIO_ARGUMENTS_H
#define FOLIO_ARGUMENTS_H

/// The arguments the C library gave the program (argv, its count in `count`): the
/// program's path first, then each argument; an empty list if none were kept.
char **folio_command_line(int *count);

#endif
