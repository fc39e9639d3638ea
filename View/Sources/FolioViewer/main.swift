#if canImport(Glibc)
import Glibc
#endif
import FolioViewHost

// folio-view: photos and books in a window (SDL2). See `folio-view --help`.
exit(ViewerCommand.main(Array(CommandLine.arguments.dropFirst())))
