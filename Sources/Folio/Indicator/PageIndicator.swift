/// A page indicator as a value: the dots a host draws, which one is current,
/// and what a tap or scrub on it means.
///
/// The indicator counts pages (never spreads). With more pages than
/// ``IndicatorStyle/maximumVisibleDots``, a window of that many dots slides
/// with the current page, and the dots at an edge with more pages beyond it
/// shrink (``IndicatorStyle/edgeScales``) — the "many dots" pattern of
/// Instagram and Swiper's dynamic bullets. The window moves only when the
/// current dot would otherwise sit on a shrunk edge dot or leave the
/// window, and then by as little as it can, so paging one by one slides it
/// one dot at a time instead of recentring on every page.
///
/// Any host draws it: read ``visibleDotCount`` and ``dot(at:)`` (page,
/// scale, activity, centre, diameter), or pick the ``text`` ("12 / 340"),
/// the ``sliderValue`` or the ``accessibilityValue`` instead.
///
/// ```swift
/// var indicator = try PageIndicator(style: IndicatorStyle(dotDiameter: 1, spacing: 1))
/// indicator.update(from: pager)                       // after every pager update
/// for i in 0..<indicator.visibleDotCount {
///     let dot = indicator.dot(at: i)                  // draw at dot.centre, dot.diameter wide
/// }
/// if let action = indicator.action(forTapAt: x) {     // x from the indicator's left edge
///     let effects = pager.perform(action, animated: true, at: now)
/// }
/// ```
///
/// Every update is O(1) and allocates nothing; reading a dot is O(1); the
/// ``dots`` convenience is O(visible dots) and builds an array.
public struct PageIndicator: Hashable, Sendable, CustomStringConvertible {
    /// The look: dot count, edge scales, geometry. Set with ``setStyle(_:)``.
    public internal(set) var style: IndicatorStyle
    /// The axis and reading direction the dots run in: right-to-left and
    /// bottom-to-top put page 0 at the right or bottom end.
    /// ``update(from:adoptingOrientation:)`` copies the pager's by default.
    public var orientation: Orientation
    /// Whether the dots are hidden when there is exactly one page (default
    /// false). With no pages they are always hidden.
    public var hidesForSinglePage: Bool
    /// The number of pages, 0 … 2^62.
    public internal(set) var pageCount: Int
    /// False while the count may still grow (incremental pagination); the
    /// text forms then say "340+" and "at least 340".
    public internal(set) var isCountFinal: Bool
    /// Whether page `pageCount − 1` is followed by page 0, so the activity
    /// passes between them and taps step past the ends.
    public internal(set) var loops: Bool
    /// The page nearest the reading position, in 0 ..< ``pageCount`` (0 when empty).
    public internal(set) var currentPage: Int
    /// How far the reading position is from ``currentPage``, in pages:
    /// −0.5 … 0.5 with one page per spread, up to −1 … 1 when fed from
    /// two-page spreads. Never points past the first or last page unless
    /// the indicator ``loops``.
    public internal(set) var pageOffset: Double
    /// The first page of the dot window, in 0 … `pageCount − visibleDotCount`.
    public internal(set) var windowStart: Int

    /// Creates an indicator on `currentPage` (clamped into range) of `pageCount` pages.
    ///
    /// - Throws: ``IndicatorError`` for a negative or too large page count
    ///   or an invalid style.
    public init(
        pageCount: Int = 0,
        isCountFinal: Bool = true,
        currentPage: Int = 0,
        style: IndicatorStyle = IndicatorStyle(),
        orientation: Orientation = .leftToRight,
        hidesForSinglePage: Bool = false
    ) throws(IndicatorError) {
        try style.validate()
        guard pageCount >= 0, pageCount <= PageCount.unboundedLimit else { throw .invalidPageCount(pageCount) }
        self.style = style
        self.orientation = orientation
        self.hidesForSinglePage = hidesForSinglePage
        self.pageCount = pageCount
        self.isCountFinal = isCountFinal
        loops = false
        self.currentPage = 0
        pageOffset = 0
        windowStart = 0
        self.currentPage = clampPage(currentPage)
        slideWindow()
    }

    // MARK: State

    /// Whether the host draws no dots: no pages, or a single page with
    /// ``hidesForSinglePage``. The text and slider forms stay available.
    public var isHidden: Bool { pageCount == 0 || (pageCount == 1 && hidesForSinglePage) }

    /// The number of dots to draw: `min(pageCount, maximumVisibleDots)`, 0 when hidden.
    public var visibleDotCount: Int { isHidden ? 0 : min(pageCount, style.maximumVisibleDots) }

    /// The pages the visible dots stand for, in page order; empty when hidden.
    public var visiblePages: Range<Int> { windowStart..<(windowStart + visibleDotCount) }

    /// How many dots at each window edge can shrink: the edge scales in
    /// use, at most `(window − 1) / 2` so the current dot always fits at full size.
    var edgeBand: Int {
        let window = min(pageCount, style.maximumVisibleDots)
        return max(0, min(style.edgeScales.count, (window - 1) / 2))
    }

