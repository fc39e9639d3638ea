/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// Columns (cells across), 1 or more.
    public var columns: Int
    /// Rows (lines down), 1 or more.
    public var rows: Int

    /// A size of `columns` × `rows` cells; values below 1 are clamped to 1.
    public init(columns: Int, rows: Int) {
        self.columns = max(columns, 1)
        self.rows = max(rows, 1)
    }

    /// For example `"80×24"` (columns × rows).
    public var description: String { "\(columns)×\(rows)" }
}
