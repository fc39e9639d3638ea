/// Where a text's lines are, counted a slice at a time: the number of line
/// feeds before every ``interval``-th byte, so that the number of the line
/// holding a byte, or the first byte of line N, costs a scan of at most
/// ``interval`` bytes (as `less -N` and `less`'s `Ng` need).
///
/// Lines are the text's own, ended by line feeds, numbered from 1 — not the
/// rows a layout wraps them into — so the index survives every relayout.
/// Memory: one integer per 64 KB (16 KB for a gigabyte). Counting runs at
/// memory speed, eight bytes a step.
///
/// ```swift
/// var lines = LineIndex()
/// while lines.canScan(text) { lines.scan(text, budget: 1 << 20) }
/// lines.lineNumber(at: 1234, in: text)   // the line holding byte 1234
/// lines.start(ofLine: 50, in: text)      // the first byte of line 50
/// ```
public struct LineIndex: Hashable, Sendable, CustomStringConvertible {
    /// The bytes between two counts.
    public static let interval = 64 * 1024

    /// The offset of the first count (a stream that let go of its oldest text starts later).
    private var base = 0
    /// `counts[i]`: the line feeds before byte `base + i * interval`; nil when unknown (before a cut).
    private var counts: [Int?] = [0]
    /// The bytes counted so far.
    public private(set) var scanned = 0
    /// The line feeds in the bytes counted so far, when known.
    private var newlines: Int? = 0
    /// Whether the whole text has been counted.
    public private(set) var isComplete = false

    /// An index of nothing counted yet.
    public init() {}

    /// Whether ``scan(_:budget:)`` can go on now: bytes not counted yet, or the end of a text
    /// that has ended to note.
    public func canScan(_ text: some TextStorage) -> Bool {
        !isComplete && (scanned < text.count || text.isComplete)
    }

    /// Counts about `budget` more bytes of `text`, as far as it has arrived. Returns whether it
    /// counted any or completed. O(budget).
    @discardableResult
    public mutating func scan(_ text: some TextStorage, budget: Int) -> Bool {
        guard !isComplete else { return false }
        let before = scanned
        var left = max(1, budget)
        while left > 0 && scanned < text.count {
            let boundary = base + counts.count * Self.interval
            let end = min(boundary, text.count, scanned + left)
            let found = text.withBytes(scanned..<end) { Self.lineFeeds(in: $0) }
            newlines = newlines.map { $0 + found }
            left -= end - scanned
            scanned = end
            if scanned == boundary { counts.append(newlines) }
        }
        if scanned >= text.count && text.isComplete { isComplete = true }
        return scanned != before || isComplete
    }

    /// Stops counting where it stands: lines past it have no number.
    mutating func finish() { isComplete = true }

    /// Forgets the counts before `offset` (a stream let go of its text there): the lines after
    /// keep their numbers where a count is known.
    public mutating func letGo(before offset: Int) {
        guard offset > base else { return }
        let dropped = min((offset - base + Self.interval - 1) / Self.interval, counts.count - 1)
        guard dropped > 0 else { return }
        counts.removeFirst(dropped)
        base += dropped * Self.interval
        if scanned < base {
            scanned = base
            newlines = nil
            counts = [nil]
        }
    }

    /// The number (from 1) of the line holding byte `offset`, or nil when the index has not
    /// counted that far (or the text before it was let go). O(``interval``).
    public func lineNumber(at offset: Int, in text: some TextStorage) -> Int? {
        guard offset >= base, offset <= scanned else { return nil }
        let index = min((offset - base) / Self.interval, counts.count - 1)
        guard let before = counts[index] else { return nil }
        let from = base + index * Self.interval
        let found = from < offset ? text.withBytes(from..<offset) { Self.lineFeeds(in: $0) } : 0
        return before + found + 1
    }

    /// The first byte of line `line` (from 1): nil while the index has not counted that far; the
    /// last line's start when the text has fewer lines. O(log counts + ``interval``).
    public func start(ofLine line: Int, in text: some TextStorage) -> Int? {
        let wanted = max(0, line - 1)  // line feeds before the line's start
        if wanted == 0 && base == 0 { return 0 }
        // The last count at or below `wanted`.
        var low = 0, high = counts.count
        while low + 1 < high {
            let mid = (low + high) / 2
            if let count = counts[mid], count <= wanted { low = mid } else { high = mid }
        }
        guard let before = counts[low], before <= wanted else { return nil }
        var seen = before
        var position = base + low * Self.interval
        var found: Int?
        var lastStart = position, previousStart = position
        while position < scanned && found == nil {
            let end = min(scanned, position + Self.interval)
            text.withBytes(position..<end) { bytes in
                for (i, byte) in bytes.enumerated() where byte == 0x0A {
                    seen += 1
                    previousStart = lastStart
                    lastStart = position + i + 1
                    if seen == wanted { found = lastStart; return }
                }
            }
            position = end
        }
        if let found, found < text.count || !isComplete { return found }
        // Past the last line: its start (the text's final line feed starts no line).
        guard isComplete else { return nil }
        return lastStart >= text.count ? previousStart : lastStart
    }

    /// The lines counted so far (a text ending without a line feed has one more than its feeds).
    public var linesCounted: Int? { newlines }

    /// The line feeds in `bytes`, eight bytes a step: with `x` a word XOR 0x0A in every byte,
    /// `~(((x & 0x7F…) + 0x7F…) | x | 0x7F…)` has the high bit set in exactly the bytes of `x`
    /// that are zero.
    static func lineFeeds(in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var total = 0
        var i = 0
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let feeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        while i + 8 <= count {
            let x = base.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ feeds
            let zero = ~(((x & low) &+ low) | x | low)
            total &+= zero.nonzeroBitCount
            i += 8
        }
        while i < count {
            if base.load(fromByteOffset: i, as: UInt8.self) == 0x0A { total += 1 }
            i += 1
        }
        return total
    }

    /// `1,204 lines in 65536 bytes (complete)`.
    public var description: String {
        "\(newlines.map { "\($0)" } ?? "?") line feeds in \(scanned) bytes\(isComplete ? " (complete)" : "")"
    }
}
