import CSDL2

/// What the event loop drives: a photo pager or a book.
@MainActor
public protocol Scene: AnyObject {
    /// Takes one SDL event at `now` seconds.
    func handle(_ event: SDL_Event, at now: Double)
    /// Advances animations to `now` seconds (called once per frame while ``isAnimating``).
    func tick(at now: Double)
    /// Draws a frame (not presented).
    func draw()
    /// Whether something moves: the loop runs at the frame rate; otherwise it sleeps until an event.
    var isAnimating: Bool { get }
    /// Whether the scene changed since the last frame.
    var needsDraw: Bool { get set }
    /// Whether the user asked to leave.
    var wantsQuit: Bool { get }
    /// When, in seconds on the loop's clock, the scene wants a ``tick(at:)`` while nothing moves
    /// (a slideshow's next photo, a held click, a GIF's next frame); nil: not until an event.
    var wakeTime: Double? { get }
}

extension Scene {
    /// Never: the scene wakes for events alone.
    public var wakeTime: Double? { nil }
}

/// The main loop: events in, frames out; 60 frames a second at most while
/// something moves, and no CPU while nothing does (it blocks in `SDL_WaitEvent`,
/// or until the scene's ``Scene/wakeTime``).
@MainActor
public struct EventLoop {
    /// Where frames go.
    public let screen: Screen
    /// The clock, seconds (``ticks()`` by default), injected so tests and traces agree.
    public let clock: () -> Double
    /// Called after each frame is drawn, before it is shown (a frame dump, a trace).
    public var afterDraw: (() -> Void)?
    /// Called with the seconds each frame took to draw and show, when set.
    public var frameTimed: ((Double) -> Void)?
    /// Whether each frame is only cleared and shown, the scene not drawn (`--empty-frames`): with
    /// ``frameTimed``, the floor of the frame times, the same input moving the same session.
    public var drawsEmptyFrames = false

    /// A loop drawing into `screen` with time from `clock`.
    public init(screen: Screen, clock: @escaping () -> Double = EventLoop.ticks) {
        self.screen = screen
        self.clock = clock
    }

    /// Seconds on SDL's high-resolution monotonic clock (`SDL_GetPerformanceCounter`; `SDL_GetTicks64` counts whole milliseconds).
    nonisolated public static func ticks() -> Double { Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency()) }

    /// Runs `scene` until it asks to quit.
    public func run(_ scene: some Scene) {
        let frame = 1.0 / 60
        var lastFrame = -1.0, lastTick = -1.0
        while !scene.wantsQuit {
            if scene.needsDraw {
                let begin = clock()
                if drawsEmptyFrames { screen.clear(0, 0, 0) } else { scene.draw() }
                afterDraw?()
                screen.present()
                if let frameTimed { SDL_RenderFlush(screen.renderer); frameTimed(clock() - begin) }
                scene.needsDraw = false
                lastFrame = clock()
                if scene.wantsQuit { break }  // asked during the frame (--exit-after-first-frame): do not wait for an event
            }
            var event = SDL_Event()
            if scene.isAnimating {
                let wait = max(0, lastFrame + frame - clock())
                if SDL_WaitEventTimeout(&event, Int32((wait * 1000).rounded(.up))) != 0 { scene.handle(event, at: clock()) }
            } else if let wake = scene.wakeTime {
                let wait = max(0, wake - clock())
                if SDL_WaitEventTimeout(&event, Int32(min(wait * 1000, 60_000).rounded(.up))) != 0 { scene.handle(event, at: clock()) }
            } else if SDL_WaitEvent(&event) != 0 {
                scene.handle(event, at: clock())
            }
            while !scene.wantsQuit, SDL_PollEvent(&event) != 0 { scene.handle(event, at: clock()) }
            // The animation moves a frame's time on since its last step, even while events (pictures
            // coming in) keep drawing frames between: a busy queue cannot freeze a turn.
            // The scene says whether the turn changed what is shown: background work alone draws nothing.
            if scene.isAnimating, clock() >= min(lastFrame, lastTick) + frame - 0.002 {
                lastTick = clock()
                scene.tick(at: lastTick)
            } else if !scene.isAnimating, let wake = scene.wakeTime, clock() >= wake {
                scene.tick(at: clock())
            }
        }
    }
}
