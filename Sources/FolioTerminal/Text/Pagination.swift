/// The pages of a document at one geometry, found incrementally.
///
/// A page is known by the byte offset it starts at, so a document of any
/// size costs one integer per page. ``extend(in:budget:)`` lays out more
/// pages, a budget at a time, so a reader shows the first page at once and
/// keeps paginating between frames; until ``isComplete`` the page count is
/// a lower bound.
public struct Pagination: Sendable {
    /// The layout pages are cut with.
    public let layout: TextLayout
    /// The byte offset each known page starts at, ascending; page 0 starts at 0.
    public private(set) var pageStarts: [Int] = [0]
    /// Where the next unknown page starts (the document's size once complete).
    public private(set) var frontier = 0
    /// Whether every page is known.
    public private(set) var isComplete = false
    /// The document's size in bytes.
    public let byteCount: Int

    /// Starts paginating a document of `byteCount` bytes at `geometry`.
    public init(geometry: PageGeometry, byteCount: Int) {
        layout = TextLayout(geometry: geometry)
        self.byteCount = byteCount
        isComplete = byteCount == 0
        frontier = 0
    }

    /// The pages known so far (at least 1: an empty document has one empty page).
    public var knownPages: Int { pageStarts.count }

    /// Lays out pages until about `budget` more bytes are covered or the
    /// document ends. Returns whether new pages became known. O(budget).
    @discardableResult
    public mutating func extend(in bytes: UnsafeRawBufferPointer, budget: Int) -> Bool {
        guard !isComplete else { return false }
        let before = pageStarts.count
        let goal = frontier + max(1, budget)
        while frontier < bytes.count && frontier < goal {
            let end = layout.page(in: bytes, from: pageStarts[pageStarts.count - 1], collect: false).end
            frontier = end
            if end < bytes.count { pageStarts.append(end) }
        }
        if frontier >= bytes.count { isComplete = true }
        return pageStarts.count > before
    }

    /// The byte range page `page` (0 ..< knownPages) shows; the last known
    /// page's end is known only once it is laid out.
    public func bytes(ofPage page: Int) -> Range<Int> {
        let start = pageStarts[page]
        let end = page + 1 < pageStarts.count ? pageStarts[page + 1] : (isComplete ? byteCount : frontier)
        return start..<max(start, end)
    }

    /// The page whose range holds byte `offset`, or nil when pagination
    /// has not reached it yet. O(log pages).
    public func page(containing offset: Int) -> Int? {
        guard offset < frontier || isComplete else { return nil }
        var low = 0, high = pageStarts.count
        while low + 1 < high {
            let mid = (low + high) / 2
            if pageStarts[mid] <= offset { low = mid } else { high = mid }
        }
        return low
    }
}
