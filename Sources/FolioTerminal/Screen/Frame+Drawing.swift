import FolioReading

extension Frame {
    /// Draws `text` on one row from `column`, clipped at the right edge and at `maxWidth`, and
    /// returns the columns the text advanced.
    ///
    /// Text is laid out by scalar: a scalar that takes columns (``DisplayWidth``) starts a new
    /// cell, and the zero-width scalars after it (combining marks, variation selectors) join that
    /// cell. Edge cases, all without trapping:
    /// - A wide character that does not fit before the clip is replaced by a space, and drawing stops.
    /// - A wide character straddling the left edge (column −1) leaves a space in column 0.
    /// - Zero-width marks with no character before them in `text` go on a space, which takes a column.
    /// - A control character (C0, DEL) shows as its visible picture (U+2400 + code, ␡); a C1 control
    ///   as U+FFFD. Nothing drawn can move the terminal's cursor.
    /// - A zero-width joiner between two characters that both take columns is dropped: terminals
    ///   disagree on whether such a pair joins into one glyph, and a join would shift every later cell.
    /// - Overwriting half of a wide character blanks its other half (a space in its style).
    /// - A negative `column` clips on the left; a row outside the frame draws nothing.
    ///
    /// - Parameters:
    ///   - text: Any characters; a line, not a paragraph (line breaks show as ␊).
    ///   - column: The first column, any integer (negative clips on the left).
    ///   - row: The row, 0 ..< height.
    ///   - style: The look of every cell drawn.
    ///   - maxWidth: The most columns to use from `column`; a negative value draws nothing.
    /// - Returns: The columns from `column` the text took, clipped ones on the left included, at most
    ///   the room before the clip: draw the next piece at `column + result`.
    ///
    /// ```swift
    /// var frame = Frame(width: 5, height: 1)
    /// let used = frame.draw("ab漢字", atColumn: 0, row: 0)   // 5
    /// frame.line(0)                                         // "ab漢 ": 字 did not fit, a space did
    /// ```
    ///
    /// Cost: O(n log r) for n scalars (r: ranges in the width table); no heap allocation except for
    /// a grapheme of more than 15 UTF-8 bytes or the first few clusters in a fresh frame.
    @discardableResult
    public mutating func draw(_ text: some StringProtocol, atColumn column: Int, row: Int,
                              style: Style = .plain, maxWidth: Int = .max) -> Int {
        let reach = maxWidth <= 0 ? column : column.addingReportingOverflow(maxWidth).overflow ? Int.max : column + maxWidth
        let limit = min(width, reach)
        let drawable = row >= 0 && row < height
        let rowStart = drawable ? row * width : 0
        var x = column
        var last = -1  // the cell that zero-width marks join, -1 for none (clipped or off the frame)
        var stopped = false
        let key = drawable ? self.key(for: style) : .plain
        Frame.forEachCell(in: text) { piece in
            switch piece {
            case .mark(let mark):
                if last >= 0 { attach(mark, at: last) }
                return true
            case .base(let scalar, let columns):
                if stopped { return false }
                if x + columns > limit {
                    // A wide character with one column left: a space there instead, never half of it.
                    if x < limit {
                        if drawable && x >= 0 { place(.blank(key), at: rowStart + x) }
                        x += 1
                    }
                    stopped = true
                    last = -1
                    return true  // swallow this character's marks; the next character stops
                }
                if x >= 0 {
                    if drawable {
                        place(PackedCell(code: scalar.value, width: UInt8(columns), key: key), at: rowStart + x)
                        last = rowStart + x
                    }
                } else {
                    if drawable && x + columns > 0 { place(.blank(key), at: rowStart) }  // right half on screen
                    last = -1
                }
                x += columns
                return true
            }
        }
        return x - column
    }

