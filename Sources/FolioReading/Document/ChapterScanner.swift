/// Finds a Markdown document's chapters — lines starting with `#` to
/// `######` and a space, outside fenced code blocks — incrementally, in
/// order, so a huge document's chapters arrive while it is paginated.
public struct ChapterScanner: Hashable, Sendable {
    /// The chapters found so far, in document order.
    public private(set) var chapters: [Document.Chapter] = []
    /// The byte offset scanning has reached (always a line start).
    public private(set) var position = 0
    private var inFence = false
    /// The text's size when a scan stopped at a line the text has not finished (a stream's).
    private var stalledAt: Int?

    /// The longest line looked at; a longer one is not a heading.
    static let maximumLine = 4096

    /// Creates a scanner at the start of a document.
    public init() {}

    /// Scans whole lines from ``position`` until at least `limit` (or as
    /// far as `text` has arrived). Returns whether chapters were found.
    /// O(bytes scanned).
    @discardableResult
    public mutating func scan(_ text: some TextStorage, upTo limit: Int) -> Bool {
        let before = chapters.count
        while position < min(limit, text.count) {
            let start = position
            let advanced = text.withWindow(start..<(start + Self.window)) { window -> Int in
                let bytes = window.bytes
                var lineStart = 0
                var i = 0
                while i < bytes.count && start + lineStart < limit {
                    if bytes[i] == 0x0A {
                        endLine(bytes, lineStart, i, base: start)
                        lineStart = i + 1
                    }
                    i += 1
                }
                if i >= bytes.count && lineStart < bytes.count {
                    if window.isFinal {
                        endLine(bytes, lineStart, bytes.count, base: start)  // the last line has no line feed
                        lineStart = bytes.count
                    } else if lineStart == 0 && bytes.count >= Self.window {
                        skippingLongLine = true  // a line longer than the window is no heading
                        lineStart = bytes.count
                    }
                }
                return lineStart
            }
            if advanced == 0 {
                stalledAt = text.count
                break
            }
            stalledAt = nil
            position += advanced
        }
        return chapters.count != before
    }

    /// Stops scanning at `offset`: the chapters found so far are all there are before it.
    mutating func skip(to offset: Int) {
        position = max(position, offset)
        stalledAt = nil
    }

    /// Forgets the chapters before `offset` and scans on from there at the earliest: a stream
    /// let go of the bytes before it.
    mutating func letGo(before offset: Int) {
        chapters.removeAll { $0.offset < offset }
        skip(to: offset)
    }

    /// Whether ``scan(_:upTo:)`` can go on now: lines start before `limit` in what `text`
    /// holds, and the line it stopped at (a stream's unfinished last line) has grown or ended.
    public func canScan(_ text: some TextStorage, upTo limit: Int) -> Bool {
        position < min(limit, text.count) && (stalledAt.map { text.count > $0 || text.isComplete } ?? true)
    }

    /// How much is read at a time.
    static let window = 64 * 1024
    private var skippingLongLine = false

    private mutating func endLine(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, base: Int) {
        if skippingLongLine {
            skippingLongLine = false
        } else if end - start <= Self.maximumLine {
            inspect(bytes, start, end, base: base)
        }
    }

    private mutating func inspect(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, base: Int) {
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
        if !title.isEmpty { chapters.append(Document.Chapter(title: title, offset: base + start, level: level)) }
    }
}
