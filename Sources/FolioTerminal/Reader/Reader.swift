import FolioReading
import Folio

/// The terminal reader's state: a document, its pagination at the current
/// terminal size, the paging engine, and what the reader is doing (a
/// prompt, a search, a jump waiting for pagination).
///
/// Pure apart from reading the document's bytes: the command-line host
/// feeds it ``ReaderCommand``s and keys, and draws ``render(into:)``.
public struct Reader {
    /// The document shown.
    public let document: Document
    /// How it is shown.
    public internal(set) var options: ReaderOptions
    /// Where things go on the terminal.
    public internal(set) var layout: ReaderLayout
    /// The pages known so far at this layout.
    public internal(set) var pagination: Pagination
    /// The Markdown chapters found so far.
    public internal(set) var chapters = ChapterScanner()
    /// The paging engine.
    public internal(set) var pager: Pager
    /// The search, if one was asked for.
    public internal(set) var search: Search?
    /// Whether the key help covers the pages.
    public internal(set) var showsHelp = false
    /// A one-line message for the status row (a prompt or a notice).
    public internal(set) var message: String?
    /// What is being typed after `g` or `/`.
    public internal(set) var prompt: Prompt?
    /// A jump waiting for pagination to reach its page.
    public internal(set) var pendingJump: Jump?
    /// Seconds on the host's clock at the latest command.
    public internal(set) var now = 0.0
    /// The dots on the status row (one column each, one apart).
    public internal(set) var indicator: PageIndicator
    /// The chapters on the top row.
    public internal(set) var menu: MenuStrip<Int>

    var press: (column: Int, row: Int, moved: Bool)?
    /// The text position kept across relayouts until the reader moves.
    var stickyAnchor: Int?
    /// A search step waiting for the scan: from this offset, this way.
    var pendingSearch: (offset: Int, forward: Bool, including: Bool)?
    var lastDragCell = 0
    var pageCache: [Int: [LaidOutLine]] = [:]

    /// Bytes paginated before the first frame: enough for the first pages, so it shows at once.
    public static let firstPageBudget = 16 * 1024
    /// The default bytes of background work per call to ``work(budget:)``.
    public static let backgroundBudget = 256 * 1024

    /// A place to go once pagination reaches it.
    public enum Jump: Hashable, Sendable {
        /// A page number (0-based).
        case page(Int)
        /// The page holding a byte offset.
        case offset(Int)
        /// The last page.
        case end
    }

    /// A line being typed at the bottom of the screen.
    public struct Prompt: Hashable, Sendable {
        /// What the line is for.
        public enum Kind: Hashable, Sendable { case goTo, search }
        /// The kind of prompt.
        public var kind: Kind
        /// The text typed so far.
        public var text: String
    }

    /// Opens `document` on a terminal of `columns` × `rows`, at the page
    /// holding byte `anchor` (a saved reading position) or the first page.
    public init(document: Document, columns: Int, rows: Int, options: ReaderOptions = ReaderOptions(), anchor: Int? = nil) {
        self.document = document
        self.options = options
        layout = ReaderLayout(columns: columns, rows: rows, options: options)
        pagination = Pagination(geometry: layout.geometry, byteCount: document.byteCount)
        pager = Self.makePager(layout: layout, options: options, pages: 1, page: 0)
        // Both styles are valid by construction (positive sizes, at least one dot).
        indicator = try! PageIndicator(style: Self.indicatorStyle(columns: layout.columns))
        menu = try! MenuStrip<Int>(metrics: MenuMetrics(padding: 1), viewportWidth: Double(max(1, layout.columns)),
                                   measure: { Double(DisplayWidth.columns(of: $0)) })
        extendPagination(budget: Self.firstPageBudget)
        if let anchor, anchor > 0 { jump(to: .offset(min(anchor, max(0, document.byteCount - 1))), animated: false) }
        syncModels()
    }

    /// Dots for a status row `columns` wide: up to a quarter of it, at most 15.
    static func indicatorStyle(columns: Int) -> IndicatorStyle {
        IndicatorStyle(maximumVisibleDots: max(1, min(15, columns / 8)), dotDiameter: 1, spacing: 1)
    }

