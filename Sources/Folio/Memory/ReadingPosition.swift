/// Where a reader was in a document: an anchor into the content, plus the
/// page and page count at the time, so it survives a re-pagination.
///
/// The ``anchor`` is a **byte offset** into the document as stored (for
/// UTF-8 text, its UTF-8 code units): the offset of the first byte of the
/// first character on the page. Bytes, rather than characters or Unicode
/// scalars, because invalid UTF-8 still has byte positions, a reader can
/// seek a large file to an offset without decoding what comes before it,
/// and an incremental paginator counts bytes anyway. A paginator that
/// restores a position must report its page starts in the same unit.
///
/// ``page`` and ``pageCount`` are only what the reader saw when it saved
/// (e.g. to show "page 12 of 340" while a long document is still being
/// paginated); after a resize, a font or width change or a switch between
/// one and two pages per spread, the anchor decides the page:
///
/// ```swift
/// let saved = ReadingPosition(anchor: 5_120, page: 12, pageCount: 340)
/// switch saved.restore(in: newPageStarts, isComplete: paginationDone) {
/// case .onPage(let page): pager.move(toPage: page, animated: false)
/// case .pending(let lastKnown): break   // ask again when more pages are known
/// case .empty: break
/// }
/// ```
public struct ReadingPosition: Hashable, Sendable, CustomStringConvertible {
    /// The byte offset of the first character on the page, ≥ 0.
    public let anchor: Int
    /// The page (not spread) the reader was on when this was saved, 0 ..< ``pageCount``.
    public let page: Int
    /// The number of pages known when this was saved, ≥ 1.
    public let pageCount: Int

    /// Creates a position, clamping bad values rather than trapping: a
    /// negative `anchor` or `page` becomes 0, and `pageCount` is raised to
    /// `page + 1` when it does not include the page.
    public init(anchor: Int, page: Int, pageCount: Int) {
        self.anchor = max(anchor, 0)
        self.page = max(page, 0)
        self.pageCount = max(pageCount, self.page + 1)
    }

    /// The position at the start of `page` in a pagination given by its page
    /// starts (byte offsets, strictly increasing); `nil` when `page` is not
    /// one of them. `pageCount` is the number of starts given.
    ///
    /// Cost: O(1) for an array.
    public init?<Starts: RandomAccessCollection<Int>>(page: Int, pageStarts: Starts) {
        guard page >= 0, page < pageStarts.count else { return nil }
        self.init(anchor: pageStarts[pageStarts.index(pageStarts.startIndex, offsetBy: page)],
                  page: page, pageCount: pageStarts.count)
    }

    /// The share of the document before this page when it was saved, in 0 ..< 1
    /// (page ÷ page count; epy's "relative percentage").
    public var progress: Double { Double(page) / Double(pageCount) }

    /// A compact, readable form for logs and test failures.
    public var description: String { "byte \(anchor) (page \(page) of \(pageCount))" }
}
