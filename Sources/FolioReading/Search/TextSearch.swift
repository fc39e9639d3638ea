#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A search through a document's text for a ``Pattern``, run a budget at
/// a time so a huge file or an endless stream never freezes the screen.
///
/// The text is searched line by line as it is drawn, not as it is stored:
/// escapes (colours), backspace overstrikes and soft hyphens are taken out
/// first, so `ls` finds `ls` in a man page's bold `l\bls\bs`, and
/// `hyphenation` a book's `hy&shy;phen&shy;ation`. Matches are byte ranges
/// of the document, found in order; a line longer than ``maximumLine`` is
/// searched in pieces of that size.
public struct TextSearch: Sendable, CustomStringConvertible {
    /// What is searched for.
    public let pattern: Pattern
    /// Whether the search was started backward (`?`): `n` keeps that direction.
    public let isBackward: Bool
    /// The matches found so far, ascending by start.
    public private(set) var matches: [Range<Int>] = []
    /// How far the scan has reached (a line start).
    public private(set) var scanned = 0
    /// Whether the whole text has been searched.
    public private(set) var isComplete = false
    /// The text's size when the scan stopped at a line the text has not finished (a stream's).
    private var stalledAt: Int?

    /// The most matches kept (the rest are ignored).
    public static let matchLimit = 1_000_000
    /// The longest line searched whole.
    public static let maximumLine = 64 * 1024

    /// A search for `pattern`, started forward or backward.
    public init(pattern: Pattern, backward: Bool) {
        self.pattern = pattern
        isBackward = backward
    }

    /// Searches about `budget` more bytes of `text` (as far as it has arrived).
    /// Returns whether matches were found or the search completed. O(budget).
    @discardableResult
    public mutating func scan(_ text: some TextStorage, budget: Int) -> Bool {
        guard !isComplete else { return false }
        let before = matches.count
        var spent = 0
        while spent < max(1, budget) {
            let start = max(scanned, text.origin)  // a stream's bytes let go are searched no more
            if start >= text.count {
                if text.isComplete { isComplete = true }
                break
            }
            let advanced = text.withWindow(start..<(start + min(max(budget - spent, 0), 1 << 20) + Self.maximumLine)) { window in
                searchLines(in: window)
            }
            if advanced == 0 {  // a stream's partial line: wait for the rest
                stalledAt = text.count
                break
            }
            stalledAt = nil
            scanned = start + advanced
            spent += advanced
        }
        return matches.count != before || isComplete
    }

    /// Whether ``scan(_:budget:)`` can go on now: not once complete, nor while it waits for a
    /// stream to arrive or to finish the line it stopped at.
    public func canScan(_ text: some TextStorage) -> Bool {
        !isComplete && (scanned < text.count || text.isComplete)
            && (stalledAt.map { text.count > $0 || text.isComplete } ?? true)
    }

    /// Ends the scan where it stands (the text changed under it, or it made no progress on a complete text).
    mutating func finish() { isComplete = true }

    /// Goes on scanning a text that grew after the scan completed (a followed file).
    mutating func reopen() { isComplete = false }

    /// Forgets the matches before `offset` and scans on from there at the earliest: a stream let
    /// go of the bytes before it. O(matches).
    mutating func letGo(before offset: Int) {
        matches.removeAll { $0.lowerBound < offset }
        scanned = max(scanned, offset)
    }

    /// Searches the whole lines of `window`; returns the bytes consumed.
    private mutating func searchLines(in window: TextWindow) -> Int {
        var scratch = VisibleLine()
        let softHyphens = VisibleLine.holdsSoftHyphen(window.bytes)
        if !softHyphens, let consumed = searchCandidateLines(in: window, scratch: &scratch) { return consumed }
        return window.forEachWholeLine(upTo: Self.maximumLine) { line, _ in
            search(UnsafeRawBufferPointer(rebasing: window.bytes[line]), at: window.base + line.lowerBound,
                   softHyphens: softHyphens, scratch: &scratch)
        }
    }

