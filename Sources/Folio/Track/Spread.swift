/// What one slot shows: one page, or two pages side by side.
///
/// Spread `index` counts spreads from 0 in page order; `firstPage` is its
/// lower page number. A two-page spread shows `firstPage` on the leading side
/// (left for left-to-right, right for right-to-left).
public struct Spread: Hashable, Sendable, CustomStringConvertible {
    /// The spread's index along the track, ≥ 0.
    public let index: Int
    /// The lowest page number in the spread, ≥ 0.
    public let firstPage: Int
    /// The number of pages shown, 1 or 2.
    public let pageCount: Int

    /// Creates a spread; `pageCount` must be 1 or 2.
    public init(index: Int, firstPage: Int, pageCount: Int) {
        precondition(pageCount == 1 || pageCount == 2, "a spread shows one or two pages")
        precondition(index >= 0 && firstPage >= 0, "spread and page numbers are never negative")
        self.index = index
        self.firstPage = firstPage
        self.pageCount = pageCount
    }

    /// The highest page number in the spread.
    public var lastPage: Int { firstPage + (pageCount - 1) }

    /// The page numbers shown, in page order.
    public var pages: ClosedRange<Int> { firstPage...lastPage }

    /// Whether page `page` is shown in this spread.
    public func contains(page: Int) -> Bool { page >= firstPage && page <= lastPage }

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String {
        pageCount == 1 ? "spread \(index) (page \(firstPage))" : "spread \(index) (pages \(firstPage)–\(lastPage))"
    }
}
