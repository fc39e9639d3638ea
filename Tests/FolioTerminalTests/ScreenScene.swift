import PropertyBased
import FolioTerminal

/// One drawing operation on a frame, as the property tests generate it.
struct DrawOp: Sendable, CustomStringConvertible {
    enum Kind: Sendable { case draw, fill, clear, putASCII }

    var kind: Kind
    var text: String
    var column: Int
    var row: Int
    var style: Style
    /// The `maxWidth` of a draw (nil: none), or the width of a fill.
    var extent: Int?
    /// The height of a fill.
    var rows: Int
    var scalar: Unicode.Scalar

    static let texts = [
        "hello", " ", "漢字", "e\u{301}", "\u{301}x", "a\u{7}b", "\u{1F600}!", "👨\u{200D}👩", "x\u{200D}\u{301}",
        "ab\u{9F}", "\u{1100}\u{1161}", "o\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308}", "\u{FE0F}", "wide漢",
        "  ", "end\u{7F}", "\u{200D}z", "a\u{200D}",
        "The quick brown fox jumps over the lazy dog, twice.", "漢字かな交じり文 with e\u{301}tude and 😀 emoji.",
        "ab漢cd字ef\u{301}gh😀ij漢kl字mn漢op\u{302}qr字st漢uv",
    ]
    static let styles = [
        Style.plain, Style(bold: true), Style(foreground: .red), Style(reverse: true),
        Style(foreground: .green, dim: true, underline: true), Style(foreground: .palette(15), bold: true, reverse: true),
        // 24-bit colours, kept in each frame's table in the order drawn: the same style has
        // different keys in the frame on screen and the next.
        Style(foreground: .rgb(255, 128, 0)), Style(foreground: .rgb(1, 2, 3), background: .rgb(250, 250, 250), italic: true),
        Style(background: .rgb(0, 0, 90)),
    ]
    static let scalars: [Unicode.Scalar] = [" ", "-", "漢", "\u{301}", "\u{1B}", "x"]
    /// What `putASCII` takes: printable ASCII, spaces included.
    static let asciiTexts = ["hello", " ", "  ", "a b", "x", "The quick brown fox jumps over the lazy dog, twice."]

    init(kind: Int, column: Int, row: Int, text: Int, style: Int, extent: Int) {
        switch kind {
        case 0...6: self.kind = .draw
        case 7, 8: self.kind = .fill
        case 9: self.kind = .clear
        default: self.kind = .putASCII
        }
        self.text = self.kind == .putASCII ? Self.asciiTexts[text % Self.asciiTexts.count] : Self.texts[text % Self.texts.count]
        self.column = column
        self.row = row
        self.style = Self.styles[style % Self.styles.count]
        self.extent = extent < 0 ? nil : extent
        rows = abs(extent - column) % 5
        scalar = kind == 8 ? " " : Self.scalars[text % Self.scalars.count]
    }

    func apply(to frame: inout Frame) {
        switch kind {
        case .draw: frame.draw(text, atColumn: column, row: row, style: style, maxWidth: extent ?? .max)
        case .fill: frame.fill(columns: column..<column + (extent ?? 3), rows: row..<row + rows, with: scalar, style: style)
        case .clear: frame.clear()
        case .putASCII:
            // Clipped on the right at `extent` when there is one (on the left by the frame's edge).
            Array(text.utf8).withUnsafeBytes {
                frame.putASCII($0, style: style, atColumn: column, row: row, clip: 0..<(extent ?? .max))
            }
        }
    }

    var description: String {
        switch kind {
        case .draw:
            "draw(\(text.unicodeScalars.map { $0.value < 0x80 && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()) at \(column),\(row) \(style)\(extent.map { " max \($0)" } ?? ""))"
        case .fill: "fill(\(column)+\(extent ?? 3) × \(row)+\(rows) with U+\(String(scalar.value, radix: 16)) \(style))"
        case .clear: "clear"
        case .putASCII: "putASCII(\(text) at \(column),\(row) \(style)\(extent.map { " clip 0..<\($0)" } ?? ""))"
        }
    }

    /// A random operation for frames of up to 40 × 12.
    static let generator = zip(
        Gen.int(in: 0...10), Gen.int(in: -3...42), Gen.int(in: -1...12), Gen.int(in: 0...100),
        Gen.int(in: 0...100), Gen.int(in: -1...12)
    ).map { DrawOp(kind: $0, column: $1, row: $2, text: $3, style: $4, extent: $5) }
}

/// Two frames of one size: `before`, and `after` made from it by an optional horizontal
/// shift and some edits — what a reader shows on two successive updates.
struct ScreenScene: Sendable, CustomStringConvertible {
    var width: Int
    var height: Int
    var drawing: [DrawOp]
    var edits: [DrawOp]
    /// Columns the content of `before` moves right in `after` (0: not moved).
    var shift: Int
    var seed: Int
    /// Whether `before` starts as a page of text (every row full of words) rather than blank.
    var page: Bool

    var before: Frame {
        var frame = Frame(width: width, height: height)
        if page {
            let lines = DrawOp.texts.suffix(3)
            for row in 0..<height {
                let line = lines[lines.startIndex + (row + seed) % lines.count]
                frame.draw(line.dropFirst(row % 4), atColumn: seed % 3, row: row, style: row == 0 ? Style(bold: true) : .plain)
            }
        }
        for op in drawing { op.apply(to: &frame) }
        return frame
    }

    var after: Frame {
        let old = before
        // Half the scenes draw the new frame afresh, as the reader does: its 24-bit styles
        // then take other keys than the same styles have in the old frame.
        var frame = shift == 0 && seed % 2 == 0 ? old : Self.shifted(old, by: shift)
        for op in edits { op.apply(to: &frame) }
        return frame
    }

    /// `frame` with every cell moved `shift` columns right, redrawn through the public API in a
    /// fresh frame, bottom row first (so the styles are met in another order than they were drawn).
    static func shifted(_ frame: Frame, by shift: Int) -> Frame {
        var moved = Frame(width: frame.width, height: frame.height)
        for row in (0..<frame.height).reversed() {
            for column in 0..<frame.width {
                let cell = frame[column, row]
                if cell.width > 0 { moved.draw(cell.text, atColumn: column + shift, row: row, style: cell.style) }
            }
        }
        return moved
    }

    var description: String {
        "\(width)×\(height)\(page ? " page" : ""), drawn \(drawing), edited \(edits), shift \(shift), seed \(seed)"
    }

    static let generator = zip(
        Gen.int(in: 0...40), Gen.int(in: 0...12), DrawOp.generator.array(of: 0...30),
        DrawOp.generator.array(of: 0...10), Gen.int(in: -3...3), Gen.int(in: 0...1_000_000), Gen.bool()
    ).map { ScreenScene(width: $0, height: $1, drawing: $2, edits: $3, shift: $4, seed: $5, page: $6) }
}
