extension PageIndicator {
    /// The visible dot at `index` in page order (0 is the window's first
    /// page, whatever the reading direction), ready to draw.
    ///
    /// `index` must be in 0 ..< ``visibleDotCount``. O(1), allocates nothing:
    /// hosts loop `for i in 0..<indicator.visibleDotCount` each frame.
    public func dot(at index: Int) -> IndicatorDot {
        precondition(index >= 0 && index < visibleDotCount, "a dot index is in 0 ..< visibleDotCount (\(visibleDotCount)), not \(index)")
        let scale = scale(at: index)
        return IndicatorDot(
            page: windowStart + index,
            scale: scale,
            activity: activity(ofPage: windowStart + index),
            centre: centre(at: index),
            diameter: style.dotDiameter * scale
        )
    }

    /// Every visible dot in page order. O(visible dots); builds an array,
    /// so per-frame drawing should prefer ``dot(at:)``.
    public var dots: [IndicatorDot] { (0..<visibleDotCount).map(dot(at:)) }

    /// The scale of visible dot `index`: an edge scale when it is among the
    /// outermost dots of an edge with more pages beyond, else 1. O(1).
    func scale(at index: Int) -> Double {
        let visible = visibleDotCount, band = edgeBand
        if windowStart > 0, index < band { return style.edgeScales[index] }
        let fromEnd = visible - 1 - index
        if windowStart + visible < pageCount, fromEnd < band { return style.edgeScales[fromEnd] }
        return 1
    }

    /// How current page `page` is, 0 … 1: `1 − |page − (currentPage + pageOffset)|`,
    /// measured the short way round a loop, and 0 beyond one page away or
    /// for a page outside 0 ..< ``pageCount``. O(1).
    public func activity(ofPage page: Int) -> Double {
        guard page >= 0, page < pageCount else { return 0 }
        var steps = Double(page - currentPage)
        if loops {
            // The two representatives of page − currentPage modulo the count
            // nearest the offset; exact in integers, then one subtraction.
            let n = pageCount
            let r = ((page - currentPage) % n + n) % n
            let ahead = Double(r) - pageOffset, behind = Double(r - n) - pageOffset
            steps = abs(ahead) <= abs(behind) ? Double(r) : Double(r - n)
        }
        return min(max(1 - abs(steps - pageOffset), 0), 1)
    }

    // MARK: Geometry

    /// The length of the row of dots along the axis:
    /// `visibleDotCount · dotDiameter + (visibleDotCount − 1) · spacing`, 0 when hidden.
    public var extent: Double {
        let visible = visibleDotCount
        guard visible > 0 else { return 0 }
        return Double(visible) * style.dotDiameter + Double(visible - 1) * style.spacing
    }

    /// The thickness across the axis: ``IndicatorStyle/dotDiameter``.
    public var thickness: Double { style.dotDiameter }

    /// The centre of visible dot `index` along the axis, from the
    /// indicator's left or top edge; mirrored when the orientation is
    /// reversed (right-to-left, bottom-to-top). O(1).
    func centre(at index: Int) -> Double {
        let along = style.dotDiameter / 2 + Double(index) * style.pitch
        return orientation.isReversed ? extent - along : along
    }

    /// A screen coordinate (from the left or top edge) as a distance in
    /// reading order from the indicator's leading end.
    func readingCoordinate(_ coordinate: Double) -> Double {
        orientation.isReversed ? extent - coordinate : coordinate
    }
}