    /// Brings the indicator and the menu in line with the pager and the chapters.
    mutating func syncModels() {
        indicator.update(from: pager)
        _ = try? indicator.setPageCount(pagination.knownPages, isFinal: pagination.isComplete)
        let found = chapters.chapters
        if found.count != menu.items.count {
            let items = found.indices.map { MenuItem(id: $0, title: found[$0].title) }
            let starts = found.map { pagination.page(containing: $0.offset) ?? 0 }
            _ = try? menu.setItems(items, startPages: starts)
        }
        _ = menu.follow(pager)
    }

    // MARK: State for drawing and saving

    /// The current page (0-based): the first page of the spread on screen.
    public var currentPage: Int { pager.currentPage ?? 0 }

    /// The byte offset the reader is at: the first character on the
    /// current page, or — after a resize or a switch of orientation, until
    /// the reader moves — the character that was at the top before, which
    /// is still on screen. A saved position restores to it at any size.
    public var anchor: Int {
        let top = pagination.pageStarts[min(currentPage, pagination.knownPages - 1)]
        if let sticky = stickyAnchor, sticky >= top, sticky < spreadBytes.upperBound { return sticky }
        return top
    }

    /// The bytes of the spread on screen.
    public var spreadBytes: Range<Int> {
        let first = min(currentPage, pagination.knownPages - 1)
        let last = min(first + layout.pagesPerSpread - 1, pagination.knownPages - 1)
        return pagination.bytes(ofPage: first).lowerBound..<pagination.bytes(ofPage: last).upperBound
    }

    /// How far through the document the current page starts, 0…100.
    public var percent: Int {
        document.byteCount == 0 ? 100 : Int((Double(anchor) / Double(document.byteCount) * 100).rounded(.down))
    }

    /// Where the spread showing `page` is drawn, in columns from the left
    /// (horizontal tracks only; nil when no slot shows it). Its change
    /// between two frames is how far the pages slid: a hint for the renderer.
    public func drawnOffset(ofPage page: Int) -> Int? {
        guard !options.vertical else { return nil }
        for slot in 0..<pager.slotCount where pager.spread(inSlot: slot)?.contains(page: page) == true {
            return pager.offset(ofSlot: slot).map { Int($0.rounded()) }
        }
        return nil
    }

    /// Whether the host should keep ticking: something moves, or there is work to do.
    public var isBusy: Bool { pager.isSettling || pager.isDragging || hasWork }

    /// The lines of page `page`, laid out (cached for the last few pages drawn).
    public mutating func lines(ofPage page: Int) -> [LaidOutLine] {
        if let cached = pageCache[page] { return cached }
        guard page < pagination.knownPages else { return [] }
        let start = pagination.pageStarts[page]
        let lines = document.withBytes { pagination.layout.page(in: $0, from: start, collect: true).lines }
        if pageCache.count > 16 { pageCache.removeAll(keepingCapacity: true) }
        pageCache[page] = lines
        return lines
    }

    // MARK: Commands

