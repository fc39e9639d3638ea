import FolioReading
import FolioTerminal

/// The frame's drawing rules in their plainest form, as an oracle: rows of public `Cell`s,
/// a grapheme's text as a `String`, no packing, no cluster table, no free list.
struct NaiveScreen: Equatable, CustomStringConvertible {
    let width: Int
    let height: Int
    var rows: [[Cell]]

    init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        rows = Array(repeating: Array(repeating: .blank, count: self.width), count: self.height)
    }

    /// The cells a text becomes, each with its text and width, before any clipping.
    static func pieces(_ text: String) -> [(text: String, width: Int)] {
        var pieces: [(text: String, width: Int)] = []
        var joiner = false
        for scalar in text.unicodeScalars {
            switch DisplayWidth.columns(of: scalar) {
            case nil:
                let v = scalar.value
                let picture = v < 0x20 ? Unicode.Scalar(0x2400 + v)! : v == 0x7F ? "\u{2421}" : "\u{FFFD}"
                pieces.append((String(Character(picture)), 1))
                joiner = false
            case 0:
                if scalar == "\u{200D}" {
                    joiner = !pieces.isEmpty
                } else {
                    if pieces.isEmpty { pieces.append((" ", 1)) }
                    if joiner { pieces[pieces.count - 1].text.unicodeScalars.append("\u{200D}") }
                    joiner = false
                    pieces[pieces.count - 1].text.unicodeScalars.append(scalar)
                }
            case let w?:
                pieces.append((String(Character(scalar)), w))
                joiner = false
            }
        }
        return pieces
    }

    mutating func draw(_ text: String, atColumn column: Int, row: Int, style: Style, maxWidth: Int?) -> Int {
        let right = min(width, column + max(0, maxWidth ?? 1_000_000))
        var x = column
        for piece in Self.pieces(text) {
            if x + piece.width > right {
                if x < right {
                    if x >= 0 { put(.init(text: " ", width: 1, style: style), row: row, column: x) }
                    x += 1
                }
                break
            }
            if x >= 0 {
                put(Cell(text: piece.text, width: piece.width, style: style), row: row, column: x)
            } else if x + piece.width > 0 {
                put(Cell(text: " ", width: 1, style: style), row: row, column: 0)
            }
            x += piece.width
        }
        return x - column
    }

    mutating func fill(columns: Range<Int>, rows rowRange: Range<Int>, with scalar: Unicode.Scalar, style: Style) {
        let piece = Self.pieces(String(Character(scalar))).first ?? (" ", 1)
        let cell = piece.text.unicodeScalars.count > 1
            ? Cell(text: " ", width: 1, style: style)  // a lone mark fills with spaces
            : Cell(text: piece.text, width: piece.width, style: style)
        for row in max(0, rowRange.lowerBound)..<max(max(0, rowRange.lowerBound), min(height, rowRange.upperBound)) {
            var column = max(0, columns.lowerBound)
            while column < min(width, columns.upperBound) {
                if column + cell.width <= min(width, columns.upperBound) {
                    put(cell, row: row, column: column)
                    column += cell.width
                } else {
                    put(Cell(text: " ", width: 1, style: style), row: row, column: column)
                    column += 1
                }
            }
        }
    }

    mutating func clear() {
        self = NaiveScreen(width: width, height: height)
    }

    /// Puts `cell` at `column`; a wide character partly covered loses its other half to a space.
    private mutating func put(_ cell: Cell, row: Int, column: Int) {
        guard row >= 0, row < height else { return }
        for k in column..<column + cell.width {
            if rows[row][k].width == 0 { rows[row][k - 1] = Cell(text: " ", width: 1, style: rows[row][k - 1].style) }
            if rows[row][k].width == 2 { rows[row][k + 1] = Cell(text: " ", width: 1, style: rows[row][k + 1].style) }
        }
        rows[row][column] = cell
        if cell.width == 2 { rows[row][column + 1] = Cell(text: "", width: 0, style: cell.style) }
    }

    /// The cells that differ from `frame`, as sentences.
    func differences(from frame: Frame) -> [String] {
        var found: [String] = []
        for r in 0..<height {
            for c in 0..<width where frame[c, r] != rows[r][c] {
                found.append("(\(c),\(r)): frame \(frame[c, r]), model \(rows[r][c])")
            }
        }
        return found
    }

    var description: String {
        "Model \(width)×\(height) [" + rows.map { "\"" + $0.map(\.text).joined() + "\"" }.joined(separator: ", ") + "]"
    }
}

extension DrawOp {
    @discardableResult
    func apply(to model: inout NaiveScreen) -> Int {
        switch kind {
        case .draw: return model.draw(text, atColumn: column, row: row, style: style, maxWidth: extent)
        case .fill: model.fill(columns: column..<column + (extent ?? 3), rows: row..<row + rows, with: scalar, style: style)
        case .clear: model.clear()
        case .putASCII:
            // One cell a byte, the columns outside the frame and the clip left alone: a draw of
            // the bytes that land.
            let from = max(column, 0), to = min(column + text.utf8.count, extent ?? .max)
            if from < to {
                let bytes = Array(text.utf8)[(from - column)..<(to - column)]
                _ = model.draw(String(decoding: bytes, as: UTF8.self), atColumn: from, row: row, style: style, maxWidth: to - from)
            }
        }
        return 0
    }
}
