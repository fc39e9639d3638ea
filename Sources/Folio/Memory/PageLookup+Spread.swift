extension PageLookup {
    /// The spread of `track` that shows ``page``, so a two-page spread
    /// restores to the spread holding the anchor's page; `nil` when there is
    /// no page, or it is not on the track (a track with fewer pages than the
    /// pagination). A restored spread keeps the anchor visible whichever
    /// side of the spine its page is on.
    ///
    /// Cost: O(1).
    public func spread(on track: Track) -> Spread? {
        guard let page, page < track.pages.pages else { return nil }
        return track.spread(at: track.spreadIndex(containing: page))
    }
}
