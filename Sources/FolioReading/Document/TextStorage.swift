/// Where a document's bytes live: a file read on demand, or a stream kept
/// in memory as it arrives.
///
/// Storage hands out contiguous windows of bytes by document offset. A
/// window may come back shorter than asked when the file shrank under the
/// reader; the storage then reports it in ``change``. Offsets are absolute:
/// a stream that lets go of its oldest bytes (``origin``) keeps numbering the
/// rest as before.
public protocol TextStorage: AnyObject {
    /// The bytes available now, counted from the document's first byte (including any let go).
    var count: Int { get }
    /// The offset of the first byte still held: 0, unless a stream let go of the bytes before it
    /// (``StreamText/discard(before:)``). Nothing before it can be read.
    var origin: Int { get }
    /// Whether no more bytes will come (always true for a file).
    var isComplete: Bool { get }
    /// What happened to the source since it was opened, if anything.
    var change: SourceChange? { get }
    /// Looks at the source again (a file's size and time) and updates ``change``. Cheap: one system call at most.
    func checkForChange()
    /// Calls `body` with the bytes of `range` (clamped to ``count``); the
    /// buffer's first byte is document offset `range.lowerBound`. The
    /// buffer is valid only inside `body`.
    func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

extension TextStorage {
    /// Every byte is held: a file, or a stream that has let go of none.
    public var origin: Int { 0 }

    /// A layout window over `range` (from ``origin`` at the earliest): final when it reaches the
    /// end of a complete text (or a short read).
    public func withWindow<R>(_ range: Range<Int>, _ body: (TextWindow) throws -> R) rethrows -> R {
        let low = max(origin, range.lowerBound)
        let clamped = low..<max(low, min(range.upperBound, count))
        return try withBytes(clamped) { bytes in
            let short = bytes.count < clamped.count
            let final = short || (clamped.upperBound >= count && isComplete)
            return try body(TextWindow(bytes: bytes, base: clamped.lowerBound, isFinal: final))
        }
    }
}

/// Something that happened to a file while it was open.
public enum SourceChange: Hashable, Sendable, CustomStringConvertible {
    /// The file is shorter than when it was opened.
    case truncated
    /// The file grew, or its contents or time changed.
    case modified
    /// Reading failed (an I/O error), with the system's reason.
    case unreadable(String)

    /// A short phrase: "was truncated", "changed on disk".
    public var description: String {
        switch self {
        case .truncated: "was truncated"
        case .modified: "changed on disk"
        case .unreadable(let reason): "cannot be read (\(reason))"
        }
    }
}
