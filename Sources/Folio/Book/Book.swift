/// A book's layout rules: how many pages, where the spine sits, whether the
/// cover stands alone, whether the content is double-sided, and the reading
/// direction.
///
/// A book is a value with no paging state of its own: it pairs pages into
/// spreads (``spreads``), makes the engine ``Track`` for a viewport
/// (``track(width:height:spacing:)``), says which way a page turn goes
/// (``turn(from:to:)``) and on which side of the spine each page sits
/// (``side(ofPage:)``), and switches a ``Pager`` between one and two pages
/// when a ``SpreadRule`` says so (``resize(_:width:height:rule:)``).
///
/// Every setter checks the rules and throws ``BookError`` on a bad value,
/// leaving the book as it was: double-sided content needs a spine in the
/// middle (two pages per spread).
///
/// Creating a book, its setters and its questions are O(1) and allocate
/// nothing; only walking ``spreads`` is linear (in the spread count).
///
/// ```swift
/// var book = try Book(pageCount: 240, orientation: .rightToLeft, spine: .middle, coverStandsAlone: true)
/// let turn = try book.turn(from: 0, to: 17)   // spread 0 (page 0) → spread 9 (pages 17–18), forward toward the right
/// try book.setDoubleSided(true)               // fine: two pages per spread
/// ```
public struct Book: Hashable, Sendable, CustomStringConvertible {
    /// The number of pages, 0 … 2^62.
    public private(set) var pageCount: Int
    /// The axis and reading direction; a right-to-left book turns the other way.
    public var orientation: Orientation
    /// Where the spine sits; `.middle` means two pages per spread.
    public private(set) var spine: Spine
    /// The spine used when the book shows one page: `.leading` or `.trailing`,
    /// never `.middle`. It is the last edge spine set (`.leading` at first),
    /// so a book that goes to two pages and back keeps its edge.
    public private(set) var singlePageSpine: Spine
    /// With two pages per spread, whether page 0 (the cover) stands alone,
    /// so later spreads start on odd pages.
    public var coverStandsAlone: Bool
    /// With two pages per spread, the other pages that stand alone (a comic's double pages).
    public var lonePages: LonePages = .none
    /// Whether the content is printed on both sides of each leaf; valid only
    /// with two pages per spread.
    public private(set) var isDoubleSided: Bool

    /// Creates a book, checking every rule.
    ///
    /// - Throws: ``BookError/negativePageCount(_:)``,
    ///   ``BookError/tooManyPages(_:)``, or
    ///   ``BookError/doubleSidedNeedsTwoPages(spine:)`` for double-sided
    ///   content with the spine at an edge.
    public init(
        pageCount: Int,
        orientation: Orientation = .leftToRight,
        spine: Spine = .leading,
        coverStandsAlone: Bool = false,
        isDoubleSided: Bool = false
    ) throws(BookError) {
        try BookSpreads.check(pageCount: pageCount)
        try Self.check(spine: spine, doubleSided: isDoubleSided)
        self.pageCount = pageCount
        self.orientation = orientation
        self.spine = spine
        singlePageSpine = spine.isAtEdge ? spine : .leading
        self.coverStandsAlone = coverStandsAlone
        self.isDoubleSided = isDoubleSided
    }

    /// One or two pages per spread, from the spine. O(1).
    public var mode: SpreadMode { spine.mode }

    /// The book's spreads in page order. O(1); the collection computes each
    /// spread on demand.
    public var spreads: BookSpreads { spreads(in: mode) }

    /// The book's spreads as they would be in `mode`. O(1).
    public func spreads(in mode: SpreadMode) -> BookSpreads {
        // The count was checked when it was set.
        BookSpreads(unchecked: pageCount, mode: mode, coverStandsAlone: coverStandsAlone, lonePages: lonePages)
    }

    /// Sets the number of pages (0 … 2^62).
    ///
    /// - Throws: ``BookError/negativePageCount(_:)`` or
    ///   ``BookError/tooManyPages(_:)``; the book is unchanged.
    public mutating func setPageCount(_ count: Int) throws(BookError) {
        try BookSpreads.check(pageCount: count)
        pageCount = count
    }

    /// Moves the spine: to an edge for one page per spread, to the middle for two.
    ///
    /// - Throws: ``BookError/doubleSidedNeedsTwoPages(spine:)`` for an edge
    ///   spine on double-sided content; the book is unchanged.
    public mutating func setSpine(_ spine: Spine) throws(BookError) {
        try Self.check(spine: spine, doubleSided: isDoubleSided)
        self.spine = spine
        if spine.isAtEdge { singlePageSpine = spine }
    }

    /// Shows one page (the spine goes to ``singlePageSpine``) or two pages
    /// (the spine goes to the middle) per spread.
    ///
    /// - Throws: ``BookError/doubleSidedNeedsTwoPages(spine:)`` for one page
    ///   on double-sided content; the book is unchanged.
    public mutating func setMode(_ mode: SpreadMode) throws(BookError) {
        try setSpine(mode == .twoPages ? .middle : singlePageSpine)
    }

    /// Marks the content double-sided or not.
    ///
    /// - Throws: ``BookError/doubleSidedNeedsTwoPages(spine:)`` when turning
    ///   it on while the spine is at an edge; the book is unchanged.
    public mutating func setDoubleSided(_ doubleSided: Bool) throws(BookError) {
        try Self.check(spine: spine, doubleSided: doubleSided)
        isDoubleSided = doubleSided
    }

    static func check(spine: Spine, doubleSided: Bool) throws(BookError) {
        guard !doubleSided || spine == .middle else { throw .doubleSidedNeedsTwoPages(spine: spine) }
    }

    /// A compact, readable form for logs and test failures.
    public var description: String {
        var parts = ["\(pageCount) pages", "\(orientation)", "\(spine)"]
        if spine == .middle && coverStandsAlone { parts.append("cover alone") }
        if spine == .middle && !lonePages.isEmpty { parts.append("\(lonePages)") }
        if isDoubleSided { parts.append("double-sided") }
        return "Book(" + parts.joined(separator: ", ") + ")"
    }
}
