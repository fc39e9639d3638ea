import Folio

/// The reading session's background work as one small machine: a book's
/// assembly, the survey of the document's own line widths, pagination, the
/// Markdown chapter scan, the pages chapters start on, and the scan of a
/// search.
///
/// **The rule.** Each ``Task`` says whether it can go on now
/// (``canRun(_:in:search:)``). While one can (``hasWork(in:search:)``),
/// ``step(in:budget:search:)`` advances it. A task that waits for a stream's
/// next bytes cannot go on until they come, so a host's loop neither spins
/// on it nor sleeps while other work is left — and because each task keeps
/// its own mark of where it waits, new work (a search, a relayout) can never
/// be hidden behind another task's wait. On a complete text no task may stand
/// still: a slice that leaves a runnable task exactly where it was ends that
/// task with what it found so far, and counts a stall (``stalls``) — a bug the
/// liveness tests look for, which a reader then never sees as a hang.
///
/// ```swift
/// var work = BackgroundWork(pagination: Pagination(layout: layout))
/// while work.hasWork(in: document, search: search) {
///     let report = work.step(in: document, budget: 64 * 1024, search: &search)
///     if report.pagesChanged { /* the page count moved: tell the pager */ }
/// }
/// ```
struct BackgroundWork: CustomStringConvertible {
    /// One kind of work, in the order a slice runs them.
    enum Task: CaseIterable, Hashable, Sendable, CustomStringConvertible {
        /// Rendering more of a book's parts into its text.
        case assembly
        /// Measuring the document's own line widths (its first 64 KB).
        case survey
        /// Laying out more pages.
        case pagination
        /// Counting the pages from the text's start, after a leap (``BackgroundWork/counting``).
        case counting
        /// Finding Markdown headings as far as pagination has gone.
        case chapters
        /// Finding the page each chapter starts on, once pagination has reached it.
        case chapterPages
        /// Counting the text's lines (for line numbers, and `Ng` in a text scrolled by lines).
        case lines
        /// Scanning the text for the current search's matches.
        case search

        /// The task's name.
        var description: String {
            switch self {
            case .assembly: "assembly"
            case .survey: "survey"
            case .pagination: "pagination"
            case .counting: "counting"
            case .chapters: "chapters"
            case .chapterPages: "chapter pages"
            case .lines: "lines"
            case .search: "search"
            }
        }
    }

    /// What one slice changed, for the session to bring its models in line.
    struct Report: Hashable, Sendable {
        /// A book assembled more of its parts (the open last page may have grown).
        var assembled = false
        /// The line survey settled in this slice (the spread mode may change).
        var surveySettled = false
        /// The line survey's width changed (it may not have settled yet).
        var surveyChanged = false
        /// The page count or its completeness changed.
        var pagesChanged = false
        /// Chapters were found, or the pages of some were.
        var chaptersChanged = false
        /// The search found matches or completed.
        var searchChanged = false
        /// More of the text's lines were counted.
        var linesCounted = false
        /// Some task moved.
        var progressed = false
    }

    /// The pages known at the current layout.
    var pagination: Pagination
    /// After a leap to a far place (``ReadingSession/hasLeapt``), ``pagination`` starts there, and
    /// this one counts the pages from the text's start until it reaches the pages shown; nil
    /// when the pages shown are counted from the start.
    var counting: Pagination?
    /// How wide the document's own lines are.
    var survey = LineWidthSurvey()
    /// The Markdown heading scanner (nil for other formats).
    var scanner: ChapterScanner?
    /// The chapters found so far.
    var chapters: [Document.Chapter] = []
    /// The page each of the first chapters starts on, found once per layout.
    var chapterPages: [Int] = []
    /// Where the text's own lines are (counted whatever the layout).
    var lines = LineIndex()
    /// How many bytes past the page on screen a stream is read ahead.
    var readAhead = 8 * 1024 * 1024
    /// The most bytes of a stream kept: past it the oldest go (``ReadingSession/streamLimit``).
    var streamLimit = 256 * 1024 * 1024
    /// Whether the document's source change has been reported.
    var changeReported = false
    /// Tasks ended because they stood still on a complete text: 0 unless there is a bug.
    private(set) var stalls = 0

    /// Starts with `pagination` (already holding the first pages); Markdown gets a chapter scanner.
    init(pagination: Pagination, format: Document.Format) {
        self.pagination = pagination
        if format == .markdown { scanner = ChapterScanner() }
    }

    /// Lays the document out anew with `layout`: the pages (the first `budget` bytes' worth
    /// now) and the chapters' pages are found again; the survey and chapters stay.
    mutating func restartPagination(_ layout: TextLayout, text: some TextStorage, budget: Int) {
        pagination = Pagination(layout: layout, from: pagination.firstStart, style: pagination.firstStyle)
        pagination.extend(text, budget: budget)
        if let count = counting { counting = Pagination(layout: layout, from: count.firstStart, style: count.firstStyle) }
        chapterPages.removeAll()
    }

    // MARK: The rule

    /// Whether `task` can go on now in `document` (with `search`, the scan of the current search).
    func canRun(_ task: Task, in document: Document, search: TextSearch?) -> Bool {
        let text = document.text
        switch task {
        case .assembly:
            return document.book.map { !$0.isComplete } ?? false
        case .survey:
            return survey.canScan(text)
        case .pagination:
            return pagination.canExtend(text)
        case .counting:
            return counting?.canExtend(text) ?? false
        case .chapters:
            guard document.book == nil, let scanner else { return false }
            return scanner.canScan(text, upTo: chapterLimit(text))
        case .chapterPages:
            return chapterPages.count < chapters.count && pagination.page(containing: chapters[chapterPages.count].offset) != nil
        case .lines:
            return document.book == nil && lines.canScan(text)
        case .search:
            return search?.canScan(text) ?? false
        }
    }

