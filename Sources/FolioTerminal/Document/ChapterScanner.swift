#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds a Markdown document's chapters — lines starting with `#` to
/// `######` and a space, outside fenced code blocks — incrementally, in
/// order, so a huge document's chapters arrive while it is paginated.
public struct ChapterScanner: Sendable {
    /// The chapters found so far, in document order.
    public private(set) var chapters: [Document.Chapter] = []
    /// The byte offset scanning has reached (always a line start).
    public private(set) var position = 0
    private var inFence = false

    /// Creates a scanner at the start of a document.
    public init() {}

    /// Scans whole lines from ``position`` until at least `limit` (or the
    /// end of `bytes`). O(bytes scanned).
    public mutating func scan(_ bytes: UnsafeRawBufferPointer, upTo limit: Int) {
        guard let base = bytes.baseAddress else { return }
        while position < bytes.count && position < limit {
            let rest = bytes.count - position
            let end: Int
            if let hit = memchr(base + position, 0x0A, rest) {
                end = base.distance(to: UnsafeRawPointer(hit))
            } else {
                end = bytes.count
            }
            inspect(bytes, position, end)
            position = end + 1
        }
        position = min(position, bytes.count)
    }

    private mutating func inspect(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) {
        guard start < end else { return }
        let first = bytes[start]
        if first == 0x60 || first == 0x7E {  // ``` or ~~~ opens or closes a fence
            if end - start >= 3 && bytes[start + 1] == first && bytes[start + 2] == first { inFence.toggle() }
            return
        }
        guard first == 0x23, !inFence else { return }
        var level = 0
        while start + level < end && bytes[start + level] == 0x23 && level < 7 { level += 1 }
        guard (1...6).contains(level), start + level < end, bytes[start + level] == 0x20 else { return }
        var titleEnd = end
        while titleEnd > start + level, bytes[titleEnd - 1] == 0x20 || bytes[titleEnd - 1] == 0x0D || bytes[titleEnd - 1] == 0x23 {
            titleEnd -= 1
        }
        let titleStart = start + level + 1
        guard titleEnd > titleStart else { return }
        let raw = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[titleStart..<titleEnd]), as: UTF8.self)
        let title = String(raw.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        if !title.isEmpty { chapters.append(Document.Chapter(title: title, offset: start, level: level)) }
    }
}
