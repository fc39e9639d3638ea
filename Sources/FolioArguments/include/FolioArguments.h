// The command line as the process received it, kept by the C library's start-up
// (see arguments.c); nothing to call from Swift: CommandLine.arguments reads it.
