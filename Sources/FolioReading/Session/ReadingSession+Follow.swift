import Folio

/// Following the end of a growing document (`F`, `+F`), as `less`'s `F` does.
///
/// Following is a wait that never ends by itself: the mode is
/// ``SessionMode/waiting(_:)`` for ``Wait/Target/follow``, so everything a wait
/// does holds — the status row says so with "(any key stops)", any key stops it
/// and is not otherwise acted on (Esc, `q` and Ctrl-C too: none of them quits),
/// a resize keeps it, and background work resumes it after each slice. Each
/// time the pages grow and pagination has caught up with the text, the reader
/// goes to the last page.
///
/// A stream grows as the host reads it (the read-ahead past the last page keeps
/// memory bounded, and ``streamLimit`` lets go of the oldest text). A file grows
/// on disk, where nothing wakes the host: ``ReadingLoop`` looks at it each turn
/// (``lookForGrowth(at:)``) and wakes at least every ``followPollInterval``.
/// The file is followed by name, as `less --follow-name` does: one truncated,
/// rewritten or replaced at its name (a log rotated) is read again from its name
/// (``SessionEffect/reopen``), and the new session follows its end.
extension ReadingSession {
    /// How often a followed file is looked at while nothing else wakes the loop, in seconds.
    public static let followPollInterval = 0.2

    /// Whether the reader follows the end of the document as it grows (`F`).
    public var isFollowing: Bool {
        if case .waiting(let wait) = mode, wait.target == .follow { return true }
        return false
    }

    /// The longest the host may sleep while at rest, in seconds: ``followPollInterval`` while
    /// following a file (its growth wakes no one), nil otherwise (input wakes the host).
    public var pollInterval: Double? {
        isFollowing && document.text is FileText ? Self.followPollInterval : nil
    }

    /// Whether `command` stops following instead of being carried out: everything the reader
    /// does (a click, a tap on the strip or the dots, a jump) stops it, as a key does; time
    /// passing, a resize, following again and a host's quit do not.
    static func stopsFollowing(_ command: ReadingCommand) -> Bool {
        switch command {
        case .tick, .resize, .follow, .quit: false
        default: true
        }
    }

    /// `F`: goes to the end and follows it. A file is followed from now on (what it gained since it
    /// was opened joins the text at once; one replaced since is read again).
    mutating func startFollowing(into out: inout Outbox) {
        if case .waiting(let wait) = mode, wait.target != .follow { abandonPendingPlace(for: nil) }
        if let file = document.text as? FileText, !file.isFollowed {
            file.startFollowing()
            work.changeReported = false  // a change after following stops is told again
            openTheEnd(into: &out)
            join(file.lookForGrowth(name: document.path), into: &out)
        }
        follow(animated: true, into: &out)
    }

    /// The step of following: stays in the wait and, when pagination has caught up with the text,
    /// goes to the last page (`animated` for the first jump, as `G`; growth is shown at once). A
    /// text that can grow no more — a stream that has ended, a book, the guide (a followed file is
    /// never complete) — stops following on its last page.
    mutating func follow(animated: Bool, into out: inout Outbox) {
        let pagination = work.pagination
        if document.isComplete && pagination.isComplete {
            mode = .reading(Notice("End of \(document.title): following stopped"))
            move(toPage: pagination.knownPages - 1, animated: animated, into: &out)
            settleHere(into: &out)
            out.redraw()
            return
        }
        mode = .waiting(Wait(target: .follow, animated: true))
        out.redraw()
        guard !pagination.canExtend(document.text) else { return }  // the pages are still being counted
        move(toPage: pagination.knownPages - 1, animated: animated, into: &out)
    }

    /// Moves the pager to `page` unless its spread is on screen or the pager is heading there; in
    /// a text scrolled by lines, to the last line on the bottom row.
    private mutating func move(toPage page: Int, animated: Bool, into out: inout Outbox) {
        if isLineView {
            let end = lastLinePosition
            if navigation.pager.destination != end { absorb(navigation.pager.move(to: end, animated: animated, at: now), into: &out) }
            return
        }
        let track = navigation.pager.track
        let heading = min(navigation.pager.targetPage ?? currentPage, work.pagination.knownPages - 1)
        guard track.spreadIndex(containing: heading) != track.spreadIndex(containing: page) else { return }
        absorb(navigation.pager.move(toPage: page, animated: animated, at: now), into: &out)
    }

    /// Stops following (any key): a followed file's last growth joins the text, and then the file
    /// is complete again; the reader stays on the page shown, which becomes the place.
    mutating func stopFollowing(into out: inout Outbox) {
        if let file = document.text as? FileText, file.isFollowed {
            if case .grew = file.lookForGrowth(name: document.path) { grew(into: &out) }
            file.stopFollowing()
        }
        mode = .reading(Notice("Stopped following"))
        settleHere(into: &out)
        out.redraw()
    }

    /// Looks at a followed file for growth (called by ``ReadingLoop`` each turn, before the
    /// background work that lays the new text out): new bytes join the text and the open last
    /// page; a file truncated, rewritten or replaced at its name comes back as
    /// ``SessionEffect/reopen``, for the host to open it again by name. Nothing unless a file is
    /// followed. O(1): a `stat` or two.
    public mutating func lookForGrowth(at time: Double) -> [SessionEffect] {
        guard isFollowing, let file = document.text as? FileText else { return [] }
        note(time)
        var out = Outbox()
        join(file.lookForGrowth(name: document.path), into: &out)
        return out.effects.isEmpty ? [] : finish(out)
    }

    /// Takes what a look at a followed file found into the session.
    private mutating func join(_ growth: FileText.Growth, into out: inout Outbox) {
        switch growth {
        case .none: break
        case .grew: grew(into: &out)
        case .replaced: out.append(.reopen)
        }
    }

    /// The text grew at its end: the open last page shows what came.
    private mutating func grew(into out: inout Outbox) {
        openTheEnd(into: &out)
        forgetOpenPage()
        out.redraw()
    }

    /// The text may grow at its end (a file now followed, or grown): pagination and a search that
    /// completed there go on, and the page count is "at least" again.
    private mutating func openTheEnd(into out: inout Outbox) {
        if work.pagination.isComplete {
            work.pagination.reopen()
            syncModels(into: &out)
        }
        if work.counting?.isComplete == true { work.counting?.reopen() }
        if finder.current?.isComplete == true { finder.current?.reopen() }
    }

    /// A session just opened over a followed file read again (see ``reloaded(with:at:)``),
    /// following its end.
    func followingAgain() -> ReadingSession {
        var next = self
        var out = Outbox()
        next.startFollowing(into: &out)
        _ = next.finish(out)
        return next
    }

    /// A file left followed when the session no longer follows (whatever ended the wait) is
    /// complete again. Run at the end of every input.
    mutating func releaseFollowedFile() {
        guard let file = document.text as? FileText, file.isFollowed, !isFollowing else { return }
        var out = Outbox()
        if case .grew = file.lookForGrowth(name: document.path) { grew(into: &out) }
        file.stopFollowing()
    }

    /// What the status row says while following: "Waiting for data…", or the pagination's
    /// progress while it catches up with a long file; and that older text was let go.
    var followProgress: String {
        let text = document.text
        if work.pagination.canExtend(text) && (document.stream == nil || document.isComplete) {
            let total = max(1, text.count)
            return "Paginating… \(min(99, work.pagination.frontier * 100 / total))%"
        }
        return "Waiting for data…" + (text.origin > 0 ? " (older text let go)" : "")
    }

    /// "12 KB", "3 MB".
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(max(1, bytes >> 10)) KB"
    }
}
