/// What a tap, scrub or slider change on a page indicator asks the pager to do.
///
/// The indicator never moves the pager itself: the host carries the action
/// out, e.g. with ``Pager/perform(_:animated:at:)``. Pages are page numbers
/// (0-based), never spreads.
public enum IndicatorAction: Hashable, Sendable, CustomStringConvertible {
    /// Go to page `page`, in 0 ..< page count (a tapped dot, a scrub, a slider).
    case goTo(page: Int)
    /// Step `count` pages in reading order: −1 back, +1 forward (a tap beside the current dot).
    case step(by: Int)

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .goTo(let page): "go to page \(page)"
        case .step(let count): count < 0 ? "step \(count)" : "step +\(count)"
        }
    }
}
