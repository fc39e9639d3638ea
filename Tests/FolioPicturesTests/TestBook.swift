import FolioComics
import FolioReading

/// Opens a comic for the picture tests.
enum FolioComicsTestBook {
    static func open(_ path: String) throws -> ComicBook { try ComicBook(path: path) }
}
