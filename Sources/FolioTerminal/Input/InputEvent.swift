/// One thing the user did at the terminal: a key, a mouse report, or a resize.
///
/// ``InputDecoder`` produces keys and mouse reports from the bytes a terminal
/// sends; ``Terminal/read(timeout:)`` adds `resize` when the window changed size.
///
/// ```swift
/// switch event {
/// case .key(.character("q"), modifiers: []), .key(.character("c"), modifiers: .control): quit()
/// case .key(.pageDown, _), .key(.character(" "), modifiers: []): nextPage()
/// case .mouse(let m) where m.action == .scroll(.down): nextPage()
/// case .resize(let size): relayout(size)
/// default: break
/// }
/// ```
public enum InputEvent: Hashable, Sendable, CustomStringConvertible {
    /// A key, with the modifiers held.
    case key(Key, modifiers: KeyModifiers = [])
    /// A mouse report (press, release, drag, wheel).
    case mouse(MouseEvent)
    /// The terminal is now `size` (columns × rows). Only ``Terminal`` reports it.
    case resize(TerminalSize)
    /// The program was stopped (Ctrl-Z) and continued (`fg`): the terminal is
    /// in raw mode again, `size` big, and its screen holds whatever the shell
    /// left, so everything must be drawn again. Only ``Terminal`` reports it.
    case resumed(TerminalSize)

    /// For example `"key Ctrl+c"`, `"mouse press left at 3,4"`, `"resize 80×24"`.
    public var description: String {
        switch self {
        case .key(let key, let modifiers): "key \(modifiers)\(key)"
        case .mouse(let m): "mouse \(m)"
        case .resize(let size): "resize \(size)"
        case .resumed(let size): "resumed \(size)"
        }
    }
}
