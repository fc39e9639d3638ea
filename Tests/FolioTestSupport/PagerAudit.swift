@testable import Folio

/// Checks a pager after every update against the rules the engine promises:
/// the host's slots match the pager's, no spread is in two slots, every
/// visible spread is shown where the geometry says, and events come in
/// order, exactly once, agreeing with the state.
public struct PagerAudit: Sendable {
    public private(set) var host: HostModel
    private var dragOpen = false
    private var transitionOpen: Int?
    private var moving = false
    private var lastPosition: Position
    private var lastPage: Int?
    public private(set) var events: [PagerEvent] = []
    /// The fractions a rest between two spreads was asked for (``Pager/move(to:animated:at:)``):
    /// at rest the position is on a spread, or one of these past one.
    public var restFractions: Set<Double> = []

    /// Starts auditing `pager` as it is now (call before its first `layout()`).
    public init(_ pager: Pager) {
        host = HostModel(slotCount: pager.slotCount)
        lastPosition = pager.position
        lastPage = pager.currentPage
    }

    /// The kinds of input, for the rules that depend on them.
    public enum Input: Sendable {
        /// Drags, ticks, moves, resizes.
        case motion
        /// A data change or reload: may reconfigure a slot with its spread, and settle again.
        case dataChange
    }

    /// Audits the effects `effects` of the update that left `pager` as it is.
    /// Returns every rule broken, as sentences.
    public mutating func check(_ pager: Pager, after effects: Effects, input: Input = .motion) -> [String] {
        var problems = host.apply(effects, reconfigureAllowed: input == .dataChange)
        problems += checkEvents(pager, effects, input)
        problems += checkState(pager)
        problems += checkSlots(pager)
        return problems
    }

    private func rank(_ event: PagerEvent) -> Int {
        switch event {
        case .transitionFinished(_, completed: false): 1
        case .dragBegan, .dragEnded: 2
        case .transitionBegan: 3
        case .positionChanged: 4
        case .currentPageChanged: 5
        case .transitionFinished(_, completed: true): 6
        case .settled: 7
        case .windowRecentred: 8
        }
    }

    private mutating func checkEvents(_ pager: Pager, _ effects: Effects, _ input: Input) -> [String] {
        var problems: [String] = []
        let list = effects.events
        events += list
        var lastRank = 0
        var sawPosition = false, sawPage = false, sawSettled = false
        for event in list {
            let r = rank(event)
            if r < lastRank { problems.append("event \(event) out of order in \(list)") }
            if r == lastRank && r != 2 { problems.append("event kind repeated in one update: \(list)") }
            lastRank = r
            switch event {
            case .dragBegan:
                if dragOpen { problems.append("dragBegan while a drag is open") }
                if transitionOpen != nil { problems.append("dragBegan while a transition is open") }
                dragOpen = true
                moving = true
            case .dragEnded:
                if !dragOpen { problems.append("dragEnded without dragBegan") }
                dragOpen = false
            case .transitionBegan(let target):
                if transitionOpen != nil { problems.append("transitionBegan(\(target)) while transition to \(transitionOpen!) is open") }
                if dragOpen { problems.append("transitionBegan during a drag") }
                transitionOpen = target
                moving = true
            case .transitionFinished(let target, _):
                if transitionOpen != target { problems.append("transitionFinished(\(target)) but the open transition is \(String(describing: transitionOpen))") }
                transitionOpen = nil
            case .positionChanged(let p):
                sawPosition = true
                if p == lastPosition { problems.append("positionChanged to the same position \(p)") }
                if p != pager.position { problems.append("positionChanged(\(p)) but the pager is at \(pager.position)") }
                lastPosition = p
            case .currentPageChanged(let from, let to):
                sawPage = true
                if from != lastPage { problems.append("currentPageChanged from \(String(describing: from)) but the last reported was \(String(describing: lastPage))") }
                if from == to { problems.append("currentPageChanged to the same page") }
                if to != pager.currentPage { problems.append("currentPageChanged to \(String(describing: to)) but the current page is \(String(describing: pager.currentPage))") }
                lastPage = to
            case .settled(let page):
                sawSettled = true
                if !moving && input != .dataChange { problems.append("settled(\(page)) without motion") }
                if dragOpen || transitionOpen != nil { problems.append("settled while moving") }
                if page != pager.currentPage { problems.append("settled(\(page)) but the current page is \(String(describing: pager.currentPage))") }
                if page != pager.settledPage { problems.append("settled(\(page)) but settledPage is \(String(describing: pager.settledPage))") }
                moving = false
            case .windowRecentred:
                break
            }
        }
        if !sawPosition && pager.position != lastPosition {
            problems.append("position moved \(lastPosition) → \(pager.position) without positionChanged")
            lastPosition = pager.position
        }
        if !sawPage && pager.currentPage != lastPage {
            problems.append("current page changed \(String(describing: lastPage)) → \(String(describing: pager.currentPage)) without an event")
            lastPage = pager.currentPage
        }
        if dragOpen != pager.isDragging { problems.append("events say dragging \(dragOpen), pager says \(pager.activity)") }
        if (transitionOpen != nil) != pager.isSettling { problems.append("events say transition open \(transitionOpen != nil), pager says \(pager.activity)") }
        if let open = transitionOpen, open != pager.targetPage { problems.append("open transition \(open) but targetPage \(String(describing: pager.targetPage))") }
        if pager.activity == .idle && moving && !pager.isEmpty && !sawSettled {
            problems.append("motion stopped without settled")
        }
        if pager.activity == .idle && moving && pager.isEmpty { moving = false }
        return problems
    }

