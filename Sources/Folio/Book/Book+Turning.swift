extension Book {
    /// Going from `currentPage` to `targetPage`: the spread to show (the one
    /// containing the target) and which way the page turns, in page order
    /// and on screen.
    ///
    /// A target already on screen (the same spread) is `.stay`. Forward turns
    /// travel toward the reading direction's leading side — left in a
    /// left-to-right book, right in a right-to-left one, up in a
    /// top-to-bottom one — and backward turns the other way. O(1).
    ///
    /// ```swift
    /// let book = try Book(pageCount: 10, spine: .middle)
    /// try book.turn(from: 3, to: 8)   // spread 1 (pages 2–3) → spread 4 (pages 8–9), forward toward the left
    /// try book.turn(from: 3, to: 2)   // stay on spread 1 (pages 2–3)
    /// ```
    ///
    /// - Throws: ``BookError/pageOutOfRange(page:pageCount:)`` when either
    ///   page is outside 0 ..< ``pageCount``.
    public func turn(from currentPage: Int, to targetPage: Int) throws(BookError) -> PageTurn {
        let spreads = self.spreads
        guard let from = spreads.spread(containing: currentPage) else {
            throw .pageOutOfRange(page: currentPage, pageCount: pageCount)
        }
        guard let to = spreads.spread(containing: targetPage) else {
            throw .pageOutOfRange(page: targetPage, pageCount: pageCount)
        }
        return PageTurn(from: from, to: to, orientation: orientation)
    }

    /// The side of the spine `page` sits on, so a host can draw a spread
    /// without paging logic. O(1).
    ///
    /// With two pages per spread the pages alternate: the first page of
    /// each pair on the leading side (left in a left-to-right book, right in
    /// a right-to-left one, top or bottom for vertical books), the second on
    /// the trailing side. A lone page keeps the side it would have in a
    /// pair: a cover that stands alone sits on the trailing side (like the
    /// front of a printed book), a lone last page on the leading side. With
    /// one page per spread the page sits across from its edge spine.
    ///
    /// - Throws: ``BookError/pageOutOfRange(page:pageCount:)`` for a page
    ///   outside 0 ..< ``pageCount``.
    public func side(ofPage page: Int) throws(BookError) -> ScreenSide {
        guard page >= 0, page < pageCount else { throw .pageOutOfRange(page: page, pageCount: pageCount) }
        return side(of: page)
    }

    /// The page of `spread` on `side` of the spine, or nil when that side is
    /// blank (a lone page in a two-page spread) or not on the book's axis.
    /// O(1).
    ///
    /// ```swift
    /// let book = try Book(pageCount: 6, orientation: .rightToLeft, spine: .middle)
    /// let spread = book.spreads[1]                  // pages 2–3
    /// book.page(on: .right, of: spread)             // 2: read first, on the right
    /// book.page(on: .left, of: spread)              // 3
    /// ```
    public func page(on side: ScreenSide, of spread: Spread) -> Int? {
        if self.side(of: spread.firstPage) == side { return spread.firstPage }
        if spread.pageCount == 2 && self.side(of: spread.lastPage) == side { return spread.lastPage }
        return nil
    }

    /// The side of the spine for a page known to be ≥ 0.
    func side(of page: Int) -> ScreenSide {
        switch spine {
        case .leading: return orientation.trailingSide
        case .trailing: return orientation.leadingSide
        case .middle:
            if !lonePages.isEmpty {
                // A lone page sits where a cover does; otherwise a pair's first page is on the leading side.
                if lonePages.contains(page) || (coverStandsAlone && page == 0) { return orientation.trailingSide }
                return spreads.spread(containing: page)?.firstPage == page ? orientation.leadingSide : orientation.trailingSide
            }
            let lead = coverStandsAlone ? 1 : 0
            guard page >= lead else { return orientation.trailingSide }
            return (page - lead) % 2 == 0 ? orientation.leadingSide : orientation.trailingSide
        }
    }
}