    /// Searches only the lines of `window` that may hold a match: the pattern's literal is looked
    /// for across the whole window at scanning speed (as grep does), and each line it is on is
    /// searched as ``searchLines(in:)`` searches every line. Only where every line is drawn as
    /// stored (no escape, backspace or soft hyphen: a match in what is drawn is then one in the
    /// bytes). Returns the bytes consumed, or nil, having searched nothing, where it cannot.
    private mutating func searchCandidateLines(in window: TextWindow, scratch: inout VisibleLine) -> Int? {
        let bytes = window.bytes
        // The caller found no soft hyphen in the window: the rest of what a line is drawn as stored lacks.
        guard pattern.findsCandidates, let base = bytes.baseAddress, VisibleLine.isDrawnAsStored(bytes, softHyphens: false) else { return nil }
        // The whole lines: to the last line feed, or to the end of the text's last window.
        let end: Int
        if window.isFinal {
            end = bytes.count
        } else if let last = Self.lastLineFeed(in: bytes, before: bytes.count, from: 0) {
            end = last + 1
        } else {
            return nil  // one line longer than the window: cut as searchLines cuts it
        }
        var at = 0
        while at < end && matches.count < Self.matchLimit,
              let hit = pattern.firstCandidate(in: UnsafeRawBufferPointer(rebasing: bytes[at..<end])) {
            let position = at + hit
            let lineStart = Self.lastLineFeed(in: bytes, before: position, from: at).map { $0 + 1 } ?? at
            let lineEnd = memchr(base + position, 0x0A, end - position).map { base.distance(to: UnsafeRawPointer($0)) + 1 } ?? end
            // The line as searchLines sees it (cut in pieces when longer than maximumLine).
            let line = TextWindow(bytes: UnsafeRawBufferPointer(rebasing: bytes[lineStart..<lineEnd]), base: window.base + lineStart,
                                  isFinal: true)
            _ = line.forEachWholeLine(upTo: Self.maximumLine) { piece, _ in
                search(UnsafeRawBufferPointer(rebasing: line.bytes[piece]), at: line.base + piece.lowerBound,
                       softHyphens: false, scratch: &scratch)
            }
            at = lineEnd
        }
        return end
    }

    /// The last line feed in `bytes[start..<end]`, looked for backward (the line a byte is on
    /// costs its own length, not the window's); nil for none.
    private static func lastLineFeed(in bytes: UnsafeRawBufferPointer, before end: Int, from start: Int) -> Int? {
        var i = end
        while i > start {
            i -= 1
            if bytes[i] == 0x0A { return i }
        }
        return nil
    }

    private mutating func search(_ line: UnsafeRawBufferPointer, at offset: Int, softHyphens: Bool, scratch: inout VisibleLine) {
        guard matches.count < Self.matchLimit else { return }
        if VisibleLine.isDrawnAsStored(line, softHyphens: softHyphens) {
            pattern.forEachMatch(in: line) { range in
                guard !range.isEmpty else { return true }
                matches.append((offset + range.lowerBound)..<(offset + range.upperBound))
                return matches.count < Self.matchLimit
            }
            return
        }
        scratch.fill(from: line)
        scratch.text.withUnsafeBytes { visible in
            pattern.forEachMatch(in: visible) { range in
                guard !range.isEmpty else { return true }
                let low = scratch.sources[range.lowerBound]
                let high = range.upperBound < scratch.sources.count ? scratch.sources[range.upperBound] : line.count
                matches.append((offset + low)..<(offset + high))
                return matches.count < Self.matchLimit
            }
        }
    }

    /// The first match starting at or after `offset` (`forward`), or the
    /// last one starting before it; with `including` false a match starting
    /// exactly at `offset` does not count going forward. O(log matches).
    public func match(from offset: Int, forward: Bool, including: Bool) -> Range<Int>? {
        var low = 0, high = matches.count
        while low < high {
            let mid = (low + high) / 2
            let start = matches[mid].lowerBound
            if start < offset || (!including && forward && start == offset) { low = mid + 1 } else { high = mid }
        }
        if forward { return low < matches.count ? matches[low] : nil }
        return low > 0 ? matches[low - 1] : nil
    }

