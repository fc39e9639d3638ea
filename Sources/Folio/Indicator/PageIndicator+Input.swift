extension PageIndicator {
    /// What a tap at `coordinate` asks for, or nil when it asks for nothing.
    ///
    /// `coordinate` is along the axis from the indicator's left (horizontal)
    /// or top (vertical) edge, in the style's unit; a host whose control is
    /// wider than ``extent`` subtracts the margin before the dots.
    ///
    /// The rule, in this order:
    /// 1. **A tap on a dot wins.** A tap within `dotDiameter / 2 + hitSlop`
    ///    of a visible dot's centre (its full size, even when the dot is
    ///    drawn shrunk) goes to that dot's page: ``IndicatorAction/goTo(page:)``,
    ///    or nil for the current dot.
    /// 2. **Elsewhere, the side decides.** A tap before the current dot in
    ///    reading order (left of it left-to-right, right of it right-to-left,
    ///    above it top-to-bottom, below it bottom-to-top) steps back one
    ///    page, a tap after it steps forward: ``IndicatorAction/step(by:)``.
    ///    This covers the gaps between dots and the control's margins.
    ///
    /// Nil when hidden, for a non-finite coordinate, and for a step past the
    /// first or last page of an indicator that does not loop. O(1).
    public func action(forTapAt coordinate: Double) -> IndicatorAction? {
        guard !isHidden, coordinate.isFinite else { return nil }
        if let index = dotIndex(at: coordinate) {
            let page = windowStart + index
            return page == currentPage ? nil : .goTo(page: page)
        }
        let reading = readingCoordinate(coordinate)
        let current = style.dotDiameter / 2 + Double(currentPage - windowStart) * style.pitch
        if reading < current { return loops || currentPage > 0 ? .step(by: -1) : nil }
        if reading > current { return loops || currentPage < pageCount - 1 ? .step(by: 1) : nil }
        return nil
    }

    /// The visible dot (0 ..< ``visibleDotCount``, page order) whose full-size
    /// disc, widened by ``IndicatorStyle/hitSlop``, contains `coordinate`;
    /// the nearest when several do. Nil when none does or when hidden. O(1).
    public func dotIndex(at coordinate: Double) -> Int? {
        let visible = visibleDotCount
        guard visible > 0, coordinate.isFinite else { return nil }
        let reading = readingCoordinate(coordinate)
        let slots = (reading - style.dotDiameter / 2) / style.pitch
        let nearest = Int(min(max(slots.rounded(), 0), Double(visible - 1)))
        let centre = style.dotDiameter / 2 + Double(nearest) * style.pitch
        return abs(reading - centre) <= style.dotDiameter / 2 + style.hitSlop ? nearest : nil
    }

    /// The page a scrub (a drag along the dots) at `coordinate` points at,
    /// proportionally across **all** pages, not just the visible dots.
    ///
    /// The first visible dot's centre is page 0, the last one's is the last
    /// page, linearly between and clamped beyond (with a single dot the
    /// whole ``extent`` spans the pages). Mirrored for reversed
    /// orientations. Nil when hidden or for a non-finite coordinate. O(1).
    ///
    /// ```swift
    /// // 340 pages, 7 dots of 8 points 8 apart (extent 104): the middle is page 170.
    /// indicator.page(forScrubAt: 52)   // 170
    /// ```
    public func page(forScrubAt coordinate: Double) -> Int? {
        let visible = visibleDotCount
        guard visible > 0, coordinate.isFinite else { return nil }
        let reading = readingCoordinate(coordinate)
        let fraction = visible >= 2
            ? (reading - style.dotDiameter / 2) / (Double(visible - 1) * style.pitch)
            : reading / extent
        return page(atFraction: fraction)
    }

    /// ``IndicatorAction/goTo(page:)`` for ``page(forScrubAt:)``, or nil
    /// when that is the current page (or there is none). O(1).
    public func action(forScrubAt coordinate: Double) -> IndicatorAction? {
        guard let page = page(forScrubAt: coordinate), page != currentPage else { return nil }
        return .goTo(page: page)
    }

    /// The page at `fraction` of the way from the first page to the last,
    /// rounded to the nearest; `fraction` clamped into 0 … 1, NaN as 0.
    func page(atFraction fraction: Double) -> Int? {
        guard pageCount > 0 else { return nil }
        let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        // Double(pageCount − 1) may round up past the last page near 2^62.
        let page = Int((f * Double(pageCount - 1)).rounded())
        return min(max(page, 0), pageCount - 1)
    }
}
