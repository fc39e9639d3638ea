/// The pages a pager moves through and the geometry it shows them in.
///
/// Extents are in the host's unit along the axis (points, columns, pixels:
/// the engine does not care) and must be positive and finite; `spacing` may
/// be zero. A spread is `pagesPerSpread` pages wide and centred in the
/// viewport when it rests.
///
/// ```swift
/// let track = Track(pages: .finite(340), pageExtent: 80, viewportExtent: 80)
/// ```
public struct Track: Hashable, Sendable, CustomStringConvertible {
    /// The axis and reading direction.
    public var orientation: Orientation
    /// The number of pages and whether they loop.
    public var pages: PageCount
    /// Pages shown side by side in one spread: 1 or 2.
    public var pagesPerSpread: Int
    /// With two pages per spread, whether page 0 (the cover) stands alone,
    /// so later spreads start on odd pages.
    public var coverStandsAlone: Bool
    /// With two pages per spread, the other pages that stand alone (a comic's
    /// double pages); the pages between pair up again after each.
    public var lonePages: LonePages = .none
    /// The extent of one page along the axis, > 0.
    public var pageExtent: Double
    /// The gap between neighbouring spreads along the axis, ≥ 0.
    public var spacing: Double
    /// The extent of the visible area along the axis, > 0.
    public var viewportExtent: Double

    /// Creates a track. Nothing is checked here; ``Pager/init(track:pool:physics:page:)``
    /// and the pager's setters throw ``ConfigurationError`` for invalid values.
    public init(
        orientation: Orientation = .leftToRight,
        pages: PageCount,
        pagesPerSpread: Int = 1,
        coverStandsAlone: Bool = false,
        pageExtent: Double,
        spacing: Double = 0,
        viewportExtent: Double
    ) {
        self.orientation = orientation
        self.pages = pages
        self.pagesPerSpread = pagesPerSpread
        self.coverStandsAlone = coverStandsAlone
        self.pageExtent = pageExtent
        self.spacing = spacing
        self.viewportExtent = viewportExtent
    }

    /// The extent of one spread along the axis.
    public var spreadExtent: Double { pageExtent * Double(pagesPerSpread) }

    /// The distance from one spread's leading edge to the next one's.
    public var stride: Double { spreadExtent + spacing }

    /// The number of spreads.
    public var spreadCount: Int {
        let n = pages.pages
        guard pagesPerSpread == 2, n > 0 else { return n }
        guard lonePages.isEmpty else { return lonePages.spreadCount(pageCount: n, cover: coverStandsAlone) }
        return coverStandsAlone ? 1 + n / 2 : (n + 1) / 2
    }

    /// Whether the track wraps: a looping count with at least two spreads.
    public var loops: Bool {
        if case .looping = pages { return spreadCount >= 2 }
        return false
    }

    /// The spread at `index`, which must be in 0 ..< ``spreadCount``.
    public func spread(at index: Int) -> Spread {
        guard pagesPerSpread == 2 else { return Spread(index: index, firstPage: index, pageCount: 1) }
        guard lonePages.isEmpty else { return lonePages.spread(at: index, pageCount: pages.pages, cover: coverStandsAlone) }
        let first = coverStandsAlone ? (index == 0 ? 0 : 2 * index - 1) : 2 * index
        let pairs = !(coverStandsAlone && index == 0) && first < pages.pages - 1
        return Spread(index: index, firstPage: first, pageCount: pairs ? 2 : 1)
    }

    /// The index of the spread that shows `page` (any page ≥ 0).
    public func spreadIndex(containing page: Int) -> Int {
        guard pagesPerSpread == 2 else { return page }
        guard lonePages.isEmpty else { return lonePages.spreadIndex(containing: page, cover: coverStandsAlone) }
        return coverStandsAlone ? (page + 1) / 2 : page / 2
    }

    /// The spread index shown at an unwrapped index: itself, or its
    /// remainder modulo the spread count on a looping track.
    func wrap(_ index: Int) -> Int {
        loops ? Self.wrap(index, count: spreadCount) : index
    }

    /// `index` wrapped into 0 ..< `count` (`count` > 0), as on a loop of `count` spreads.
    static func wrap(_ index: Int, count: Int) -> Int {
        let r = index % count
        return r < 0 ? r + count : r
    }

    /// The largest number of spreads that can be partly visible at once.
    public var maximumVisibleSpreads: Int {
        // Spread i is visible while |i − position| < (viewport + spread) / (2 · stride):
        // an open interval that holds at most ⌈(viewport + spread) / stride⌉ integers.
        Int(((viewportExtent + spreadExtent) / stride).rounded(.up))
    }

    /// Checks every rule a pager relies on.
    public func validate() throws(ConfigurationError) {
        func positive(_ value: Double, _ name: String) throws(ConfigurationError) {
            guard value.isFinite, value > 0 else { throw .invalidExtent(name: name, value: value) }
        }
        try positive(pageExtent, "page extent")
        try positive(viewportExtent, "viewport extent")
        guard spacing.isFinite, spacing >= 0 else { throw .invalidExtent(name: "spacing", value: spacing) }
        guard pagesPerSpread == 1 || pagesPerSpread == 2 else { throw .invalidPagesPerSpread(pagesPerSpread) }
        guard pages.pages >= 0 else { throw .negativePageCount(pages.pages) }
        guard pages.pages <= PageCount.unboundedLimit else { throw .tooManyPages(pages.pages) }
        guard maximumVisibleSpreads <= 64 else {
            throw .viewportTooWide(viewportExtent: viewportExtent, spreadExtent: spreadExtent)
        }
    }

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String {
        var parts = ["\(pages)", "\(orientation)"]
        if pagesPerSpread == 2 { parts.append(coverStandsAlone ? "two-page spreads, cover alone" : "two-page spreads") }
        if pagesPerSpread == 2 && !lonePages.isEmpty { parts.append("\(lonePages)") }
        parts.append("page \(pageExtent)")
        if spacing > 0 { parts.append("spacing \(spacing)") }
        parts.append("viewport \(viewportExtent)")
        return "Track(" + parts.joined(separator: ", ") + ")"
    }
}
