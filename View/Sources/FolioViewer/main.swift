#if canImport(Glibc)
import Glibc
#endif
import FolioViewHost

// Photos come and go in blocks of megabytes: a fixed mmap threshold hands each
// one back to the system when freed, where glibc's adaptive threshold would
// keep them in the heap after the first large free and let the heap grow.
ViewerCommand.setMemoryPolicy()

// folio-view: photos and books in a window (SDL2). See `folio-view --help`.
exit(ViewerCommand.main(Array(CommandLine.arguments.dropFirst())))
