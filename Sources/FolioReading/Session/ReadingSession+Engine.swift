import Folio

extension ReadingSession {
    /// Carries out what the engine returned: slot operations keep
    /// ``slots``; position and page events move the indicator and the
    /// strip; a `settled` event goes to the recorder, whose position to
    /// save becomes a ``SessionEffect/save(_:)``. Nothing is dropped.
    mutating func absorb(_ effects: Effects, into out: inout Outbox) {
        var moved = false
        for effect in effects {
            switch effect {
            case .configure(let slot, let spread):
                slots[slot].spread = spread
                out.redraw()
            case .place(let slot, let offset):
                slots[slot].offset = offset
                out.redraw()
            case .park(let slot):
                slots[slot].spread = nil
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
            followPager(into: &out)
            out.redraw()
        }
        // While a jump waits (a restore, a relayout) the pages shown are a stand-in: not a place to remember.
        guard !isWaiting else { return }
        if let save = recorder.record(effects, track: pager.track, pageStarts: pagination.pageStarts) {
            out.append(.save(save))
        }
    }

    /// Moves the dots and the strip's selection and underline with the pager.
    mutating func followPager(into out: inout Outbox) {
        if !indicator.update(from: pager).isEmpty { out.redraw() }
        if !menu.follow(pager).isEmpty { out.redraw() }
    }

    /// Brings the page count, the indicator and the strip in line with the pagination and chapters.
    mutating func syncModels(into out: inout Outbox) {
        let known = pagination.knownPages
        if pager.track.pages.pages != known {
            _ = try? book.setPageCount(known)
            // A count ≥ 1 always fits the track.
            if let effects = try? pager.setPageCount(.finite(known)) { absorb(effects, into: &out) }
        }
        if let change = try? indicator.setPageCount(known, isFinal: pagination.isComplete), !change.isEmpty { out.redraw() }
        if chapterPagesStale || menu.items.count != chapters.count {
            let items = chapters.indices.map { MenuItem(id: $0, title: chapters[$0].title) }
            // Each chapter's page is looked up once (a lookup may lay out a block
            // of pages again): every slice of a book's work used to look them all up.
            if chapterPages.count > chapters.count { chapterPages.removeAll() }
            while chapterPages.count < chapters.count, let page = pagination.page(containing: chapters[chapterPages.count].offset) {
                chapterPages.append(page)
            }
            let pending = chapterPages.count < chapters.count
            let starts = chapterPages + repeatElement(pagination.knownPages - 1, count: chapters.count - chapterPages.count)
            if let effects = try? menu.setItems(items, startPages: starts), !effects.isEmpty { out.redraw() }
            chapterPagesStale = pending
        }
        followPager(into: &out)
    }

    /// Scans for chapters as far as pagination has gone.
    mutating func findChapters(into out: inout Outbox) {
        if let book = document.book {
            if book.chapters.count != chapters.count {
                chapters = book.chapters
                chapterPagesStale = true
                out.redraw()
            }
            return
        }
        guard var found = scanner else { return }
        let limit = pagination.isComplete ? document.text.count : pagination.frontier
        if found.scan(document.text, upTo: limit) {
            chapters = found.chapters
            chapterPagesStale = true
            out.redraw()
        }
        scanner = found
    }

    /// Puts the reader where the recorder says (a saved position, or the anchor kept across a relayout).
    mutating func restore(into out: inout Outbox) {
        guard let anchor = recorder.position?.anchor, anchor > 0 else { return }
        go(to: .offset(anchor), animated: false, into: &out)
    }

    // MARK: Moving

    /// The reader leaves the place a pending jump waits for (after a resize or a restore) for
    /// `target` (nil: the pages shown): the recorder forgets it, so the new page's start becomes
    /// the place (a last page still being laid out would otherwise seem to hold the old one).
    mutating func abandonPendingPlace(for target: Wait.Target?) {
        guard let pending = pendingOffset, target != .offset(pending) else { return }
        recorder = PositionRecorder(identity: recorder.identity)
    }

    /// Goes to `target` now when pagination has reached it; else waits for it.
    mutating func go(to target: Wait.Target, animated: Bool, into out: inout Outbox) {
        abandonPendingPlace(for: target)
        let page: Int?
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
        case .percent(let percent):
            guard document.isComplete else {
                mode = .waiting(Wait(target: target, animated: animated))
                out.redraw()
                return
            }
            go(to: .offset(offset(atPercent: percent)), animated: animated, into: &out)
            return
        }
        guard let page else {
            mode = .waiting(Wait(target: target, animated: animated))
            out.redraw()
            return
        }
        if case .waiting = mode { mode = .reading(nil) }
        if case .reading(.some) = mode { mode = .reading(nil) }
        absorb(pager.move(toPage: page, animated: animated, at: now), into: &out)
        // A jump to the page already shown moves nothing, so the pager reports no rest; the reader
        // has arrived all the same (after a resize's wait the recorder may still hold the old place).
        if pager.activity == .idle, let save = recorder.settled(onPages: currentPages, pageStarts: pagination.pageStarts) {
            out.append(.save(save))
        }
        out.redraw()
    }

