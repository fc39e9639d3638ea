/// Why a book, or one entry of it, cannot be read: each case says it in one
/// line a reader understands and can act on.
///
/// `file` is the book's file name as the user gave it (its last path
/// component), so messages read `book.epub is not a zip archive` rather
/// than naming a full path twice.
public enum EPUBError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read at all (`reason` is the system's word, such as "No such file or directory").
    case unreadable(file: String, reason: String)
    /// The file does not begin like a zip archive.
    case notZip(file: String)
    /// The file begins like a zip archive but its directory (at the end) is missing or damaged.
    case truncated(file: String)
    /// The archive has no `META-INF/container.xml`, so it is some other kind of zip.
    case notEPUB(file: String)
    /// The `mimetype` entry names another kind of document.
    case wrongMimetype(file: String, found: String)
    /// The container names no package document, or the one it names is absent or unusable.
    case noPackageDocument(file: String, reason: String)
    /// Content documents are encrypted (DRM); font obfuscation alone does not count.
    case encrypted(file: String)
    /// An entry would inflate to more than `limit` bytes.
    case entryTooLarge(file: String, entry: String, limit: Int)
    /// An entry inflates more than `ratio` times its compressed size (past the ratio's threshold).
    case compressionRatio(file: String, entry: String, ratio: Int)
    /// One operation would inflate more than `limit` bytes in all.
    case totalTooLarge(file: String, limit: Int)
    /// The archive lists more entries than the limit allows.
    case tooManyEntries(file: String, count: Int, limit: Int)
    /// The archive has no entry of this name.
    case missingEntry(file: String, entry: String)
    /// The entry is stored with a compression method other than stored (0) or deflate (8).
    case unsupportedCompression(file: String, entry: String, method: Int)
    /// The entry's data is damaged: it ends early, fails to inflate, or fails its checksum.
    case damagedEntry(file: String, entry: String, reason: String)

    /// The message for the user, in one line: names from the file system or the archive show
    /// their control characters as visible stand-ins (`shownOnOneLine`, FolioReading).
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file.shownOnOneLine) cannot be read: \(reason.shownOnOneLine)"
        case .notZip(let file):
            "\(file.shownOnOneLine) is not a zip archive"
        case .truncated(let file):
            "\(file.shownOnOneLine) is truncated (the archive's directory is missing or damaged)"
        case .notEPUB(let file):
            "\(file.shownOnOneLine) has no META-INF/container.xml: not an EPUB"
        case .wrongMimetype(let file, let found):
            "\(file.shownOnOneLine): the mimetype entry says '\(found.shownOnOneLine)', not application/epub+zip"
        case .noPackageDocument(let file, let reason):
            "\(file.shownOnOneLine): \(reason.shownOnOneLine)"
        case .encrypted(let file):
            "\(file.shownOnOneLine) is encrypted (DRM); folio cannot read it"
        case .entryTooLarge(let file, let entry, let limit):
            "\(file.shownOnOneLine): \(entry.shownOnOneLine) would inflate beyond \(Self.megabytes(limit)) (a zip bomb?)"
        case .compressionRatio(let file, let entry, let ratio):
            "\(file.shownOnOneLine): \(entry.shownOnOneLine) inflates more than \(ratio) times its compressed size (a zip bomb?)"
        case .totalTooLarge(let file, let limit):
            "\(file.shownOnOneLine) would inflate beyond \(Self.megabytes(limit)) in all (a zip bomb?)"
        case .tooManyEntries(let file, let count, let limit):
            "\(file.shownOnOneLine) lists \(count) entries, more than the \(limit) folio accepts"
        case .missingEntry(let file, let entry):
            "\(file.shownOnOneLine) has no entry \(entry.shownOnOneLine)"
        case .unsupportedCompression(let file, let entry, let method):
            "\(file.shownOnOneLine): \(entry.shownOnOneLine) uses compression method \(method), which folio cannot inflate"
        case .damagedEntry(let file, let entry, let reason):
            "\(file.shownOnOneLine): \(entry.shownOnOneLine) is damaged (\(reason.shownOnOneLine))"
        }
    }

    /// `64 MB` for 64 MiB; bytes below one MiB are spelled out.
    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }
}