    /// Draws one laid-out glyph: `scalar` taking `columns` columns (1 or 2;
    /// more for a tab's space) at `column`, `row`, clipped to `clip`; a glyph
    /// of width 0 (a combining mark) joins the character drawn before it.
    ///
    /// The reading layer measures every glyph before it is drawn, so this
    /// neither measures nor re-segments: what the layout counted is what
    /// the frame holds. A wide character that the clip cuts becomes a space;
    /// a zero-width joiner is dropped (terminals disagree on whether it
    /// joins two wide characters into one, which would shift every later
    /// cell). O(columns), no heap allocation for a single scalar.
    public mutating func put(_ scalar: Unicode.Scalar, columns: Int, style: Style, atColumn column: Int, row: Int,
                             clip: Range<Int>) {
        guard row >= 0, row < height else { return }
        let left = max(0, clip.lowerBound), right = min(width, clip.upperBound)
        let rowStart = row * width
        if columns == 0 {
            guard scalar != Frame.zeroWidthJoiner, column - 1 >= left, column - 1 < right else { return }
            var lead = rowStart + column - 1
            if cells[lead].width == 0 && column - 2 >= left { lead -= 1 }
            guard cells[lead].width > 0 else { return }
            attach(scalar, at: lead)
            return
        }
        let from = max(column, left), to = min(column + columns, right)
        guard from < to else { return }
        let key = self.key(for: style)
        if scalar == " " || columns > 2 || column < left || column + columns > right {
            for x in from..<to { place(.blank(key), at: rowStart + x) }
            return
        }
        place(PackedCell(code: scalar.value, width: UInt8(columns), key: key), at: rowStart + column)
    }

    /// Puts printable ASCII `bytes` (spaces included), one cell each, in
    /// `style` from `column` of `row`, inside the columns `clip`: what
    /// ``put(_:columns:style:atColumn:row:clip:)`` does for each byte, in one
    /// pass. O(bytes).
    public mutating func putASCII(_ bytes: UnsafeRawBufferPointer, style: Style, atColumn column: Int, row: Int, clip: Range<Int>) {
        guard row >= 0, row < height else { return }
        let from = max(column, max(0, clip.lowerBound)), to = min(column + bytes.count, min(width, clip.upperBound))
        guard from < to else { return }
        let rowStart = row * width
        var mended = false
        let key = self.key(for: style)
        let template = PackedCell(code: 0, width: 1, key: key)
        cells.withUnsafeMutableBufferPointer { cells in
            // from ..< to lies in the row and in `bytes` (shifted by `column`), so the offsets
            // below stay in bounds and cannot overflow.
            guard let row = cells.baseAddress.map({ $0 + rowStart }), let source = bytes.baseAddress else { return }
            var x = from
            while x < to {
                // A wide character or a cluster underneath needs mending: the careful path below.
                if row[x].width == 1 && !row[x].isCluster {
                    var cell = template
                    cell.code = UInt32(source.load(fromByteOffset: x &- column, as: UInt8.self))
                    row[x] = cell
                } else {
                    mended = true
                }
                x &+= 1
            }
        }
        guard mended else { return }
        for x in from..<to where cells[rowStart + x].code != UInt32(bytes[x - column]) || cells[rowStart + x].key != key
            || cells[rowStart + x].width != 1 {
            place(PackedCell(code: UInt32(bytes[x - column]), width: 1, key: key), at: rowStart + x)
        }
    }

    /// The columns ``draw(_:atColumn:row:style:maxWidth:)`` takes for `text` when nothing clips it.
    ///
    /// Equals `DisplayWidth.columns(of:)` for a string except that zero-width marks at the very
    /// start take one column (they are drawn on a space).
    /// Cost: O(n log r) for n scalars.
    public static func width(of text: some StringProtocol) -> Int {
        var total = 0
        forEachCell(in: text) { piece in
            if case .base(_, let columns) = piece { total += columns }
            return true
        }
        return total
    }

    /// Fills the cells of `columns` × `rows` (clipped to the frame) with `scalar` in `style`.
    ///
    /// The default fills with spaces, e.g. a reverse-video status bar. A wide scalar fills pairs of
    /// columns, and a space the odd column left over; a control fills with its picture and a
    /// zero-width scalar with spaces. Half of a wide character cut by the edge of the area is blanked.
    ///
    /// Cost: O(area), no heap allocation.
    public mutating func fill(columns: Range<Int>, rows: Range<Int>, with scalar: Unicode.Scalar = " ",
                              style: Style = .plain) {
        let left = max(0, columns.lowerBound), right = min(width, columns.upperBound)
        let top = max(0, rows.lowerBound), bottom = min(height, rows.upperBound)
        guard left < right, top < bottom else { return }
        let shown: Unicode.Scalar, columnsEach: Int
        switch DisplayWidth.columns(of: scalar) {
        case nil: (shown, columnsEach) = (Frame.picture(of: scalar), 1)
        case 0: (shown, columnsEach) = (" ", 1)
        case let w?: (shown, columnsEach) = (scalar, w)
        }
        let key = self.key(for: style)
        let cell = PackedCell(code: shown.value, width: UInt8(columnsEach), key: key)
        for row in top..<bottom {
            var column = left
            while column < right {
                if column + columnsEach <= right {
                    place(cell, at: row * width + column)
                    column += columnsEach
                } else {
                    place(.blank(key), at: row * width + column)
                    column += 1
                }
            }
        }
    }

