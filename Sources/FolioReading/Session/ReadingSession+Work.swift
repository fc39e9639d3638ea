import Folio

extension ReadingSession {
    /// Does about `budget` bytes of background work — pagination, the
    /// line-width survey, chapters, the search (four times as far: it is
    /// cheaper) — then lands a jump or a search that was waiting for it.
    ///
    /// The host calls it between frames while ``hasWork`` is true, with a
    /// budget that fits its frame time, and draws when the effects say so:
    /// the last slice of work reports a redraw like any other input, so
    /// the screen never stays on "Paginating…" once it is done. O(budget).
    public mutating func work(budget: Int, at time: Double) -> [SessionEffect] {
        note(time)
        var out = Outbox()
        let budget = max(1, budget)
        let progressBefore = progress
        if let book = document.book, !book.isComplete, book.assemble(budget: budget), currentPages.upperBound >= pagination.knownPages - 1 {
            forgetOpenPage()
            out.redraw()
        }
        surveyMore(into: &out)
        let before = (pagination.knownPages, pagination.isComplete)
        if pagination.extend(document.text, budget: budget) {
            forgetOpenPage()
            out.redraw()
        }
        findChapters(into: &out)
        if var running = search, !running.isComplete {
            if running.scan(document.text, budget: budget * 4) { out.redraw() }
            search = running
        }
        if before != (pagination.knownPages, pagination.isComplete) || chapterPagesStale { syncModels(into: &out) }
        noticeChange(into: &out)
        resumeWait(into: &out)
        if isWaiting { out.redraw() }  // the progress shown moves
        // Work that moved nothing waits for the text to grow (a stream's partial line): not a busy loop.
        stalledAt = progress == progressBefore ? TextMark(count: document.text.count, isComplete: document.isComplete) : nil
        return out.effects
    }

    /// Everything background work advances; equal before and after a slice means it is stuck.
    var progress: [Int] {
        [document.text.count, pagination.knownPages, pagination.frontier, pagination.isComplete ? 1 : 0, survey.scanned, survey.isSettled ? 1 : 0,
         scanner?.position ?? -1, search?.scanned ?? -1, search?.isComplete == true ? 1 : 0, chapterPagesStale ? 1 : 0]
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
        // The open last page shows what has arrived.
        let showsTheEnd = currentPages.upperBound >= pagination.knownPages - 1
        if showsTheEnd {
            forgetOpenPage()
            out.redraw()
        }
        // A slice of the background work now, about a screen's worth of the new bytes (as many
        // as the viewport has cells, 32 KB at most; the rest waits for the loop's background
        // turn): a stream's first screen is then drawn whole, in the spreads its own lines ask
        // for, not a page at a time.
        guard showsTheEnd || !survey.isSettled else { return out.effects }
        return out.effects + work(budget: min(count, 32 * 1024, max(1, viewport.width * viewport.height)), at: time)
    }

    /// Surveys more of the document's own line widths (up to the sample);
    /// once it has seen enough, the spreads they ask for are laid out.
    mutating func surveyMore(into out: inout Outbox) {
        if !survey.isSettled, survey.scan(document.text), survey.isSettled {
            let mode = Self.spreadMode(options: options, viewport: viewport, measurer: measurer, lineWidth: ownLineWidth)
            if mode != book.mode { relayout(into: &out) }
        }
    }

    /// The stream ended; returns what to do (the last page is now known, the count final).
    public mutating func endOfInput(at time: Double) -> [SessionEffect] {
        note(time)
        document.stream?.finish()
        var out = Outbox()
        forgetOpenPage()
        out.redraw()
        if document.text.count == 0 {
            pagination.finish()
            syncModels(into: &out)
        }
        return out.effects
    }

    /// Forgets the drawn layout of the last known page, which may grow.
    mutating func forgetOpenPage() {
        cache.pages[pagination.knownPages - 1] = nil
        if pagination.knownPages > 1 { cache.pages[pagination.knownPages - 2] = nil }
    }

    /// Says once that the file changed on disk.
    mutating func noticeChange(into out: inout Outbox) {
        guard !reportedChange else { return }
        document.text.checkForChange()
        guard let change = document.text.change else { return }
        reportedChange = true
        if change == .truncated { pagination.finish() }
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
    /// ``SessionEffect/reopen``) at this session's place, options and last search.
    public func reloaded(with document: Document, at time: Double) -> ReadingSession {
        let place = ReadingPosition(anchor: anchor, page: currentPage, pageCount: pagination.knownPages)
        var next = ReadingSession(document: document, measurer: measurer, viewport: viewport, options: options,
                                  restoring: place, at: time)
        next.lastPattern = lastPattern
        if !next.isWaiting { next.mode = .reading(Notice("Read \(document.title) again")) }
        return next
    }
}
