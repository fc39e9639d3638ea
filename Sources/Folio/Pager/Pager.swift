/// A deterministic paging state machine over a recycled pool of slots.
///
/// The pager is a value: every input is a `mutating` call that returns the
/// ``Effects`` the host must carry out — configure, place and park slots —
/// and the ``PagerEvent``s it reports. It never reads a clock: time comes in
/// through ``advance(to:)`` and the `at:` arguments, in seconds on any
/// monotonic clock the host picks.
///
/// ```swift
/// var pager = try Pager(track: Track(pages: .finite(1_000), pageExtent: 375, viewportExtent: 375))
/// for effect in pager.layout() { host.apply(effect) }       // configure the first slots
/// for effect in pager.dragBegan(at: 0) { host.apply(effect) }
/// for effect in pager.dragMoved(by: -200, at: 0.05) { host.apply(effect) }
/// for effect in pager.dragEnded(velocity: nil, at: 0.1) { host.apply(effect) }
/// for effect in pager.advance(to: 0.116) { host.apply(effect) }  // once per frame until settled
/// ```
///
/// Work per update is O(pool size), independent of the page count, and a
/// steady drag update allocates nothing.
public struct Pager: Sendable, CustomStringConvertible {
    /// The pages and geometry.
    public internal(set) var track: Track
    /// The slot pool.
    public let pool: Pool
    /// The feel: flick threshold, snapping, settle curve, rubber band.
    public internal(set) var physics: Physics
    /// The scroll position, in spreads (see ``Position``).
    public internal(set) var position: Position
    /// The page the pager last came to rest on; nil when the track is empty.
    public internal(set) var settledPage: Int?
    /// The bounded host coordinates.
    public internal(set) var hostWindow: HostWindow

    var phase: Phase = .idle
    /// The drag in progress while `phase` is `.dragging` (kept beside the
    /// phase so a drag update changes it in place instead of copying it out and back).
    var drag = Drag(origin: Position(index: 0))
    /// The latest time seen, in seconds.
    var now: Double?
    /// +1 when moving toward higher spreads, −1 toward lower; prefetch goes this way.
    var direction = 1
    var slots: [Slot]
    var candidates: [Candidate]
    /// The visible range and direction the slots were last laid out for.
    var layoutKey: LayoutKey?
    /// Set when only a full layout will do (track or data changed).
    var layoutStale = true
    /// What the last update reported, to report changes once.
    var reportedPosition: Position
    var reportedPage: Int?
    /// For tests: always take the full layout path.
    var alwaysFullLayout = false

    enum Phase: Sendable {
        case idle
        case dragging
        case settling(Settle)
    }

    struct Drag: Sendable {
        /// The unresisted position when the drag began.
        var origin: Position
        /// Spreads moved since, in index direction, before rubber banding.
        var translation = 0.0
        /// Screen extent units moved since, for the velocity estimate.
        var screenTotal = 0.0
        var tracker = VelocityTracker()
    }

    struct Settle: Hashable, Sendable {
        /// The unwrapped spread the motion ends on (with ``targetFraction``, the position).
        var target: Int
        /// How far past `target` the motion ends, in 0 ..< 1: 0 for a page, a line's share
        /// of it for a rest between pages (``Pager/move(to:animated:at:)``).
        var targetFraction = 0.0
        /// The offset from the target at the start, in spreads.
        var startOffset: Double
        /// The velocity at the start, in spreads per second.
        var startVelocity: Double
        /// When the motion started; nil until the next tick.
        var startTime: Double?
        var curve: SettleCurve
        /// The velocity at the latest tick, in spreads per second.
        var velocity: Double

        /// Where the motion ends.
        var end: Position { Position(index: target, fraction: targetFraction) }
        /// The unwrapped spread nearest where the motion ends: the spread its events name.
        var landing: Int { end.nearestIndex }
    }

    struct LayoutKey: Hashable, Sendable {
        var low: Int
        var high: Int
        var direction: Int
        var settling: Bool
    }

    /// What a pager is doing.
    public enum Activity: Hashable, Sendable, CustomStringConvertible {
        /// At rest: on a spread, or between two where ``Pager/move(to:animated:at:)`` asked.
        case idle
        /// Following a drag.
        case dragging
        /// Animating toward ``Pager/targetPage``.
        case settling

        /// A compact, readable form for logs and test failures.

        /// A compact, readable form for logs and test failures.
        public var description: String {
            switch self {
            case .idle: "idle"
            case .dragging: "dragging"
            case .settling: "settling"
            }
        }
    }

    /// Creates a pager resting on the spread that shows `page` (clamped into range).
    ///
    /// - Throws: ``ConfigurationError`` when the track, pool or physics break a rule.
    public init(track: Track, pool: Pool = Pool(), physics: Physics = Physics(), page: Int = 0) throws(ConfigurationError) {
        try track.validate()
        try pool.validate(for: track)
        try physics.validate()
        self.track = track
        self.pool = pool
        self.physics = physics
        let spread = track.spreadCount == 0 ? 0 : track.spreadIndex(containing: Self.clamp(page, to: track))
        position = Position(index: spread)
        slots = Array(repeating: Slot(), count: pool.slotCount)
        candidates = []
        candidates.reserveCapacity(pool.slotCount + 1)
        hostWindow = HostWindow(spreads: pool.hostWindowSpreads, base: 0)
        reportedPosition = position
        settledPage = nil
        reportedPage = nil
        hostWindow.base = hostWindow.centred(on: spread, in: track)
        settledPage = currentPage
        reportedPage = currentPage
    }

