extension ReadingPosition {
    /// Where this position is in a new pagination: the page holding
    /// ``anchor``, or ``PageLookup/pending(lastKnownPage:)`` while the
    /// paginator has not reached it yet.
    ///
    /// `pageStarts` are byte offsets, strictly increasing, one per known page;
    /// `isComplete` says whether they are all the document's pages. The saved
    /// ``page`` plays no part: after a resize or a font change the anchor decides.
    ///
    /// Cost: O(log n) for n page starts; no allocation for a contiguous collection.
    public func restore<Starts: RandomAccessCollection<Int>>(in pageStarts: Starts, isComplete: Bool) -> PageLookup {
        PageLookup(anchor: anchor, pageStarts: pageStarts, isComplete: isComplete)
    }
}
