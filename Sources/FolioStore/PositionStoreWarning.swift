import Folio

/// Why a saved reading position was ignored when loading.
///
/// A store that meets a file it cannot use does not fail: it reads as if
/// nothing were saved (the document opens at its start), reports one of
/// these, and the next save replaces the file.
public enum PositionStoreWarning: Hashable, Sendable, CustomStringConvertible {
    /// The file exists but could not be read (permissions, not a regular file…).
    case unreadable(path: String, reason: String)
    /// The file is not a position file: not JSON, truncated, a field missing or of the wrong type, or out of range.
    case corrupt(path: String, reason: String)
    /// The file was written in a format version this program does not know (a newer Folio?).
    case unsupportedFormat(path: String, format: Int)
    /// The file holds the position of another document whose name hashes the same.
    case otherDocument(path: String, stored: DocumentIdentity)

    /// The path of the file that was ignored.
    public var path: String {
        switch self {
        case .unreadable(let path, _), .corrupt(let path, _),
             .unsupportedFormat(let path, _), .otherDocument(let path, _): path
        }
    }

    /// What was ignored and why, and what happens next.
    public var description: String {
        let why = switch self {
        case .unreadable(_, let reason): "it cannot be read (\(reason))"
        case .corrupt(_, let reason): "it is damaged (\(reason))"
        case .unsupportedFormat(_, let format): "it is in format \(format), which this version does not read"
        case .otherDocument(_, let stored): "it belongs to another document (\(stored))"
        }
        return "Ignored the saved reading position in \(path): \(why). "
            + "Reading starts at the beginning; the next save replaces the file."
    }
}
