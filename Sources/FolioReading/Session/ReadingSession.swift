import Folio

/// One reader's state machine: a document, its pagination against the
/// host's measurer, the paging engine and the book rule, the page
/// indicator, the chapter strip, the search and the reading position.
///
/// Every host — the terminal, a window — drives the same session: it turns
/// keys, clicks and time into ``ReadingCommand``s (or ``ReadingKey``s),
/// carries out the ``SessionEffect``s each input returns (redraw, save a
/// position, quit), and draws what the session says is visible
/// (``visiblePages``, ``statusLine``, the ``menu``, the ``indicator``).
/// A host keeps no paging, spread or anchor arithmetic of its own.
///
/// The session never reads a clock or a terminal: every input carries the
/// time (`at:`), and long work (pagination, search, a stream's arrival)
/// runs in slices when the host calls ``work(budget:at:)`` — as
/// ``ReadingLoop`` does for every host. It reads the document's bytes,
/// which is what a document is for.
///
/// Everything the engine returns is used: a configured slot keeps the
/// blocks of page starts its spread needs, position and page events move
/// the indicator and the strip, `settled` goes to the position recorder,
/// whose saves come back as ``SessionEffect/save(_:)``. What each slot shows
/// and where is the pager's own snapshot; the session keeps no mirror of it.
///
/// ```swift
/// var loop = ReadingLoop(ReadingSession(document: doc, measurer: CellMeasurer(),
///                                       viewport: Viewport(width: 80, height: 22), at: 0))
/// for effect in loop.handle(.turn(1), at: 0.1) { host.apply(effect) }
/// while !loop.isIdle { host.apply(loop.turn(at: clock.now, clock: clock)) }
/// ```
public struct ReadingSession: CustomStringConvertible {
    // Ten stored properties, each a concern of its own: what is read and how it is
    // measured and shown, what the session is doing (one enum), its background work,
    // its search, where the reader is, the pages laid out on screen, and the time.

    /// The document read.
    public let document: Document
    /// How text is measured (cells or pixels).
    public let measurer: any TextMeasurer
    /// How the document is shown.
    public internal(set) var options: ReadingOptions
    /// The page area.
    public internal(set) var viewport: Viewport
    /// What the session is doing.
    public internal(set) var mode: SessionMode = .reading(nil)
    /// Pagination, the line survey, chapters, a book's assembly, a search's scan.
    var work: BackgroundWork
    /// The search being run and the last pattern typed.
    var finder = SearchState()
    /// The pager, the book rule, the dots, the strip, the recorder and the marks.
    var navigation: Navigation
    /// The pages laid out in the page area.
    var shown = ShownPages()
    /// The latest time an input carried, in seconds.
    public internal(set) var now: Double

    // MARK: The parts, for hosts to read

    // The engine's parts are the package's (its tests read them): a host draws from ``frame``,
    // which holds what they say, so that what one host shows the other has too.
    /// The pages known at the current layout.
    package var pagination: Pagination { work.pagination }
    /// The paging engine.
    package var pager: Pager { navigation.pager }
    /// The book rule: one or two pages, the spine, the sides of pages.
    package var book: Book { navigation.book }
    /// The page dots and "12 / 340".
    public var indicator: PageIndicator { navigation.indicator }
    /// The chapter strip.
    public var menu: MenuStrip<Int> { navigation.menu }
    /// The reading position, kept across relayouts.
    package var recorder: PositionRecorder { navigation.recorder }
    /// The current search, if any.
    public var search: TextSearch? { finder.current }
    /// How wide the document's own lines are.
    public var survey: LineWidthSurvey { work.survey }
    /// The chapters found so far.
    public var chapters: [Document.Chapter] { work.chapters }
    /// Places under a letter (`ma`), and `'` for where the reader was before the last jump.
    public var marks: [Character: Int] { navigation.marks }
    /// The last search typed, for `/` then Enter and for `n` before any search.
    public var lastPattern: (source: String, backward: Bool)? { finder.last.map { ($0.source, $0.backward) } }
    /// How many bytes past the page on screen a stream is read ahead.
    public var readAhead: Int {
        get { work.readAhead }
        set { work.readAhead = newValue }
    }

    /// The narrowest page text, in columns, two-page spreads use for prose.
    public static let minimumPageColumns = 56
    /// Bytes paginated before the first frame: enough for the first pages.
    public static let firstPageBudget = 32 * 1024

