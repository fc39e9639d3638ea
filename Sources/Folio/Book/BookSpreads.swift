/// The spreads of a book in page order: a pure pairing of pages.
///
/// With one page per spread, spread *i* is page *i*. With two, pages pair
/// up from page 0 — or from page 1 when the cover (page 0) stands alone —
/// and an odd page left over at the end stands alone; each of the
/// ``lonePages`` stands alone too, the pairs starting again after it. Every page is in
/// exactly one spread, in order, and the spreads agree with the engine's
/// ``Track/spread(at:)`` for the same settings.
///
/// ```swift
/// let spreads = try BookSpreads(pageCount: 6, mode: .twoPages, coverStandsAlone: true)
/// spreads.map(\.pages)              // [0...0, 1...2, 3...4, 5...5]
/// spreads.index(containing: 4)      // 2
/// ```
///
/// A random-access collection of ``Spread``: counting, subscripting and
/// finding the spread of a page are O(1), and nothing is stored per page.
public struct BookSpreads: RandomAccessCollection, Hashable, Sendable, CustomStringConvertible {
    /// The number of pages, 0 … 2^62.
    public let pageCount: Int
    /// One or two pages per spread.
    public let mode: SpreadMode
    /// With two pages per spread, whether page 0 stands alone so later
    /// spreads start on odd pages. Ignored with one page per spread.
    public let coverStandsAlone: Bool
    /// With two pages per spread, the other pages that stand alone (double pages).
    public let lonePages: LonePages

    /// Pairs `pageCount` pages.
    ///
    /// - Throws: ``BookError/negativePageCount(_:)`` or
    ///   ``BookError/tooManyPages(_:)``.
    public init(pageCount: Int, mode: SpreadMode, coverStandsAlone: Bool = false, lonePages: LonePages = .none) throws(BookError) {
        try Self.check(pageCount: pageCount)
        self.init(unchecked: pageCount, mode: mode, coverStandsAlone: coverStandsAlone, lonePages: lonePages)
    }

    /// Pairs `pageCount` pages, already checked to be in 0 … 2^62.
    init(unchecked pageCount: Int, mode: SpreadMode, coverStandsAlone: Bool, lonePages: LonePages = .none) {
        self.pageCount = pageCount
        self.mode = mode
        self.coverStandsAlone = coverStandsAlone
        self.lonePages = lonePages
    }

    static func check(pageCount: Int) throws(BookError) {
        guard pageCount >= 0 else { throw .negativePageCount(pageCount) }
        guard pageCount <= PageCount.unboundedLimit else { throw .tooManyPages(pageCount) }
    }

    /// The pages before the first pair that stand alone: 1 for a cover that
    /// stands alone in a two-page book (0 when there are no pages), else 0.
    private var loneLead: Int {
        mode == .twoPages && coverStandsAlone ? Swift.min(1, pageCount) : 0
    }

    /// Always 0.
    public var startIndex: Int { 0 }

    /// The number of spreads. O(1).
    public var endIndex: Int {
        guard mode == .twoPages else { return pageCount }
        guard lonePages.isEmpty else { return lonePages.spreadCount(pageCount: pageCount, cover: coverStandsAlone) }
        let paired = pageCount - loneLead
        return loneLead + paired / 2 + paired % 2
    }

    /// The spread at `index`, in 0 ..< `count` (a programmer error otherwise,
    /// as for an array). O(1).
    public subscript(index: Int) -> Spread {
        precondition(index >= 0 && index < endIndex, "a book's spread index must be in 0 ..< its spread count")
        if mode == .twoPages && !lonePages.isEmpty { return lonePages.spread(at: index, pageCount: pageCount, cover: coverStandsAlone) }
        guard mode == .twoPages, index >= loneLead else {
            return Spread(index: index, firstPage: index, pageCount: 1)
        }
        let first = loneLead + 2 * (index - loneLead)
        return Spread(index: index, firstPage: first, pageCount: Swift.min(2, pageCount - first))
    }

    /// The index of the spread that shows `page`, or nil when `page` is
    /// outside 0 ..< ``pageCount``. O(1).
    public func index(containing page: Int) -> Int? {
        guard page >= 0, page < pageCount else { return nil }
        if mode == .twoPages && !lonePages.isEmpty { return lonePages.spreadIndex(containing: page, cover: coverStandsAlone) }
        guard mode == .twoPages, page >= loneLead else { return page }
        return loneLead + (page - loneLead) / 2
    }

    /// The spread that shows `page`, or nil when `page` is outside
    /// 0 ..< ``pageCount``. O(1).
    public func spread(containing page: Int) -> Spread? {
        index(containing: page).map { self[$0] }
    }

    /// A compact, readable form for logs and test failures.
    public var description: String {
        let cover = mode == .twoPages && coverStandsAlone ? ", cover alone" : ""
        let lone = mode == .twoPages && !lonePages.isEmpty ? ", \(lonePages)" : ""
        return "\(count) spreads of \(mode) over \(pageCount) pages\(cover)\(lone)"
    }
}
