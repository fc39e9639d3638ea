import FolioReading
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
    /// A row is shifted in the terminal when that leaves this many more cells in place: a shift
    /// costs up to about 14 bytes (a move, a style reset, `CSI n @`), a cell kept saves one or more.
    static let cellsWorthAShift = 12

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
        render(from: old, to: new, horizontalShift: horizontalShift, into: &output, flushingEvery: .max) { _ in }
    }

    /// Like ``render(from:to:horizontalShift:into:)``, but hands `output` to `flush` whenever a
    /// row leaves `threshold` bytes or more in it, then empties it: a host writes the top of a
    /// big frame (a first screen, a page turn) while the rest is rendered, and the terminal reads
    /// it meanwhile. What is left at the end stays in `output`; the concatenation of the pieces
    /// and the rest is exactly what the unflushed render appends. Nothing is flushed when nothing
    /// changed, and a synchronized update spans the pieces.
    ///
    /// ```swift
    /// try renderer.render(from: shown, to: next, into: &output, flushingEvery: 1536) { try terminal.write($0) }
    /// try terminal.write(output)
    /// ```
    public func render(from old: Frame?, to new: Frame, horizontalShift: Int = 0, into output: inout [UInt8],
                       flushingEvery threshold: Int, _ flush: ([UInt8]) throws -> Void) rethrows {
        let previous = old.flatMap { $0.width == new.width && $0.height == new.height ? $0 : nil }
        var out = RenderOutput(width: new.width)
        swap(&out.bytes, &output)
        defer { swap(&out.bytes, &output) }
        let start = out.bytes.count
        if synchronizedUpdates { out.append("\u{1B}[?2026h") }
        let body = out.bytes.count
        var flushed = false
        if previous == nil {
            // A whole screen: about a byte a cell, room made once rather than by doubling.
            out.bytes.reserveCapacity(out.bytes.count + new.width * new.height + 256)
            out.append("\u{1B}[?25l\u{1B}[0m\u{1B}[2J")
            out.style = .plain
        }
        let shift = previous != nil && horizontalShift > -new.width && horizontalShift < new.width ? horizontalShift : 0
        for row in 0..<new.height {
            // A row of plain spaces on screen (all of them after erasing the display; the rows of
            // an empty screen drawn before a stream's first bytes) is written over in one pass.
            let blank = previous.map { $0.rowIsPlainBlank(row) } ?? true
            var pass = RowPass(new: new, old: previous ?? new, row: row, blank: blank)
            if shift != 0 && !blank && pass.gain(shiftingBy: shift) > Self.cellsWorthAShift {
                out.move(toRow: row, column: 0)
                out.setStyle(.plain)  // so the cells shifted in are plain spaces everywhere
                out.relative(abs(shift), shift > 0 ? UInt8(ascii: "@") : UInt8(ascii: "P"))
                pass.shift = shift
            }
            pass.write(into: &out, lastRow: row == new.height - 1)
            // (Only past the wrapper and something more, so an unchanged frame stays silent.)
            if out.bytes.count >= threshold && out.bytes.count > body {
                try flush(out.bytes)
                out.bytes.removeAll(keepingCapacity: true)
                flushed = true
            }
        }
        if !flushed && previous != nil && out.bytes.count == body {
            // Array's own removeAll when the buffer held nothing before (the usual case): the
            // range-removing methods are generic over RangeReplaceableCollection, and in an
            // unoptimised build each call looks up a witness table, which allocates.
            if start == 0 {
                out.bytes.removeAll(keepingCapacity: true)
            } else {
                out.bytes.removeSubrange(start..<out.bytes.count)
            }
            return
        }
        out.setStyle(.plain)
        out.append("\u{1B}[H")
        if synchronizedUpdates { out.append("\u{1B}[?2026l") }
    }
}
