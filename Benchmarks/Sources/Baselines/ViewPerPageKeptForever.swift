/// Baseline (b), the approach seeds/004 and seeds/003 argue against: one
/// view per page, created the first time the page (or its neighbour) is
/// needed and never freed. When scrolling settles, the page and its two
/// neighbours get views (created if missing) and are framed.
///
/// Written here for the benchmarks only; the product never uses it.
/// Settling is O(1) amortised; memory grows with every page seen.
public struct ViewPerPageKeptForever {
    /// The views created so far, by page.
    public private(set) var views: [Int: PageView] = [:]
    /// The number of pages.
    public let pageCount: Int
    /// The size of a page, in points.
    public let pageWidth: Double, pageHeight: Double

    /// Creates the scroller with no views yet.
    public init(pageCount: Int, pageWidth: Double, pageHeight: Double) {
        self.pageCount = pageCount
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        settle(on: 0)
    }

    /// Live page views: every page seen so far and its neighbours.
    public var liveViews: Int { views.count }

    /// Scrolling came to rest on `page`: make sure it and its neighbours have views, and frame them.
    public mutating func settle(on page: Int) {
        for p in (page - 1)...(page + 1) where p >= 0 && p < pageCount {
            let view: PageView
            if let existing = views[p] {
                view = existing
            } else {
                view = PageView(page: p, width: pageWidth, height: pageHeight)
                views[p] = view
            }
            view.storedX = pageWidth * Double(p)   // a content area as wide as every page
            view.storedIsHidden = false
        }
    }
}
