import FolioReading

/// Greedy word-wrapping layout of UTF-8 text into lines and pages of cells.
///
/// Words wrap at spaces; a word longer than a line is broken; tabs advance
/// to the next tab stop; a line feed (or CR LF) ends a line and a form feed
/// ends the page. Nothing is dropped: every byte belongs to exactly one
/// line — shown in its text, or consumed as that line's break (the line
/// feed, form feed, or the one space a full line ended on).
public struct TextLayout: Sendable {
    /// The cells to fill.
    public let geometry: PageGeometry

    /// Creates a layout for `geometry`.
    public init(geometry: PageGeometry) { self.geometry = geometry }

    /// Lays out the page starting at byte `start` of `bytes`.
    ///
    /// Returns the page's lines (when `collect` is true; empty otherwise,
    /// which is how pagination measures pages cheaply) and the byte
    /// offset where the next page starts. O(bytes on the page).
    public func page(in bytes: UnsafeRawBufferPointer, from start: Int, collect: Bool) -> (lines: [LaidOutLine], end: Int) {
        var lines: [LaidOutLine] = []
        var at = start
        for _ in 0..<geometry.rows {
            guard at < bytes.count else { break }
            let line = self.line(in: bytes, from: at, collect: collect)
            if collect { lines.append(line) }
            at = line.bytes.upperBound
            if line.ending == .formFeed { break }
        }
        return (lines, at)
    }

    /// Lays out one line starting at byte `start` (< bytes.count). O(bytes on the line).
    public func line(in bytes: UnsafeRawBufferPointer, from start: Int, collect: Bool) -> LaidOutLine {
        let scanner = UTF8Scanner(bytes: bytes)
        let columns = geometry.columns
        var text = ""
        var column = 0
        var at = start
        var wordStart = true
        func finish(_ end: Int, _ ending: LineEnding) -> LaidOutLine {
            LaidOutLine(text: text, width: column, bytes: start..<end, ending: ending)
        }
        while at < bytes.count {
            let (scalar, length) = scanner.scalar(at: at)
            switch scalar.value {
            case 0x0A:
                return finish(at + length, .newline)
            case 0x0D where at + 1 < bytes.count && bytes[at + 1] == 0x0A:
                return finish(at + 2, .newline)
            case 0x0C:
                return finish(at + length, .formFeed)
            case 0x09:
                if column >= columns { return finish(at, .wrap) }
                let stop = min(columns, (column / geometry.tabWidth + 1) * geometry.tabWidth)
                if collect { text.append(String(repeating: " ", count: stop - column)) }
                column = stop
                wordStart = true
            case 0x20:
                if column >= columns { return finish(at + length, .space) }
                if collect { text.append(" ") }
                column += 1
                wordStart = true
            default:
                let width = DisplayWidth.columns(of: scalar) ?? 1
                if wordStart && width > 0 && column > 0 {
                    // Wrap before a word that would not fit but fits a whole line.
                    let word = wordWidth(scanner, from: at, limit: columns + 1)
                    if column + word > columns && word <= columns { return finish(at, .wrap) }
                }
                if width > 0 { wordStart = false }
                if column + width > columns && column > 0 { return finish(at, .wrap) }
                if collect { text.unicodeScalars.append(Self.visible(scalar)) }
                column += width
            }
            at += length
        }
        return finish(at, .end)
    }

    /// The columns of the word starting at `start`, up to `limit`.
    private func wordWidth(_ scanner: UTF8Scanner, from start: Int, limit: Int) -> Int {
        var width = 0
        var at = start
        while at < scanner.bytes.count && width < limit {
            let (scalar, length) = scanner.scalar(at: at)
            switch scalar.value {
            case 0x09, 0x0A, 0x0C, 0x0D, 0x20: return width
            default: width += DisplayWidth.columns(of: scalar) ?? 1
            }
            at += length
        }
        return width
    }

    /// What is drawn for `scalar`: itself, or the picture of a control character.
    static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value)!
        case 0x7F: Unicode.Scalar(0x2421)!
        case 0x80..<0xA0: Unicode.Scalar(0xFFFD)!
        default: scalar
        }
    }
}