    /// Opens `document` in a page area `viewport` measured by `measurer`,
    /// at `restoring`'s anchor (a saved position) or the first page.
    public init(document: Document, measurer: any TextMeasurer, viewport: Viewport, options: ReadingOptions = ReadingOptions(),
                restoring: ReadingPosition? = nil, at time: Double = 0) {
        self.document = document
        self.measurer = measurer
        self.options = options
        self.viewport = viewport
        now = time.isFinite ? time : 0
        if let book = document.book {
            book.assembleFirst(budget: Self.firstPageBudget)  // the first part, for the first page
            if book.source.isRightToLeft { self.options.rightToLeft = true }
        }
        var survey = LineWidthSurvey()
        _ = survey.scan(document.text)
        let mode = Self.spreadMode(options: self.options, viewport: viewport, measurer: measurer,
                                   lineWidth: document.format == .book ? nil : survey.lineWidth)
        var pagination = Pagination(layout: Self.layout(pages: mode.pagesPerSpread, viewport: viewport, measurer: measurer,
                                                        book: document.book, options: self.options))
        pagination.extend(document.text, budget: Self.firstPageBudget)
        work = BackgroundWork(pagination: pagination, format: document.format)
        work.survey = survey
        // Valid by construction: a page count ≥ 1, an edge or middle spine, positive extents.
        let orientation = Self.orientation(self.options, mode: mode, isBook: document.format == .book)
        let book = try! Book(pageCount: pagination.knownPages, orientation: orientation,
                             spine: mode == .twoPages ? .middle : .leading,
                             coverStandsAlone: document.book?.source.coverStandsAlone ?? false)
        let track = try! book.track(width: Double(max(1, viewport.width)), height: Double(max(1, viewport.height)))
        let measure: MenuStrip<Int>.Measure = { [measurer] title in Double(Self.stripWidth(of: title, measurer: measurer)) }
        navigation = Navigation(
            pager: try! Pager(track: track, physics: Self.physics(vertical: orientation.axis == .vertical, measurer: measurer)),
            book: book,
            indicator: try! PageIndicator(style: Self.indicatorStyle(viewport: viewport, measurer: measurer)),
            menu: try! MenuStrip<Int>(metrics: MenuMetrics(padding: Double(measurer.columnWidth)),
                                      viewportWidth: Double(viewport.stripWidth), measure: measure),
            recorder: PositionRecorder(identity: DocumentIdentity(key: document.path ?? document.title), restoring: restoring))
        navigation.marks = restoring?.marks ?? [:]
        var out = Outbox()
        absorb(navigation.pager.layout(), into: &out)
        findChapters(into: &out)
        restore(into: &out)
        syncModels(into: &out)
        showPages()
    }

    /// A compact, readable form for logs and test failures.
    public var description: String {
        "ReadingSession(\(document.title), \(viewport), \(mode), page \(currentPage + 1) of \(pagination.knownPages)"
            + "\(pagination.isComplete ? "" : "+"), \(work), \(finder))"
    }

    // MARK: Layout rules

    /// The orientation for `options` in spread `mode`: top to bottom when asked, or for a
    /// text shown one page at a time that scrolls by lines (``ReadingOptions/scrollsText``);
    /// else left to right, or right to left when asked.
    static func orientation(_ options: ReadingOptions, mode: SpreadMode, isBook: Bool) -> Orientation {
        if options.vertical || options.scrollsText && !isBook && mode == .onePage { return .topToBottom }
        return options.rightToLeft ? .rightToLeft : .leftToRight
    }

    /// Whether pages follow each other top to bottom now.
    public var isVertical: Bool { navigation.book.orientation.axis == .vertical }

    /// One or two pages for `viewport`: the options' choice, with `auto`
    /// asking for a landscape area whose pages are each wide enough for
    /// the document's own lines (``LineWidthSurvey``) and at least
    /// ``minimumPageColumns``.
    static func spreadMode(options: ReadingOptions, viewport: Viewport, measurer: any TextMeasurer, lineWidth: Int?) -> SpreadMode {
        guard !options.vertical, !options.chopsLongLines, !options.showsLineNumbers else { return .onePage }
        let pageText = (viewport.width - viewport.spine) / 2 - 2 * viewport.margin
        switch options.spread {
        case .single:
            return .onePage
        case .double:
            return pageText >= 10 * measurer.columnWidth ? .twoPages : .onePage
        case .auto:
            let needed = max(minimumPageColumns, lineWidth ?? 0) * measurer.columnWidth
            let landscape = Double(viewport.width) > Double(viewport.height) * measurer.unitAspect
            return landscape && pageText >= needed ? .twoPages : .onePage
        }
    }

