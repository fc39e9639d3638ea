extension PageIndicator {
    /// Brings the indicator in line with `pager`: page count, looping,
    /// current page and the fractional position during a drag or settle.
    ///
    /// Call it after every pager input whose ``Effects`` hold an event (or
    /// simply after every input). With two-page spreads the offset is
    /// converted to pages: the reading position moves from the current
    /// spread's first page toward the neighbouring spread's first page, so
    /// the activity passes over every page dot on the way. While the pager
    /// rubber-bands past an end the offset is 0.
    ///
    /// The page count is the track's; ``isCountFinal`` keeps what the host
    /// set with ``setPageCount(_:isFinal:loops:)`` (a host paginating
    /// incrementally says the count is not final yet). An `.unbounded`
    /// track counts the pages seen so far (`currentPage + 1` at least) and
    /// is never final.
    ///
    /// - Parameters:
    ///   - pager: the pager to follow.
    ///   - adoptingOrientation: copy the pager's orientation (default), so
    ///     a right-to-left book gets mirrored dots.
    /// - Returns: what changed, for the host to redraw.
    ///
    /// O(1), independent of the page count; allocates nothing.
    @discardableResult
    public mutating func update(from pager: Pager, adoptingOrientation: Bool = true) -> IndicatorChange {
        let old = self
        let track = pager.track
        if adoptingOrientation { orientation = track.orientation }
        let page = pager.currentPage ?? 0
        switch track.pages {
        case .unbounded:
            pageCount = max(pageCount, page + 1)
            isCountFinal = false
        case .finite(let n), .looping(let n):
            pageCount = n
        }
        loops = track.loops
        place(page: page, offset: pageOffset(of: pager, at: page))
        return changes(since: old)
    }

    /// The pager's offset from `page` converted from spreads to pages.
    private func pageOffset(of pager: Pager, at page: Int) -> Double {
        let track = pager.track
        let offset = pager.currentPageOffset
        guard offset != 0, pageCount > 0 else { return 0 }
        let spread = track.spreadIndex(containing: page)
        var neighbour = offset > 0 ? spread + 1 : spread - 1
        if track.loops {
            neighbour = (neighbour + track.spreadCount) % track.spreadCount
        } else if neighbour < 0 || neighbour >= track.spreadCount {
            return 0
        }
        var pages = track.spread(at: neighbour).firstPage - page
        if offset > 0, pages <= 0 { pages += pageCount }     // past the end of a loop
        if offset < 0, pages >= 0 { pages -= pageCount }     // before the start of a loop
        return offset * Double(abs(pages))
    }
}
