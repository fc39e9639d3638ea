import Folio

extension ReadingSession {
    /// Carries out what the engine returned: a slot configured with a spread
    /// keeps the blocks of page starts that spread needs; position and page
    /// events move the indicator and the strip; a `settled` event goes to
    /// the position recorder, whose position to save becomes a
    /// ``SessionEffect/save(_:)``. Nothing is dropped.
    mutating func absorb(_ effects: Effects, into out: inout Outbox) {
        var moved = false
        for effect in effects {
            switch effect {
            case .configure(_, let spread):
                work.pagination.keepBlocks(holding: spread.pages)
                out.redraw()
            case .place, .park:
                out.redraw()
            case .event(let event):
                switch event {
                case .positionChanged, .currentPageChanged, .settled, .transitionBegan, .transitionFinished:
                    moved = true
                case .dragBegan, .dragEnded, .windowRecentred:
                    break
                }
            }
        }
        if moved {
            if navigation.followPager() { out.redraw() }
            out.redraw()
        }
        // While a jump waits (a restore, a relayout) the pages shown are a stand-in: not a place to remember.
        guard !isWaiting else { return }
        if isLineView {
            // A rest between pages: the place is the top line, which the engine's page cannot say.
            if navigation.pager.activity == .idle, effects.events.contains(where: { if case .settled = $0 { true } else { false } }) {
                recordTopLine(into: &out)
            }
        } else if let save = navigation.recorder.record(effects, track: navigation.pager.track, pageStarts: work.pagination.pageStarts) {
            out.append(.save(save.marking(navigation.marks)))
        }
    }

    /// Brings the page count, the indicator and the strip in line with the pagination and chapters.
    mutating func syncModels(into out: inout Outbox) {
        let pagination = work.pagination
        let (effects, dots) = navigation.setPageCount(pagination.knownPages, isFinal: pagination.isComplete)
        if let effects { absorb(effects, into: &out) }
        if dots { out.redraw() }
        findLonePages(into: &out)
        if navigation.setChapters(work.chapters, pending: pendingChapterTitles, pages: work.chapterPages,
                                  lastKnownPage: pagination.knownPages - 1) { out.redraw() }
        if navigation.followPager() { out.redraw() }
    }

    /// Makes the pages whose picture is a double page (``BookImage/isDoublePage``: a comic's
    /// landscape page, a PDF's) stand alone in two-page spreads, drawn across both pages, as they are found.
    /// Only a host that draws pictures has them. O(pictures · log pages) when pictures or pages
    /// came since the last call, O(1) otherwise.
    mutating func findLonePages(into out: inout Outbox) {
        let pagination = work.pagination
        guard let pictures = pagination.layout.images else { return }
        pictures.update()
        let source = (pictures: pictures.entries.count, pages: pagination.knownPages)
        guard source != navigation.loneSource else { return }
        navigation.loneSource = source
        var lone: [Int] = []
        for entry in pictures.entries where entry.image.isStandalone && entry.image.isDoublePage {
            if let page = pagination.page(containing: entry.image.offset) { lone.append(page) }
        }
        let pages = LonePages(lone)
        guard pages != navigation.book.lonePages else { return }
        // The pairs change: the reader's page (not the first of the old pair) is the one to keep on screen.
        let place = anchor
        navigation.book.lonePages = pages
        absorb(navigation.pager.setLonePages(pages), into: &out)
        if !isWaiting, navigation.pager.activity == .idle, let page = pagination.page(containing: place), !currentPages.contains(page) {
            absorb(navigation.pager.move(toPage: page, animated: false, at: now), into: &out)
        }
        out.redraw()
    }

    /// The titles of a book's contents entries whose part is not in yet, after ``chapters``:
    /// the strip shows the whole table of contents from the first page, and choosing one of
    /// them assembles the book up to it (``chapterOffset(_:into:)``).
    var pendingChapterTitles: [String] {
        guard let book = document.book, !book.contents.isEmpty else { return [] }
        return book.contents.dropFirst(work.chapters.count).map(\.title)
    }

    /// The strip's item count: the chapters found, then those still to come.
    var chapterCount: Int {
        guard let book = document.book, !book.contents.isEmpty else { return work.chapters.count }
        return max(book.contents.count, work.chapters.count)
    }

    /// Where chapter `index` of the strip starts; a book's chapter whose part is not in yet
    /// is assembled first (a part renders in milliseconds). Nil for no such chapter.
    mutating func chapterOffset(_ index: Int, into out: inout Outbox) -> Int? {
        guard index >= 0 else { return nil }
        if index >= work.chapters.count, let book = document.book, book.place(chapter: index) {
            findChapters(into: &out)
        }
        return work.chapters.indices.contains(index) ? work.chapters[index].offset : nil
    }

