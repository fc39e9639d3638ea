/// Measures how wide a document's own lines are, to tell pre-formatted
/// text (a man page, a licence wrapped at 72 columns, code) from prose
/// whose paragraphs are single long lines meant to be reflowed.
///
/// It looks at the first ``sampleBytes`` of the text, counting each hard
/// line's width in columns (``DisplayWidth``; escapes take none, an
/// overstrike one, tabs stop every 8). ``lineWidth`` is then the width
/// pre-formatted lines need — the width 99.5 % of non-blank lines fit in — or
/// `nil` for prose, whose lines were never meant to be read unbroken.
public struct LineWidthSurvey: Hashable, Sendable, CustomStringConvertible {
    /// How much of the text the survey reads: some 900 lines of a licence, 190
    /// paragraphs of prose, read before the first page is drawn.
    public static let sampleBytes = 64 * 1024
    /// Lines wider than this count as paragraphs to reflow.
    public static let paragraphColumns = 300

    /// Non-blank lines by width in columns; the last bucket holds every width from ``paragraphColumns`` up.
    private var histogram = [Int](repeating: 0, count: paragraphColumns + 1)
    /// Bytes surveyed.
    public private(set) var scanned = 0
    /// Whether the survey has seen all it will (its sample, or the whole text).
    public private(set) var isSettled = false
    /// The text's size when the survey last looked (a stream's partial character waits for more).
    private var lookedAt = -1
    private var decoder = TextDecoder()
    private var column = 0
    /// Whether runs of printable ASCII are counted without the decoder (tests turn it off to compare).
    var usesFastPath = true

    /// A survey that has read nothing.
    public init() {}

    /// Surveys more of `text` (up to the sample size), as far as it has arrived.
    /// Returns whether ``lineWidth`` may have changed. O(bytes read).
    public mutating func scan(_ text: some TextStorage) -> Bool {
        guard !isSettled else { return false }
        lookedAt = text.count
        let goal = min(text.count, Self.sampleBytes)
        guard goal > scanned || text.isComplete else { return false }
        let before = lineWidth
        text.withWindow(scanned..<goal) { window in scanned += survey(window) }
        // The sample is read once its window has been: a character the sample's end cuts (or a
        // run's last byte, held back for an overstrike that may follow) is not waited for, or a
        // text longer than the sample would never settle.
        if goal >= Self.sampleBytes || (text.isComplete && scanned >= text.count) {
            endLine()
            isSettled = true
        }
        return lineWidth != before || isSettled
    }

    /// Stops the survey where it stands: what it has seen is all it will go by.
    mutating func settle() {
        endLine()
        isSettled = true
    }

    /// Whether ``scan(_:)`` can learn more now: not once settled, nor until a stream it has
    /// looked at grows or ends.
    public func canScan(_ text: some TextStorage) -> Bool {
        !isSettled && (text.isComplete || text.count > lookedAt)
    }

    /// Counts the lines of `window` into the histogram; returns the bytes taken (all but
    /// a character the window's end may cut, which waits for more).
    private mutating func survey(_ window: TextWindow) -> Int {
        // The histogram's storage is held for the whole window, and the state passed down
        // as locals: a line then costs a scan and a store, not a check that the array is unique.
        var column = self.column
        var decoder = self.decoder
        let fast = usesFastPath
        let taken = histogram.withUnsafeMutableBufferPointer { widths in
            Self.count(window, into: widths, column: &column, decoder: &decoder, fast: fast)
        }
        self.column = column
        self.decoder = decoder
        return taken
    }

    /// The loop of ``survey(_:)``: counts each line of `window` ending in it into `widths`.
    private static func count(_ window: TextWindow, into widths: UnsafeMutableBufferPointer<Int>,
                              column: inout Int, decoder: inout TextDecoder, fast: Bool) -> Int {
        let bytes = window.bytes
        let count = bytes.count
        var i = 0
        while i < count {
            // A run of printable ASCII (the bulk of most text) is a column a byte; the rest goes
            // through the decoder — and so does a run's last character when a backspace follows it
            // (an overstrike) or when it ends an unfinished window (one may follow).
            var end = fast ? ASCIIScan.printableEnd(in: bytes, from: i, to: count) : i
            if end > i && (end < count ? bytes[end] == 0x08 : !window.isFinal) { end -= 1 }
            column += end - i
            i = end
            guard i < count else { break }
            if bytes[i] == 0x0A {
                endLine(&column, in: widths)
                i += 1
                continue
            }
            guard let (unit, length) = decoder.unit(in: bytes, at: i, isFinal: window.isFinal) else { break }
            switch unit {
            case .glyph(let scalar, _): column += DisplayWidth.columns(of: scalar) ?? 1
            case .space: column += 1
            case .tab: column = (column / 8 + 1) * 8
            case .lineBreak, .pageBreak: endLine(&column, in: widths)
            case .control: break
            }
            i += length
        }
        return i
    }

    /// Counts a line `column` wide (unless it is blank) and starts the next.
    @inline(__always)
    private static func endLine(_ column: inout Int, in widths: UnsafeMutableBufferPointer<Int>) {
        if column > 0 { widths[min(column, paragraphColumns)] &+= 1 }
        column = 0
    }

    private mutating func endLine() {
        var column = self.column
        histogram.withUnsafeMutableBufferPointer { Self.endLine(&column, in: $0) }
        self.column = column
    }

    /// The columns the document's lines need to stay unbroken, or `nil`
    /// when it is prose to reflow (or nothing has been seen yet).
    ///
    /// Prose: more than 5 % of the lines are paragraphs of ``paragraphColumns``
    /// or more; or the lines reach past 160 columns without a margin they
    /// keep to (fewer than a fifth of them within 15 % of the widest).
    /// Pre-formatted text keeps to its width: a man page formatted for 200
    /// columns has two fifths of its lines near 195, a licence three quarters
    /// near 75.
    public var lineWidth: Int? {
        let lines = histogram.reduce(0, +)
        guard lines > 0 else { return nil }
        if histogram[Self.paragraphColumns] * 20 > lines { return nil }
        var seen = 0
        var width = Self.paragraphColumns
        for (columns, count) in histogram.enumerated() {
            seen += count
            if seen * 200 >= lines * 199 { width = columns; break }
        }
        if width > 160 {
            let nearMargin = histogram[(width * 85 / 100)...].reduce(0, +)
            if nearMargin * 5 < lines { return nil }
        }
        return width
    }

    /// `lines need 72 columns (settled)` or `prose`.
    public var description: String {
        (lineWidth.map { "lines need \($0) columns" } ?? "prose") + (isSettled ? " (settled)" : " (\(scanned) bytes so far)")
    }
}
