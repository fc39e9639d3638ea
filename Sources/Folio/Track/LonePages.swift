/// Pages that stand alone in a book of two-page spreads — a comic's double
/// pages, a landscape plate among portrait pages — and the pairing they
/// make: the pages between two lone pages pair up from the first after the
/// earlier one, as a printed book restarts its pairs after a fold-out.
///
/// With a cover that stands alone too (``Track/coverStandsAlone``), page 0
/// is one more lone page. With one page per spread nothing changes.
///
/// ```swift
/// let lone = LonePages([3])
/// // 7 pages in twos: [0, 1] [2] [3] [4, 5] [6]
/// ```
///
/// Finding a page's spread, or a spread's pages, is O(log lone pages); the
/// value stores two integers per lone page and allocates nothing when asked.
public struct LonePages: Hashable, Sendable, CustomStringConvertible {
    /// The lone pages, ascending, each once, all ≥ 0.
    public let pages: [Int]
    /// For each lone page, the spreads before it when page 0 does not stand alone as a cover.
    private let spreadsBefore: [Int]

    /// No lone pages: plain pairing.
    public static let none = LonePages([])

    /// The lone `pages` (in any order; repeats and negative pages are dropped).
    public init(_ pages: some Sequence<Int>) {
        let sorted = Array(Set(pages.filter { $0 >= 0 })).sorted()
        self.pages = sorted
        var before: [Int] = []
        before.reserveCapacity(sorted.count)
        for (i, page) in sorted.enumerated() {
            // The pages since the last lone page pair up from it: ⌈gap / 2⌉ spreads.
            before.append(i == 0 ? (page + 1) / 2 : before[i - 1] + 1 + (page - sorted[i - 1]) / 2)
        }
        spreadsBefore = before
    }

    /// Whether there are none.
    public var isEmpty: Bool { pages.isEmpty }

    /// Whether `page` is one of them. O(log lone pages).
    public func contains(_ page: Int) -> Bool {
        let k = count(below: page)
        return k < pages.count && pages[k] == page
    }

    /// The spreads before lone page `i` (an index into ``pages``), the cover standing alone or not.
    private func before(_ i: Int, cover: Bool) -> Int {
        // A cover alone shifts the pairs before the first lone page by one when that page is even.
        cover && pages[0] > 0 && pages[0] % 2 == 0 ? spreadsBefore[i] + 1 : spreadsBefore[i]
    }

    /// How many lone pages are below `page`.
    private func count(below page: Int) -> Int {
        var low = 0, high = pages.count
        while low < high {
            let mid = (low + high) / 2
            if pages[mid] < page { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The number of two-page spreads over `pageCount` pages.
    func spreadCount(pageCount n: Int, cover: Bool) -> Int {
        guard n > 0 else { return 0 }
        let k = count(below: n)
        guard k > 0 else { return cover ? 1 + n / 2 : (n + 1) / 2 }
        // The pages after the last lone page pair up from the one after it.
        return before(k - 1, cover: cover) + 1 + (n - pages[k - 1]) / 2
    }

    /// The index of the two-page spread that shows `page` (≥ 0).
    func spreadIndex(containing page: Int, cover: Bool) -> Int {
        let k = count(below: page + 1)
        guard k > 0 else { return cover ? (page + 1) / 2 : page / 2 }
        let lone = pages[k - 1]
        return before(k - 1, cover: cover) + (page == lone ? 0 : 1 + (page - lone - 1) / 2)
    }

    /// Two-page spread `index` over `pageCount` pages (`index` in range).
    func spread(at index: Int, pageCount n: Int, cover: Bool) -> Spread {
        // The last lone page whose spread is at or before `index`.
        var low = 0, high = pages.count
        while low < high {
            let mid = (low + high) / 2
            if before(mid, cover: cover) <= index { low = mid + 1 } else { high = mid }
        }
        let next = low < pages.count ? pages[low] : Int.max
        let first: Int
        if low == 0 {
            guard !(cover && index == 0) else { return Spread(index: 0, firstPage: 0, pageCount: 1) }
            first = cover ? 2 * index - 1 : 2 * index
        } else {
            let lone = pages[low - 1], at = before(low - 1, cover: cover)
            if index == at { return Spread(index: index, firstPage: lone, pageCount: 1) }
            first = lone + 1 + 2 * (index - at - 1)
        }
        return Spread(index: index, firstPage: first, pageCount: first + 1 < min(n, next) ? 2 : 1)
    }

    /// `none`, or `lone 3, 17`.
    public var description: String {
        pages.isEmpty ? "none" : "lone " + pages.map(String.init).joined(separator: ", ")
    }
}
