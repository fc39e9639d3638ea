/// Which page holds a content anchor in a pagination that may still be growing.
///
/// A pagination is given as the byte offset where each page starts, in
/// page order and strictly increasing (page 0 usually starts at 0). Page
/// `i` holds the bytes from its start up to the next page's start; the last
/// page of a complete pagination holds everything after its start. While a
/// paginator is still working (`isComplete` false) only the first pages are
/// known, and the end of the last known page is not: an anchor past that
/// page's start may lie on it or on a page not made yet, so the answer is
/// ``pending(lastKnownPage:)`` until more pages arrive.
///
/// ```swift
/// PageLookup(anchor: 250, pageStarts: [0, 100, 200], isComplete: true)    // .onPage(2)
/// PageLookup(anchor: 250, pageStarts: [0, 100, 200], isComplete: false)   // .pending(lastKnownPage: 2)
/// PageLookup(anchor: 150, pageStarts: [0, 100, 200], isComplete: false)   // .onPage(1)
/// ```
public enum PageLookup: Hashable, Sendable, CustomStringConvertible {
    /// The anchor is on `page` (a page, not a spread), 0 ..< the number of page starts.
    case onPage(Int)
    /// The anchor lies beyond the pages known so far. Show `lastKnownPage`
    /// (`nil` when no page is known yet) and look again when the paginator
    /// has made more pages or finished.
    case pending(lastKnownPage: Int?)
    /// The pagination is complete and has no pages: an empty document.
    case empty

    /// Finds the page holding `anchor` by binary search.
    ///
    /// - Parameters:
    ///   - anchor: a byte offset into the content. An anchor before the first
    ///     page's start is on page 0; an anchor past the end of a complete
    ///     pagination (the document got shorter) is on the last page.
    ///   - pageStarts: the byte offset where each known page starts, strictly
    ///     increasing. If they are not, the answer is still a page in range
    ///     (never a trap), just not a meaningful one.
    ///   - isComplete: whether `pageStarts` lists every page of the document.
    ///
    /// Cost: O(log n) comparisons for n page starts; no allocation for an
    /// `Array`, `ArraySlice` or other contiguous collection.
    public init<Starts: RandomAccessCollection<Int>>(anchor: Int, pageStarts: Starts, isComplete: Bool) {
        self = pageStarts.withStarts { count, start in
            Self.find(anchor, count: count, isComplete: isComplete, start: start)
        }
    }

    /// The search itself, on page starts read through `start` (0 ..< `count`).
    static func find(_ anchor: Int, count: Int, isComplete: Bool, start: (Int) -> Int) -> PageLookup {
        guard count > 0 else { return isComplete ? .empty : .pending(lastKnownPage: nil) }
        // Invariant: pages below `low` start at or before the anchor, pages from `high` on after it.
        var low = 0
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            if start(middle) <= anchor { low = middle + 1 } else { high = middle }
        }
        let last = count - 1
        if !isComplete, low == count, anchor != start(last) {
            // Past the start of the last known page, whose end is not known yet.
            return .pending(lastKnownPage: last)
        }
        return .onPage(max(low - 1, 0))
    }

    /// The page to show now: the anchor's page, or the last known page while
    /// pending; `nil` when there is no page to show.
    public var page: Int? {
        switch self {
        case .onPage(let page): page
        case .pending(let last): last
        case .empty: nil
        }
    }

    /// Whether this answer stands: more pagination will not change it.
    public var isFinal: Bool {
        if case .pending = self { return false }
        return true
    }

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .onPage(let page): "on page \(page)"
        case .pending(let last): "pending (\(last.map { "last known page \($0)" } ?? "no pages yet"))"
        case .empty: "empty"
        }
    }
}
