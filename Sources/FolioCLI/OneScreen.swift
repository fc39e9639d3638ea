#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FolioReading
import FolioTerminal

/// Counts the screen rows a text takes, as `less -F` does before it decides
/// whether to quit: each line takes as many rows as it wraps to at the
/// terminal's width (one with `-S`), and the text fits when its rows leave
/// `LESS_SHELL_LINES` rows (1) for the shell's prompt. Pure: bytes in, a verdict out.
///
/// less's `get_one_screen` (`forwback.c`) reads lines `for (nlines = 0; nlines +
/// shell_lines <= sc_height; nlines++)` and the text fits when it ends inside
/// that loop: at most `sc_height − shell_lines` lines. With `-X` less decides
/// after drawing its first screen (`entire_file_displayed`), whose text rows are
/// the same `sc_height − 1`.
///
/// Widths are the reader's: escapes (SGR, OSC 8) take no columns, an overstrike
/// one, a wide character two (wrapping whole), tabs go to the next stop, a form
/// feed ends a line as it does on a terminal.
///
/// ```swift
/// var fit = ScreenFit(columns: 80, rows: 23)
/// fit.read(bytes, isFinal: true)    // .fits when the whole text takes at most 23 rows
/// ```
struct ScreenFit: Hashable, Sendable, CustomStringConvertible {
    /// What the bytes so far say.
    enum Verdict: Hashable, Sendable {
        /// The whole text has been read and fits.
        case fits
        /// The text takes more rows than there are: no more need be read.
        case overflows
        /// It fits so far; the rest of the text decides.
        case undecided
    }

    /// The terminal's width in columns, ≥ 1.
    let columns: Int
    /// The rows the text may take, ≥ 0.
    let rows: Int
    /// `-S`: every line takes one row.
    let chopsLongLines: Bool
    /// `-x`: tab stops, the last interval repeating.
    let tabStops: [Int]

    /// The bytes read so far: the next ``read(_:isFinal:)`` starts at this offset.
    private(set) var consumed = 0
    /// The rows taken by the lines ended so far.
    private(set) var rowsUsed = 0
    /// The verdict so far.
    private(set) var verdict = Verdict.undecided
    private var column = 0
    private var lineRows = 0
    private var decoder = TextDecoder()

    /// A count for a terminal `columns` wide with `rows` rows for text.
    init(columns: Int, rows: Int, chopsLongLines: Bool = false, tabStops: [Int] = [8]) {
        self.columns = max(1, columns)
        self.rows = max(0, rows)
        self.chopsLongLines = chopsLongLines
        self.tabStops = tabStops.isEmpty ? [8] : tabStops
    }

    /// Reads the text that follows the bytes already read (`bytes` starts at offset
    /// ``consumed``), stopping before a sequence `bytes` cuts in two unless
    /// `isFinal` (no more will come). Returns the verdict. O(bytes).
    @discardableResult
    mutating func read(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) -> Verdict {
        guard verdict == .undecided else { return verdict }
        var i = 0
        while i < bytes.count {
            guard let (unit, length) = decoder.unit(in: bytes, at: i, isFinal: isFinal) else { break }
            i += length
            switch unit {
            case .glyph(let scalar, _): advance(by: DisplayWidth.columns(of: scalar) ?? 1)
            case .space: advance(by: 1)
            case .tab: advance(by: nextTabStop(after: column) - column)
            case .lineBreak, .pageBreak: endLine()
            case .control: if lineRows == 0 { lineRows = 1 }  // a line of escapes alone is still a line
            }
            if rowsUsed + lineRows > rows {
                consumed += i
                verdict = .overflows
                return verdict
            }
        }
        consumed += i
        if isFinal && i == bytes.count {
            if lineRows > 0 { endLine() }  // a last line with no line break after it
            verdict = rowsUsed <= rows ? .fits : .overflows
        }
        return verdict
    }

    /// A character `width` columns wide on the current line: it wraps to a new row when it does not fit.
    private mutating func advance(by width: Int) {
        if lineRows == 0 { lineRows = 1 }
        guard !chopsLongLines else { return }
        if column + width > columns && column > 0 {
            lineRows += 1
            column = 0
        }
        column += width
        while column > columns {  // a tab past the edge, or a character wider than the screen
            lineRows += 1
            column -= columns
        }
    }

