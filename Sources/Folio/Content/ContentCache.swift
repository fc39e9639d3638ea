/// Page content kept apart from the slots, bounded by count and by cost,
/// evicting the least recently used page first.
///
/// Each entry has a cost the host gives (bytes, pixels — any unit, ≥ 0).
/// After every insertion the cache holds at most ``maximumCount`` pages
/// whose costs add up to at most ``maximumCost``; content costing more than
/// ``maximumCost`` on its own is not kept.
///
/// ```swift
/// var cache = try ContentCache<String>(maximumCount: 8, maximumCost: 64 * 1024)
/// cache.insert("Page five", cost: 9, for: 5)
/// cache.content(for: 5)     // "Page five", now the most recently used
/// ```
///
/// Every operation is O(1) on average (a dictionary from page to an entry
/// in an array, the entries linked from newest to oldest); the storage
/// grows to the largest number of pages held at once and is reused after.
public struct ContentCache<Content>: CustomStringConvertible {
    /// One entry, linked to its neighbours in recency order by array index (−1: none).
    struct Node {
        var page: Int
        var content: Content?
        var cost: Int
        var newer: Int
        var older: Int
    }

    /// The most pages held at once, ≥ 1.
    public let maximumCount: Int
    /// The most the costs of the pages held may add up to, ≥ 1.
    public let maximumCost: Int
    /// The sum of the costs of the pages held, in 0 ... ``maximumCost``.
    public private(set) var totalCost = 0

    private var nodes: [Node] = []
    private var slotOfPage: [Int: Int] = [:]
    private var newest = -1
    private var oldest = -1
    /// Unused entries, chained through `older`.
    private var free = -1

    /// Creates an empty cache.
    ///
    /// - Throws: ``ContentError`` when `maximumCount` or `maximumCost` is below 1.
    public init(maximumCount: Int, maximumCost: Int = .max) throws(ContentError) {
        guard maximumCount >= 1 else { throw .cacheCountTooSmall(maximumCount) }
        guard maximumCost >= 1 else { throw .cacheCostTooSmall(maximumCost) }
        self.maximumCount = maximumCount
        self.maximumCost = maximumCost
    }

    /// The number of pages held. O(1).
    public var count: Int { slotOfPage.count }

    /// Whether page `page` is held, without counting as a use. O(1).
    public func contains(page: Int) -> Bool { slotOfPage[page] != nil }

    /// The content of page `page`, without counting as a use; nil when not held. O(1).
    public func peek(page: Int) -> Content? {
        guard let i = slotOfPage[page] else { return nil }
        return nodes[i].content
    }

    /// The content of page `page`, which becomes the most recently used; nil when not held. O(1).
    public mutating func content(for page: Int) -> Content? {
        guard let i = slotOfPage[page] else { return nil }
        unlink(i)
        linkAsNewest(i)
        return nodes[i].content
    }

    /// Keeps `content` as page `page`'s, the most recently used, replacing
    /// what the page had, and evicts the least recently used pages until
    /// both bounds hold. O(1) on average, plus O(1) per eviction.
    ///
    /// A negative `cost` counts as 0. Content costing more than
    /// ``maximumCost`` is not kept (and the page's old content is dropped).
    ///
    /// - Returns: Whether the content is now held.
    @discardableResult
    public mutating func insert(_ content: Content, cost: Int, for page: Int) -> Bool {
        let cost = max(cost, 0)
        removeContent(for: page)
        guard cost <= maximumCost else { return false }
        // totalCost ≤ maximumCost, so maximumCost − cost cannot overflow.
        while oldest >= 0 && (count >= maximumCount || totalCost > maximumCost - cost) {
            removeContent(for: nodes[oldest].page)
        }
        let node = Node(page: page, content: content, cost: cost, newer: -1, older: -1)
        let i: Int
        if free >= 0 {
            i = free
            free = nodes[i].older
            nodes[i] = node
        } else {
            i = nodes.count
            nodes.append(node)
        }
        slotOfPage[page] = i
        totalCost += cost
        linkAsNewest(i)
        return true
    }

    /// Drops page `page`'s content and returns it; nil when not held. O(1) on average.
    @discardableResult
    public mutating func removeContent(for page: Int) -> Content? {
        guard let i = slotOfPage.removeValue(forKey: page) else { return nil }
        unlink(i)
        let content = nodes[i].content
        totalCost -= nodes[i].cost
        nodes[i].content = nil
        nodes[i].older = free
        free = i
        return content
    }

    /// Drops every page, keeping the storage for reuse. O(pages held).
    public mutating func removeAll() {
        while oldest >= 0 { removeContent(for: nodes[oldest].page) }
    }

    /// The pages held, most recently used first. O(pages held); for tests and traces.
    public var pagesByRecency: [Int] {
        var pages: [Int] = []
        var i = newest
        while i >= 0 {
            pages.append(nodes[i].page)
            i = nodes[i].older
        }
        return pages
    }

    /// A compact, readable form for logs and test failures: `ContentCache(3/8 pages, cost 120/1000)`.
    public var description: String {
        let budget = maximumCost == .max ? "unbounded" : "\(maximumCost)"
        return "ContentCache(\(count)/\(maximumCount) pages, cost \(totalCost)/\(budget))"
    }

    private mutating func unlink(_ i: Int) {
        let (newer, older) = (nodes[i].newer, nodes[i].older)
        if newer >= 0 { nodes[newer].older = older } else { newest = older }
        if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
        nodes[i].newer = -1
        nodes[i].older = -1
    }

    private mutating func linkAsNewest(_ i: Int) {
        nodes[i].older = newest
        nodes[i].newer = -1
        if newest >= 0 { nodes[newest].newer = i } else { oldest = i }
        newest = i
    }
}

extension ContentCache: Sendable where Content: Sendable {}
extension ContentCache.Node: Sendable where Content: Sendable {}
