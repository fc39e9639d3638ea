extension ContentPipeline {
    /// Takes in one update of `pager`: the slots its `configure` and `park`
    /// effects changed, its current page and its direction of motion.
    ///
    /// Call with every ``Effects`` the pager returns, in order, right after
    /// the host applied them (the pager's state must be the one after that
    /// update). Returns, in order: what each newly configured slot shows for
    /// each of its pages, the loads to cancel, the loads to start.
    ///
    /// The direction of motion is the pager's own (the one its pool uses for
    /// the slot ahead): that of the latest drag movement or animated move; a
    /// jump (`animated: false`) keeps it.
    ///
    /// O(effects) when no slot was configured or parked and the current page
    /// and direction are unchanged (a steady drag: nothing to do, nothing
    /// allocated); otherwise O(slots + w²) for the w pages in slots (an
    /// insertion sort; w is 3 for the default pool), allocating only for the
    /// effects it returns.
    public mutating func apply(_ effects: Effects, of pager: Pager) -> [ContentEffect<Content>] {
        if slots.count != pager.slotCount {
            if slots.count > pager.slotCount { slots.removeLast(slots.count - pager.slotCount) }
            while slots.count < pager.slotCount { slots.append(SlotState()) }
        }
        var changed = false
        for effect in effects {
            switch effect {
            case .configure(let slot, let spread):
                guard slots.indices.contains(slot) else { continue }
                slots[slot].pages = spread.pages
                slots[slot].generation &+= 1
                slots[slot].dirty = true
                changed = true
            case .park(let slot):
                guard slots.indices.contains(slot) else { continue }
                slots[slot].pages = nil
                slots[slot].generation &+= 1
                slots[slot].dirty = false
                changed = true
            case .place, .event:
                continue
            }
        }
        var out: [ContentEffect<Content>] = []
        if changed {
            // A slot's pages are in the window, so a failure recorded for
            // them survives the refresh below: the display is final.
            for i in slots.indices where slots[i].dirty {
                slots[i].dirty = false
                guard let pages = slots[i].pages else { continue }
                for page in pages {
                    let display: PageDisplay<Content> = if let content = cache.content(for: page) {
                        .content(content)
                    } else if case .failed(let reason)? = states[page] {
                        .failed(reason: reason)
                    } else {
                        .placeholder
                    }
                    out.append(.show(SlotDisplay(slot: i, page: page, generation: slots[i].generation, display: display)))
                }
            }
        }
        let focus = pager.currentPage
        if changed || focus != self.focus || pager.direction != direction || pager.track.pages != pageCount {
            self.focus = focus
            direction = pager.direction
            pageCount = pager.track.pages
            refresh(into: &out)
        }
        return out
    }

    /// Recomputes the wanted pages (window, then prefetch), cancels the
    /// loads of pages no longer wanted and starts loads for wanted pages
    /// that are neither cached, loading nor failed.
    mutating func refresh(into out: inout [ContentEffect<Content>]) {
        swap(&previous, &wanted)
        wanted.removeAll(keepingCapacity: true)
        wantedSet.removeAll(keepingCapacity: true)
        if let focus, let pageCount, pageCount.pages > 0 {
            collectWindow(around: focus, in: pageCount)
        }
        // Index loops: iterating arrays generically allocates in unoptimised builds.
        for i in previous.indices where !wantedSet.contains(previous[i]) {
            if case .loading(let ticket)? = states.removeValue(forKey: previous[i]) { out.append(.cancel(ticket)) }
        }
        for i in wanted.indices where states.index(forKey: wanted[i]) == nil && !cache.contains(page: wanted[i]) {
            startLoad(wanted[i], into: &out)
        }
    }

    /// Fills `wanted` with the pages in slots, nearest `focus` first (ahead
    /// before behind at equal distance), then the prefetch pages beyond the
    /// window's ends.
    private mutating func collectWindow(around focus: Int, in pageCount: PageCount) {
        ranked.removeAll(keepingCapacity: true)
        var low = Int.max, high = Int.min
        for s in slots.indices {
            guard let pages = slots[s].pages else { continue }
            for page in pages.lowerBound..<pages.upperBound + 1 where wantedSet.insert(page).inserted {
                let offset = Self.offset(of: page, from: focus, in: pageCount)
                low = min(low, offset)
                high = max(high, offset)
                // Ahead at distance d ranks 2d, behind 2d + 1 (offsets stay within ±2^62).
                let along = offset * direction
                let entry = (rank: along >= 0 ? 2 * along : -2 * along + 1, page: page)
                // Insertion sort: the window holds at most a few dozen pages.
                var i = ranked.count
                ranked.append(entry)
                while i > 0 && ranked[i - 1].rank > entry.rank {
                    ranked[i] = ranked[i - 1]
                    i -= 1
                }
                ranked[i] = entry
            }
        }
        for i in ranked.indices { wanted.append(ranked[i].page) }
        guard low <= high else { return }
        let (aheadEdge, behindEdge) = direction > 0 ? (high, low) : (low, high)
        for k in stride(from: 1, through: prefetchAhead, by: 1) {
            addPrefetch(Self.page(atOffset: aheadEdge + direction * k, from: focus, in: pageCount))
        }
        for k in stride(from: 1, through: prefetchBehind, by: 1) {
            addPrefetch(Self.page(atOffset: behindEdge - direction * k, from: focus, in: pageCount))
        }
    }

    private mutating func addPrefetch(_ page: Int?) {
        guard let page, wantedSet.insert(page).inserted else { return }
        wanted.append(page)
    }

    /// Starts a load of `page` with a new ticket.
    mutating func startLoad(_ page: Int, into out: inout [ContentEffect<Content>]) {
        let ticket = LoadTicket(page: page, serial: nextSerial)
        nextSerial &+= 1
        states[page] = .loading(ticket)
        out.append(.load(ticket))
    }

    /// The signed distance from `focus` to `page` in pages; on a loop the
    /// short way round, in (−n/2, n/2].
    static func offset(of page: Int, from focus: Int, in pageCount: PageCount) -> Int {
        guard case .looping(let n) = pageCount, n > 0 else { return page - focus }
        var d = (page - focus) % n
        if d < 0 { d += n }
        return d > n / 2 ? d - n : d
    }

    /// The page `offset` pages from `focus`: wrapped on a loop, nil past the ends of other tracks.
    static func page(atOffset offset: Int, from focus: Int, in pageCount: PageCount) -> Int? {
        let (sum, overflow) = focus.addingReportingOverflow(offset)
        guard !overflow else { return nil }
        if case .looping(let n) = pageCount, n > 0 {
            let r = sum % n
            return r < 0 ? r + n : r
        }
        return sum >= 0 && sum < pageCount.pages ? sum : nil
    }
}