    /// Takes a book's chapters as far as it is assembled (a link may assemble parts outside
    /// the background work), or scans a Markdown document's as far as pagination has gone.
    mutating func findChapters(into out: inout Outbox) {
        if let book = document.book {
            guard book.chapters.count != work.chapters.count else { return }
            work.chapters = book.chapters
            out.redraw()
            return
        }
        guard var found = work.scanner else { return }
        let limit = work.pagination.isComplete ? document.text.count : work.pagination.frontier
        if found.scan(document.text, upTo: limit) {
            work.chapters = found.chapters
            out.redraw()
        }
        work.scanner = found
    }

    /// Puts the reader where the recorder says (a saved position, or the anchor kept across a relayout).
    mutating func restore(into out: inout Outbox) {
        guard let anchor = navigation.recorder.position?.anchor, anchor > 0 else { return }
        go(to: .offset(anchor), animated: false, into: &out)
    }

    // MARK: Moving

    /// The reader leaves the place a pending jump waits for (after a resize or a restore) for
    /// `target` (nil: the pages shown): the recorder forgets it, so the new page's start becomes
    /// the place (a last page still being laid out would otherwise seem to hold the old one).
    mutating func abandonPendingPlace(for target: Wait.Target?) {
        guard let pending = pendingOffset, target != .offset(pending) else { return }
        navigation.forgetPlace()
    }

    /// Goes to `target` now when pagination has reached it; else waits for it.
    mutating func go(to target: Wait.Target, animated: Bool, into out: inout Outbox) {
        abandonPendingPlace(for: target)
        if leapedTargetWaits(target, into: &out) {
            mode = .waiting(Wait(target: target, animated: animated))
            out.redraw()
            return
        }
        // A far place in a large text is shown at once, its page counted after (ReadingSession+Leap).
        var animated = animated
        switch target {
        case .offset(let offset) where canLeap(to: offset):
            if leap(to: offset, linesAbove: 3 * linesPerPage, into: &out) { animated = false }
        case .end where !work.pagination.isComplete && canLeap(to: document.text.count):
            if leap(to: document.text.count, linesAbove: 4 * linesPerPage, into: &out) { animated = false }
        default:
            break
        }
        let page: Int?
        let pagination = work.pagination
        switch target {
        case .page(let p):
            page = p < pagination.knownPages || pagination.isComplete ? min(max(0, p), pagination.knownPages - 1) : nil
        case .offset(let offset):
            switch pagination.lookup(offset) {
            case .onPage(let p): page = p
            case .empty: page = 0
            case .pending: page = nil
            }
        case .end:
            page = pagination.isComplete ? pagination.knownPages - 1 : nil
        case .match(let from, let forward, let including):
            goToMatch(from: from, forward: forward, including: including, animated: animated, into: &out)
            return
        case .follow:
            follow(animated: false, into: &out)
            return
        case .percent(let percent):
            guard document.isComplete else {
                mode = .waiting(Wait(target: target, animated: animated))
                out.redraw()
                return
            }
            go(to: .offset(offset(atPercent: percent)), animated: animated, into: &out)
            return
        case .line(let line):
            // Once the lines are counted that far (the last line's start past the end).
            guard let start = work.lines.start(ofLine: line, in: document.text) else {
                mode = .waiting(Wait(target: target, animated: animated))
                out.redraw()
                return
            }
            go(to: .offset(start), animated: animated, into: &out)
            return
        }
        guard let page else {
            mode = .waiting(Wait(target: target, animated: animated))
            out.redraw()
            return
        }
        if case .waiting = mode { mode = .reading(nil) }
        if case .reading(.some) = mode { mode = .reading(nil) }
        if isLineView {
            // The line holding the byte at the top (as less puts a match or a mark), the end
            // with the last line at the bottom.
            var rest: Position
            switch target {
            case .offset(let offset): rest = position(ofByte: offset, onPage: page)
            case .end: rest = endPosition ?? Position(index: page)
            default: rest = Position(index: page)
            }
            if let end = endPosition { rest = min(rest, end) }
            absorb(navigation.pager.move(to: rest, animated: animated, at: now), into: &out)
        } else {
            absorb(navigation.pager.move(toPage: page, animated: animated, at: now), into: &out)
        }
        // A jump to the page already shown moves nothing, so the pager reports no rest; the reader
        // has arrived all the same (after a resize's wait the recorder may still hold the old place).
        settleHere(into: &out)
        out.redraw()
    }

    /// Records the pages shown as the reader's place when the pager is at rest (the pager reports
    /// no rest for a move that moved nothing, or a wait stopped where it stood).
    mutating func settleHere(into out: inout Outbox) {
        guard navigation.pager.activity == .idle else { return }
        if isLineView {
            recordTopLine(into: &out)
        } else if let save = navigation.recorder.settled(onPages: currentPages, pageStarts: work.pagination.pageStarts) {
            out.append(.save(save.marking(navigation.marks)))
        }
    }

