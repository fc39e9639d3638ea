/// A single click held back for the double-click interval, so that the
/// first click of a double-click does nothing of its own.
///
/// A click in a photo's outer thirds turns the page, and a double-click
/// anywhere zooms; a click that turned at once would have turned before its
/// second click came. So a single click is held (``hold(x:y:at:)``) and let
/// go when the interval has passed without a second one (``due(at:)``), as
/// phones and image viewers wait to tell a tap from a double tap; the second
/// click of a double-click drops it (``drop()``). A click elsewhere before
/// the interval ends lets the held one go at once (``take()``).
///
/// Times are seconds on the host's clock; points are whatever the host
/// passes (the reading session's page coordinates in the window).
///
/// ```swift
/// var held = HeldClick(interval: 0.5)
/// held.hold(x: 600, y: 200, at: 10)
/// held.due(at: 10.2)   // nil: a second click may still come
/// held.due(at: 10.5)   // (600, 200): a single click, carried out now
/// ```
public struct HeldClick: Hashable, Sendable, CustomStringConvertible {
    /// Whether a click is held, where, and until when.
    public enum State: Hashable, Sendable {
        /// Nothing held.
        case idle
        /// A click at (`x`, `y`), held until `until` seconds.
        case holding(x: Int, y: Int, until: Double)
    }

    /// What is held now.
    public private(set) var state: State = .idle
    /// How long a click is held for a second one to come, seconds (the system's double-click time).
    public let interval: Double

    /// Holds nothing yet; clicks will be held `interval` seconds.
    public init(interval: Double) {
        self.interval = interval
    }

    /// When the held click falls due, seconds; nil when none is held.
    public var deadline: Double? {
        if case .holding(_, _, let until) = state { return until }
        return nil
    }

    /// Holds a click at (`x`, `y`) that ended at `now` seconds (a click held before is replaced).
    public mutating func hold(x: Int, y: Int, at now: Double) {
        state = .holding(x: x, y: y, until: now + interval)
    }

    /// The second click of a double-click came: the held click is dropped.
    public mutating func drop() {
        state = .idle
    }

    /// The held click when its interval has passed at `now` seconds (no longer held then); nil otherwise.
    public mutating func due(at now: Double) -> (x: Int, y: Int)? {
        guard case .holding(let x, let y, let until) = state, now >= until else { return nil }
        state = .idle
        return (x, y)
    }

    /// The held click, let go now (another click began before its interval ended); nil when none is held.
    public mutating func take() -> (x: Int, y: Int)? {
        guard case .holding(let x, let y, _) = state else { return nil }
        state = .idle
        return (x, y)
    }

    /// `held click at 600,200 until 10.5 s`, or `no click held`.
    public var description: String {
        switch state {
        case .idle: "no click held"
        case .holding(let x, let y, let until): "held click at \(x),\(y) until \(until) s"
        }
    }
}
