/// Which way a page turn goes in page order.
public enum TurnDirection: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Toward lower page numbers.
    case backward
    /// No turn: the target page is already on screen.
    case stay
    /// Toward higher page numbers.
    case forward

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .backward: "backward"
        case .stay: "stay"
        case .forward: "forward"
        }
    }
}
