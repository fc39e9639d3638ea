/// Decides what each slot shows while page content loads: fast display, slow content.
///
/// Content comes from a source that may be slow, may fail and may be
/// cancelled. The pipeline sits beside a ``Pager``: feed it every
/// ``Effects`` the pager returns, with the pager, and it returns
/// ``ContentEffect``s — what each slot shows for each of its pages
/// (placeholder, content or error), which loads to start and which to
/// cancel. Feed load outcomes back with ``loaded(_:cost:for:)`` and
/// ``failed(_:for:)``. ``ContentLoader`` does all of that with Swift
/// concurrency; a host with its own threads can drive the pipeline itself.
///
/// ```swift
/// var content = try ContentPipeline<String>(maximumCount: 16)
/// let effects = pager.layout()
/// for effect in effects { host.apply(effect) }
/// for effect in content.apply(effects, of: pager) {
///     switch effect {
///     case .show(let update): host.show(update.display, page: update.page, inSlot: update.slot)
///     case .load(let ticket): host.startLoading(ticket)     // later: content.loaded(text, cost: 1, for: ticket)
///     case .cancel(let ticket): host.cancelLoading(ticket)
///     }
/// }
/// ```
///
/// The rules it keeps:
/// - A slot shows something at once: its page's content if it is cached,
///   the error if the page's last load failed, a placeholder otherwise.
/// - A slot never shows a page it no longer represents: a result is shown
///   only in the slots that show its page when it arrives, and only if its
///   ``LoadTicket`` is the page's running load.
/// - Pages in slots (the window) are loaded, then ``prefetchAhead`` pages
///   beyond the window in the direction of motion and ``prefetchBehind``
///   behind it. A load for a page that leaves both is cancelled.
/// - Content arriving for a page that is in no slot (a parked slot, a
///   prefetched page) is cached and shown when a slot shows the page again.
/// - A failure is an error display for that page until ``retry(page:)``;
///   other loads go on.
///
/// The cache is keyed by page number: after the pager's data changes
/// renumber pages (`insertPages`, `deletePages`, `setPageCount`), call
/// ``reloadAll()``; after `reloadPage`, call ``reload(page:)``.
///
/// Costs: ``apply(_:of:)`` is O(effects) when no slot changed and the
/// current page and direction are the same, and O(slots + w²) for the w
/// pages in slots otherwise; outcomes and retries are O(slots). None depends
/// on the page count, and an update that changes nothing allocates nothing.
public struct ContentPipeline<Content>: CustomStringConvertible {
    /// The most pages ``prefetchAhead`` or ``prefetchBehind`` may be: 64.
    public static var maximumPrefetch: Int { 64 }

    /// Pages loaded beyond the window in the direction of motion, 0 ... 64 (default 2).
    public let prefetchAhead: Int
    /// Pages loaded beyond the window against the direction of motion, 0 ... 64 (default 1).
    public let prefetchBehind: Int
    /// The content kept apart from the slots.
    public internal(set) var cache: ContentCache<Content>

    /// What a slot represents, as the pager last configured it.
    struct SlotState {
        /// The pages of its spread; nil when parked.
        var pages: ClosedRange<Int>?
        /// Configurations seen (configure and park), starting at 0.
        var generation = 0
        /// Configured in the update being applied; its display must be sent.
        var dirty = false
    }

    /// A page whose content is not cached and which is not simply waiting.
    enum PageState {
        /// A load is running.
        case loading(LoadTicket)
        /// The last load failed.
        case failed(reason: String)
    }

    var slots: [SlotState] = []
    /// Running loads and failures, only ever for pages in `wanted`.
    var states: [Int: PageState] = [:]
    /// The window's pages and then the prefetch pages, most urgent first.
    var wanted: [Int] = []
    var wantedSet: Set<Int> = []
    /// Scratch buffers, kept for their capacity.
    var previous: [Int] = []
    var ranked: [(rank: Int, page: Int)] = []
    var nextSerial = 0
    /// The pager's state when `wanted` was last computed.
    var focus: Int?
    var direction = 1
    var pageCount: PageCount?

    /// Creates a pipeline with an empty cache.
    ///
    /// - Parameters:
    ///   - maximumCount: The most pages the cache holds, ≥ 1 (default 32). Keep it
    ///     at least the pages the pool shows plus the prefetch distances, or
    ///     content on screen may have to be loaded again.
    ///   - maximumCost: The most the cached pages' costs may add up to, ≥ 1 (default: no bound).
    ///   - prefetchAhead: Pages loaded ahead of the window in the direction of motion, 0 ... 64.
    ///   - prefetchBehind: Pages loaded behind the window, 0 ... 64.
    /// - Throws: ``ContentError`` for a bound or distance out of range.
    public init(maximumCount: Int = 32, maximumCost: Int = .max, prefetchAhead: Int = 2, prefetchBehind: Int = 1) throws(ContentError) {
        for (name, value) in [("prefetchAhead", prefetchAhead), ("prefetchBehind", prefetchBehind)]
        where value < 0 || value > Self.maximumPrefetch {
            throw .invalidPrefetch(name: name, value: value)
        }
        cache = try ContentCache(maximumCount: maximumCount, maximumCost: maximumCost)
        self.prefetchAhead = prefetchAhead
        self.prefetchBehind = prefetchBehind
    }

    // MARK: Reading the state

    /// What a slot showing page `page` shows now: its cached content, its
    /// error, or a placeholder. O(1); does not count as a cache use.
    public func display(ofPage page: Int) -> PageDisplay<Content> {
        if let content = cache.peek(page: page) { return .content(content) }
        if case .failed(let reason)? = states[page] { return .failed(reason: reason) }
        return .placeholder
    }

    /// The pages slot `slot` represents, as the pager last configured it;
    /// nil when parked or unknown. O(1).
    public func pages(inSlot slot: Int) -> ClosedRange<Int>? {
        slots.indices.contains(slot) ? slots[slot].pages : nil
    }

    /// Slot `slot`'s generation: the number of `configure` and `park`
    /// effects seen for it (0 for an unknown slot). O(1).
    public func generation(ofSlot slot: Int) -> Int {
        slots.indices.contains(slot) ? slots[slot].generation : 0
    }

    /// The running loads, most urgent first. O(pages wanted); for hosts' traces and tests.
    public var runningLoads: [LoadTicket] {
        wanted.compactMap { if case .loading(let ticket)? = states[$0] { ticket } else { nil } }
    }

    /// The pages the pipeline keeps loaded: the window's, then the prefetch
    /// range's, most urgent first. O(pages wanted).
    public var wantedPages: [Int] { wanted }

    /// A compact, readable form for logs and test failures.
    public var description: String {
        let failed = states.values.filter { if case .failed = $0 { true } else { false } }.count
        return "ContentPipeline(prefetch \(prefetchAhead) ahead, \(prefetchBehind) behind, "
            + "\(states.count - failed) loading, \(failed) failed, \(cache))"
    }
}

extension ContentPipeline: Sendable where Content: Sendable {}
extension ContentPipeline.PageState: Sendable {}
extension ContentPipeline.SlotState: Sendable {}
