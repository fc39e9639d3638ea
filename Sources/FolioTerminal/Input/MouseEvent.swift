/// A mouse report: what the mouse did, where, with which modifiers.
///
/// Positions are 0-based cells: `column` 0 is the leftmost column and `row` 0
/// the top row (terminals count from 1; the decoder converts). A report with a
/// position of 0 or below is clamped to 0.
public struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public var action: MouseAction
    /// The column of the cell under the pointer, 0-based.
    public var column: Int
    /// The row of the cell under the pointer, 0-based.
    public var row: Int
    /// The modifiers held (shift, alt, control).
    public var modifiers: KeyModifiers

    /// A mouse report at `column`, `row` (0-based cells).
    public init(_ action: MouseAction, column: Int, row: Int, modifiers: KeyModifiers = []) {
        self.action = action
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }

    /// For example `"Ctrl+press left at 3,4"` (column, row).
    public var description: String { "\(modifiers)\(action) at \(column),\(row)" }
}

/// What a mouse did.
///
/// With drag reporting on (``Terminal/Options/mouse``), a press is followed by
/// `drag` reports while the button is held and the pointer moves to another
/// cell, then a `release`.
public enum MouseAction: Hashable, Sendable, CustomStringConvertible {
    /// A button went down.
    case press(MouseButton)
    /// A button came up.
    case release(MouseButton)
    /// The pointer moved to another cell with the button held.
    case drag(MouseButton)
    /// The pointer moved with no button held (only when the terminal reports all motion).
    case move
    /// One notch of the wheel (each notch is one report).
    case scroll(ScrollDirection)

    /// For example `"press left"`, `"scroll down"`.
    public var description: String {
        switch self {
        case .press(let b): "press \(b)"
        case .release(let b): "release \(b)"
        case .drag(let b): "drag \(b)"
        case .move: "move"
        case .scroll(let d): "scroll \(d)"
        }
    }
}

/// A mouse button.
public enum MouseButton: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The primary (usually left) button.
    case left
    /// The middle button or wheel click.
    case middle
    /// The secondary (usually right) button.
    case right

    /// `"left"`, `"middle"` or `"right"`.
    public var description: String {
        switch self {
        case .left: "left"
        case .middle: "middle"
        case .right: "right"
        }
    }
}

/// The direction of one wheel notch: up and down for a vertical wheel, left and
/// right for a horizontal one (or Shift+wheel in some terminals).
public enum ScrollDirection: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Away from the user: the content moves down, toward the start.
    case up
    /// Toward the user: toward the end.
    case down
    /// Horizontal wheel to the left.
    case left
    /// Horizontal wheel to the right.
    case right

    /// `"up"`, `"down"`, `"left"` or `"right"`.
    public var description: String {
        switch self {
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        }
    }
}
