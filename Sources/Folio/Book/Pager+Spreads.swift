extension Pager {
    /// Switches between one and two pages per spread and sets the page and
    /// viewport extents in one update, keeping the current page on screen.
    ///
    /// The same change as ``setPagesPerSpread(_:coverStandsAlone:)``
    /// followed by ``resize(viewportExtent:pageExtent:spacing:)``, without
    /// the step between: a host would otherwise place every view twice, and
    /// the step between could need more slots than either end (one page per
    /// spread at the old, narrower page size). With the spreads unchanged it
    /// is a plain resize. Cost: O(pool size).
    ///
    /// - Throws: ``ConfigurationError`` as those two calls do; the pager is unchanged.
    mutating func setSpreads(
        pagesPerSpread: Int, coverStandsAlone: Bool, lonePages: LonePages = .none, pageExtent: Double, viewportExtent: Double
    ) throws(ConfigurationError) -> Effects {
        guard pagesPerSpread != track.pagesPerSpread || coverStandsAlone != track.coverStandsAlone || lonePages != track.lonePages else {
            return try resize(viewportExtent: viewportExtent, pageExtent: pageExtent)
        }
        var next = track
        next.pagesPerSpread = pagesPerSpread
        next.coverStandsAlone = coverStandsAlone
        next.lonePages = lonePages
        next.pageExtent = pageExtent
        next.viewportExtent = viewportExtent
        try validate(next)
        return applyChange(next) { .kept($0) }
    }
}