    /// The matches that overlap `range`. O(log matches + result).
    public func matches(overlapping range: Range<Int>) -> ArraySlice<Range<Int>> {
        var low = 0, high = matches.count
        while low < high {
            let mid = (low + high) / 2
            if matches[mid].upperBound <= range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < matches.count && matches[end].lowerBound < range.upperBound { end += 1 }
        return matches[low..<end]
    }

    /// `/pattern: 12 matches in 4096 bytes`.
    public var description: String {
        "\(isBackward ? "?" : "/")\(pattern.source): \(matches.count) matches in \(scanned) bytes\(isComplete ? " (complete)" : "")"
    }
}

/// A line as it is drawn: its visible characters in UTF-8 and, for each
/// of their bytes, the offset in the stored line it came from. Escapes,
/// overstruck characters and soft hyphens (U+00AD, drawn only where a line
/// breaks) are not in it.
struct VisibleLine {
    var text: [UInt8] = []
    var sources: [Int] = []

    /// Whether `line` is drawn as it is stored — no escape, no backspace and, unless `softHyphens`
    /// is false (the text around it holds none, ``holdsSoftHyphen(_:)``), no soft hyphen — so that
    /// a search reads its bytes directly.
    static func isDrawnAsStored(_ line: UnsafeRawBufferPointer, softHyphens: Bool) -> Bool {
        guard let base = line.baseAddress else { return true }
        return memchr(base, 0x1B, line.count) == nil && memchr(base, 0x08, line.count) == nil
            && !(softHyphens && holdsSoftHyphen(line))
    }

    /// Whether `bytes` hold a soft hyphen (UTF-8 `C2 AD`): asked once for a window of many lines.
    static func holdsSoftHyphen(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var at = 0
        while at + 1 < bytes.count, let hit = memchr(base + at, 0xC2, bytes.count - at - 1) {
            at = base.distance(to: UnsafeRawPointer(hit)) + 1
            if bytes[at] == 0xAD { return true }
        }
        return false
    }

    mutating func fill(from line: UnsafeRawBufferPointer) {
        text.removeAll(keepingCapacity: true)
        sources.removeAll(keepingCapacity: true)
        var decoder = TextDecoder()
        var i = 0
        while i < line.count {
            guard let (unit, length) = decoder.unit(in: line, at: i, isFinal: true) else { break }
            switch unit {
            case .glyph("\u{AD}", _): break
            case .glyph(let scalar, _):
                for byte in UTF8.encode(scalar)! {
                    text.append(byte)
                    sources.append(i)
                }
            case .space: text.append(0x20); sources.append(i)
            case .tab: text.append(0x09); sources.append(i)
            case .lineBreak, .pageBreak, .control: break
            }
            i += length
        }
    }
}

extension TextWindow {
    /// Calls `body` with each whole line of the window, in order: its bytes' range in ``bytes``
    /// (without its line feed) and whether a line feed ends it. A line longer than `maximum` comes
    /// in pieces of `maximum` bytes; a last line without a line feed comes only when the window is
    /// final. Returns the bytes consumed (line feeds included), where the next window should start.
    ///
    /// Search and filters read text this way, a line at a time, whatever its length.
    func forEachWholeLine(upTo maximum: Int, _ body: (_ line: Range<Int>, _ hasBreak: Bool) -> Void) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var lineStart = 0
        while lineStart < bytes.count {
            let rest = bytes.count - lineStart
            let end: Int
            if let hit = memchr(base + lineStart, 0x0A, min(rest, maximum)) {
                end = base.distance(to: UnsafeRawPointer(hit))
            } else if rest >= maximum {
                end = lineStart + maximum
            } else if isFinal {
                end = bytes.count
            } else {
                break
            }
            let hasBreak = end < bytes.count && bytes[end] == 0x0A
            body(lineStart..<end, hasBreak)
            lineStart = hasBreak ? end + 1 : end
            if end == bytes.count { break }
        }
        return lineStart
    }
}
