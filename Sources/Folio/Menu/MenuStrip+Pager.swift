extension MenuStrip {
    /// The item (chapter) containing `page`: the last item whose start page
    /// is at or before it. Pages before item 0's start page count as item
    /// 0's; of items starting on the same page (empty chapters) the last is
    /// the one containing it. nil when the strip is empty.
    ///
    /// - Complexity: O(log n): a binary search of ``startPages``.
    public func item(containingPage page: Int) -> Int? {
        guard !items.isEmpty else { return nil }
        return max(Self.partitionPoint(startPages.count) { startPages[$0] > page } - 1, 0)
    }

    /// Follows a pager: the selection becomes the chapter of
    /// `pager.currentPage`, and the underline and scroll offset follow the
    /// pager's fractional position. Call after every pager update that
    /// moved it (or once per frame).
    ///
    /// How the underline moves: the pager's ``Pager/position`` lies between
    /// two neighbouring spreads, `index` and `index + 1`, a `fraction` of
    /// the way (0 ..< 1). The underline is that same fraction of the way
    /// from the chapter of the first spread to the chapter of the second.
    /// Turning pages inside one chapter therefore leaves it still; it moves
    /// only while the pages cross into another chapter, and it crosses in
    /// step with the drag: halfway there when the pager is, which is also
    /// when ``Pager/currentPage`` — and with it the selection — changes. A
    /// looping track going from its last page to its first slides the
    /// underline back to item 0; past the ends of a finite track (rubber
    /// band) it stays put. The strip scrolls to centre the underline
    /// whenever the underline moves, so a chapter change during a drag
    /// scrolls smoothly.
    ///
    /// A spread's chapter is the chapter of its first page, except that an
    /// item chosen with ``select(_:)`` or a tap stays chosen while its
    /// chapter shares a page with the spread (or starts on one), so choosing
    /// an empty chapter or one that starts on a spread's second page sticks.
    /// While the pager animates to the page that choice asked for, this
    /// returns nothing; so call it after carrying out `showPage`.
    ///
    /// ```swift
    /// for effect in pager.dragMoved(by: dx, at: now) { host.apply(effect) }
    /// for effect in strip.follow(pager) { host.apply(effect) }
    /// ```
    ///
    /// - Returns: `selectionChanged`, `moveUnderline`, `scroll`, for what
    ///   changed; nothing for an empty strip or an empty pager.
    /// - Complexity: O(log n) (three chapter lookups), independent of the
    ///   page count, and allocates nothing.
    public mutating func follow(_ pager: Pager) -> MenuEffects {
        guard !items.isEmpty, let current = pager.currentPage else { return MenuEffects() }
        let track = pager.track
        if let pending = pendingPage {
            let heading = track.spreadIndex(containing: Pager.clamp(pending, to: track))
            if pager.isSettling, let target = pager.targetPage, track.spreadIndex(containing: target) == heading {
                return MenuEffects()
            }
            pendingPage = nil
        }
        let currentSpread = track.spread(at: track.spreadIndex(containing: current))
        if let preferred = preferredIndex, pager.activity == .idle, !chapter(preferred, touches: currentSpread) {
            preferredIndex = nil
        }

        // The two spreads the position lies between, and how far along.
        var index = pager.position.index
        var fraction = pager.position.fraction
        let last = track.spreadCount - 1
        if track.loops {
            index = track.wrap(index)
        } else if index < 0 || index >= last {
            index = min(max(index, 0), last)
            fraction = 0
        }
        let from = item(showing: track.spread(at: index))
        let to = fraction > 0 ? item(showing: track.spread(at: track.wrap(index + 1))) : from

        let before = observed
        selectedIndex = item(showing: currentSpread)
        underlineSpan = UnderlineSpan(from: from, to: to, fraction: fraction)
        if let frame = underline, frame != before.underline { scrollOffset = offset(centring: frame) }
        return effects(since: before)
    }

    /// The item a spread stands for: the chosen item while its chapter
    /// touches the spread, else the chapter of the spread's first page.
    func item(showing spread: Spread) -> Int {
        if let preferred = preferredIndex, chapter(preferred, touches: spread) { return preferred }
        return item(containingPage: spread.firstPage) ?? 0
    }

    /// Whether item `i`'s chapter starts on one of the spread's pages or
    /// owns one of them (item 0 owns the pages before its start page too).
    func chapter(_ i: Int, touches spread: Spread) -> Bool {
        let first = spread.firstPage
        let last = first + spread.pageCount - 1
        let start = startPages[i]
        if start >= first && start <= last { return true }
        let owned = i == 0 ? Int.min : start
        let end = i + 1 < startPages.count ? startPages[i + 1] : Int.max
        return owned <= last && end > first
    }
}
