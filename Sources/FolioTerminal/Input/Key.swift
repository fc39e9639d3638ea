/// A key on the keyboard, as a terminal reports it.
///
/// Printable keys come as ``character(_:)`` with the character the terminal
/// sent: Shift is already applied (`"A"`, not Shift+`"a"`), and a control
/// letter is the lower-case letter with ``KeyModifiers/control``
/// (Ctrl-C is `.character("c")` with `.control`). Keys a terminal sends as a
/// control code have their own cases: Ctrl-M and Ctrl-J are ``enter``,
/// Ctrl-I is ``tab``, Ctrl-H and DEL are ``backspace``, Ctrl-[ is ``escape``.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character: one Unicode scalar (a combining mark comes as its
    /// own key), U+FFFD for bytes that are not valid UTF-8.
    case character(Character)
    /// Return or Enter (CR or LF).
    case enter
    /// Tab; Shift+Tab comes as `tab` with ``KeyModifiers/shift``.
    case tab
    /// Backspace (DEL or BS).
    case backspace
    /// Escape pressed on its own (see ``InputDecoder/flush()``).
    case escape
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// Delete (forward delete).
    case delete
    /// A function key, F1…F20.
    case function(Int)

    /// The key's name as a keyboard shows it: `"q"`, `"Enter"`, `"PgUp"`, `"F5"`.
    public var description: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .enter: "Enter"
        case .tab: "Tab"
        case .backspace: "Backspace"
        case .escape: "Esc"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .insert: "Insert"
        case .delete: "Delete"
        case .function(let n): "F\(n)"
        }
    }
}
