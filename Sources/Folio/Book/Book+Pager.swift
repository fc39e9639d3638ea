extension Book {
    /// The engine track that shows this book in a viewport of `width` ×
    /// `height` host units, for building a ``Pager``.
    ///
    /// The viewport extent is the width for a horizontal book and the height
    /// for a vertical one; each page gets that extent divided by the pages
    /// per spread. `spacing` is the gap between spreads (≥ 0), seen only
    /// while a turn is under way. O(1).
    ///
    /// ```swift
    /// let book = try Book(pageCount: 340, spine: .middle)
    /// var pager = try Pager(track: book.track(width: 120, height: 40))   // two pages of 60 columns
    /// ```
    ///
    /// - Throws: ``BookError/invalidViewport(width:height:)`` or
    ///   ``BookError/invalidSpacing(_:)``.
    public func track(width: Double, height: Double, spacing: Double = 0) throws(BookError) -> Track {
        try Self.check(width: width, height: height)
        guard spacing.isFinite, spacing >= 0 else { throw .invalidSpacing(spacing) }
        let extent = orientation.axis == .horizontal ? width : height
        var track = Track(
            orientation: orientation, pages: .finite(pageCount),
            pagesPerSpread: mode.pagesPerSpread, coverStandsAlone: coverStandsAlone,
            pageExtent: extent / Double(mode.pagesPerSpread), spacing: spacing, viewportExtent: extent
        )
        track.lonePages = lonePages
        return track
    }

    /// The spread to show after switching from `old` to `new` pages per
    /// spread, so that the reader's page stays on screen. O(1).
    ///
    /// The reader's page is the first page of the spread that shows `page`
    /// in the old mode — the page a ``Pager`` reports as its current page —
    /// and the answer is the spread that shows it in the new mode. Going
    /// from one page to two, the page gains its partner; going from two to
    /// one, the leading page of the pair stays.
    ///
    /// ```swift
    /// let book = try Book(pageCount: 10, spine: .middle, coverStandsAlone: true)
    /// try book.spread(keepingPage: 4, from: .onePage, to: .twoPages)   // spread 2 (pages 3–4)
    /// try book.spread(keepingPage: 4, from: .twoPages, to: .onePage)   // spread 3 (page 3)
    /// ```
    ///
    /// - Throws: ``BookError/pageOutOfRange(page:pageCount:)``.
    public func spread(keepingPage page: Int, from old: SpreadMode, to new: SpreadMode) throws(BookError) -> Spread {
        guard let shown = spreads(in: old).spread(containing: page),
              let next = spreads(in: new).spread(containing: shown.firstPage) else {
            throw .pageOutOfRange(page: page, pageCount: pageCount)
        }
        return next
    }

    /// Fits `pager` to a resized viewport: asks `rule` for one or two pages,
    /// switches the book and the pager when the answer changed, and resizes
    /// the pages. The page on screen stays on screen (see
    /// ``spread(keepingPage:from:to:)``).
    ///
    /// A changed mode goes through ``Pager/setPagesPerSpread(_:coverStandsAlone:)``
    /// together with the new page size, as one update, so each view is
    /// configured and placed once; an unchanged mode is a plain
    /// ``Pager/resize(viewportExtent:pageExtent:spacing:)``. Returns the
    /// pager's effects (a changed mode reports the new position and current
    /// page, and `settled` when the page at rest is renumbered). The book's orientation and
    /// cover setting are applied; the pager's page count, orientation and
    /// spacing are left as they are — keep them in step with the book.
    /// Cost: O(pool size), like any pager update.
    ///
    /// ```swift
    /// // On every terminal resize:
    /// for effect in try book.resize(&pager, width: columns, height: rows * 2) { host.apply(effect) }
    /// ```
    ///
    /// - Throws: ``BookError/invalidViewport(width:height:)``,
    ///   ``BookError/doubleSidedNeedsTwoPages(spine:)`` when the rule asks
    ///   double-sided content for one page (use ``SpreadRule/always(_:)``
    ///   with `.twoPages` for such a book), or ``BookError/pager(_:)`` when
    ///   the pager refuses the geometry (a pool too small). The book and the
    ///   pager are unchanged.
    public mutating func resize(
        _ pager: inout Pager, width: Double, height: Double, rule: some SpreadRule = .landscape
    ) throws(BookError) -> Effects {
        try Self.check(width: width, height: height)
        var next = self
        let mode = rule.mode(width: width, height: height, axis: orientation.axis)
        if mode != self.mode { try next.setMode(mode) }
        let target = try next.track(width: width, height: height, spacing: pager.track.spacing)
        let effects: Effects
        do throws(ConfigurationError) {
            effects = try pager.setSpreads(
                pagesPerSpread: target.pagesPerSpread, coverStandsAlone: target.coverStandsAlone, lonePages: target.lonePages,
                pageExtent: target.pageExtent, viewportExtent: target.viewportExtent
            )
        } catch {
            throw .pager(error)
        }
        self = next
        return effects
    }

    static func check(width: Double, height: Double) throws(BookError) {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw .invalidViewport(width: width, height: height)
        }
    }
}
