/// Remembers the reading position of one document as the reader moves, and
/// says when it has changed and should be saved.
///
/// The recorder does no I/O: each input returns the ``ReadingPosition`` to
/// save, or `nil` when nothing changed, and the host hands it to its
/// ``PositionStore`` (or batches it, or saves it on quit: its choice). This
/// keeps the engine's rule that inputs return what to do as values, keeps a
/// failing disk out of the paging path, and lets a test read the saves as a
/// list.
///
/// It also keeps the anchor from drifting. Restoring puts the reader on the
/// page holding the anchor, which usually starts a little before it; if the
/// next save took that page's start, every resize would move the anchor back
/// a little more. So while the reader settles on a spread that still holds the
/// remembered anchor, the anchor stays; only moving elsewhere replaces it with
/// the new page's start.
///
/// ```swift
/// var recorder = PositionRecorder(identity: id, restoring: store.load(for: id))
/// if let page = recorder.lookup(in: pageStarts, isComplete: done).page {
///     _ = pager.move(toPage: page, animated: false)
/// }
/// // after each input:
/// if let save = recorder.record(effects, track: pager.track, pageStarts: pageStarts) {
///     try store.save(save, for: recorder.identity)
/// }
/// ```
public struct PositionRecorder: Hashable, Sendable, CustomStringConvertible {
    /// The document whose position this records.
    public let identity: DocumentIdentity
    /// The remembered position: the one restored, or the last one recorded; `nil` before either.
    public private(set) var position: ReadingPosition?
    /// The position last handed back for saving (or restored); a settle that
    /// would save the same again returns `nil`.
    public private(set) var lastSaved: ReadingPosition?

    /// A recorder for `identity`, starting from a position loaded from a store (or none).
    public init(identity: DocumentIdentity, restoring saved: ReadingPosition? = nil) {
        self.identity = identity
        self.position = saved
        self.lastSaved = saved
    }

    /// Where the remembered anchor is in a (new) pagination; the start of the
    /// document when nothing is remembered. Call it after opening and after
    /// every re-pagination, and move the pager to the page (or spread) it names.
    ///
    /// Cost: O(log n) for n page starts; no allocation for a contiguous collection.
    public func lookup<Starts: RandomAccessCollection<Int>>(in pageStarts: Starts, isComplete: Bool) -> PageLookup {
        PageLookup(anchor: position?.anchor ?? 0, pageStarts: pageStarts, isComplete: isComplete)
    }

    /// Records that the pager came to rest showing `pages` (one page, or both
    /// pages of a spread) and returns the position to save, or `nil` when it
    /// equals the last one saved or `pages` are not among `pageStarts`.
    ///
    /// The anchor stays when it lies on `pages` (see the type's discussion);
    /// otherwise it becomes the start of `pages.lowerBound`. The saved page
    /// is the one holding the anchor and the page count is `pageStarts.count`.
    ///
    /// Cost: O(1); no allocation for an `Array` or other contiguous collection of page starts.
    public mutating func settled<Starts: RandomAccessCollection<Int>>(
        onPages pages: ClosedRange<Int>, pageStarts: Starts
    ) -> ReadingPosition? {
        let found: ReadingPosition? = pageStarts.withStarts { count, start in
            guard pages.lowerBound >= 0, pages.lowerBound < count else { return nil }
            let first = pages.lowerBound
            let last = min(pages.upperBound, count - 1)
            guard let anchor = position?.anchor, anchor >= start(first), last + 1 >= count || anchor < start(last + 1) else {
                return ReadingPosition(anchor: start(first), page: first, pageCount: count)
            }
            // Still on screen: keep it, on whichever page of the spread holds it.
            let page = last > first && anchor >= start(last) ? last : first
            return ReadingPosition(anchor: anchor, page: page, pageCount: count)
        }
        guard let new = found else { return nil }
        position = new
        guard new != lastSaved else { return nil }
        lastSaved = new
        return new
    }

    /// Records a rest whose place is `anchor` itself — the first byte of the top line of a page
    /// area scrolled by lines, which need not start a page — on page `page` of `pageCount`, and
    /// returns the position to save, or `nil` when it equals the last one saved. O(1).
    public mutating func settled(atAnchor anchor: Int, page: Int, pageCount: Int) -> ReadingPosition? {
        let new = ReadingPosition(anchor: max(0, anchor), page: max(0, page), pageCount: max(1, pageCount))
        position = new
        guard new != lastSaved else { return nil }
        lastSaved = new
        return new
    }

    /// Records the last `settled(page:)` event among `effects`, if any, as a
    /// rest on the spread of `track` that starts at that page, and returns
    /// the position to save (see ``settled(onPages:pageStarts:)``).
    ///
    /// Cost: O(effects) to find the event, then as ``settled(onPages:pageStarts:)``.
    public mutating func record<Starts: RandomAccessCollection<Int>>(
        _ effects: Effects, track: Track, pageStarts: Starts
    ) -> ReadingPosition? {
        var settledPage: Int?
        for effect in effects {
            if case .event(.settled(let page)) = effect { settledPage = page }
        }
        guard let page = settledPage, page >= 0 else { return nil }
        let spreadIndex = track.spreadIndex(containing: page)
        let pages = spreadIndex < track.spreadCount ? track.spread(at: spreadIndex).pages : page...page
        return settled(onPages: pages, pageStarts: pageStarts)
    }

    /// A compact, readable form for logs and test failures.
    public var description: String {
        "PositionRecorder(\(identity), \(position.map { "at \($0)" } ?? "no position yet"))"
    }
}
