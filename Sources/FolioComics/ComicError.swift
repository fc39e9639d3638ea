/// Why a comic, or one page of it, cannot be read: each case says it in one
/// line a reader understands, starting with `folio: ` and the file.
public enum ComicError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file cannot be opened or read at all.
    case unreadable(file: String, reason: String)
    /// The file is no archive libarchive reads (nor a folder).
    case notArchive(file: String)
    /// The archive (or folder) holds no JPEG, PNG, WebP or GIF pictures.
    case noPictures(file: String)
    /// The archive's entries or headers are encrypted.
    case encrypted(file: String)
    /// More entries than ``ComicLimits/maximumEntries``.
    case tooManyEntries(file: String, limit: Int)
    /// An entry decompresses past ``ComicLimits/maximumEntryBytes``.
    case entryTooLarge(file: String, entry: String, limit: Int)
    /// The archive grows past ``ComicLimits/maximumRatio`` on decompressing: a bomb.
    case compressionRatio(file: String, entry: String, ratio: Int)
    /// A page's header says more pixels than ``ComicLimits/maximumPixels``.
    case tooManyPixels(file: String, entry: String, width: Int, height: Int)
    /// An entry cannot be read to its end.
    case damaged(file: String, entry: String, reason: String)
    /// No entry of that name.
    case missing(file: String, entry: String)

    /// The file the error is about.
    public var file: String {
        switch self {
        case .unreadable(let file, _), .notArchive(let file), .noPictures(let file), .encrypted(let file),
             .tooManyEntries(let file, _), .entryTooLarge(let file, _, _), .compressionRatio(let file, _, _),
             .tooManyPixels(let file, _, _, _), .damaged(let file, _, _), .missing(let file, _):
            file
        }
    }

    /// What went wrong, without the file: the words a page of a comic shows in place of a picture.
    /// Names from the archive show their control characters as visible stand-ins
    /// (`shownOnOneLine`, FolioReading), so the words stay one line.
    public var reason: String {
        switch self {
        case .unreadable(_, let reason): "cannot read it (\(reason.shownOnOneLine))"
        case .notArchive: "not a comic archive folio can read (zip, RAR, 7-Zip or tar)"
        case .noPictures: "holds no pictures (JPEG, PNG, WebP or GIF)"
        case .encrypted: "encrypted; folio cannot read protected comics"
        case .tooManyEntries(_, let limit): "holds more than \(limit) entries; refused"
        case .entryTooLarge(_, let entry, let limit): "\(entry.shownOnOneLine) is larger than \(limit >> 20) MB unpacked; refused"
        case .compressionRatio(_, let entry, let ratio):
            "\(entry.shownOnOneLine) unpacks to over \(ratio) times its size (a decompression bomb?); refused"
        case .tooManyPixels(_, let entry, let width, let height): "\(entry.shownOnOneLine) is \(width) × \(height) pixels, too large to show"
        case .damaged(_, let entry, let reason): "\(entry.shownOnOneLine) is damaged (\(reason.shownOnOneLine))"
        case .missing(_, let entry): "no entry \(entry.shownOnOneLine)"
        }
    }

    /// One line for standard error: `folio: FILE: REASON`.
    public var description: String { "folio: \(file.shownOnOneLine): \(reason)" }
}