    /// Goes to the next match of the search from `from`; waits for the scan when it has not got there.
    mutating func goToMatch(from offset: Int, forward: Bool, including: Bool, animated: Bool, into out: inout Outbox) {
        guard let search else {
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

    /// The byte at `percent` (0…100) of the whole text.
    func offset(atPercent percent: Double) -> Int {
        let total = document.text.count
        let fraction = percent.isFinite ? min(max(percent, 0), 100) / 100 : 0
        return min(Int((Double(total) * fraction).rounded(.down)), max(0, total - 1))
    }

    /// Shows a notice on the status row (ending any other mode but help's).
    mutating func notify(_ text: String, kind: Notice.Kind = .info, into out: inout Outbox) {
        mode = .reading(Notice(text, kind: kind))
        out.redraw()
    }

    // MARK: Relayout

    /// Lays the document out again for the current viewport and options,
    /// keeping the reader's text on screen: the book switches between one
    /// and two pages through the engine, the pagination restarts when the
    /// page box changed, and the pager goes to the page holding the anchor
    /// (or waits for pagination to reach it).
    mutating func relayout(into out: inout Outbox) {
        let anchor = waitingAnchor ?? self.anchor
        let before = mode
        // Remember the anchor itself, not the page it was on: the pages are about to change.
        recorder = PositionRecorder(identity: recorder.identity, restoring: ReadingPosition(anchor: anchor, page: 0, pageCount: 1))
        mode = .waiting(Wait(target: .offset(anchor), animated: false))
        let spreadMode = Self.spreadMode(options: options, viewport: viewport, measurer: measurer, lineWidth: ownLineWidth)
        let layout = Self.layout(pages: spreadMode.pagesPerSpread, viewport: viewport, measurer: measurer, book: document.book)
        let orientation = Self.orientation(options)
        if orientation != book.orientation {
            book.orientation = orientation
            absorb(pager.setOrientation(orientation), into: &out)
            _ = indicator.update(from: pager)
        }
        let physics = Self.physics(options: options, measurer: measurer)
        if physics != pager.physics { try? pager.setPhysics(physics) }
        if layout.geometry != pagination.layout.geometry {
            pagination = Pagination(layout: layout)
            pagination.extend(document.text, budget: Self.firstPageBudget)
            cache.invalidate()
            chapterPages.removeAll()
            chapterPagesStale = !chapters.isEmpty
        }
        let rule = FixedSpreadRule(spreadMode)
        let width = Double(max(1, viewport.width)), height = Double(max(1, viewport.height))
        if let effects = try? book.resize(&pager, width: width, height: height, rule: rule) { absorb(effects, into: &out) }
        _ = try? indicator.setStyle(Self.indicatorStyle(viewport: viewport, measurer: measurer))
        if let effects = try? menu.resize(viewportWidth: Double(viewport.stripWidth)), !effects.isEmpty { out.redraw() }
        syncModels(into: &out)
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