    /// The window starts that keep `page` at full size inside the window.
    ///
    /// A start `s` works when `page` lies in `s ..< s + m` and not among
    /// the shrunk dots of an edge with pages beyond it. For starts strictly
    /// inside `1 ..< n − m` that is `page − (m − 1 − e) … page − e`; start
    /// 0 and start `n − m` have no shrunk dots on their closed side. The
    /// union is one interval, computed in O(1).
    func windowStarts(keeping page: Int) -> ClosedRange<Int> {
        let m = style.maximumVisibleDots, n = pageCount
        guard n > m else { return 0...0 }
        let e = edgeBand, last = n - m
        let low = min(last, max(0, page - (m - 1 - e)))
        let high = max(0, min(last, page - e))
        return low...high
    }

    /// Moves the window as little as keeps the current dot at full size inside it.
    mutating func slideWindow() {
        let starts = windowStarts(keeping: currentPage)
        windowStart = min(max(windowStart, starts.lowerBound), starts.upperBound)
    }

    func clampPage(_ page: Int) -> Int { min(max(page, 0), max(pageCount - 1, 0)) }

    // MARK: Updates

    /// Sets the page count and whether it is final; the current page is
    /// clamped into the new range and the window slides as little as it must.
    ///
    /// O(1), allocates nothing.
    /// - Parameters:
    ///   - count: pages, 0 … 2^62.
    ///   - isFinal: false while more pages may come (shown as "340+").
    ///   - loops: whether the last page is followed by the first.
    /// - Throws: ``IndicatorError/invalidPageCount(_:)``; the indicator is unchanged.
    @discardableResult
    public mutating func setPageCount(_ count: Int, isFinal: Bool = true, loops: Bool = false) throws(IndicatorError) -> IndicatorChange {
        guard count >= 0, count <= PageCount.unboundedLimit else { throw .invalidPageCount(count) }
        let old = self
        pageCount = count
        isCountFinal = isFinal
        self.loops = loops && count > 1
        place(page: currentPage, offset: pageOffset)
        return changes(since: old)
    }

    /// Sets the current page and the fractional offset from it, as
    /// ``Pager/currentPage`` and ``Pager/currentPageOffset`` report them.
    ///
    /// `page` is clamped into 0 ..< page count; `offset` (pages, −1 … 1,
    /// normally −0.5 … 0.5) is clamped so the reading position stays
    /// between the first and last page unless the indicator loops; NaN
    /// counts as 0. O(1), allocates nothing.
    @discardableResult
    public mutating func setCurrentPage(_ page: Int, offset: Double = 0) -> IndicatorChange {
        let old = self
        place(page: page, offset: offset)
        return changes(since: old)
    }

    /// Sets the reading position in pages: `position.index` is a page and
    /// `position.fraction` the way toward the next one. The current page
    /// becomes the nearest. O(1), allocates nothing.
    @discardableResult
    public mutating func setPosition(_ position: Position) -> IndicatorChange {
        let page = position.nearestIndex
        return setCurrentPage(page, offset: position.distance(fromSpread: page))
    }

    /// Replaces the style (window size, edge scales, geometry); the window
    /// slides as little as the new size needs. O(edge scales).
    ///
    /// - Throws: ``IndicatorError`` for an invalid style; the indicator is unchanged.
    @discardableResult
    public mutating func setStyle(_ style: IndicatorStyle) throws(IndicatorError) -> IndicatorChange {
        try style.validate()
        let old = self
        self.style = style
        slideWindow()
        return changes(since: old)
    }

    mutating func place(page: Int, offset: Double) {
        currentPage = clampPage(page)
        var offset = offset.isNaN ? 0 : min(max(offset, -1), 1)
        if !loops {
            offset = min(max(offset, -Double(currentPage)), Double(max(pageCount - 1 - currentPage, 0)))
        }
        pageOffset = pageCount == 0 ? 0 : offset
        slideWindow()
    }

    /// What differs between `old` and `self`. O(1) (the style comparison
    /// short-cuts on shared storage).
    func changes(since old: PageIndicator) -> IndicatorChange {
        var change: IndicatorChange = []
        if isHidden != old.isHidden { change.insert(.visibility) }
        let moreAfter = windowStart + visibleDotCount < pageCount
        let oldMoreAfter = old.windowStart + old.visibleDotCount < old.pageCount
        if windowStart != old.windowStart || visibleDotCount != old.visibleDotCount || moreAfter != oldMoreAfter
            || orientation != old.orientation || style != old.style {
            change.insert(.dots)
        }
        if currentPage != old.currentPage || pageOffset != old.pageOffset || loops != old.loops { change.insert(.activity) }
        if currentPage != old.currentPage || pageCount != old.pageCount || isCountFinal != old.isCountFinal {
            change.insert(.label)
        }
        return change
    }

    /// A compact, readable form for logs and test failures, e.g.
    /// `PageIndicator(page 12 of 340+, offset 0.25, dots 9..<16)`.
    public var description: String {
        guard pageCount > 0 else { return "PageIndicator(no pages)" }
        var text = "PageIndicator(page \(currentPage) of \(pageCount)\(isCountFinal ? "" : "+")"
        if loops { text += " looping" }
        if pageOffset != 0 { text += ", offset \(pageOffset)" }
        text += isHidden ? ", hidden" : ", dots \(visiblePages)"
        return text + ")"
    }
}