    /// Carries out `command`.
    public mutating func handle(_ command: ReaderCommand) {
        switch command {
        case .resize, .tick, .toggleRightToLeft, .toggleVertical, .toggleHelp, .dragBegan: break
        default: stickyAnchor = nil
        }
        switch command {
        case .turn(let spreads):
            message = nil
            _ = pager.step(by: spreads, animated: true, at: now)
        case .first:
            jump(to: .page(0), animated: true)
        case .last:
            jump(to: .end, animated: true)
        case .goToPage(let page):
            jump(to: .page(max(0, page)), animated: true)
        case .goToPercent(let percent):
            let fraction = min(max(percent, 0), 100) / 100
            let offset = Int((Double(document.byteCount) * fraction).rounded(.down))
            jump(to: .offset(min(offset, max(0, document.byteCount - 1))), animated: true)
        case .search(let text):
            guard !text.isEmpty else { search = nil; return }
            search = Search(query: text, byteCount: document.byteCount)
            advanceSearch()
            goToMatch(after: anchor, forward: true, including: true)
        case .searchNext:
            goToMatch(after: spreadBytes.upperBound, forward: true, including: true)
        case .searchPrevious:
            goToMatch(after: anchor, forward: false, including: false)
        case .toggleRightToLeft:
            options.rightToLeft.toggle()
            relayout(columns: layout.columns, rows: layout.rows)
        case .toggleVertical:
            options.vertical.toggle()
            relayout(columns: layout.columns, rows: layout.rows)
        case .toggleHelp:
            showsHelp.toggle()
        case .click(let column, let row):
            click(column: column, row: row)
        case .dragBegan(let column, let row, let time):
            note(time)
            press = (column, row, false)
            lastDragCell = options.vertical ? row : column
        case .dragMoved(let column, let row, let time):
            note(time)
            guard var current = press, layout.bodyRows.contains(current.row) else { return }
            if !current.moved {
                current.moved = true
                _ = pager.dragBegan(at: time)
            }
            press = current
            let cell = options.vertical ? row : column
            _ = pager.dragMoved(by: Double(cell - lastDragCell), at: time)
            lastDragCell = cell
        case .dragEnded(let column, let row, let time):
            note(time)
            guard let current = press else { return }
            press = nil
            if current.moved {
                _ = pager.dragEnded(velocity: nil, at: time)
            } else {
                click(column: column, row: row)
            }
        case .resize(let columns, let rows):
            relayout(columns: columns, rows: rows)
        case .tick(let time):
            note(time)
            _ = pager.advance(to: time)
        }
        syncModels()
    }

    mutating func note(_ time: Double) { if time.isFinite { now = max(now, time) } }

    /// Whether pagination or a search still has work to do.
    public var hasWork: Bool { !pagination.isComplete || (search?.isComplete == false) }

    /// Whether a jump or a search step waits for that work (the host may
    /// then spend longer per frame on it).
    public var isWaiting: Bool { pendingJump != nil || pendingSearch != nil }

    /// Paginates about `budget` more bytes (and searches four times as far),
    /// then lands a jump that was waiting for them. The host calls it
    /// between frames with a budget that fits its frame time. O(budget).
    public mutating func work(budget: Int = Reader.backgroundBudget) {
        extendPagination(budget: budget)
        advanceSearch(budget: budget * 4)
        if let jump = pendingJump { self.jump(to: jump, animated: false) }
        if let waiting = pendingSearch {
            pendingSearch = nil
            goToMatch(after: waiting.offset, forward: waiting.forward, including: waiting.including)
        }
        syncModels()
    }

    mutating func extendPagination(budget: Int) {
        let before = pagination.knownPages
        document.withBytes { bytes in
            pagination.extend(in: bytes, budget: budget)
            if document.isMarkdown { chapters.scan(bytes, upTo: pagination.isComplete ? bytes.count : pagination.frontier) }
        }
        if pagination.knownPages != before {
            _ = try? pager.setPageCount(.finite(pagination.knownPages))
        }
    }

    /// Goes to `target` now if pagination has reached it, else remembers it.
    mutating func jump(to target: Jump, animated: Bool) {
        let page: Int?
        switch target {
        case .page(let p): page = p < pagination.knownPages || pagination.isComplete ? min(p, pagination.knownPages - 1) : nil
        case .offset(let offset): page = pagination.page(containing: offset)
        case .end: page = pagination.isComplete ? pagination.knownPages - 1 : nil
        }
        guard let page else {
            pendingJump = target
            message = "Paginating… \(Int(Double(pagination.frontier) / Double(max(1, document.byteCount)) * 100))%"
            return
        }
        pendingJump = nil
        message = nil
        _ = pager.move(toPage: page, animated: animated, at: now)
    }

