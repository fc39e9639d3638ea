#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A document to read: its text (a file read on demand, or a stream that
/// grows as it arrives), a title, and how to find its chapters.
public final class Document {
    /// What kind of text it is.
    public enum Format: Hashable, Sendable, CustomStringConvertible {
        /// Plain text (with `less -R` escapes and overstrikes drawn as styles).
        case plain
        /// Markdown: headings outside fenced code become chapters.
        case markdown
        /// A book (an EPUB): parts assembled as they are needed, its table of contents as chapters.
        case book

        /// `plain`, `markdown` or `book`.
        public var description: String {
            switch self {
            case .plain: "plain"
            case .markdown: "markdown"
            case .book: "book"
            }
        }
    }

    /// A heading that starts a chapter.
    public struct Chapter: Hashable, Sendable, CustomStringConvertible {
        /// The heading's text.
        public let title: String
        /// The byte offset of the heading line.
        public let offset: Int
        /// The heading level, 1…6.
        public let level: Int

        /// A chapter titled `title` at byte `offset`, nested at `level`.
        public init(title: String, offset: Int, level: Int) {
            self.title = title
            self.offset = offset
            self.level = level
        }

        /// A compact, readable form for logs and test failures.
        public var description: String { "\(String(repeating: "#", count: level)) \(title) @\(offset)" }
    }

    /// The name shown for the document (the file name, "stdin", a book's title).
    public let title: String
    /// The path it was opened from, if it is a file or a named stream.
    public let path: String?
    /// Plain text or Markdown.
    public let format: Format
    /// The bytes.
    public let text: any TextStorage
    /// For a book: its parts, chapters, links and images, assembled as the reader needs them.
    public let book: BookAssembler?

    /// A document over `text`.
    public init(title: String, path: String? = nil, format: Format, text: any TextStorage) {
        self.title = title
        self.path = path
        self.format = format
        self.text = text
        book = nil
    }

    /// A book read from `source`, whose text is assembled part by part.
    public init(book source: BookSource, path: String? = nil) {
        let assembler = BookAssembler(source: source)
        title = source.title
        self.path = path
        format = .book
        text = assembler.text
        book = assembler
    }

    /// A complete document from bytes in memory.
    public convenience init(title: String, format: Format = .plain, bytes: [UInt8]) {
        self.init(title: title, format: format, text: StreamText(complete: bytes))
    }

    /// The stream's storage when the document is a growing stream a host fills (not a book, which fills itself).
    public var stream: StreamText? { book == nil ? text as? StreamText : nil }

    /// Whether every byte has arrived.
    public var isComplete: Bool { text.isComplete }

    /// The format a file name suggests: Markdown for `.md` and `.markdown`.
    public static func format(forName name: String) -> Format {
        let lower = name.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown") ? .markdown : .plain
    }

    /// What ``open(path:)`` found at a path.
    public enum Opened {
        /// A regular file, read on demand.
        case file(Document)
        /// A FIFO, character device or socket (`<(cmd)`, `/dev/stdin`): a
        /// growing document the host fills by reading `descriptor` (open,
        /// non-blocking; the host closes it at the end).
        case stream(Document, descriptor: Int32)

        /// The document, file or stream.
        public var document: Document {
            switch self {
            case .file(let document), .stream(let document, _): document
            }
        }
    }

    /// Opens `path`: a regular file as a file, anything readable that is
    /// not (a FIFO, `/dev/stdin`, a terminal) as a stream.
    ///
    /// - Throws: ``OpenError`` in words a user understands.
    public static func open(path: String) throws(OpenError) -> Opened {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .missing(path) }
            throw .unreadable(path, reason: String(cString: strerror(errno)))
        }
        let type = info.st_mode & S_IFMT
        guard type != S_IFDIR else { throw .directory(path) }
        // A FIFO opens blocking, as `less` and `cat` open it: until a writer opens its end, a
        // non-blocking read sees end of file, and the stream would end empty before it began.
        let blocking = type == S_IFREG || type == S_IFIFO
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | (blocking ? 0 : O_NONBLOCK))
        guard fd >= 0 else { throw .unreadable(path, reason: String(cString: strerror(errno))) }
        if type == S_IFIFO { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if type == S_IFREG {
            var opened = stat()
            guard fstat(fd, &opened) == 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw .unreadable(path, reason: reason)
            }
            return .file(Document(title: name, path: path, format: format(forName: name),
                                  text: FileText(descriptor: fd, info: opened)))
        }
        return .stream(Document(title: name, path: path, format: format(forName: name), text: StreamText()), descriptor: fd)
    }

    /// Why a document could not be opened; each message says what to do.
    public enum OpenError: Error, Hashable, Sendable, CustomStringConvertible {
        /// No file at the path.
        case missing(String)
        /// The path is a directory.
        case directory(String)
        /// The file exists but cannot be read.
        case unreadable(String, reason: String)

        /// One line for standard error, e.g. `folio: notes.txt: no such file`.
        public var description: String {
            switch self {
            case .missing(let path): "folio: \(path): no such file"
            case .directory(let path): "folio: \(path) is a directory; give a file to read, or a folder of pictures"
            case .unreadable(let path, let reason): "folio: \(path): cannot read it (\(reason.lowercased()))"
            }
        }
    }
}
