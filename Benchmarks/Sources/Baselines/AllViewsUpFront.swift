/// Baseline (a), from seeds/000's PageScrollView: a view for every page is
/// created up front and added hidden; when scrolling settles, the current
/// page and its two neighbours are framed and shown, and a loop over every
/// page hides the rest.
///
/// Written here from the seed's description, for the benchmarks only; the
/// product never uses it. Settling is O(pages); memory is a view per page.
public struct AllViewsUpFront {
    /// Every page's view, created at once.
    public private(set) var views: [PageView]
    /// The page shown at the scroll view's left edge (the seed's zero page).
    public private(set) var zeroPage = 0
    /// The width of a page, in points.
    public let pageWidth: Double

    /// Creates `pageCount` hidden views of `pageWidth` × `pageHeight` points.
    public init(pageCount: Int, pageWidth: Double, pageHeight: Double) {
        self.pageWidth = pageWidth
        views = (0..<pageCount).map { PageView(page: $0, width: pageWidth, height: pageHeight) }
        if pageCount <= 3 {
            for (i, view) in views.enumerated() { view.storedX = pageWidth * Double(i); view.storedIsHidden = false }
        } else {
            settle(on: 0)
        }
    }

    /// Live page views: one per page.
    public var liveViews: Int { views.count }

    /// Scrolling came to rest on `page`: frame the three pages around it,
    /// show them, hide every other page.
    public mutating func settle(on page: Int) {
        let count = views.count
        guard count > 3 else { return }
        // The three pages in the three-page content area: clamped at both ends.
        let first = min(max(page - 1, 0), count - 3)
        for i in first..<(first + 3) {
            views[i].storedX = pageWidth * Double(i - first)
            views[i].storedIsHidden = false
        }
        // Everything else is hidden, page by page.
        for i in 0..<count where i < first || i > first + 2 {
            views[i].storedIsHidden = true
        }
        zeroPage = first
    }
}