    /// Makes every cell a plain space, keeping the storage for the next frame.
    ///
    /// Cost: O(width × height), no heap allocation.
    public mutating func clear() {
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: .blank()) }
        clusters.removeAll(keepingCapacity: true)
        freeClusters.removeAll(keepingCapacity: true)
        indexedStyles.removeAll(keepingCapacity: true)
        indexedKeys.removeAll(keepingCapacity: true)
    }

    // MARK: - Cells

    /// Puts `cell` (width 1 or 2, fitting in its row) at index `i`, blanking the other half of
    /// any wide character it overwrites part of.
    mutating func place(_ cell: PackedCell, at i: Int) {
        // One column over one column of a single scalar (most of a page): nothing else to mend.
        if cell.width == 1 && cells[i].width == 1 && !cells[i].isCluster {
            cells[i] = cell
            return
        }
        release(i)
        if cell.width == 2 {
            release(i + 1)
            cells[i + 1] = .continuation(cell.key)
        }
        cells[i] = cell
    }

    /// Readies index `i` to be overwritten: a wide character it is half of loses its other half
    /// (a space in its style), and its cluster text goes back to the free list.
    private mutating func release(_ i: Int) {
        let old = cells[i]
        switch old.width {
        case 0:
            let lead = cells[i - 1]
            free(lead)
            cells[i - 1] = .blank(lead.key)
        case 2:
            cells[i + 1] = .blank(cells[i + 1].key)
        default:
            break
        }
        free(old)
        cells[i] = .blank(old.key)
    }

    private mutating func free(_ cell: PackedCell) {
        guard cell.width > 0, cell.isCluster else { return }
        clusters[cell.clusterIndex] = ""
        freeClusters.append(UInt32(cell.clusterIndex))
    }

    /// Adds a zero-width `mark` to the grapheme at index `i`, spilling it to the cluster table.
    mutating func attach(_ mark: Unicode.Scalar, at i: Int) {
        let cell = cells[i]
        if cell.isCluster {
            clusters[cell.clusterIndex].unicodeScalars.append(mark)
            return
        }
        var text = ""
        text.unicodeScalars.append(cell.scalar)
        text.unicodeScalars.append(mark)
        let index: Int
        if let reused = freeClusters.popLast() {
            index = Int(reused)
            clusters[index] = text
        } else {
            index = clusters.count
            clusters.append(text)
        }
        cells[i].code = PackedCell.clusterTag | UInt32(index)
    }

    // MARK: - Scanning text into cells

    /// One step of laying text out in cells.
    enum Piece {
        /// A scalar that starts a cell and takes `columns` (1 or 2) columns.
        case base(Unicode.Scalar, columns: Int)
        /// A zero-width scalar that joins the current cell.
        case mark(Unicode.Scalar)
    }

    /// Walks `text` as cells: controls become pictures, marks with no base get a space, and a
    /// joiner is kept only when another zero-width scalar follows it. `visit` returns false to stop.
    static func forEachCell(in text: some StringProtocol, _ visit: (Piece) -> Bool) {
        var hasBase = false
        var joiner = false
        for scalar in text.unicodeScalars {
            switch DisplayWidth.columns(of: scalar) {
            case nil:
                joiner = false
                hasBase = true
                if !visit(.base(picture(of: scalar), columns: 1)) { return }
            case 0:
                if scalar == zeroWidthJoiner {
                    joiner = hasBase
                    continue
                }
                if !hasBase {
                    hasBase = true
                    if !visit(.base(" ", columns: 1)) { return }
                }
                if joiner {
                    joiner = false
                    if !visit(.mark(zeroWidthJoiner)) { return }
                }
                if !visit(.mark(scalar)) { return }
            case let columns?:
                joiner = false
                hasBase = true
                if !visit(.base(scalar, columns: columns)) { return }
            }
        }
    }

    static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"

    /// The visible stand-in for a control character: U+2400 + code for C0, ␡ for DEL, U+FFFD for C1.
    static func picture(of control: Unicode.Scalar) -> Unicode.Scalar {
        let value = control.value
        if value < 0x20 { return Unicode.Scalar(0x2400 + value) ?? "\u{FFFD}" }
        if value == 0x7F { return "\u{2421}" }
        return "\u{FFFD}"
    }
}
