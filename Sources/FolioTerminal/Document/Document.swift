#if canImport(FoundationEssentials)
import FoundationEssentials  // no ICU: folio starts in a few milliseconds
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A text document the reader pages through: its bytes (memory-mapped for
/// files, so a huge file opens at once), a title, and its chapters.
public final class Document: Sendable {
    /// The name shown for the document (the file name, or "stdin").
    public let title: String
    /// The raw bytes; they may be ill-formed UTF-8 (shown as U+FFFD).
    public let data: Data
    /// Whether Markdown headings make chapters.
    public let isMarkdown: Bool

    /// A heading that starts a chapter.
    public struct Chapter: Hashable, Sendable, CustomStringConvertible {
        /// The heading's text without the leading `#`s.
        public let title: String
        /// The byte offset of the heading line.
        public let offset: Int
        /// The heading level, 1…6.
        public let level: Int

        /// A compact, readable form for logs and test failures.
        public var description: String { "\(String(repeating: "#", count: level)) \(title) @\(offset)" }
    }

    /// Why a document could not be opened; each message says what to do.
    public enum OpenError: Error, Hashable, Sendable, CustomStringConvertible {
        /// No file at the path.
        case missing(String)
        /// The path is a directory.
        case directory(String)
        /// The file exists but cannot be read.
        case unreadable(String, reason: String)

        /// A compact, readable form for logs and test failures.
        public var description: String {
            switch self {
            case .missing(let path): "folio: \(path): no such file"
            case .directory(let path): "folio: \(path) is a directory; give a text or Markdown file"
            case .unreadable(let path, let reason): "folio: \(path): cannot read it (\(reason))"
            }
        }
    }

    /// Creates a document from bytes in memory.
    public init(title: String, data: Data, isMarkdown: Bool) {
        self.title = title
        self.data = data
        self.isMarkdown = isMarkdown
    }

    /// Opens the file at `path`, memory-mapped.
    ///
    /// - Throws: ``OpenError`` for a missing file, a directory or an unreadable file.
    public convenience init(contentsOf path: String) throws(OpenError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .missing(path) }
            throw .unreadable(path, reason: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) != S_IFDIR else { throw .directory(path) }
        guard access(path, R_OK) == 0 else { throw .unreadable(path, reason: String(cString: strerror(errno))) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw .unreadable(path, reason: "\(error)")
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let lower = name.lowercased()
        self.init(title: name, data: data, isMarkdown: lower.hasSuffix(".md") || lower.hasSuffix(".markdown"))
    }

    /// Calls `body` with the document's bytes.
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try data.withUnsafeBytes(body)
    }

    /// The size in bytes.
    public var byteCount: Int { data.count }
}