    // MARK: Reading the state

    /// What the pager is doing now.
    public var activity: Activity {
        switch phase {
        case .idle: .idle
        case .dragging: .dragging
        case .settling: .settling
        }
    }

    /// The number of slots the host creates (`pool.size + pool.prefetch`).
    public var slotCount: Int { slots.count }

    /// The spread slot `slot` shows, or nil when it is parked.
    public func spread(inSlot slot: Int) -> Spread? { slots[slot].spread }

    /// The offset last placed for slot `slot`, or nil when it is parked.
    public func offset(ofSlot slot: Int) -> Double? { slots[slot].spread == nil ? nil : slots[slot].placed }

    /// Whether the track has no pages.
    @inline(__always)
    public var isEmpty: Bool { track.spreadCount == 0 }

    /// The unwrapped spread nearest the position, kept within the track's ends; nil when empty.
    @inline(__always)
    var currentSpread: Int? {
        guard !isEmpty else { return nil }
        return clampToEnds(position.nearestIndex)
    }

    /// The page nearest the reading position (a spread's first page); nil when empty.
    ///
    /// Changes as soon as another spread is nearer, mid-gesture, and is
    /// always in 0 ..< page count.
    @inline(__always)
    public var currentPage: Int? {
        guard let spread = currentSpread else { return nil }
        return page(ofUnwrapped: spread)
    }

    /// How far the position is from ``currentPage``'s spread, in spreads,
    /// in −0.5 … 0.5 (clamped while rubber-banding past an end).
    public var currentPageOffset: Double {
        guard let spread = currentSpread else { return 0 }
        return min(max(position.distance(fromSpread: spread), -0.5), 0.5)
    }

    /// Where the pager is heading: the end of a running transition, else the position.
    public var destination: Position {
        if case .settling(let settle) = phase { return settle.end }
        return position
    }

    /// The page a transition is heading to; the current page when none is.
    public var targetPage: Int? {
        if case .settling(let settle) = phase { return page(ofUnwrapped: clampToEnds(settle.landing)) }
        return currentPage
    }

    /// The first page of the spread at unwrapped index `unwrapped`.
    @inline(__always)
    func page(ofUnwrapped unwrapped: Int) -> Int { track.spread(at: track.wrap(unwrapped)).firstPage }

    /// The highest unwrapped spread a non-looping track can rest on.
    @inline(__always)
    var lastSpread: Int { track.spreadCount - 1 }

    @inline(__always)
    func clampToEnds(_ spread: Int) -> Int {
        track.loops ? spread : min(max(spread, 0), lastSpread)
    }

    static func clamp(_ page: Int, to track: Track) -> Int {
        let highest = track.pages.pages - 1
        return min(max(page, 0), max(highest, 0))
    }

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String {
        let page = currentPage.map { "page \($0)" } ?? "empty"
        return "Pager(\(track), \(pool), \(activity), position \(position), \(page))"
    }

    // MARK: Committing an update

    /// Events gathered while an input runs, before and after the position events.
    struct Update {
        var before = Effects()
        var after = Effects()
    }

    /// Lays out the slots for the current state and reports what changed:
    /// slot operations, then `update.before`, position and current-page
    /// changes, then `update.after`.
    mutating func commit(_ update: Update) -> Effects {
        var out = Effects()
        commit(update, into: &out)
        return out
    }

    /// ``commit(_:)`` into a buffer the caller owns (appending to it).
    mutating func commit(_ update: borrowing Update, into out: inout Effects) {
        layoutSlots(into: &out)
        for i in update.before.indices { out.append(update.before[i]) }
        reportMotion(into: &out)
        for i in update.after.indices { out.append(update.after[i]) }
    }

    /// Lays out the slots and reports the position and current page when they
    /// changed: the whole commit of an update that gathered no events (a drag move).
    mutating func commitMotion(into out: inout Effects) {
        layoutSlots(into: &out)
        reportMotion(into: &out)
    }

    private mutating func reportMotion(into out: inout Effects) {
        if position != reportedPosition {
            reportedPosition = position
            out.append(.positionChanged(position))
        }
        let page = currentPage
        if page != reportedPage {
            out.append(.currentPageChanged(from: reportedPage, to: page))
            reportedPage = page
        }
    }

    /// Brings a host up to date: the slot operations for the current state
    /// (every slot at first, nothing when nothing changed). Call once after
    /// creating the pager and whenever the host recreates its views.
    public mutating func layout() -> Effects {
        commit(Update())
    }

    /// Comes to rest: records the settled page, reports it and recentres the host window.
    mutating func enterRest(_ update: inout Update) {
        phase = .idle
        guard let spread = currentSpread else { settledPage = nil; return }
        if track.loops, !(0..<track.spreadCount).contains(position.index) {
            // Keep a loop's unwrapped indices small; nothing on screen moves.
            let shift = track.wrap(position.index) - position.index
            position = Position(index: position.index + shift, fraction: position.fraction)
            for i in slots.indices where slots[i].spread != nil { slots[i].unwrapped &+= shift }
            hostWindow.base &+= shift
            layoutKey = nil
        }
        let page = self.page(ofUnwrapped: spread)
        settledPage = page
        update.after.append(.settled(page: page))
        let base = hostWindow.centred(on: currentSpread ?? spread, in: track)
        if base != hostWindow.base {
            update.after.append(.windowRecentred(shift: base &- hostWindow.base))
            hostWindow.base = base
        }
    }
}
