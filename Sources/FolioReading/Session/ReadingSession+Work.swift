import Folio

extension ReadingSession {
    /// Does about `budget` bytes of background work — a book's assembly, the
    /// line-width survey, pagination, chapters, the search (four times as far:
    /// it is cheaper), the count of the text's lines — then lands a jump or a
    /// search that was waiting for it.
    ///
    /// The host calls it between frames while ``hasWork`` is true, with a
    /// budget that fits its frame time (``ReadingLoop`` does both), and draws
    /// when the effects say so: the last slice of work reports a redraw like
    /// any other input, so the screen never stays on "Paginating…" once it is
    /// done. Each slice advances every task that can go on (the rule of
    /// ``BackgroundWork``), so a wait always ends. O(budget).
    public mutating func work(budget: Int, at time: Double) -> [SessionEffect] {
        work(budget: budget, skipping: scanOnly ? Self.notTheSearch : [], at: time)
    }

    /// Whether the reader waits for the search's scan to reach a match and the scan can go on:
    /// only the scan can end that wait, so it has the slices to itself (the pages are laid out
    /// where the match is). Not once it has caught up with a text still coming: a book's
    /// assembly must then go on for it.
    var scanOnly: Bool {
        guard case .waiting(let wait) = mode, case .match = wait.target else { return false }
        return finder.current?.canScan(document.text) ?? false
    }

    /// Every task but the search's scan.
    static let notTheSearch = Set(BackgroundWork.Task.allCases).subtracting([.search])

    /// ``work(budget:at:)`` leaving the tasks in `skipping` for a later slice.
    mutating func work(budget: Int, skipping: Set<BackgroundWork.Task>, at time: Double) -> [SessionEffect] {
        note(time)
        var out = Outbox()
        let knownBefore = work.pagination.knownPages
        let report = work.step(in: document, budget: budget, search: &finder.current, skipping: skipping)
        if report.assembled || report.pagesChanged {
            // The pages that were open (the last ones, laid out to where the text ended) may have grown.
            shown.forget(from: min(knownBefore, work.pagination.knownPages) - 2)
            out.redraw()
        }
        // The spreads the document's own lines ask for: once the survey has read its sample, and
        // before that while the reader is still on the first page of a stream arriving (man's
        // manual comes a few kilobytes at a time: its first screen should not be two narrow
        // pages until 64 KB have come).
        if report.surveySettled || report.surveyChanged && currentPage == 0 && !isAnimating && !isWaiting {
            let mode = Self.spreadMode(options: options, viewport: viewport, measurer: measurer, lineWidth: ownLineWidth)
            if mode != navigation.book.mode { relayout(into: &out) }
        }
        if report.pagesChanged || report.chaptersChanged { syncModels(into: &out) }
        if report.searchChanged || report.chaptersChanged { out.redraw() }
        if report.linesCounted && options.showsLineNumbers { out.redraw() }  // a gutter may have numbers now
        noticeChange(into: &out)
        resumeWait(into: &out)
        landWhenCounted(into: &out)
        if isWaiting { out.redraw() }  // the progress shown moves
        return finish(out)
    }

    /// Appends bytes that arrived on the document's stream.
    public mutating func receive(_ bytes: some Collection<UInt8>, at time: Double) -> [SessionEffect] {
        note(time)
        guard let stream = document.stream, !bytes.isEmpty else { return [] }
        stream.append(bytes)
        return received(bytes.count, at: time)
    }

    /// Like ``receive(_:at:)``, for a host that reads its source straight into the
    /// document's stream: `fill` gets room for up to `limit` bytes (see
    /// ``StreamText/append(upTo:from:)``) and returns how many it wrote. Returns
    /// that count, 0 when the document is no stream, and what to do.
    public mutating func receive(upTo limit: Int, at time: Double,
                                 from fill: (UnsafeMutableRawBufferPointer) -> Int) -> (count: Int, effects: [SessionEffect]) {
        note(time)
        guard let stream = document.stream else { return (0, []) }
        let count = stream.append(upTo: limit, from: fill)
        return (count, count > 0 ? received(count, at: time) : [])
    }

