/// Why a book layout was refused. Every case names the rule broken and the
/// value that broke it; the book (and any pager passed in) keeps its
/// previous state.
public enum BookError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A page count below zero.
    case negativePageCount(Int)
    /// More pages than ``PageCount/unboundedLimit`` (2^62).
    case tooManyPages(Int)
    /// Double-sided content with one page per spread: the backs of the
    /// pages would never be shown.
    case doubleSidedNeedsTwoPages(spine: Spine)
    /// A page number outside 0 ..< `pageCount`.
    case pageOutOfRange(page: Int, pageCount: Int)
    /// Pages that are not one spread of the book; `spread` is the spread
    /// that holds the first of them (nil when that page is out of range).
    case notASpread(pages: ClosedRange<Int>, spread: Spread?)
    /// A viewport side that is zero, negative, infinite or NaN.
    case invalidViewport(width: Double, height: Double)
    /// A spacing that is negative, infinite or NaN.
    case invalidSpacing(Double)
    /// A minimum page extent that is negative, infinite or NaN.
    case invalidMinimumPageExtent(Double)
    /// The pager refused the new layout.
    case pager(ConfigurationError)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .negativePageCount(let n):
            "A book cannot have a negative page count (got \(n))."
        case .tooManyPages(let n):
            "A book holds at most 2^62 pages (\(PageCount.unboundedLimit)), not \(n)."
        case .doubleSidedNeedsTwoPages(let spine):
            "Double-sided content needs two pages per spread (a spine in the middle), not a \(spine): "
                + "the back of every page would never be shown. Put the spine in the middle or turn double-sided off."
        case .pageOutOfRange(let page, let count):
            count == 0
                ? "The book has no pages, so there is no page \(page)."
                : "Page \(page) is outside the book's pages 0…\(count - 1)."
        case .notASpread(let pages, let spread):
            "Pages \(pages.lowerBound)…\(pages.upperBound) are not a spread of this book"
                + (spread.map { "; page \(pages.lowerBound) is in \($0)." } ?? "; page \(pages.lowerBound) is out of range.")
        case .invalidViewport(let width, let height):
            "A viewport must have a positive finite width and height, not \(width) × \(height)."
        case .invalidSpacing(let spacing):
            "The spacing between spreads must be a finite number ≥ 0, not \(spacing)."
        case .invalidMinimumPageExtent(let extent):
            "The minimum readable page extent must be a finite number ≥ 0, not \(extent)."
        case .pager(let error):
            "The pager refused the book's layout: \(error)"
        }
    }
}
