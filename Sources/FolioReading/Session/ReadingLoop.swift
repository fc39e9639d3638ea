/// The loop every host runs around a ``ReadingSession``: input in, then a
/// turn that advances the motion a frame at a time and gives background work
/// a slice sized to the frame, then a wait for input no longer than the
/// session allows.
///
/// The terminal reader and the window both run it, and so do the liveness
/// tests, with a manual clock: whatever a host does between turns (drawing,
/// reading a pipe), the scheduling of the session is this one piece of code.
/// Its rule: after a turn, ``timeout(now:)`` is nil — the host may sleep
/// until input comes — only when nothing moves and no background work can go
/// on; otherwise the next turn comes within a frame, or at once while work is
/// left. Following a file (`F`) the host sleeps at most
/// ``ReadingSession/followPollInterval``: each turn looks at the file, whose
/// growth wakes no one (a stream's does: the host watches its descriptor).
/// Together with ``BackgroundWork``'s rule (a slice advances every task that
/// can go on) every wait ends: in its result, a "not found", or the reader's
/// key.
///
/// ```swift
/// var loop = ReadingLoop(ReadingSession(document: doc, measurer: CellMeasurer(), viewport: area))
/// while !quit {
///     apply(loop.turn(at: clock(), clock: clock))    // motion and a slice of work
///     draw(loop.session)                             // if the effects asked for it
///     for event in read(timeout: loop.timeout(now: clock())) {
///         apply(loop.handle(command(for: event), at: clock()))
///     }
/// }
/// ```
public struct ReadingLoop: CustomStringConvertible {
    /// The session driven: hosts draw from it and send it input through the loop (a test may
    /// set its properties directly). While a filter (`&pattern`) is shown, the one over the kept
    /// lines; ``wholeSession`` is the whole text's.
    public var session: ReadingSession
    /// The background work's slice, learned from how long slices take.
    public var budget = WorkBudget()
    /// When the motion was last advanced, in seconds; nil before the first tick.
    public private(set) var lastTick: Double?
    /// A line filter shown (`&pattern`): the whole text's session aside, the scan, the landing.
    var filter: FilterState?
    /// A document waiting to take the session's place (``adopt(_:showingPart:)``).
    var adoption: Adoption?

    /// The time between frames while something moves, in seconds (60 frames a second).
    public static let frameInterval = 1.0 / 60
    /// How early a tick may come before its frame is due, in seconds: a wake-up a little
    /// early draws the frame rather than waiting a whole frame more.
    public static let tickSlack = 0.002

    /// A loop around `session`.
    public init(_ session: ReadingSession) {
        self.session = session
    }

    // MARK: Input

    /// Carries out `command` at `time` (see ``ReadingSession/handle(_:at:)``).
    public mutating func handle(_ command: ReadingCommand, at time: Double) -> [SessionEffect] {
        if case .resize = command { return carryOut(session.handle(command, at: time), at: time) }
        return carryOut(reading { $0.handle(command, at: time) }, at: time)
    }

    /// Carries out `key` at `time` (see ``ReadingSession/handle(key:at:)``).
    public mutating func handle(key: ReadingKey, at time: Double) -> [SessionEffect] {
        carryOut(reading { $0.handle(key: key, at: time) }, at: time)
    }

    /// Reads up to `limit` bytes of the document's stream through `fill` (see
    /// ``ReadingSession/receive(upTo:at:from:)``).
    public mutating func receive(upTo limit: Int, at time: Double,
                                 from fill: (UnsafeMutableRawBufferPointer) -> Int) -> (count: Int, effects: [SessionEffect]) {
        if filter != nil { return receiveAside(upTo: limit, at: time, from: fill) }
        return session.receive(upTo: limit, at: time, from: fill)
    }

    /// Appends `bytes` to the document's stream (see ``ReadingSession/receive(_:at:)``).
    public mutating func receive(_ bytes: some Collection<UInt8>, at time: Double) -> [SessionEffect] {
        if filter != nil { _ = filter?.whole.receive(bytes, at: time); return [] }  // the scan takes them in at the next turn
        return session.receive(bytes, at: time)
    }

    /// The stream ended (see ``ReadingSession/endOfInput(at:)``).
    public mutating func endOfInput(at time: Double) -> [SessionEffect] {
        if filter != nil { _ = filter?.whole.endOfInput(at: time); return [] }
        return session.endOfInput(at: time)
    }

    /// Goes on with `document`, the same source read again (after ``SessionEffect/reopen``),
    /// at the session's place (see ``ReadingSession/reloaded(with:at:)``).
    public mutating func reload(with document: Document, at time: Double) {
        if filter != nil { return reloadFiltered(with: document, at: time) }
        session = session.reloaded(with: document, at: time)
    }

