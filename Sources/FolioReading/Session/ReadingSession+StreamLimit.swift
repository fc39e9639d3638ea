import Folio

/// A stream that never ends (`yes | folio +F`, `tail -f log | folio +F`)
/// keeps memory bounded: past ``ReadingSession/streamLimit`` bytes held, the
/// oldest half is let go.
///
/// The cut falls on a block of pages (``Pagination/letGo(before:)``), so
/// the pages after it keep their starts and their text; they are numbered
/// from 0 again (the engine deletes the pages before them, keeping the page
/// on screen) while byte offsets stay absolute: the reader's place, the marks
/// and the chapters' and matches' offsets mean what they meant, and a place
/// before the cut lands on the first page kept. The reader's own pages are
/// never let go while they read; while they wait for what comes (the end, a
/// match, following) the pages behind them may be.
extension ReadingSession {
    /// The most bytes of a stream held in memory (256 MB); past it the oldest half is let go.
    /// At least 64 KB. A test lowers it.
    public var streamLimit: Int {
        get { work.streamLimit }
        set { work.streamLimit = max(64 * 1024, newValue) }
    }

    /// Lets go of the oldest text of a stream holding more than ``streamLimit`` bytes: down to
    /// about half the limit, as far as pagination has gone, never past the reader's pages while
    /// they read nor past a search's scan. Says so once. O(bytes kept) when it cuts (they move
    /// down in memory), O(1) otherwise.
    mutating func keepWithinStreamLimit(into out: inout Outbox) {
        guard let stream = document.stream, stream.count - stream.origin > work.streamLimit else { return }
        var cut = min(stream.count - work.streamLimit / 2, work.pagination.frontier)
        if !waitsForWhatComes {
            let first = min(currentPage, navigation.pager.targetPage ?? currentPage)
            // The text on screen: the spread's, or in a text scrolled by lines from the top line,
            // whose page may be before the one nearest the position.
            cut = min(cut, bytes(ofSpreadHolding: first).lowerBound, spreadBytes.lowerBound, pendingOffset ?? cut)
        }
        if let search = finder.current, !search.isComplete { cut = min(cut, search.scanned) }
        let pages = work.pagination.letGo(before: cut)
        guard pages > 0 else { return }
        let start = work.pagination.firstStart
        let first = stream.origin == 0
        stream.discard(before: start)
        shown.forgetAll()
        if let effects = navigation.letGo(pages: pages) { absorb(effects, into: &out) }
        work.letGo(pages: pages, before: start)
        finder.current?.letGo(before: start)
        syncModels(into: &out)
        if first, case .reading = mode {
            notify("\(document.title): the oldest \(Self.size(start)) let go, to hold at most \(Self.size(work.streamLimit))",
                   into: &out)
        }
        out.redraw()
    }

    /// Whether the reader waits for text still to come (the end, a match, following the end):
    /// the pages they are on are a stand-in, and may be let go.
    private var waitsForWhatComes: Bool {
        guard case .waiting(let wait) = mode else { return false }
        switch wait.target {
        case .end, .match, .follow: return true
        case .page, .offset, .percent, .line: return false
        }
    }
}

extension Navigation {
    /// Lets go of the first `pages` pages: the book and the pager count fewer, the pager keeping
    /// the page on screen (renumbered). Returns the pager's effects.
    mutating func letGo(pages: Int) -> Effects? {
        let remaining = pager.track.pages.pages - pages
        guard pages > 0, remaining >= 1 else { return nil }
        _ = try? book.setPageCount(remaining)
        return try? pager.deletePages(in: 0..<pages)
    }
}

extension BackgroundWork {
    /// The first `pages` pages were let go, and the text before `start`: chapters before it go,
    /// the pages of the rest move up, the chapter scan goes on from there, the survey settles.
    mutating func letGo(pages: Int, before start: Int) {
        lines.letGo(before: start)
        let gone = chapters.prefix { $0.offset < start }.count
        chapters.removeFirst(gone)
        chapterPages = chapterPages.dropFirst(min(gone, chapterPages.count)).map { max(0, $0 - pages) }
        scanner?.letGo(before: start)
        if !survey.isSettled { survey.settle() }
    }
}
