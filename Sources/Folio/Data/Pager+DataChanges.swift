/// What became of an old page number after a data change.
enum PageFate: Hashable, Sendable {
    /// The page survives, now numbered `page`.
    case kept(Int)
    /// The page is gone; `neighbour` takes its place (nil when none is left).
    case deleted(neighbour: Int?)

    var page: Int? {
        switch self {
        case .kept(let p): p
        case .deleted(let n): n
        }
    }
}

extension Pager {
    /// Sets the number of pages. Pages past the new count are deleted;
    /// showing one of them lands on the new last page; zero pages is the
    /// empty state (every slot parked, no current page).
    ///
    /// - Throws: ``ConfigurationError/negativePageCount(_:)``; the pager is unchanged.
    public mutating func setPageCount(_ count: PageCount) throws(ConfigurationError) -> Effects {
        var next = track
        next.pages = count
        try validate(next)
        let kept = count.pages
        return applyChange(next) { page in
            page < kept ? .kept(page) : .deleted(neighbour: kept > 0 ? kept - 1 : nil)
        }
    }

    /// Inserts `count` pages before page `index` (0 … page count). The page
    /// on screen keeps showing: when it moves up, the position moves with it
    /// and the slots are renumbered without a jump.
    ///
    /// - Throws: ``ConfigurationError/invalidPageRange(lower:upper:pageCount:)``
    ///   for an index outside 0 … count or a negative count.
    public mutating func insertPages(at index: Int, count: Int) throws(ConfigurationError) -> Effects {
        let n = track.pages.pages
        guard index >= 0, index <= n, count >= 0 else {
            throw .invalidPageRange(lower: index, upper: index &+ count, pageCount: n)
        }
        var next = track
        if track.pages.isBounded {
            let (sum, overflow) = n.addingReportingOverflow(count)
            guard !overflow, sum <= PageCount.unboundedLimit else { throw .invalidPageRange(lower: index, upper: index &+ count, pageCount: n) }
            next.pages = track.pages.with(pages: sum)
        }
        return applyChange(next) { page in
            guard page >= index else { return .kept(page) }
            let (moved, overflow) = page.addingReportingOverflow(count)
            let last = next.pages.pages - 1
            return overflow || moved > last ? .deleted(neighbour: last) : .kept(moved)
        }
    }

    /// Deletes the pages in `range`. Showing one of them lands on the page
    /// that followed the range, or on the one before it when the range
    /// reached the end; deleting every page leaves the empty state.
    ///
    /// - Throws: ``ConfigurationError/invalidPageRange(lower:upper:pageCount:)``
    ///   for a range outside the pages.
    public mutating func deletePages(in range: Range<Int>) throws(ConfigurationError) -> Effects {
        let n = track.pages.pages
        guard range.lowerBound >= 0, range.upperBound <= n else {
            throw .invalidPageRange(lower: range.lowerBound, upper: range.upperBound, pageCount: n)
        }
        var next = track
        if track.pages.isBounded { next.pages = track.pages.with(pages: n - range.count) }
        let remaining = next.pages.pages
        let neighbour: Int? = remaining == 0 ? nil : min(range.lowerBound, remaining - 1)
        return applyChange(next) { page in
            if page < range.lowerBound { return .kept(page) }
            if page >= range.upperBound { return .kept(page - range.count) }
            return .deleted(neighbour: neighbour)
        }
    }

    /// The content of `page` changed: the slot showing it, if any, is configured again.
    public mutating func reloadPage(_ page: Int) -> Effects {
        for i in slots.indices where slots[i].spread?.contains(page: page) == true {
            slots[i].stale = true
            layoutStale = true
        }
        return commit(Update())
    }

    /// Changes the geometry (host units). The position — current spread and
    /// its fraction — is kept, never the raw offset, so the same page stays
    /// on screen.
    ///
    /// - Throws: ``ConfigurationError`` for a non-positive extent or a pool
    ///   too small for the new viewport; the pager is unchanged.
    public mutating func resize(viewportExtent: Double, pageExtent: Double, spacing: Double? = nil) throws(ConfigurationError) -> Effects {
        var next = track
        next.viewportExtent = viewportExtent
        next.pageExtent = pageExtent
        if let spacing { next.spacing = spacing }
        try validate(next)
        track = next
        layoutStale = true
        return commit(Update())
    }

    /// Changes the axis or reading direction; the position is kept.
    public mutating func setOrientation(_ orientation: Orientation) -> Effects {
        track.orientation = orientation
        layoutStale = true
        return commit(Update())
    }

    /// Switches between one and two pages per spread, keeping the current
    /// page on screen.
    ///
    /// - Throws: ``ConfigurationError`` for a count other than 1 or 2, or a
    ///   pool too small for the wider spreads; the pager is unchanged.
    public mutating func setPagesPerSpread(_ count: Int, coverStandsAlone: Bool = false) throws(ConfigurationError) -> Effects {
        var next = track
        next.pagesPerSpread = count
        next.coverStandsAlone = coverStandsAlone
        try validate(next)
        return applyChange(next) { .kept($0) }
    }

