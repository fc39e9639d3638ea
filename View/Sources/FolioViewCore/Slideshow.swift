/// A slideshow's timing: whether it runs, and when the next photo is due.
///
/// The host passes its loop's clock (seconds) to every call, so a test moves
/// time as it likes; the slideshow never reads a clock. When a photo falls
/// due (``advance(at:)`` returns true) the next is due ``interval`` seconds
/// after that moment, not after the missed deadline: a loop that slept late
/// shows one photo, never a burst.
///
/// ```swift
/// var show = Slideshow(interval: 4)
/// show.toggle(at: 100)     // running: the next photo at 104
/// show.advance(at: 103)    // false
/// show.advance(at: 104)    // true: turn, the next at 108
/// show.stop()
/// ```
public struct Slideshow: Hashable, Sendable, CustomStringConvertible {
    /// Whether it runs.
    public enum State: Hashable, Sendable {
        /// Not running.
        case stopped
        /// Running: the next photo is due at `next` seconds.
        case running(next: Double)
    }

    /// Whether it runs, and when the next photo is due.
    public private(set) var state: State = .stopped
    /// Seconds each photo is shown, more than 0.
    public let interval: Double

    /// A stopped slideshow showing each photo `interval` seconds (more than 0).
    public init(interval: Double = 4) {
        precondition(interval > 0, "a slideshow's interval is more than 0 seconds")
        self.interval = interval
    }

    /// Whether it runs.
    public var isRunning: Bool { state != .stopped }

    /// When the next photo is due, seconds; nil when stopped.
    public var deadline: Double? {
        if case .running(let next) = state { return next }
        return nil
    }

    /// Starts at `now` seconds (the next photo an interval later), or restarts the interval.
    public mutating func start(at now: Double) {
        state = .running(next: now + interval)
    }

    /// Stops.
    public mutating func stop() {
        state = .stopped
    }

    /// Starts when stopped, stops when running.
    public mutating func toggle(at now: Double) {
        if isRunning { stop() } else { start(at: now) }
    }

    /// Whether the next photo is due at `now` seconds; when it is, the one after is due an interval from `now`.
    public mutating func advance(at now: Double) -> Bool {
        guard case .running(let next) = state, now >= next else { return false }
        state = .running(next: now + interval)
        return true
    }

    /// `slideshow every 4.0 s, next at 104.0 s`, or `slideshow stopped`.
    public var description: String {
        switch state {
        case .stopped: "slideshow stopped"
        case .running(let next): "slideshow every \(interval) s, next at \(next) s"
        }
    }
}