    /// The text layout for `pages` pages side by side in `viewport` (with `book`'s images, if any).
    static func layout(pages: Int, viewport: Viewport, measurer: any TextMeasurer, book: BookAssembler?,
                       options: ReadingOptions) -> TextLayout {
        let slot = pages == 2 ? (viewport.width - viewport.spine) / 2 : viewport.width
        if measurer.setsVertically, book?.source.isVertical == true {
            // Columns as long as the page is high, as many as fit across it.
            let geometry = PageGeometry(width: viewport.height, lines: (slot - 2 * viewport.margin) / max(1, measurer.lineHeight),
                                        tabStop: 8 * measurer.columnWidth, isVertical: true)
            return TextLayout(geometry: geometry, measurer: measurer, book: book)
        }
        // Chopped lines are laid out whole (as wide as a line may get), and the page area shows part of them.
        let width = options.chopsLongLines ? chopWidth * measurer.columnWidth
            : min(slot - 2 * viewport.margin - gutterWidth(options: options, measurer: measurer), max(1, viewport.lineCap ?? .max))
        let geometry = PageGeometry(width: width, lines: viewport.height / max(1, measurer.lineHeight),
                                    tabStop: 8 * measurer.columnWidth)
        return TextLayout(geometry: geometry, measurer: measurer, book: book)
    }

    /// The widest a chopped line is laid out, in columns; a longer one folds there.
    static let chopWidth = 8 * 1024

    /// The width of the line-number gutter before the text, in host units: seven digits and a
    /// space, as `less -N` draws them; 0 without line numbers.
    static func gutterWidth(options: ReadingOptions, measurer: any TextMeasurer) -> Int {
        options.showsLineNumbers ? 8 * measurer.columnWidth : 0
    }

    static func physics(vertical: Bool, measurer: any TextMeasurer) -> Physics {
        var physics = Physics()
        // A flick: 40 columns a second across, 12 lines down.
        physics.flickVelocity = vertical ? Double(12 * measurer.lineHeight) : Double(40 * measurer.columnWidth)
        return physics
    }

    static func indicatorStyle(viewport: Viewport, measurer: any TextMeasurer) -> IndicatorStyle {
        let columns = viewport.width / max(1, measurer.columnWidth)
        let unit = Double(measurer.columnWidth)
        return IndicatorStyle(maximumVisibleDots: max(1, min(15, columns / 8)), dotDiameter: unit, spacing: unit)
    }

    /// The width of a chapter's title in the strip, in host units: in bold, as a host may set the
    /// chosen one, so that it never runs into the next.
    static func stripWidth(of text: String, measurer: any TextMeasurer) -> Int {
        let bold = TextStyle(bold: true)
        var total = 0
        for scalar in text.unicodeScalars { total += measurer.width(of: scalar, style: bold) }
        return total
    }

    /// The columns the document's own lines need, for the spread rule: nil for
    /// prose to reflow, and always for a book (its paragraphs are made to reflow).
    var ownLineWidth: Int? { document.format == .book ? nil : survey.lineWidth }

    /// The width of one page's box (text and margins) in the current mode.
    public var pageBoxWidth: Int {
        navigation.book.mode == .twoPages ? (viewport.width - viewport.spine) / 2 : viewport.width
    }

    /// How far into a page box its text starts, in host units: the margin, and half what a
    /// ``Viewport/lineCap`` leaves over, so that capped lines stand in the middle of the page.
    public var textInset: Int {
        guard !writesVertically else { return viewport.margin }
        let available = pageBoxWidth - 2 * viewport.margin - Self.gutterWidth(options: options, measurer: measurer)
        return viewport.margin + max(0, (available - textWidth) / 2)
    }

    /// The width lines are laid out to, in host units (the page's less its margins, or the line
    /// cap); in a book set in columns (``writesVertically``), their length down the page.
    public var textWidth: Int { work.pagination.layout.geometry.width }

    /// Whether lines are set as columns down the page, the first at the right: a `vertical-rl`
    /// book (``BookSource/isVertical``) in a host that sets it so (``TextMeasurer/setsVertically``).
    /// Row `r` of a page is then the column whose right edge is `r` line heights left of the
    /// text's right edge, and a glyph's `x` is how far down it is.
    public var writesVertically: Bool { work.pagination.layout.geometry.isVertical }

    /// Whether lines may end in a word broken with a hyphen: the measurer has a
    /// dictionary for the book's language (``TextMeasurer/hyphenator(forLanguage:)``).
    public var hyphenates: Bool { work.pagination.layout.hyphenator != nil }

    // MARK: The place

