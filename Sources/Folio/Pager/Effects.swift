/// The ordered effects of one update: slot operations first (configure,
/// place, park), then events in the order ``PagerEvent`` documents.
///
/// The first 16 effects live inline, so a steady drag update — a few
/// placements and events — returns without touching the heap. Larger
/// updates (big pools, data changes) spill into an array.
public struct Effects: RandomAccessCollection, Sendable, CustomStringConvertible {
    private typealias Inline = (
        Effect, Effect, Effect, Effect, Effect, Effect, Effect, Effect,
        Effect, Effect, Effect, Effect, Effect, Effect, Effect, Effect
    )
    private static let inlineCapacity = 16
    private static let filler = Effect.park(slot: -1)
    private var inline: Inline = (
        filler, filler, filler, filler, filler, filler, filler, filler,
        filler, filler, filler, filler, filler, filler, filler, filler
    )
    private var spill: [Effect] = []
    private var inlineCount = 0

    /// No effects.
    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { inlineCount + spill.count }

    public subscript(position: Int) -> Effect {
        precondition(position >= 0 && position < endIndex, "effect index out of range")
        if position >= Self.inlineCapacity { return spill[position - Self.inlineCapacity] }
        return withUnsafeBytes(of: inline) { raw in
            raw.baseAddress!.assumingMemoryBound(to: Effect.self)[position]
        }
    }

    /// Appends `effect`.
    mutating func append(_ effect: Effect) {
        guard inlineCount < Self.inlineCapacity else { spill.append(effect); return }
        let i = inlineCount
        withUnsafeMutableBytes(of: &inline) { raw in
            raw.baseAddress!.assumingMemoryBound(to: Effect.self)[i] = effect
        }
        inlineCount += 1
    }

    mutating func append(_ event: PagerEvent) { append(.event(event)) }

    /// The events alone, in order.
    public var events: [PagerEvent] {
        compactMap { if case .event(let e) = $0 { e } else { nil } }
    }

    public var description: String { "[" + map(\.description).joined(separator: ", ") + "]" }
}
