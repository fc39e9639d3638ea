/// Turns a stream of wheel events into gestures: one page per gesture, so
/// a touchpad swipe (dozens of events) or a spun wheel never turns several.
///
/// A gesture starts with an event after at least ``gap`` seconds without
/// one; the events that follow closer than that belong to it.
///
/// ```swift
/// var wheel = WheelGesture()
/// if wheel.event(at: now) { turn(by: notch < 0 ? 1 : -1) }
/// ```
public struct WheelGesture: Hashable, Sendable, CustomStringConvertible {
    /// The quiet time that ends a gesture, seconds (default 0.25).
    public var gap: Double
    /// When the last event came, seconds.
    public private(set) var lastEvent: Double?

    /// A debouncer ending gestures after `gap` seconds of quiet.
    public init(gap: Double = 0.25) {
        self.gap = gap
    }

    /// Takes an event at `time` seconds; true when it starts a new gesture.
    public mutating func event(at time: Double) -> Bool {
        defer { lastEvent = time }
        guard let last = lastEvent else { return true }
        return time - last >= gap || time < last
    }

    /// A compact, readable form for logs and test failures.
    public var description: String { "WheelGesture(gap \(gap)s, last \(lastEvent.map { "\($0)" } ?? "none"))" }
}

/// How the window moves from one page to the next.
public enum Transition: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Pages slide side by side (the default for photos).
    case slide
    /// The page curls over (the default for books).
    case curl
    /// The next page replaces the last at once (a drag still moves the pages).
    case none

    /// The next one in the `t` key's cycle: slide → curl → none → slide.
    public var next: Transition {
        switch self {
        case .slide: .curl
        case .curl: .none
        case .none: .slide
        }
    }

    /// The option's value: `slide`, `curl` or `none`.
    public var description: String { rawValue }
}
