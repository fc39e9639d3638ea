#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import FolioComics
import FolioEPUB
import FolioPDF
import FolioReading

/// The formats folio reads as books rather than as text, opened the same
/// way in every host: EPUBs, comics (CBZ, CBR, CB7, CBT, folders of pictures) and PDFs.
///
/// ```swift
/// if let book = try BookOpener.open(path: "issue-1.cbz") {
///     session = ReadingSession(document: book, …)
/// }   // nil: not a book; open it as text
/// ```
public enum BookOpener {
    /// Why a book could not be opened, in one line for standard error (`folio: …`).
    public enum Failure: Error, CustomStringConvertible {
        /// An EPUB that cannot be read.
        case book(EPUBError)
        /// A comic that cannot be read.
        case comic(ComicError)
        /// A PDF that cannot be read.
        case pdf(PDFError)

        /// The line, starting `folio: `.
        public var description: String {
            switch self {
            case .book(let error): "folio: \(error)"
            case .comic(let error): "\(error)"
            case .pdf(let error): "\(error)"
            }
        }
    }

    /// `path` opened as a book when it is one — an archive with a comic's extension, a folder
    /// that holds pictures (half its files at least), an `.epub` or any zip (an EPUB, else a zip of pictures), a `.pdf` or
    /// a file that starts as a PDF does — or nil when it
    /// is none of these and should be read as text.
    ///
    /// - Throws: ``Failure`` when it is a book that cannot be read.
    public static func open(path: String) throws(Failure) -> Document? {
        if isDirectory(path) {
            // A folder is a comic when pictures are at least half of what it holds (a scan's folder may
            // have its notes and checksums too); any other folder stays "a directory", as less says.
            guard let comic = try? ComicBook(path: path), comic.pages.count * 2 >= comic.archive.names.count else { return nil }
            return Document(book: comic, path: path)
        }
        if ComicBook.isComicArchive(path) {
            do {
                return Document(book: try ComicBook(path: path), path: path)
            } catch {
                throw .comic(error)
            }
        }
        let head = head(of: path)
        if PDFBook.isPDF(path: path, head: head) {
            do {
                return Document(book: try PDFBook(path: path), path: path)
            } catch {
                throw .pdf(error)
            }
        }
        guard path.lowercased().hasSuffix(".epub") || head.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { return nil }
        do {
            return Document(book: EPUBBookSource(book: try EPUBBook.open(path: path)), path: path)
        } catch {
            // A zip of pictures with no EPUB inside is a comic whatever its name.
            if case .notEPUB = error, let comic = try? ComicBook(path: path) { return Document(book: comic, path: path) }
            throw .book(error)
        }
    }

    /// Whether `path` is a directory.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The first 1024 bytes of `path` when it is a regular file; empty otherwise.
    static func head(of path: String) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return [] }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { Glibc.close(fd) }
        var head = [UInt8](repeating: 0, count: 1024)
        let n = head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 1024) }
        return Array(head.prefix(max(0, n)))
    }
}
