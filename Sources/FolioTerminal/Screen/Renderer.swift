/// Turns the screen showing one ``Frame`` into the next with as few bytes as it can find.
///
/// The output is ANSI/ECMA-48 for any xterm-compatible terminal:
/// - wrapped in synchronized-update mode (`CSI ? 2026 h` … `CSI ? 2026 l`), so a terminal
///   that supports it shows the frame at once and others ignore it;
/// - from no previous frame (the first frame, after a resize, or when sizes differ): hide the
///   cursor, reset the style, erase the display (`CSI 2 J`), then paint every cell that is not a
///   plain space;
/// - otherwise only the cells that differ. A run of unchanged cells is skipped with the shortest
///   cursor move (`CSI r;c H`, or relative `C`, `E`, `B`, `D`), or reprinted when that is shorter;
///   a row whose remaining cells are all plain spaces is cut with erase-in-line (`CSI K`);
/// - a style change is one SGR sequence, reset + set only when an attribute is taken away;
/// - a wide character is written once, at its left cell;
/// - the frame ends with the style reset and the cursor at the top left (`CSI H`), hidden.
///
/// Nothing scrolls: the bottom-right cell is never printed into (printing there would scroll a
/// terminal without a deferred wrap). When it changes, it is erased with `CSI K` if it becomes a
/// plain space; otherwise its text is printed one cell to the left, the cursor steps back, insert
/// character (`CSI @`) pushes it into the corner, and the cell before it is printed into the gap —
/// the technique curses uses. Only a frame one cell wide (or two, with a wide character in the
/// corner) prints into the corner itself, relying on the deferred wrap every current terminal has.
///
/// A diff assumes the screen shows `old` and the cursor is hidden (as the previous render left it);
/// it does not assume where the cursor is or which style is set. When nothing changed the output is
/// empty: not even the synchronized-update wrapper.
///
/// ```swift
/// let renderer = Renderer()
/// var shown: Frame? = nil                   // nil: first frame, or after a resize
/// var output: [UInt8] = []
/// renderer.render(from: shown, to: next, into: &output)
/// terminal.write(output)
/// shown = next
/// ```
///
/// Cost: O(width × height) per render, with at most two cell comparisons per cell (three on rows
/// tried for a horizontal shift), plus the bytes written. ``render(from:to:horizontalShift:into:)``
/// allocates nothing once `output` has the capacity.
public struct Renderer: Sendable, CustomStringConvertible {
    /// Whether to wrap each frame in synchronized-update mode (DEC private mode 2026). Default on.
    public var synchronizedUpdates: Bool

    /// Creates a renderer.
    public init(synchronizedUpdates: Bool = true) {
        self.synchronizedUpdates = synchronizedUpdates
    }

    /// The options in words.
    public var description: String {
        synchronizedUpdates ? "Renderer (synchronized updates)" : "Renderer"
    }

    /// The bytes that turn a screen showing `old` into `new` (nil or another size: repaint everything).
    ///
    /// - Parameter horizontalShift: A hint: the columns the content moved right since `old`
    ///   (negative: left), e.g. during a horizontal drag. Rows that are cheaper to update that way are
    ///   first shifted in the terminal with insert/delete character (`CSI n @`, `CSI n P`) at
    ///   column 0, then patched. 0 (the default) tries no shift.
    /// - Returns: The bytes to write, empty when nothing changed.
    ///
    /// Cost: O(width × height) plus the bytes written, one array allocation.
    public func render(from old: Frame?, to new: Frame, horizontalShift: Int = 0) -> [UInt8] {
        var output: [UInt8] = []
        render(from: old, to: new, horizontalShift: horizontalShift, into: &output)
        return output
    }

    /// Appends to `output` the bytes that turn a screen showing `old` into `new`.
    ///
    /// Same as ``render(from:to:horizontalShift:)``; reusing `output` (`removeAll(keepingCapacity:)`)
    /// makes a render allocate nothing. Nothing is appended when nothing changed.
    public func render(from old: Frame?, to new: Frame, horizontalShift: Int = 0, into output: inout [UInt8]) {
        let previous = old.flatMap { $0.width == new.width && $0.height == new.height ? $0 : nil }
        var out = RenderOutput(width: new.width)
        swap(&out.bytes, &output)
        defer { swap(&out.bytes, &output) }
        let start = out.bytes.count
        if synchronizedUpdates { out.append("\u{1B}[?2026h") }
        let body = out.bytes.count
        if previous == nil {
            out.append("\u{1B}[?25l\u{1B}[0m\u{1B}[2J")
            out.style = .plain
        }
        let shift = previous != nil && horizontalShift > -new.width && horizontalShift < new.width ? horizontalShift : 0
        for row in 0..<new.height {
            var pass = RowPass(new: new, old: previous ?? new, row: row, blank: previous == nil)
            if shift != 0 && pass.gain(shiftingBy: shift) > 12 {
                out.move(toRow: row, column: 0)
                out.setStyle(.plain)  // so the cells shifted in are plain spaces everywhere
                out.relative(abs(shift), shift > 0 ? UInt8(ascii: "@") : UInt8(ascii: "P"))
                pass.shift = shift
            }
            pass.write(into: &out, lastRow: row == new.height - 1)
        }
        if previous != nil && out.bytes.count == body {
            out.bytes.removeSubrange(start...)
            return
        }
        out.setStyle(.plain)
        out.append("\u{1B}[H")
        if synchronizedUpdates { out.append("\u{1B}[?2026l") }
    }
}

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
        guard let now = shown(column), new.same(cell, as: now, in: old) else { return true }
        if cell.width == 2 {
            guard let right = shown(column + 1), right.width == 0, right.style == cell.style else { return true }
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
        var blankTail = width
        while blankTail > 0 && new.cells[base + blankTail - 1].isPlainBlank { blankTail -= 1 }

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
        while column < end {
            let cell = new.cells[base + column]
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
                    return
                }
            }
            moveOrReprint(to: column, &out)
            out.setStyle(cell.style)
            out.print(cell, of: new)
            column += Int(cell.width)
        }
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
        out.setStyle(last.style)
        out.print(last, of: new)
        out.relative(Int(last.width), UInt8(ascii: "D"))
        out.relative(Int(before.width), UInt8(ascii: "@"))
        out.column = end
        out.setStyle(before.style)
        out.print(before, of: new)
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

    /// Brings the cursor to `column` of this row: reprints the unchanged cells before it when
    /// that takes fewer bytes than a move (same style, e.g. the space between two words).
    private func moveOrReprint(to column: Int, _ out: inout RenderOutput) {
        if out.row == row && out.column >= 0 && out.column < column, let style = out.style {
            let moveCost = RenderOutput.relativeCost(column - out.column)
            var cost = 0
            var c = out.column
            while c < column && cost <= moveCost {
                let cell = new.cells[base + c]
                if cell.style != style { cost = .max; break }
                if cell.width > 0 { cost += RenderOutput.textCost(cell, of: new) }
                c += 1
            }
            if cost <= moveCost {
                for c in out.column..<column where new.cells[base + c].width > 0 {
                    out.print(new.cells[base + c], of: new)
                }
                return
            }
        }
        out.move(toRow: row, column: column)
    }
}
