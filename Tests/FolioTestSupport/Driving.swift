@testable import Folio

/// A pager under audit with a clock: drive it, and every update is checked.
public struct Harness: Sendable {
    public var pager: Pager
    public var audit: PagerAudit
    /// The time of the latest input, in seconds.
    public var time = 0.0
    /// Every rule broken so far.
    public private(set) var problems: [String] = []
    /// The effects of the latest input.
    public private(set) var last = Effects()

    public init(_ pager: Pager) {
        self.pager = pager
        audit = PagerAudit(pager)
        record(self.pager.layout())
    }

    public init(track: Track, pool: Pool = Pool(), physics: Physics = Physics(), page: Int = 0) throws {
        try self.init(Pager(track: track, pool: pool, physics: physics, page: page))
    }

    /// Records the effects of an input and audits them.
    public mutating func record(_ effects: Effects, input: PagerAudit.Input = .motion) {
        last = effects
        problems += audit.check(pager, after: effects, input: input).map { "\($0) [after \(effects)]" }
    }

    public mutating func dragBegan() { record(pager.dragBegan(at: time)) }
    public mutating func drag(by delta: Double, seconds: Double = 1.0 / 60) {
        time += seconds
        record(pager.dragMoved(by: delta, at: time))
    }
    public mutating func dragEnded(velocity: Double? = nil) { record(pager.dragEnded(velocity: velocity, at: time)) }
    public mutating func tick(_ seconds: Double = 1.0 / 60) {
        time += seconds
        record(pager.advance(to: time))
    }
    public mutating func move(toPage page: Int, animated: Bool) {
        record(pager.move(toPage: page, animated: animated, at: time))
    }
    public mutating func step(by count: Int, animated: Bool = true) {
        record(pager.step(by: count, animated: animated, at: time))
    }
    /// Moves to rest at `position`, which may lie between two spreads (the audit then allows a rest at its fraction).
    public mutating func move(to position: Position, animated: Bool) {
        audit.restFractions.insert(position.fraction)
        record(pager.move(to: position, animated: animated, at: time))
    }

    /// Ticks at 60 frames per second until the pager rests (at most `limit` seconds).
    public mutating func settle(limit: Double = 15) {
        var elapsed = 0.0
        while pager.isSettling && elapsed < limit {
            tick()
            elapsed += 1.0 / 60
        }
    }

    /// A whole swipe: down, `frames` equal moves adding to `distance`, up with `velocity` (nil: estimated), settle.
    public mutating func swipe(_ distance: Double, frames: Int = 10, velocity: Double? = nil) {
        dragBegan()
        for _ in 0..<frames { drag(by: distance / Double(frames)) }
        dragEnded(velocity: velocity)
        settle()
    }

    /// The events of the latest input.
    public var lastEvents: [PagerEvent] { last.events }
}