    /// Ends the current line (a line with no characters, between two line breaks, takes a row too).
    private mutating func endLine() {
        rowsUsed += max(lineRows, 1)
        lineRows = 0
        column = 0
        if rowsUsed > rows { verdict = .overflows }
    }

    /// The first tab stop after `column`: the given stops, then every last interval.
    func nextTabStop(after column: Int) -> Int {
        if let stop = tabStops.first(where: { $0 > column }) { return stop }
        let last = tabStops[tabStops.count - 1]
        let interval = tabStops.count > 1 ? last - tabStops[tabStops.count - 2] : last
        return last + ((column - last) / interval + 1) * interval
    }

    /// `12 rows of 23 used, undecided after 480 bytes`.
    var description: String {
        "\(rowsUsed + lineRows) rows of \(rows) used, \(verdict) after \(consumed) bytes"
    }
}

/// `folio -F`: before the full-screen reader starts, the input is measured
/// against the terminal; a text that fits on one screen is printed as it is and
/// folio quits, as `less -F` does (`git log` of three commits leaves them on the
/// terminal, above the shell's prompt).
enum OneScreen {
    /// The most read to decide: past this, the reader opens.
    static let byteLimit = 1 << 20

    /// Reads as much of `input` as it takes to decide whether it fits one screen —
    /// a stream until it ends or no longer fits, or until `LESS_SCREENFILL_TIME`
    /// milliseconds (3000, as in less's `os.c`) pass without either — and, when it
    /// fits, writes it to standard output unchanged and returns true. Otherwise
    /// returns false, and every byte read stays in the stream's document for the reader.
    static func printIfItFits(_ input: ReaderInput, options: PagerOptions) -> Bool {
        let document = input.document
        guard document.book == nil else { return false }
        if case .guide = input.source { return false }
        let size = Terminal.size(of: [STDOUT_FILENO, STDERR_FILENO])
        var fit = ScreenFit(columns: size.columns, rows: size.rows - shellLines(rows: size.rows),
                            chopsLongLines: options.chopsLongLines, tabStops: options.tabStops)
        let text = document.text
        if let fd = input.streamDescriptor, let stream = document.stream {
            let deadline = StandardStreams.monotonicSeconds() + screenfillSeconds
            var ended = false
            while fit.verdict == .undecided {
                text.withBytes(fit.consumed..<text.count) { _ = fit.read($0, isFinal: ended) }
                if fit.verdict != .undecided || ended { break }
                if text.count >= byteLimit { return false }
                let left = deadline - StandardStreams.monotonicSeconds()
                guard left > 0 else { return false }
                var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&entry, 1, Int32((left * 1000).rounded(.up)))
                if ready < 0 && errno != EINTR { return false }
                if ready <= 0 { continue }
                _ = stream.append(upTo: 64 * 1024) { room in
                    let read = input.readStream(into: room)
                    ended = read.ended
                    return read.count
                }
            }
        } else {
            let end = min(text.count, byteLimit)
            while fit.verdict == .undecided {
                let window = fit.consumed..<min(fit.consumed + 64 * 1024, end)
                let before = fit.consumed
                text.withBytes(window) { _ = fit.read($0, isFinal: window.upperBound == text.count) }
                // Past the limit, or a sequence longer than the window: let the reader show it.
                if fit.verdict == .undecided && fit.consumed == before { return false }
            }
        }
        guard fit.verdict == .fits else { return false }
        var bytes = text.withBytes(0..<text.count) { Array($0) }
        // The prompt comes on a line of its own, as after less.
        if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        StandardStreams.write(bytes, to: STDOUT_FILENO)
        return true
    }

    /// `LESS_SHELL_LINES` (1 by default): rows kept for the shell's prompt, as in less's `screen.c`.
    static func shellLines(rows: Int) -> Int {
        let lines = getenv("LESS_SHELL_LINES").flatMap { Int(String(cString: $0)) } ?? 1
        return min(max(lines, 0), max(rows - 1, 0))
    }

    /// How long a stream has to fill the screen or end: `LESS_SCREENFILL_TIME` milliseconds, 3000 by default.
    static var screenfillSeconds: Double {
        let milliseconds = getenv("LESS_SCREENFILL_TIME").flatMap { Int(String(cString: $0)) } ?? 3000
        return Double(milliseconds > 0 ? milliseconds : 3000) / 1000
    }
}
