import FolioReading
/// A screenful of cells: what the terminal should show, `width × height` cells.
///
/// The reader draws each frame from scratch into a ``Frame`` and hands the
/// previous and the new frame to ``Renderer``, which writes only what changed.
/// Columns and rows count from 0 at the top left; sizes are in terminal cells.
///
/// A frame keeps two invariants whatever is drawn: a cell is a continuation
/// exactly when the cell to its left (same row) is a wide lead, so a wide
/// character is never split and never sits in the last column.
///
/// ```swift
/// var frame = Frame(width: 80, height: 24)
/// frame.draw("Chapter 1", atColumn: 2, row: 0, style: Style(bold: true))
/// frame.fill(columns: 0..<80, rows: 23..<24, style: Style(reverse: true))
/// ```
///
/// Storage is eight bytes per cell: a scalar, its width and its style, which
/// is the cell's own unless it has a 24-bit colour (such styles are kept once
/// each in a side table). A grapheme of more than one scalar (a base and its
/// combining marks) is kept as a `String` in a side table, so drawing plain
/// text never allocates per cell. Reuse a frame with ``clear()``, which keeps
/// its storage.
public struct Frame: Sendable, CustomStringConvertible {
    /// The number of columns, 0 or more.
    public let width: Int
    /// The number of rows, 0 or more.
    public let height: Int
    /// Row-major cells: row `r`, column `c` is at `r * width + c`.
    var cells: [PackedCell]
    /// The text of graphemes of more than one scalar, indexed by `PackedCell.clusterIndex`.
    var clusters: [String] = []
    /// Indices into `clusters` whose cell has been overwritten, ready for reuse.
    var freeClusters: [UInt32] = []
    /// The styles with a 24-bit colour drawn since the last ``clear()``, indexed by `StyleKey.index`, each once.
    var indexedStyles: [Style] = []
    /// The key of each style in `indexedStyles`.
    var indexedKeys: [Style: StyleKey] = [:]

    /// Creates a blank frame (plain spaces). Negative sizes are clamped to 0.
    ///
    /// Cost: O(width × height) time and 8 bytes per cell.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank(), count: self.width * self.height)
    }

    /// The cell at `column`, `row`; positions outside the frame read as ``Cell/blank``.
    ///
    /// Cost: O(1); the text of a cell is a small string (no heap) unless its grapheme
    /// has more than 15 UTF-8 bytes.
    public subscript(column: Int, row: Int) -> Cell {
        guard column >= 0, column < width, row >= 0, row < height else { return .blank }
        let cell = cells[row * width + column]
        return Cell(text: text(of: cell), width: Int(cell.width), style: style(of: cell))
    }

    /// The text of row `row` as plain characters (styles dropped, a wide character once);
    /// "" for a row outside the frame.
    ///
    /// This is also how a reader writes a page when standard output is not a terminal.
    /// Cost: O(width).
    public func line(_ row: Int) -> String {
        guard row >= 0, row < height else { return "" }
        var line = ""
        for column in 0..<width {
            let cell = cells[row * width + column]
            if cell.width > 0 { line += text(of: cell) }
        }
        return line
    }

    /// The size and the rows' text, e.g. `Frame 4×2 ["ab  ", "漢  "]`.
    public var description: String {
        "Frame \(width)×\(height) [" + (0..<height).map { "\"\(line($0))\"" }.joined(separator: ", ") + "]"
    }

    /// Copies the cells now if another frame shares them, rather than at the next write.
    mutating func makeStorageUnique() {
        cells.withUnsafeMutableBufferPointer { _ in }
    }

    /// The text stored for `cell`: "" for a continuation.
    func text(of cell: PackedCell) -> String {
        if cell.width == 0 { return "" }
        if cell.isCluster { return clusters[cell.clusterIndex] }
        return String(Character(cell.scalar))
    }

    /// Whether every cell of `row` is a plain one-column space. O(width).
    func rowIsPlainBlank(_ row: Int) -> Bool {
        cells.withUnsafeBufferPointer { cells in
            // No branch a cell: the renderer asks this of every row of the last frame.
            var difference: UInt64 = 0
            for i in (row * width)..<((row + 1) * width) { difference |= cells[i].plainBlankDifference }
            return difference == 0
        }
    }

    /// Whether `cell` of this frame shows the same as `other` of frame `frame`: equal bits
    /// say so only for cells whose bits hold all they show; others compare their text and
    /// their styles, which the two frames may key differently.
    ///
    /// Cost: O(1) for single-scalar cells, O(length) for clusters.
    @inline(__always)
    func same(_ cell: PackedCell, as other: PackedCell, in frame: Frame) -> Bool {
        if cell == other && cell.isSelfContained { return true }
        guard cell.width == other.width, cell.isCluster == other.isCluster, style(of: cell) == frame.style(of: other) else { return false }
        return cell.isCluster ? clusters[cell.clusterIndex] == frame.clusters[other.clusterIndex] : cell.code == other.code
    }

    /// The key of `style` in this frame: the style itself, or its entry in the table of
    /// 24-bit styles (added the first time). O(1); a table entry allocates once per style.
    @inline(__always)
    mutating func key(for style: Style) -> StyleKey {
        if let key = StyleKey(inline: style) { return key }
        return indexedKey(for: style)
    }

    private mutating func indexedKey(for style: Style) -> StyleKey {
        if let key = indexedKeys[style] { return key }
        // Half a billion styles drawn without a clear (tens of gigabytes of table) would be needed
        // to run out of keys; past that, the plain style rather than a trap.
        guard indexedStyles.count < StyleKey.indexLimit else { return .plain }
        let key = StyleKey(index: indexedStyles.count)
        indexedStyles.append(style)
        indexedKeys[style] = key
        return key
    }

    /// The style of `cell`, a cell of this frame.
    @inline(__always)
    func style(of cell: PackedCell) -> Style {
        let key = cell.key
        return key.isIndexed ? indexedStyles[key.index] : key.inlineStyle
    }
}

extension Frame: Equatable {
    /// Whether two frames have the same size and show the same cells (text, width, style).
    ///
    /// How the text is stored (inline or in the cluster table) does not matter.
    /// Cost: O(width × height).
    public static func == (lhs: Frame, rhs: Frame) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        for i in lhs.cells.indices where !lhs.same(lhs.cells[i], as: rhs.cells[i], in: rhs) { return false }
        return true
    }
}