    /// Goes on measured by `measurer` in `viewport` (a window's text size, font or line cap
    /// changed), at the session's place (see ``ReadingSession/remeasured(by:viewport:at:)``); a
    /// filter shown keeps its rules over the whole text measured anew.
    public mutating func remeasure(by measurer: any TextMeasurer, viewport: Viewport, at time: Double) {
        if let state = filter {
            let place = state.wholePlace(shownAnchor: session.anchor)
            let whole = state.whole.remeasured(by: measurer, viewport: viewport, at: time)
            _ = filter(by: state.scan.rules, whole: whole, landingAt: place, at: time)
            return
        }
        session = session.remeasured(by: measurer, viewport: viewport, at: time)
    }

    // MARK: Turns

    /// One turn at `now` (seconds on the host's clock): advances the motion when a frame's time
    /// has passed since the last tick, then — when `allowingWork` and background work can go on
    /// — runs a slice of it sized by ``budget``, timed by `clock` (the host's clock; a test's
    /// manual one with a fixed budget). Returns what the host must do.
    public mutating func turn(at now: Double, clock: () -> Double, allowingWork: Bool = true) -> [SessionEffect] {
        var effects: [SessionEffect] = []
        if session.isAnimating {
            if lastTick.map({ now >= $0 + Self.frameInterval - Self.tickSlack }) ?? true {
                lastTick = now
                effects += session.handle(.tick, at: now)
            }
        } else {
            lastTick = nil
        }
        effects += session.lookForGrowth(at: now)  // a followed file: its new bytes, before the work on them
        if allowingWork && hasWork {
            let waiting = session.isWaiting || isLandingInFilter, start = clock()
            effects += workSlice(bytes: budget.bytes, at: now)
            budget.learn(elapsed: clock() - start, waiting: waiting)
        }
        if allowingWork && adoptionHasWork {
            // Timed like the session's own work: a folder of thousands of photos takes over in slices sized to the frame.
            let start = clock()
            effects += adoptionSlice(bytes: budget.bytes, at: now)
            budget.learn(elapsed: clock() - start, waiting: false)
        }
        return effects
    }

    /// How long the host may wait for input before the next turn, in seconds: 0 while
    /// background work can go on, the rest of the frame while something moves, nil (until
    /// input comes) when the session is at rest — or, following a file, the time until its
    /// next look (``ReadingSession/followPollInterval``), since a file's growth wakes no one.
    public func timeout(now: Double) -> Double? {
        if hasWork || adoptionHasWork { return 0 }
        guard session.isAnimating else { return session.pollInterval }
        guard let lastTick else { return 0 }
        return max(0, lastTick + Self.frameInterval - now)
    }

    /// Whether nothing moves and no background work can go on: the host may sleep until input comes.
    public var isIdle: Bool { !session.isAnimating && !hasWork && !adoptionHasWork }

    /// `ReadingLoop(64 KB slices, session …)`, and the filter while one is shown.
    public var description: String { "ReadingLoop(\(budget), \(session)\(filter.map { ", filter \($0)" } ?? ""))" }
}

/// Sizes the session's background work (pagination, search) to the time a
/// frame can spare: about 8 ms a slice, or 40 ms while the reader waits for
/// it, learning the throughput as it goes (a debug build is some 30 times
/// slower than a release one). A host that wants a fixed slice sets
/// ``bytes`` and ``learns`` to false.
public struct WorkBudget: Hashable, Sendable, CustomStringConvertible {
    /// The bytes of the next slice.
    public var bytes = 64 * 1024
    /// Whether the slice is resized after each run to meet the target time.
    public var learns = true
    /// The time a slice aims for while the reader reads, in seconds.
    public static let readingTarget = 0.008
    /// The time a slice aims for while the reader waits for the work, in seconds.
    public static let waitingTarget = 0.040
    /// The smallest and largest slices, in bytes.
    public static let range = (16 * 1024)...(64 * 1024 * 1024)

    /// A budget of 64 KB to start with, learning.
    public init() {}

    /// A fixed budget of `bytes` a slice.
    public init(fixed bytes: Int) {
        self.bytes = max(1, bytes)
        learns = false
    }

    /// Resizes the next slice from one that took `elapsed` seconds, toward the target for a reader
    /// `waiting` for the work or not (nothing unless ``learns``).
    public mutating func learn(elapsed: Double, waiting: Bool) {
        guard learns else { return }
        let target = waiting ? Self.waitingTarget : Self.readingTarget
        let scaled = Double(bytes) * min(max(target / max(elapsed, 0.0005), 0.5), 2)
        bytes = Int(min(max(scaled, Double(Self.range.lowerBound)), Double(Self.range.upperBound)))
    }

    /// `64 KB slices`.
    public var description: String { "\(bytes >> 10) KB slices\(learns ? "" : " (fixed)")" }
}
