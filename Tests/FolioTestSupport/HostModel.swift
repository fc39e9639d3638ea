@testable import Folio

/// A host that does what the effects say — the state of its slot views —
/// and objects to effects that change nothing (the pager must report only
/// what changed).
public struct HostModel: Sendable {
    public struct View: Hashable, Sendable {
        public var spread: Spread?
        public var offset: Double?
        public var parked = true
    }

    public private(set) var views: [View]
    /// Every configure, in order, for counting.
    public private(set) var configured: [Spread] = []

    public init(slotCount: Int) {
        views = Array(repeating: View(), count: slotCount)
    }

    /// Applies the slot operations of `effects`; returns what was wrong with them.
    /// `reconfigureAllowed`: a data change or reload may configure a slot with
    /// the spread it already shows.
    public mutating func apply(_ effects: Effects, reconfigureAllowed: Bool = false) -> [String] {
        var problems: [String] = []
        var sawEvent = false
        for effect in effects {
            switch effect {
            case .configure(let slot, let spread):
                if sawEvent { problems.append("slot operation \(effect) after an event") }
                guard views.indices.contains(slot) else { problems.append("configure of unknown slot \(slot)"); continue }
                if views[slot].spread == spread && !reconfigureAllowed {
                    problems.append("configure(\(slot)) repeats \(spread)")
                }
                views[slot] = View(spread: spread, offset: nil, parked: false)
                configured.append(spread)
            case .place(let slot, let offset):
                if sawEvent { problems.append("slot operation \(effect) after an event") }
                guard views.indices.contains(slot) else { problems.append("place of unknown slot \(slot)"); continue }
                if views[slot].spread == nil { problems.append("place(\(slot)) of a slot with no spread") }
                if views[slot].offset == offset { problems.append("place(\(slot)) repeats offset \(offset)") }
                if !offset.isFinite { problems.append("place(\(slot)) at non-finite \(offset)") }
                views[slot].offset = offset
            case .park(let slot):
                if sawEvent { problems.append("slot operation \(effect) after an event") }
                guard views.indices.contains(slot) else { problems.append("park of unknown slot \(slot)"); continue }
                if views[slot].parked { problems.append("park(\(slot)) of a parked slot") }
                views[slot] = View()
            case .event:
                sawEvent = true
            }
        }
        return problems
    }

    /// Forgets the configure log.
    public mutating func resetCounts() { configured.removeAll() }
}