    /// The byte the reader is at: the byte a pending jump waits for (after a
    /// resize or a restore the pages on screen are a stand-in), else the
    /// remembered anchor while it is on screen, else the first byte of the
    /// spread on screen. A saved position restores to it at any size.
    public var anchor: Int {
        if let pendingOffset { return pendingOffset }
        let range = spreadBytes
        if let remembered = navigation.recorder.position?.anchor, range.contains(remembered) { return remembered }
        return range.lowerBound
    }

    /// The byte a jump waits for pagination to reach, if one does.
    var pendingOffset: Int? {
        if case .waiting(let wait) = mode, case .offset(let offset) = wait.target { return offset }
        return nil
    }

    /// Whether the pages shown are a stand-in while the reader's place, after a resize or a
    /// restore, is on its way in a complete document: a turn or a press from them would lose
    /// it, so they wait. (A stream's place may be long in coming; there a turn stops the wait
    /// and turns from what is shown.)
    var placeIsComing: Bool { pendingOffset != nil && document.isComplete }

    /// The current page (the first page of the spread nearest the position).
    public var currentPage: Int { min(navigation.pager.currentPage ?? 0, work.pagination.knownPages - 1) }

    /// The pages of the spread nearest the position.
    public var currentPages: ClosedRange<Int> {
        let first = currentPage
        let track = navigation.pager.track
        let spread = track.spread(at: track.spreadIndex(containing: first))
        return spread.firstPage...min(spread.firstPage + spread.pageCount - 1, work.pagination.knownPages - 1)
    }

    /// The bytes on screen: the spread nearest the position, or, in a page area scrolled by
    /// lines, from the top line to the bottom one.
    public var spreadBytes: Range<Int> { isLineView ? screenBytes : bytes(ofSpreadHolding: currentPage) }

    /// The bytes of the spread that holds page `page` (clamped to the known pages).
    func bytes(ofSpreadHolding page: Int) -> Range<Int> {
        let pagination = work.pagination, track = navigation.pager.track
        let known = pagination.knownPages
        let spread = track.spread(at: track.spreadIndex(containing: min(max(0, page), known - 1)))
        let last = min(spread.firstPage + spread.pageCount - 1, known - 1)
        return pagination.bytes(ofPage: spread.firstPage).lowerBound..<pagination.bytes(ofPage: last).upperBound
    }

    /// How far through the document the end of the spread on screen is,
    /// 0…100, or nil while a stream's size is unknown. The last page shows
    /// 100; the page holding the byte at n % shows at least n.
    public var percent: Int? {
        guard document.isComplete else { return nil }
        let origin = document.text.origin, total = document.text.count - origin  // what is kept of a stream
        guard total > 0 else { return 100 }
        let atEnd = isLineView ? spreadBytes.upperBound >= document.text.count : currentPages.upperBound == pagination.knownPages - 1
        let end = atEnd && pagination.isComplete ? total : spreadBytes.upperBound - origin
        return min(100, Int((Double(end) / Double(total) * 100).rounded(.down)))
    }

    /// The reading position to save now, with the marks.
    public var readingPosition: ReadingPosition {
        ReadingPosition(anchor: anchor, page: currentPage, pageCount: pagination.knownPages, marks: navigation.marks)
    }

    /// Whether something moves: the host should tick at its frame rate.
    public var isAnimating: Bool { navigation.pager.activity != .idle }

    /// Whether background work can go on now (``BackgroundWork``'s rule): the host should
    /// call ``work(budget:at:)`` soon. False while all that is left waits for a stream to grow.
    public var hasWork: Bool { work.hasWork(in: document, search: finder.current) }

    /// Whether the session waits for something (the host may give work more time per frame).
    public var isWaiting: Bool {
        if case .waiting = mode { return true }
        return false
    }

    /// How many more bytes of a stream the session wants now (0 for a
    /// file, or when far enough ahead). The host reads at most this much
    /// before handing it to ``receive(_:at:)``.
    public var wantedInput: Int {
        guard let stream = document.stream, !stream.isComplete else { return 0 }
        if case .waiting(let wait) = mode {
            switch wait.target {
            case .end, .match, .line: return Int.max
            case .page, .offset, .percent, .follow: break
            }
        }
        let shown = pagination.knownPages > 0 ? spreadBytes.upperBound : 0
        return max(0, shown + work.readAhead - stream.count)
    }
}

/// The session's outputs gathered during one input.
struct Outbox {
    var effects: [SessionEffect] = []

    mutating func redraw() {
        if !effects.contains(.redraw) { effects.append(.redraw) }
    }

    mutating func append(_ effect: SessionEffect) {
        if effect == .redraw { redraw() } else { effects.append(effect) }
    }
}
