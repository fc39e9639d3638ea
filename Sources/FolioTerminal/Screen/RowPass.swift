import FolioReading
/// Updating one row: what the terminal shows there now and what it must show.
struct RowPass {
    let new: Frame
    /// The frame on screen; `new` itself (never read) when `blank`.
    let old: Frame
    let row: Int
    /// The row shows plain spaces (after erasing the display).
    let blank: Bool
    /// Columns the row was shifted right (negative: left) in the terminal before writing.
    var shift = 0

    private var width: Int { new.width }
    private var base: Int { row * new.width }

    init(new: Frame, old: Frame, row: Int, blank: Bool) {
        self.new = new
        self.old = old
        self.row = row
        self.blank = blank
    }

    /// What the terminal shows at `column` now, nil when no terminal can be relied on there.
    @inline(__always)
    func shown(_ column: Int) -> PackedCell? {
        if blank { return .blank() }
        if shift == 0 { return old.cells[base + column] }
        let source = column - shift
        // Cells shifted in at either edge are plain spaces (the style was reset first).
        guard source >= 0 && source < width else { return .blank() }
        let cell = old.cells[base + source]
        // Half a wide character: its lead was pushed into the last column, or its lead was deleted.
        // (A frame never has a wide lead last or a continuation first, so these cells are rewritten
        // anyway; saying so keeps the rule where the terminal's behaviour is decided.)
        if shift > 0 && column == width - 1 && cell.width == 2 { return nil }
        if shift < 0 && column == 0 && cell.width == 0 { return nil }
        return cell
    }

    /// Whether the lead or single cell at `column` of `new` must be written.
    @inline(__always)
    func changed(_ column: Int) -> Bool {
        let cell = new.cells[base + column]
        // Over a blank row (the first frame) every cell but a plain space is new; a wide
        // character never is one.
        if blank { return !cell.isPlainBlank }
        guard let now = shown(column), new.same(cell, as: now, in: old) else { return true }
        if cell.width == 2 {
            guard let right = shown(column + 1), right.width == 0, old.style(of: right) == new.style(of: cell) else { return true }
        }
        return false
    }

    /// How many more cells of `new` match the old row shifted by `shift` than the old row in place.
    func gain(shiftingBy shift: Int) -> Int {
        var gain = 0
        for column in 0..<width {
            let cell = new.cells[base + column]
            if cell.width == 0 { continue }
            if new.same(cell, as: old.cells[base + column], in: old) { gain -= 1 }
            let source = column - shift
            if source >= 0 && source < width && new.same(cell, as: old.cells[base + source], in: old) { gain += 1 }
        }
        return gain
    }

    /// Writes the changed cells of the row, left to right.
    func write(into out: inout RenderOutput, lastRow: Bool) {
        guard width > 0 else { return }
        // From `blankTail` on, the new row is all plain spaces: erase-in-line can finish it.
        // (Over a blank row nothing needs erasing.)
        var blankTail = width
        while !blank && blankTail > 0 && new.cells[base + blankTail - 1].isPlainBlank { blankTail -= 1 }

        // The bottom-right cell is never printed into (see Renderer): find the cell in the corner
        // and, if it changes and is not a space, the cell before it, written with it afterwards.
        var end = width
        var corner = -1
        if lastRow {
            let cornerLead = new.cells[base + width - 1].width == 0 ? width - 2 : width - 1
            if changed(cornerLead) {
                if new.cells[base + cornerLead].isPlainBlank {
                    (corner, end) = (cornerLead, cornerLead)
                } else if cornerLead > 0 {
                    corner = cornerLead
                    end = cornerLead - (new.cells[base + cornerLead - 1].width == 0 ? 2 : 1)
                }
                // else a frame too narrow for the technique: the loop prints into the corner.
            }
        }

        var column = 0
        var tryErase = true
        if blank {
            writeOverBlank(upTo: end, into: &out)
            column = end
        }
        var erased = false
        new.cells.withUnsafeBufferPointer { newCells in
            old.cells.withUnsafeBufferPointer { oldCells in
                let rowCells = UnsafeBufferPointer(rebasing: newCells[base..<(base + width)])
                while column < end {
                    let cell = newCells[base + column]
                    // In place, a one-column cell whose bits say all it shows (no cluster or style kept
                    // apart in its frame's tables) equal to the one shown is unchanged.
                    if shift == 0 && cell.width == 1 && cell.isSelfContained && cell == oldCells[base + column] {
                        column += 1
                        continue
                    }
                    if cell.width == 0 || !changed(column) {
                        column += max(1, Int(cell.width))
                        continue
                    }
                    if column >= blankTail && tryErase {
                        tryErase = false
                        if erasingIsShorter(from: column) {
                            out.move(toRow: row, column: column)
                            out.setStyle(.plain)
                            out.append("\u{1B}[K")
                            erased = true
                            return
                        }
                    }
                    if !reprint(upTo: column, of: rowCells, into: &out) { out.move(toRow: row, column: column) }
                    out.setStyle(new.style(of: cell))
                    out.print(cell, of: new)
                    column += Int(cell.width)
                }
            }
        }
        if erased { return }
        guard corner >= 0 else { return }
        let last = new.cells[base + corner]
        if last.isPlainBlank {
            out.move(toRow: row, column: corner)
            out.setStyle(.plain)
            out.append("\u{1B}[K")
            return
        }
        // Print the corner cell where the cell before it goes, step back, insert that cell's
        // width of blanks (pushing the corner cell into the corner), and print the cell before.
        let before = new.cells[base + end]
        out.move(toRow: row, column: end)
        out.setStyle(new.style(of: last))
        out.print(last, of: new)
        out.relative(Int(last.width), UInt8(ascii: "D"))
        out.relative(Int(before.width), UInt8(ascii: "@"))
        out.column = end
        out.setStyle(new.style(of: before))
        out.print(before, of: new)
    }