    /// Whether any task can go on now: the host should give the session a slice of work soon.
    func hasWork(in document: Document, search: TextSearch?) -> Bool {
        Task.allCases.contains { canRun($0, in: document, search: search) }
    }

    /// How far the chapter scan may go: as far as pagination (the whole text once it is done).
    private func chapterLimit(_ text: some TextStorage) -> Int {
        pagination.isComplete ? text.count : pagination.frontier
    }

    /// Does about `budget` bytes of each task that can go on (the search four times as
    /// far, the line count eight: they are cheaper), in ``Task`` order, and reports what changed.
    /// O(budget).
    /// `skipping` leaves tasks for a later slice (what arrived on a stream is laid out at once
    /// for the screen; counting its lines can wait for the loop's background turn).
    mutating func step(in document: Document, budget: Int, search: inout TextSearch?, skipping: Set<Task> = []) -> Report {
        var report = Report()
        let budget = max(1, budget)
        for task in Task.allCases where !skipping.contains(task) && canRun(task, in: document, search: search) {
            let before = progress(of: task, document: document, search: search)
            run(task, in: document, budget: budget, search: &search, into: &report)
            let after = progress(of: task, document: document, search: search)
            if before != after {
                report.progressed = true
            } else if document.isComplete && canRun(task, in: document, search: search) {
                // The rule broken: end the task with what it has, rather than spin or hang.
                stalls += 1
                end(task, in: document, search: &search, into: &report)
                report.progressed = true
            }
        }
        return report
    }

    /// Runs one slice of `task`.
    private mutating func run(_ task: Task, in document: Document, budget: Int, search: inout TextSearch?,
                              into report: inout Report) {
        let text = document.text
        switch task {
        case .assembly:
            if let book = document.book, book.assemble(budget: budget) { report.assembled = true }
            if let book = document.book, book.chapters.count != chapters.count {
                chapters = book.chapters
                report.chaptersChanged = true
            }
        case .survey:
            if survey.scan(text) {
                report.surveyChanged = true
                if survey.isSettled { report.surveySettled = true }
            }
        case .pagination:
            if pagination.extend(text, budget: budget) { report.pagesChanged = true }
        case .counting:
            _ = counting?.extend(text, budget: budget)
        case .chapters:
            guard var found = scanner else { return }
            if found.scan(text, upTo: chapterLimit(text)) {
                chapters = found.chapters
                report.chaptersChanged = true
            }
            scanner = found
        case .chapterPages:
            while chapterPages.count < chapters.count, let page = pagination.page(containing: chapters[chapterPages.count].offset) {
                chapterPages.append(page)
                report.chaptersChanged = true
            }
        case .lines:
            if lines.scan(text, budget: budget * 8) { report.linesCounted = true }
        case .search:
            guard var running = search else { return }
            if running.scan(text, budget: budget * 4) { report.searchChanged = true }
            search = running
        }
    }

    /// Ends `task` where it stands (see the type's rule).
    private mutating func end(_ task: Task, in document: Document, search: inout TextSearch?, into report: inout Report) {
        switch task {
        case .assembly: break  // a book's assembly always moves; nothing to end
        case .survey:
            survey.settle()
            report.surveySettled = true
        case .pagination:
            pagination.finish()
            report.pagesChanged = true
        case .counting:
            counting?.finish()
        case .chapters:
            scanner?.skip(to: document.text.count)
        case .chapterPages:
            chapterPages += repeatElement(pagination.knownPages - 1, count: chapters.count - chapterPages.count)
            report.chaptersChanged = true
        case .lines:
            lines.finish()
        case .search:
            search?.finish()
            report.searchChanged = true
        }
    }

    /// What `task` has done so far: equal before and after a slice means it stood still.
    private func progress(of task: Task, document: Document, search: TextSearch?) -> [Int] {
        switch task {
        case .assembly: [document.text.count, document.isComplete ? 1 : 0]
        case .survey: [survey.scanned, survey.isSettled ? 1 : 0]
        case .pagination: [pagination.knownPages, pagination.textCount, pagination.isComplete ? 1 : 0, pagination.waitsForText ? 1 : 0]
        case .counting: [counting?.knownPages ?? -1, counting?.textCount ?? -1, counting?.isComplete == true ? 1 : 0]
        case .chapters: [scanner?.position ?? -1]
        case .chapterPages: [chapterPages.count]
        case .lines: [lines.scanned, lines.isComplete ? 1 : 0]
        case .search: [search?.scanned ?? -1, search?.isComplete == true ? 1 : 0, search?.matches.count ?? 0]
        }
    }

    /// `pages 12+ · survey settled · 3 chapters (2 placed)`.
    var description: String {
        "pages \(pagination.knownPages)\(pagination.isComplete ? "" : "+")"
            + (counting.map { " from byte \(pagination.firstStart) (\($0.knownPages)\($0.isComplete ? "" : "+") counted before)" } ?? "")
            + " · \(survey) · \(chapters.count) chapters (\(chapterPages.count) placed)"
            + (stalls > 0 ? " · \(stalls) stalls" : "")
    }
}