    /// What `count` new bytes at the end of the stream change.
    private mutating func received(_ count: Int, at time: Double) -> [SessionEffect] {
        var out = Outbox()
        keepWithinStreamLimit(into: &out)
        // The open last page shows what has arrived (in a text scrolled by lines it may be below
        // the page nearest the position, its first lines at the bottom of the page area).
        let known = work.pagination.knownPages
        let showsTheEnd = currentPages.upperBound >= known - 1 || visiblePages.contains { $0.page >= known - 1 }
        forgetOpenPage()
        if showsTheEnd { out.redraw() }
        // A slice of the background work now, about a screen's worth of the new bytes (as many
        // as the viewport has cells, 32 KB at most; the rest waits for the loop's background
        // turn): a stream's first screen is then drawn whole, in the spreads its own lines ask
        // for, not a page at a time.
        guard showsTheEnd || !work.survey.isSettled else { return finish(out) }
        // (Not the line count: it waits for the loop's turn, after the first screen.)
        return finish(out) + work(budget: min(count, 32 * 1024, max(1, viewport.width * viewport.height)), skipping: [.lines], at: time)
    }

    /// The stream ended; returns what to do (the last page is now known, the count final).
    public mutating func endOfInput(at time: Double) -> [SessionEffect] {
        note(time)
        document.stream?.finish()
        var out = Outbox()
        forgetOpenPage()
        out.redraw()
        if document.text.count == 0 {
            work.pagination.finish()
            syncModels(into: &out)
        }
        resumeWait(into: &out)  // an empty stream has no work left to resume it
        return finish(out)
    }

    /// Forgets the drawn layout of the last known pages, which may grow.
    mutating func forgetOpenPage() {
        shown.forget(from: work.pagination.knownPages - 2)
    }

    /// Ends an input: lays out the pages now in the page area (and keeps the blocks of page
    /// starts the pager's slots need), so that drawing only reads; returns the effects.
    mutating func finish(_ out: Outbox) -> [SessionEffect] {
        releaseFollowedFile()
        showPages()
        return out.effects
    }

    /// Brings the laid-out pages in line with the pages in the page area.
    mutating func showPages() {
        var pages: [Int] = []
        for slot in 0..<navigation.pager.slotCount {
            if let spread = navigation.pager.spread(inSlot: slot) { pages += spread.pages }
        }
        work.pagination.keepBlocks(holding: pages)
        let visible = visiblePages.map(\.page)
        let pagination = work.pagination, text = document.text
        shown.keep(only: visible) { pagination.layOutPage($0, in: text) }
    }

    /// Says once that the file changed on disk.
    mutating func noticeChange(into out: inout Outbox) {
        guard !work.changeReported else { return }
        document.text.checkForChange()
        guard let change = document.text.change else { return }
        work.changeReported = true
        if change == .truncated {
            work.pagination.finish()
            work.counting?.finish()
        }
        notify("\(document.title) \(change): press R to read it again", kind: .problem, into: &out)
        syncModels(into: &out)
    }

    /// Tries again what the session is waiting for.
    mutating func resumeWait(into out: inout Outbox) {
        guard case .waiting(let wait) = mode else { return }
        if case .end = wait.target, document.stream != nil, !document.isComplete { return }
        if case .percent = wait.target, !document.isComplete { return }
        go(to: wait.target, animated: wait.animated, into: &out)
    }

    /// A session over `document` (the same source read again, after
    /// ``SessionEffect/reopen``) at this session's place and marks, options, last search and place in the list of files.
    public func reloaded(with document: Document, at time: Double) -> ReadingSession {
        var next = successor(document: document, measurer: measurer, viewport: viewport, at: time)
        if isFollowing { return next.followingAgain() }  // a followed file truncated or replaced: its end, followed
        if !next.isWaiting { next.mode = .reading(Notice("Read \(document.title) again")) }
        return next
    }

    /// A session over the same document measured by `measurer` in `viewport` (a window's text made
    /// larger or smaller, set in another font, or its lines capped), at this session's place and
    /// marks, options, last search and place in the list of files. The place is found as after a
    /// resize: the pages are counted again up to it.
    public func remeasured(by measurer: any TextMeasurer, viewport: Viewport, at time: Double) -> ReadingSession {
        let next = successor(document: document, measurer: measurer, viewport: viewport, at: time)
        return isFollowing ? next.followingAgain() : next
    }

    /// A new session over `document` carrying this one's place, marks, options, last search and place in the list of files.
    private func successor(document: Document, measurer: any TextMeasurer, viewport: Viewport, at time: Double) -> ReadingSession {
        var next = ReadingSession(document: document, measurer: measurer, viewport: viewport, options: options,
                                  restoring: isFollowing ? nil : readingPosition, at: time)
        next.finder.remember(finder.last)
        next.navigation.file = navigation.file
        next.navigation.marks = navigation.marks
        return next
    }
}
