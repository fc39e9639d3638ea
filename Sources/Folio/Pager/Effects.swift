/// The ordered effects of one update: slot operations first (configure,
/// place, park), then events in the order ``PagerEvent`` documents.
///
/// The first 16 effects live inline, so a steady drag update — a few
/// placements and events — returns without touching the heap. Larger
/// updates (big pools, data changes) spill into an array.
public struct Effects: RandomAccessCollection, Sendable, CustomStringConvertible {
    @usableFromInline
    typealias Inline = (
        Effect, Effect, Effect, Effect, Effect, Effect, Effect, Effect,
        Effect, Effect, Effect, Effect, Effect, Effect, Effect, Effect
    )
    @usableFromInline
    static let inlineCapacity = 16
    private static let filler = Effect.park(slot: -1)
    @usableFromInline
    var inline: Inline = (
        filler, filler, filler, filler, filler, filler, filler, filler,
        filler, filler, filler, filler, filler, filler, filler, filler
    )
    @usableFromInline
    var spill: [Effect] = []
    @usableFromInline
    var inlineCount = 0

    /// No effects.
    public init() {}

    /// Always 0.
    @inlinable
    public var startIndex: Int { 0 }
    /// The number of effects.
    @inlinable
    public var endIndex: Int { inlineCount + spill.count }

    /// The effect at `position`, in 0 ..< `count`.
    @inlinable
    public subscript(position: Int) -> Effect { element(at: position) }

    /// Empties the buffer for the next update, keeping any spilled storage:
    /// the `into:` inputs (``Pager/dragMoved(by:at:into:)``) call it first,
    /// so a host that keeps one `Effects` for every update allocates nothing.
    public mutating func removeAll() {
        inlineCount = 0
        spill.removeAll(keepingCapacity: true)
    }

    /// Iterates the effects in order without going through the generic
    /// collection machinery (which allocates in unoptimised builds).
    public struct Iterator: IteratorProtocol, Sendable {
        @usableFromInline
        let effects: Effects
        @usableFromInline
        var index = 0

        @inlinable
        init(effects: Effects) { self.effects = effects }

        /// The next effect, or nil after the last.
        @inlinable
        public mutating func next() -> Effect? {
            guard index < effects.endIndex else { return nil }
            defer { index += 1 }
            return effects.element(at: index)
        }
    }

    /// An iterator over the effects in order.
    @inlinable
    public func makeIterator() -> Iterator { Iterator(effects: self) }

    @inlinable
    func element(at position: Int) -> Effect {
        precondition(position >= 0 && position < endIndex, "effect index out of range")
        if position >= Self.inlineCapacity { return spill[position - Self.inlineCapacity] }
        // A switch rather than pointer access: reading through a pointer to
        // the tuple would copy it, which unoptimised builds do on the heap.
        switch position {
        case 0: return inline.0
        case 1: return inline.1
        case 2: return inline.2
        case 3: return inline.3
        case 4: return inline.4
        case 5: return inline.5
        case 6: return inline.6
        case 7: return inline.7
        case 8: return inline.8
        case 9: return inline.9
        case 10: return inline.10
        case 11: return inline.11
        case 12: return inline.12
        case 13: return inline.13
        case 14: return inline.14
        default: return inline.15
        }
    }

    /// Appends `effect`.
    @inline(__always)
    mutating func append(_ effect: Effect) {
        guard inlineCount < Self.inlineCapacity else { spill.append(effect); return }
        switch inlineCount {
        case 0: inline.0 = effect
        case 1: inline.1 = effect
        case 2: inline.2 = effect
        case 3: inline.3 = effect
        case 4: inline.4 = effect
        case 5: inline.5 = effect
        case 6: inline.6 = effect
        case 7: inline.7 = effect
        case 8: inline.8 = effect
        case 9: inline.9 = effect
        case 10: inline.10 = effect
        case 11: inline.11 = effect
        case 12: inline.12 = effect
        case 13: inline.13 = effect
        case 14: inline.14 = effect
        default: inline.15 = effect
        }
        inlineCount += 1
    }

    mutating func append(_ event: PagerEvent) { append(.event(event)) }

    /// The events alone, in order.
    public var events: [PagerEvent] {
        compactMap { if case .event(let e) = $0 { e } else { nil } }
    }

    /// A compact, readable form for logs and test failures.
    public var description: String { "[" + map(\.description).joined(separator: ", ") + "]" }
}