    /// Sets the pages that stand alone in two-page spreads (a comic's double pages, found as its
    /// pages are measured), keeping the current page on screen. O(pool size).
    public mutating func setLonePages(_ lonePages: LonePages) -> Effects {
        guard lonePages != track.lonePages else { return Effects() }
        var next = track
        next.lonePages = lonePages
        return applyChange(next) { .kept($0) }
    }

    func validate(_ next: Track) throws(ConfigurationError) {
        try next.validate()
        try pool.validate(for: next)
    }

    /// Replaces the track with `next`, mapping every old page through `fate`.
    mutating func applyChange(_ next: Track, fate: (Int) -> PageFate) -> Effects {
        var update = Update()
        let oldSpread = currentSpread
        let oldPage = currentPage
        let offset = oldSpread.map { position.distance(fromSpread: $0) } ?? 0
        let oldTarget: Int? = if case .settling(let s) = phase { page(ofUnwrapped: clampToEnds(s.landing)) } else { nil }
        // Where each slot's content went, decided against the old track.
        for i in slots.indices {
            guard let spread = slots[i].spread else { continue }
            guard let first = fate(spread.firstPage).pageIfKept,
                  next.spreadCount > 0, first < next.pages.pages else {
                slots[i].spread = nil
                slots[i].placed = nil
                continue
            }
            let moved = next.spread(at: next.spreadIndex(containing: first))
            let sameContent = moved.firstPage == first && moved.pageCount == spread.pageCount
                && (spread.pageCount == 1 || fate(spread.lastPage).pageIfKept == moved.lastPage)
            slots[i].stale = !(sameContent && moved.index == spread.index)
            slots[i].spread = Spread(index: moved.index, firstPage: moved.firstPage, pageCount: moved.pageCount)
        }
        track = next
        layoutStale = true
        layoutKey = nil

        guard !isEmpty else {
            if let oldTarget { update.before.append(.transitionFinished(target: oldTarget, completed: false)) }
            if case .settling = phase { phase = .idle }
            if case .dragging = phase {
                drag.origin = Position(index: 0)
                drag.translation = 0
            }
            position = Position(index: 0)
            settledPage = nil
            return commit(update)
        }

        let newPage = oldPage.flatMap { fate($0).page } ?? 0
        let replaced = oldPage.map { fate($0).pageIfKept == nil } ?? true
        let spread = track.spreadIndex(containing: Self.clamp(newPage, to: track))
        let shift = spread &- (oldSpread ?? spread)
        position = Position(index: spread).advanced(by: oldSpread == nil ? 0 : offset)
        hostWindow.base &+= shift

        switch phase {
        case .idle:
            // A rest between two spreads (a page area scrolled by lines) keeps its place on the page
            // it was on; a page that went away is shown from its start.
            if replaced { position = Position(index: spread) }
            if !track.loops { position = min(max(position, Position(index: 0)), Position(index: lastSpread)) }
            let page = self.page(ofUnwrapped: spread)
            if settledPage != page || replaced {
                settledPage = page
                update.after.append(.settled(page: page))
            }
            let base = hostWindow.centred(on: spread, in: track)
            if base != hostWindow.base {
                update.after.append(.windowRecentred(shift: base &- hostWindow.base))
                hostWindow.base = base
            }
        case .dragging:
            drag.origin = Position(index: drag.origin.index &+ shift, fraction: drag.origin.fraction)
        case .settling(var settle):
            let targetPage = oldTarget.flatMap { fate($0).page } ?? newPage
            let targetReplaced = oldTarget.map { fate($0).pageIfKept == nil } ?? true
            var target = track.spreadIndex(containing: Self.clamp(targetPage, to: track))
            if track.loops {
                let n = track.spreadCount
                var delta = (target - track.wrap(spread)) % n
                if delta < 0 { delta += n }
                if delta > n / 2 { delta -= n }
                target = spread &+ delta
            }
            let newTarget = page(ofUnwrapped: target)
            if newTarget != oldTarget || targetReplaced {
                if let oldTarget { update.before.append(.transitionFinished(target: oldTarget, completed: false)) }
                update.before.append(.transitionBegan(target: newTarget))
            }
            // `target` is the spread the motion lands nearest; a rest between spreads past the
            // middle lands nearest the spread after its base.
            var end = Position(index: target &- (settle.targetFraction >= 0.5 ? 1 : 0), fraction: settle.targetFraction)
            if !track.loops { end = min(max(end, Position(index: 0)), Position(index: lastSpread)) }
            settle.target = end.index
            settle.targetFraction = end.fraction
            settle.startOffset = position.distance(from: settle.end)
            settle.startVelocity = settle.velocity
            settle.startTime = now
            if case .deceleration = settle.curve { settle.curve = physics.curve }
            phase = .settling(settle)
        }
        return commit(update)
    }
}

extension PageFate {
    var pageIfKept: Int? {
        if case .kept(let p) = self { return p }
        return nil
    }
}