    private func checkState(_ pager: Pager) -> [String] {
        var problems: [String] = []
        let track = pager.track
        if !pager.position.fraction.isFinite || pager.position.fraction < 0 || pager.position.fraction >= 1 {
            problems.append("position fraction \(pager.position.fraction) outside 0..<1")
        }
        let pages = track.pages.pages
        if pager.isEmpty {
            if pager.currentPage != nil { problems.append("empty track with current page \(pager.currentPage!)") }
        } else {
            for (name, value) in [("current", pager.currentPage), ("target", pager.targetPage)] {
                guard let page = value else { problems.append("\(name) page missing on a non-empty track"); continue }
                if page < 0 || page >= pages { problems.append("\(name) page \(page) outside 0..<\(pages)") }
            }
            if pager.activity == .idle {
                if !pager.position.isAligned && !restFractions.contains(pager.position.fraction) {
                    problems.append("at rest off a spread, at a fraction nobody asked for: \(pager.position)")
                }
                if !track.loops && (pager.position < Position(index: 0) || pager.position > Position(index: pager.lastSpread)) {
                    problems.append("at rest outside the track: \(pager.position)")
                }
                if pager.settledPage != pager.currentPage { problems.append("at rest, settledPage \(String(describing: pager.settledPage)) ≠ current \(String(describing: pager.currentPage))") }
                let base = pager.hostWindow.contentOffset(for: pager.position, in: track)
                    + (track.viewportExtent - track.spreadExtent) / 2
                let highest = Double(pager.hostWindow.spreads - 1) * track.stride
                if base < -1e-6 || base > highest + 1e-6 {
                    problems.append("at rest, host content offset \(base) outside 0…\(highest)")
                }
            }
            if abs(pager.currentPageOffset) > 0.5 { problems.append("current page offset \(pager.currentPageOffset)") }
        }
        return problems
    }

    private func checkSlots(_ pager: Pager) -> [String] {
        var problems: [String] = []
        let track = pager.track
        var shown: [Int: Int] = [:]
        for slot in 0..<pager.slotCount {
            let view = host.views[slot]
            if view.spread != pager.spread(inSlot: slot) {
                problems.append("host slot \(slot) shows \(String(describing: view.spread)), pager says \(String(describing: pager.spread(inSlot: slot)))")
            }
            guard let spread = view.spread else { continue }
            if view.offset == nil { problems.append("slot \(slot) configured but never placed") }
            if let other = shown[spread.index] { problems.append("\(spread) in slots \(other) and \(slot)") }
            shown[spread.index] = slot
            if spread != track.spread(at: spread.index) && !pager.isEmpty {
                problems.append("slot \(slot) shows \(spread) but the track's spread is \(track.spread(at: spread.index))")
            }
            if let offset = view.offset, !isPlacement(offset, of: spread.index, pager) {
                problems.append("slot \(slot) with \(spread) at \(offset), not where the geometry puts it")
            }
        }
        guard !pager.isEmpty else {
            if !shown.isEmpty { problems.append("empty track with slots showing \(shown.keys.sorted())") }
            return problems
        }
        // Every spread at least partly visible has a slot. A spread whose edge
        // touches the viewport's edge shows nothing; rounding may put it a
        // hair either side, so "visible" means by more than 10^-9 of a spread.
        let reach = (track.viewportExtent + track.spreadExtent) / (2 * track.stride) - 1e-9
        let p = pager.position
        let low = Int((p.fraction - reach).rounded(.down))
        for k in low...Int((p.fraction + reach).rounded(.up)) where abs(Double(k) - p.fraction) < reach {
            let (u, overflow) = p.index.addingReportingOverflow(k)
            guard !overflow else { continue }
            if (track.loops || (u >= 0 && u <= pager.lastSpread)) && shown[track.wrap(u)] == nil {
                problems.append("visible spread \(track.wrap(u)) has no slot (position \(p))")
            }
        }
        return problems
    }

    /// Whether `offset` is where spread `index` belongs on screen (on a loop,
    /// any of its unwrapped copies near the position).
    private func isPlacement(_ offset: Double, of index: Int, _ pager: Pager) -> Bool {
        let track = pager.track
        let inset = (track.viewportExtent - track.spreadExtent) / 2
        func expected(_ u: Int) -> Double {
            inset + track.orientation.screenSign * (Double(u - pager.position.index) - pager.position.fraction) * track.stride
        }
        let tolerance = 1e-6 * max(1, track.stride)
        guard track.loops else { return abs(expected(index) - offset) <= tolerance }
        let n = track.spreadCount
        let base = pager.position.index - track.wrap(pager.position.index) + index
        for k in -(64 / n + 2)...(64 / n + 2) where abs(expected(base + k * n) - offset) <= tolerance { return true }
        return false
    }
}
