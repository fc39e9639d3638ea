/// An animated picture's timing: which frame is shown, and when the next one is due.
///
/// The host passes its loop's clock (seconds) to every call, as it does to
/// ``Slideshow``; the playback never reads a clock. A frame is shown for its
/// delay as browsers show a GIF's: a delay under 20 ms (0 included, which old
/// encoders write to mean "as fast as you can") is shown for 100 ms. Each
/// deadline follows the last one, so frames keep their pace on a loop that
/// wakes a little late; a loop that slept through a whole frame shows the next
/// one and counts its delay from then, never a burst. The animation loops for ever.
///
/// ```swift
/// var playback = AnimationPlayback(delays: [0.2, 0, 0.5], at: 10)  // shown for 0.2, 0.1, 0.5 s
/// playback.advance(at: 10.1)   // false: frame 0 until 10.2
/// playback.advance(at: 10.2)   // true: frame 1, the next at 10.3
/// ```
public struct AnimationPlayback: Hashable, Sendable, CustomStringConvertible {
    /// Seconds each frame is shown, each at least ``shortestDelay``.
    public let delays: [Double]
    /// The frame shown, 0 ..< `delays.count`.
    public private(set) var frame = 0
    /// When the next frame is due, seconds on the host's clock.
    public private(set) var deadline: Double

    /// The shortest delay shown as it is: 20 ms.
    public static let shortestDelay = 0.02
    /// What a shorter delay is shown for: 100 ms.
    public static let standInDelay = 0.1

    /// The seconds a frame whose file asks for `seconds` is shown: `seconds`, or ``standInDelay`` when under ``shortestDelay``.
    public static func shownDelay(_ seconds: Double) -> Double {
        seconds < shortestDelay ? standInDelay : seconds
    }

    /// Frame 0 shown from `now` seconds; `delays` are the file's, in seconds, for two frames or more.
    public init(delays: [Double], at now: Double) {
        precondition(delays.count > 1, "an animation has two frames or more")
        self.delays = delays.map(Self.shownDelay)
        deadline = now + self.delays[0]
    }

    /// The number of frames.
    public var count: Int { delays.count }

    /// Whether the next frame is due at `now` seconds; when it is, it becomes ``frame`` and the one after it is due its delay later.
    public mutating func advance(at now: Double) -> Bool {
        guard now >= deadline else { return false }
        frame = (frame + 1) % delays.count
        let next = deadline + delays[frame]
        deadline = next > now ? next : now + delays[frame]
        return true
    }

    /// `frame 2 of 3, next at 10.5 s`.
    public var description: String { "frame \(frame + 1) of \(count), next at \(deadline) s" }
}