    /// The cells before `end` over a blank row (the first frame): every cell
    /// but a plain space printed, with the moves, reprints and styles the
    /// general loop would choose, in one pass over the row's cells.
    private func writeOverBlank(upTo end: Int, into out: inout RenderOutput) {
        new.cells.withUnsafeBufferPointer { all in
            let cells = UnsafeBufferPointer(rebasing: all[base..<(base + width)])
            var column = 0
            while column < end {
                // Plain spaces (what the erased row shows) in a loop of their own: a page's margins
                // and line ends are much of a row. A continuation was printed with its lead.
                column = PackedCell.plainBlankRunEnd(in: cells, from: column, to: end)
                guard column < end else { break }
                let cell = cells[column]
                if cell.width == 0 {
                    column += 1
                    continue
                }
                if !reprint(upTo: column, of: cells, into: &out) { out.move(toRow: row, column: column) }
                out.setStyle(new.style(of: cell))
                if cell.code < 0x80 && cell.width == 1 {
                    let stop = asciiRunEnd(from: column, upTo: end, of: cells)
                    out.printASCII(UnsafeBufferPointer(rebasing: cells[column..<stop]))
                    column = stop
                    continue
                }
                out.print(cell, of: new)
                column += Int(cell.width)
            }
        }
    }

    /// Where the run of one-column ASCII cells in the style of the cell at `start`
    /// ends, before `end`: the cells the cell-by-cell loop would print one by one,
    /// with the gaps of plain blanks between them that ``reprint(upTo:of:into:)``
    /// would print rather than move over. The run ends on a printed cell.
    @inline(__always)
    private func asciiRunEnd(from start: Int, upTo end: Int, of cells: UnsafeBufferPointer<PackedCell>) -> Int {
        let run = PackedCell.ASCIIRun(first: cells[start])
        let isPlain = cells[start].key == .plain
        var stop = start + 1
        while stop < end {
            if run.joins(cells[stop]) { stop += 1; continue }
            // A gap of plain blanks, printed when it costs no more bytes than a move over it.
            guard isPlain, cells[stop].isPlainBlank else { break }
            var after = stop + 1
            while after < end && cells[after].isPlainBlank { after += 1 }
            let gap = after - stop
            guard after < end, gap <= RenderOutput.relativeCost(gap), run.joins(cells[after]) else { break }
            stop = after + 1
        }
        return stop
    }

    /// Reprints the cells from the cursor up to `column` when they share the
    /// cursor's style and take fewer bytes than a move there; false when a move is better.
    @inline(__always)
    private func reprint(upTo column: Int, of cells: UnsafeBufferPointer<PackedCell>, into out: inout RenderOutput) -> Bool {
        guard out.row == row, out.column >= 0, out.column < column, let style = out.style else { return out.row == row && out.column == column }
        let moveCost = RenderOutput.relativeCost(column - out.column)
        var cost = 0
        for c in out.column..<column {
            let cell = cells[c]
            guard new.style(of: cell) == style else { return false }
            if cell.width > 0 { cost += RenderOutput.textCost(cell, of: new) }
            if cost > moveCost { return false }
        }
        for c in out.column..<column where cells[c].width > 0 { out.print(cells[c], of: new) }
        return true
    }

    /// Whether erasing to the end of the line beats writing the changed spaces from `column` on:
    /// it does from three changed cells, or two apart (each write costs a byte, a move three).
    private func erasingIsShorter(from column: Int) -> Bool {
        var changes = 0
        var runs = 0
        var previous = false
        for c in column..<width {
            let now = new.cells[base + c].width > 0 && changed(c)
            if now {
                changes += 1
                if !previous { runs += 1 }
                if changes >= 3 || runs >= 2 { return true }
            }
            previous = now
        }
        return false
    }
}
