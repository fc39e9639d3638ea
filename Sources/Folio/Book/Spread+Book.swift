extension Spread {
    /// The spread of `spreads` that shows exactly `pages`, checked.
    ///
    /// Use it to accept a spread from outside (a saved layout, a host's
    /// drawing request) without trusting its numbers: the pages must be in
    /// range and be one whole spread of the pairing, so two pages that
    /// belong to different spreads, or a page cut off from its partner, are
    /// refused. O(1).
    ///
    /// ```swift
    /// let spreads = try BookSpreads(pageCount: 6, mode: .twoPages, coverStandsAlone: true)
    /// try Spread(pages: 1...2, in: spreads)   // spread 1 (pages 1–2)
    /// try Spread(pages: 0...1, in: spreads)   // throws: page 0 is in spread 0 (page 0)
    /// ```
    ///
    /// - Throws: ``BookError/pageOutOfRange(page:pageCount:)`` for a page
    ///   outside the book, ``BookError/notASpread(pages:spread:)`` when the
    ///   pages are not one whole spread.
    public init(pages: ClosedRange<Int>, in spreads: BookSpreads) throws(BookError) {
        let inBook = 0..<spreads.pageCount
        guard inBook.contains(pages.lowerBound) else {
            throw .pageOutOfRange(page: pages.lowerBound, pageCount: spreads.pageCount)
        }
        guard inBook.contains(pages.upperBound) else {
            throw .pageOutOfRange(page: pages.upperBound, pageCount: spreads.pageCount)
        }
        guard let spread = spreads.spread(containing: pages.lowerBound), spread.pages == pages else {
            throw .notASpread(pages: pages, spread: spreads.spread(containing: pages.lowerBound))
        }
        self = spread
    }
}
