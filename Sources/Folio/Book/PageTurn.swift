/// A page turn: the spread on screen, the spread to show, and which way the
/// turn goes in page order and on screen.
///
/// Made by ``Book/turn(from:to:)``. `screenDirection` is the side of the
/// screen the turning page travels toward — in a left-to-right book a
/// forward turn lifts the right-hand page and carries it to the left, so
/// forward is `.left`; a right-to-left book mirrors this (forward is
/// `.right`); vertical books turn toward `.top` (forward, top-to-bottom) or
/// `.bottom`. A host that scrolls rather than curls moves the content the
/// same way.
public struct PageTurn: Hashable, Sendable, CustomStringConvertible {
    /// The spread shown before the turn.
    public let from: Spread
    /// The spread to show: the one containing the target page.
    public let to: Spread
    /// Forward or backward in page order, or `.stay` when `to` is `from`.
    public let direction: TurnDirection
    /// The side of the screen the turning page travels toward; nil when staying.
    public let screenDirection: ScreenSide?

    /// A turn from `from` to `to` in a book read in `orientation`.
    init(from: Spread, to: Spread, orientation: Orientation) {
        self.from = from
        self.to = to
        if to.index > from.index {
            direction = .forward
            screenDirection = orientation.leadingSide
        } else if to.index < from.index {
            direction = .backward
            screenDirection = orientation.trailingSide
        } else {
            direction = .stay
            screenDirection = nil
        }
    }

    /// A compact, readable form for logs and test failures.
    public var description: String {
        guard let screenDirection else { return "stay on \(from)" }
        return "\(from) → \(to), \(direction) toward the \(screenDirection)"
    }
}