    /// Goes to the next match of the search from `from`; waits for the scan when it has not got there.
    mutating func goToMatch(from offset: Int, forward: Bool, including: Bool, animated: Bool, into out: inout Outbox) {
        guard let search = finder.current else {
            notify("No search yet: press / to search", kind: .problem, into: &out)
            return
        }
        let found = search.match(from: offset, forward: forward, including: including)
        // Matches are found in order, so a forward match found is the next one;
        // going back, the answer stands once the scan has passed `offset`.
        let decided = forward ? found != nil || search.isComplete : search.isComplete || search.scanned >= offset
        guard decided else {
            mode = .waiting(Wait(target: .match(from: offset, forward: forward, including: including), animated: animated))
            out.redraw()
            return
        }
        guard let found else {
            let none = search.matches.isEmpty && search.isComplete
            notify(none ? "Pattern not found: \(search.pattern.source)" : (forward ? "No more matches" : "No earlier match"),
                   kind: .problem, into: &out)
            return
        }
        abandonPendingPlace(for: .offset(found.lowerBound))
        mode = .reading(nil)
        go(to: .offset(found.lowerBound), animated: animated, into: &out)
    }

    /// The byte at `percent` (0…100) of the whole text (of what is kept of a stream that let go of its start).
    func offset(atPercent percent: Double) -> Int {
        let origin = document.text.origin, total = document.text.count - origin
        let fraction = percent.isFinite ? min(max(percent, 0), 100) / 100 : 0
        return origin + min(Int((Double(total) * fraction).rounded(.down)), max(0, total - 1))
    }

    /// Shows a notice on the status row (ending any other mode but help's).
    mutating func notify(_ text: String, kind: Notice.Kind = .info, into out: inout Outbox) {
        mode = .reading(Notice(text, kind: kind))
        out.redraw()
    }

    // MARK: Relayout

    /// Lays the document out again for the current viewport and options,
    /// keeping the reader's text on screen (`place`, the anchor taken before the
    /// viewport changed, or the anchor now): the book switches between one
    /// and two pages through the engine, the pagination restarts when the
    /// page box changed, and the pager goes to the page holding the anchor
    /// (or waits for pagination to reach it).
    mutating func relayout(keeping place: Int? = nil, into out: inout Outbox) {
        let anchor = waitingAnchor ?? place ?? self.anchor
        let before = mode
        // Remember the anchor itself, not the page it was on: the pages are about to change.
        navigation.remember(anchor: anchor)
        mode = .waiting(Wait(target: .offset(anchor), animated: false))
        let spreadMode = Self.spreadMode(options: options, viewport: viewport, measurer: measurer, lineWidth: ownLineWidth)
        let layout = Self.layout(pages: spreadMode.pagesPerSpread, viewport: viewport, measurer: measurer, book: document.book,
                                 options: options)
        navigation.loneSource = (0, 0)  // the double pages are found again on the new pages
        let orientation = Self.orientation(options, mode: spreadMode, isBook: document.format == .book)
        if orientation != navigation.book.orientation {
            navigation.book.orientation = orientation
            absorb(navigation.pager.setOrientation(orientation), into: &out)
            _ = navigation.indicator.update(from: navigation.pager)
        }
        let physics = Self.physics(vertical: orientation.axis == .vertical, measurer: measurer)
        if physics != navigation.pager.physics { try? navigation.pager.setPhysics(physics) }
        if layout.geometry != work.pagination.layout.geometry {
            work.restartPagination(layout, text: document.text, budget: Self.firstPageBudget)
            shown.forgetAll()
        }
        let rule = FixedSpreadRule(spreadMode)
        let width = Double(max(1, viewport.width)), height = Double(max(1, viewport.height))
        if let effects = try? navigation.book.resize(&navigation.pager, width: width, height: height, rule: rule) { absorb(effects, into: &out) }
        // Pages side by side now (a text's own narrow lines, measured after the leap): only a text
        // scrolled by lines leaps, so the count from the start takes over and the place waits for it.
        if hasLeapt && !isLineView { land(keepingTop: false, into: &out) }
        _ = try? navigation.indicator.setStyle(Self.indicatorStyle(viewport: viewport, measurer: measurer))
        if let effects = try? navigation.menu.resize(viewportWidth: Double(viewport.stripWidth)), !effects.isEmpty { out.redraw() }
        syncModels(into: &out)
        // A turn under way was heading for a page of the old layout: the pages stop where they
        // are, a still stand-in until the reader's place is found (a command that then ends the
        // wait without going anywhere finds them at rest, and the jump goes on).
        if navigation.pager.activity != .idle, let page = navigation.pager.currentPage {
            absorb(navigation.pager.move(toPage: page, animated: false, at: now), into: &out)
        }
        go(to: .offset(anchor), animated: false, into: &out)
        // What the reader was doing goes on: a prompt, the help, a wait for somewhere else.
        switch before {
        case .typing, .help, .reading(.some):
            if !isWaiting { mode = before }
        case .waiting(let wait):
            if case .offset = wait.target { break }
            go(to: wait.target, animated: wait.animated, into: &out)
        case .reading(.none), .pressing, .linking:
            break
        }
        out.redraw()
    }

    /// The anchor a pending jump to a byte is heading for, which a relayout must keep.
    var waitingAnchor: Int? {
        if case .waiting(let wait) = mode, case .offset(let offset) = wait.target { return offset }
        return nil
    }
}
