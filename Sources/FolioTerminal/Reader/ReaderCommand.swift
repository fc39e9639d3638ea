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
    /// The left button went down at a cell (0-based), at `time` seconds.
    case dragBegan(column: Int, row: Int, time: Double)
    /// The pointer moved with the button down; the pages follow along the axis.
    case dragMoved(column: Int, row: Int, time: Double)
    /// The button came up: a drag settles with the engine's physics, a press without motion is a click.
    case dragEnded(column: Int, row: Int, time: Double)
    /// The terminal is now `columns` × `rows`.
    case resize(columns: Int, rows: Int)
    /// Time passed (seconds on a monotonic clock): animations and background work advance.
    case tick(Double)
}
