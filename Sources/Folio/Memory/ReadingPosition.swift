/// Where a reader was in a document: an anchor into the content, plus the
/// page and page count at the time, so it survives a re-pagination, and the
/// places the reader marked in it.
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
///
/// ``marks`` are the places a reader named (`ma` in folio, as in `less`),
/// byte offsets like the anchor, so they too survive any re-pagination and
/// come back with the position when the document is opened again.
public struct ReadingPosition: Hashable, Sendable, CustomStringConvertible {
    /// The byte offset of the first character on the page, ≥ 0.
    public let anchor: Int
    /// The page (not spread) the reader was on when this was saved, 0 ..< ``pageCount``.
    public let page: Int
    /// The number of pages known when this was saved, ≥ 1.
    public let pageCount: Int
    /// Places under a name (a letter, or `'` for where the reader was before
    /// the last jump): byte offsets into the document, each ≥ 0. Empty for a
    /// reader who marked nothing.
    public let marks: [Character: Int]

    /// Creates a position, clamping bad values rather than trapping: a
    /// negative `anchor`, `page` or mark becomes 0, and `pageCount` is raised
    /// to `page + 1` when it does not include the page.
    public init(anchor: Int, page: Int, pageCount: Int, marks: [Character: Int] = [:]) {
        self.anchor = max(anchor, 0)
        self.page = max(page, 0)
        self.pageCount = max(pageCount, self.page + 1)
        // Kept as given when valid: a position without marks allocates nothing (the recorder's settle is free).
        self.marks = marks.values.allSatisfy { $0 >= 0 } ? marks : marks.mapValues { max($0, 0) }
    }

    /// This position with `marks` in place of its own.
    ///
    /// ```swift
    /// let saved = recorder.settled(onPages: 3...3, pageStarts: starts)?.marking(["a": 1_200])
    /// ```
    public func marking(_ marks: [Character: Int]) -> ReadingPosition {
        ReadingPosition(anchor: anchor, page: page, pageCount: pageCount, marks: marks)
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

    /// A compact, readable form for logs and test failures:
    /// `byte 5120 (page 12 of 340)`, then `, marks a b` when there are marks.
    public var description: String {
        let named = marks.keys.sorted().map(String.init).joined(separator: " ")
        return "byte \(anchor) (page \(page) of \(pageCount))" + (named.isEmpty ? "" : ", marks \(named)")
    }
}
