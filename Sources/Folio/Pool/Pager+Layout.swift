extension Pager {
    /// The unwrapped spreads at least partly visible at `position`: spread
    /// `i` is visible while |i − position| < (viewport + spread) / (2 · stride).
    /// Empty (`low > high`) when nothing is.
    @inline(__always)
    func visibleRange() -> (low: Int, high: Int) {
        let reach = (track.viewportExtent + track.spreadExtent) / (2 * track.stride)
        // Both ends are within 64 spreads of the position (Track.validate).
        var low = position.index &+ Int((position.fraction - reach).rounded(.down)) &+ 1
        var high = position.index &+ Int((position.fraction + reach).rounded(.up)) &- 1
        if !track.loops {
            low = max(low, 0)
            high = min(high, lastSpread)
        }
        return (low, high)
    }

    /// The leading-edge offset of unwrapped spread `unwrapped` from the
    /// viewport's left or top edge, in extent units.
    @inline(__always)
    func offset(ofUnwrapped unwrapped: Int) -> Double {
        Self.offset(ofUnwrapped: unwrapped, at: position, inset: (track.viewportExtent - track.spreadExtent) / 2,
                    sign: track.orientation.screenSign, stride: track.stride)
    }

    /// ``offset(ofUnwrapped:)`` from the parts it needs.
    @inline(__always)
    static func offset(ofUnwrapped unwrapped: Int, at position: Position, inset: Double, sign: Double, stride: Double) -> Double {
        let along = -position.distance(fromSpread: unwrapped)
        return inset + sign * along * stride
    }

    /// Fills `candidates` with the spreads the slots should show, most
    /// important first: the visible ones nearest the position outward, the
    /// next one ahead in the direction of motion and the one behind (while
    /// settling, a second one ahead instead), then
    /// `prefetch` more ahead, then further out alternately until every slot
    /// has a spread or none is left.
    /// A spread appears once (a short loop shows each page in one slot).
    mutating func planCandidates(low: Int, high: Int) {
        var list: [Candidate] = []
        swap(&list, &candidates)  // move the buffer out, keeping its capacity
        list.removeAll(keepingCapacity: true)
        defer { swap(&list, &candidates) }
        let capacity = slots.count
        // Captured alone: a nested function that captured `self` would copy the whole pager.
        let loops = track.loops, spreadCount = track.spreadCount
        func consider(_ unwrapped: Int, _ list: inout [Candidate]) {
            // The spread must exist on the track: any index of a loop, 0 ..< count otherwise.
            guard list.count < capacity, loops || (unwrapped >= 0 && unwrapped < spreadCount) else { return }
            let spread = loops ? Track.wrap(unwrapped, count: spreadCount) : unwrapped
            for i in list.indices where list[i].spread == spread { return }
            list.append(Candidate(unwrapped: unwrapped, spread: spread))
        }
        if low <= high {
            let centre = min(max(position.nearestIndex, low), high)
            consider(centre, &list)
            // At most 64 spreads are visible (Track.validate), so high − low is small;
            // a loop's unwrapped index is unbounded, hence the overflow checks.
            for d in stride(from: 1, through: high &- low, by: 1) {
                let (up, upOverflow) = centre.addingReportingOverflow(d)
                let (down, downOverflow) = centre.subtractingReportingOverflow(d)
                let ahead = direction > 0 ? (up, upOverflow) : (down, downOverflow)
                let behind = direction > 0 ? (down, downOverflow) : (up, upOverflow)
                if !ahead.1 && ahead.0 >= low && ahead.0 <= high { consider(ahead.0, &list) }
                if !behind.1 && behind.0 >= low && behind.0 <= high { consider(behind.0, &list) }
            }
        }
        let near = low <= high ? (low, high) : (position.nearestIndex, position.nearestIndex - 1)
        let aheadEdge = direction > 0 ? near.1 : near.0
        let behindEdge = direction > 0 ? near.0 : near.1
        consider(aheadEdge &+ direction, &list)
        // Settling, the pages behind are leaving: a second spread ahead is worth more,
        // and a fling that lands beside its target then configures nothing on arrival.
        consider(isSettling ? aheadEdge &+ direction &* 2 : behindEdge &- direction, &list)
        for k in stride(from: 2, through: 1 + pool.prefetch, by: 1) { consider(aheadEdge &+ direction &* k, &list) }
        var k = 2
        while list.count < capacity && k <= capacity + 1 {
            consider(aheadEdge &+ direction &* (pool.prefetch &+ k), &list)
            consider(behindEdge &- direction &* k, &list)
            k += 1
        }
    }

    /// Assigns candidates to slots and appends the slot operations that changed.
    ///
    /// When the visible range and direction are those of the last layout
    /// and nothing was invalidated, the assignment cannot change, so only
    /// offsets are recomputed (the fast path; tests check it agrees with
    /// the full path).
    mutating func layoutSlots(into out: inout Effects) {
        guard !isEmpty else {
            for i in slots.indices where !slots[i].parked || slots[i].spread != nil {
                slots[i] = Slot()
                out.append(.park(slot: i))
            }
            layoutKey = nil
            layoutStale = false
            return
        }
        let (low, high) = visibleRange()
        let key = LayoutKey(low: low, high: high, direction: direction, settling: isSettling)
        if layoutStale || alwaysFullLayout || key != layoutKey {
            assignSlots(low: low, high: high, into: &out)
            layoutKey = key
            layoutStale = false
        }
        // Through one buffer: a uniqueness check per layout, not per slot written.
        let inset = (track.viewportExtent - track.spreadExtent) / 2
        let sign = track.orientation.screenSign, stride = track.stride, position = position
        slots.withUnsafeMutableBufferPointer { slots in
            for i in slots.indices where slots[i].spread != nil {
                let x = Self.offset(ofUnwrapped: slots[i].unwrapped, at: position, inset: inset, sign: sign, stride: stride)
                if slots[i].placed != x {
                    slots[i].placed = x
                    out.append(.place(slot: i, offset: x))
                }
            }
        }
    }

    private mutating func assignSlots(low: Int, high: Int, into out: inout Effects) {
        planCandidates(low: low, high: high)
        for i in slots.indices { slots[i].claimed = false }
        // Keep every slot whose spread is still wanted.
        for ci in candidates.indices {
            let c = candidates[ci]
            for i in slots.indices where slots[i].spread?.index == c.spread && !slots[i].claimed {
                slots[i].claimed = true
                slots[i].unwrapped = c.unwrapped
                if slots[i].stale {
                    slots[i].stale = false
                    slots[i].spread = track.spread(at: c.spread)
                    slots[i].placed = nil
                    out.append(.configure(slot: i, spread: slots[i].spread!))
                }
                break
            }
        }
        // Give the remaining wanted spreads the free slots, parked ones first.
        for ci in candidates.indices where !isShown(candidates[ci].spread) {
            let c = candidates[ci]
            guard let i = freeSlot() else { break }
            let spread = track.spread(at: c.spread)
            slots[i] = Slot(spread: spread, unwrapped: c.unwrapped, placed: nil, parked: false, stale: false, claimed: true)
            out.append(.configure(slot: i, spread: spread))
        }
        // Park what is left.
        for i in slots.indices where !slots[i].claimed && (slots[i].spread != nil || !slots[i].parked) {
            slots[i] = Slot()
            out.append(.park(slot: i))
        }
    }

    private func isShown(_ spread: Int) -> Bool {
        for i in slots.indices where slots[i].claimed && slots[i].spread?.index == spread { return true }
        return false
    }

    private func freeSlot() -> Int? {
        var fallback: Int?
        for i in slots.indices where !slots[i].claimed {
            if slots[i].spread == nil { return i }
            if fallback == nil { fallback = i }
        }
        return fallback
    }
}
