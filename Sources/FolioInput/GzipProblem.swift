/// What went wrong while a ``GzipReader`` inflated a file, in words a reader understands.
///
/// Every case but ``trailingGarbage`` means the text stops early: what was
/// inflated before the problem is all there is. The `description` is the end of
/// one line for standard error, after the file's name:
/// `folio: log.gz is truncated: the text ends where the compressed data does`.
public enum GzipProblem: Hashable, Sendable, CustomStringConvertible {
    /// The file ends in the middle of compressed data (a download cut short, a file still being written).
    case truncated
    /// The compressed data is damaged; zlib's reason, such as `invalid block type` or `incorrect data check`.
    case damaged(String)
    /// The file does not start as gzip data does (bytes 1f 8b), so nothing was inflated.
    case notGzip
    /// Every member inflated, then came bytes that are not gzip data; they are ignored, as zcat ignores them.
    case trailingGarbage
    /// Reading the file failed, with the system's reason.
    case unreadable(String)

    /// Whether the text is incomplete (everything but ``trailingGarbage``): an error rather than a notice.
    public var isError: Bool { self != .trailingGarbage }

    /// The problem as it follows the file's name, e.g. `is truncated: the text ends where the compressed data does`.
    public var description: String {
        switch self {
        case .truncated: "is truncated: the text ends where the compressed data does"
        case .damaged(let reason): "is damaged (\(reason)): the text stops where the damage starts"
        case .notGzip: "is not in gzip format (it does not start with the bytes 1f 8b)"
        case .trailingGarbage: "has bytes after its compressed data that are not gzip; they were ignored"
        case .unreadable(let reason): "cannot be read any further (\(reason.lowercased()))"
        }
    }
}