    /// Rebuilds the pagination for a new size or orientation, keeping the
    /// same text at the top of the page.
    mutating func relayout(columns: Int, rows: Int) {
        let anchor = pendingJumpOffset ?? self.anchor
        stickyAnchor = anchor
        layout = ReaderLayout(columns: columns, rows: rows, options: options)
        if layout.geometry != pagination.layout.geometry {
            pagination = Pagination(geometry: layout.geometry, byteCount: document.byteCount)
            pageCache.removeAll()
        }
        pager = Self.makePager(layout: layout, options: options, pages: pagination.knownPages, page: 0)
        _ = try? indicator.setStyle(Self.indicatorStyle(columns: layout.columns))
        _ = try? menu.resize(viewportWidth: Double(max(1, layout.columns)))
        if layout.geometry != pagination.layout.geometry || menu.items.count != chapters.chapters.count {
            _ = try? menu.setItems([], startPages: [])
        }
        press = nil
        // Like opening: the first pages now, the rest between frames (a far anchor waits for them).
        extendPagination(budget: Self.firstPageBudget)
        jump(to: .offset(anchor), animated: false)
    }

    private var pendingJumpOffset: Int? {
        if case .offset(let offset) = pendingJump { return offset }
        return nil
    }

    static func makePager(layout: ReaderLayout, options: ReaderOptions, pages: Int, page: Int) -> Pager {
        let orientation: Orientation = options.vertical ? .topToBottom : (options.rightToLeft ? .rightToLeft : .leftToRight)
        let viewport = Double(max(1, options.vertical ? layout.bodyRows.count : layout.columns))
        let track = Track(orientation: orientation, pages: .finite(max(1, pages)), pagesPerSpread: layout.pagesPerSpread,
                          pageExtent: viewport / Double(layout.pagesPerSpread), viewportExtent: viewport)
        var physics = Physics()
        physics.flickVelocity = options.vertical ? 12 : 40  // cells per second
        // The track is always valid: extents are positive and the pool covers two visible spreads.
        var pager = try! Pager(track: track, physics: physics, page: page)
        _ = pager.layout()  // place the first slots: the reader draws from the pager's slots
        return pager
    }

    // MARK: Mouse

    mutating func click(column: Int, row: Int) {
        if row == 0 {
            for effect in menu.tap(atViewportX: Double(column) + 0.5) {
                if case .showPage(let page) = effect { jump(to: .page(page), animated: true) }
            }
            return
        }
        if row == layout.rows - 1 {
            let x = Double(column - Self.statusDotsColumn) + 0.5
            if x >= 0, x < indicator.extent, let action = indicator.action(forTapAt: x) {
                _ = pager.perform(action, animated: true, at: now)
            }
            return
        }
        guard layout.bodyRows.contains(row) else { return }
        let third = options.vertical ? layout.bodyRows.count / 3 : layout.columns / 3
        let along = options.vertical ? row - layout.bodyRows.lowerBound : column
        let far = options.vertical ? layout.bodyRows.count - third : layout.columns - third
        var step = along < third ? -1 : (along >= far ? 1 : 0)
        if options.rightToLeft && !options.vertical { step = -step }
        if step != 0 { handle(.turn(step)) }
    }

    /// The column the status row's dots start at.
    public static let statusDotsColumn = 1

    /// The chapter holding the current page, if any.
    public var currentChapterIndex: Int? { menu.selectedIndex }

    // MARK: Search

    mutating func advanceSearch(budget: Int = Reader.backgroundBudget * 4) {
        guard var search, !search.isComplete else { return }
        document.withBytes { search.scan($0, budget: budget) }
        self.search = search
    }

    /// Goes to the first match at or after (or before) `offset`; waits for the scan if needed.
    mutating func goToMatch(after offset: Int, forward: Bool, including: Bool) {
        guard let search else { message = "No search yet: press /"; return }
        if let match = search.match(from: offset, forward: forward, including: including) {
            message = nil
            jump(to: .offset(match), animated: true)
        } else if search.isComplete || !forward {
            message = search.matches.isEmpty ? "Not found: \(search.query)" : "No more matches"
        } else {
            message = "Searching… \(Int(Double(search.scanned) / Double(max(1, document.byteCount)) * 100))%"
            pendingSearch = (offset, forward, including)
        }
    }
}
