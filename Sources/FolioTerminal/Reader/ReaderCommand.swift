/// What the reader is asked to do: the terminal's keys and mouse, already
/// decoded and bound (see ``KeyBindings``), plus time and size.
public enum ReaderCommand: Hashable, Sendable {
    /// Turn forward or back by `spreads` (keys, wheel, edge clicks).
    case turn(Int)
    /// The first or the last page.
    case first, last
    /// Page `page` (0-based).
    case goToPage(Int)
    /// A percentage of the document, 0…100, by bytes.
    case goToPercent(Double)
    /// Search forward for `text` from the current page.
    case search(String)
    /// The next or previous match.
    case searchNext, searchPrevious
    /// Toggle right-to-left, vertical, or the help screen.
    case toggleRightToLeft, toggleVertical, toggleHelp
    /// A mouse click at a cell (0-based column, row).
    case click(column: Int, row: Int)
    /// A mouse drag: pressed, moved, released at a cell, at a time in seconds.
    case dragBegan(column: Int, row: Int, time: Double)
    case dragMoved(column: Int, row: Int, time: Double)
    case dragEnded(column: Int, row: Int, time: Double)
    /// The terminal is now `columns` × `rows`.
    case resize(columns: Int, rows: Int)
    /// Time passed (seconds on a monotonic clock): animations and background work advance.
    case tick(Double)
}
