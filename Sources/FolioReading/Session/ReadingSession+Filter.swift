import Folio

/// A session's part in a line filter (`&pattern`), which ``ReadingLoop``
/// runs: the session checks what the reader typed and asks its owner for
/// the filter (``SessionEffect/filter(_:)``); the loop then shows a session
/// over a ``FilteredText`` — this session's own kind, over the kept lines —
/// and tells it as those lines arrive, as a host tells a session over a
/// stream.
extension ReadingSession {
    /// The kept lines, when this session shows a filter's (`&pattern`); nil for a whole text.
    public var filteredText: FilteredText? { document.text as? FilteredText }

    /// `&pattern` Enter, `&!pattern` Enter, `&` Enter: a rule whose pattern compiles goes to the
    /// loop (``SessionEffect/filter(_:)``), as does the end of a filter shown; a bad pattern, a
    /// book, or the end of a filter that is not on is a notice.
    mutating func requestFilter(_ rule: FilterRule?, into out: inout Outbox) {
        guard let rule else {
            if filteredText == nil { notify("No filter is on: every line is shown", into: &out) } else { out.append(.filter(nil)) }
            return
        }
        guard document.book == nil else {
            notify("A book's pages cannot be filtered: & shows some lines of a text", kind: .problem, into: &out)
            return
        }
        do {
            _ = try Pattern(rule.pattern, caseSensitivity: options.caseSensitivity)
        } catch {
            notify("Bad pattern: \(error)", kind: .problem, into: &out)
            return
        }
        out.append(.filter(rule))
    }

    /// The kept lines' scan moved: the status row's progress, the open last page showing what
    /// came, and once the scan has ended, a wait for the end answered — as a stream's growth and
    /// end are.
    mutating func filteredTextGrew(at time: Double) -> [SessionEffect] {
        note(time)
        var out = Outbox()
        out.redraw()  // the status row's progress moves
        forgetOpenPage()
        if document.isComplete {
            if document.text.count == 0 {
                work.pagination.finish()
                syncModels(into: &out)
            }
            resumeWait(into: &out)
        }
        return finish(out)
    }

    /// Puts the line holding byte `offset` at the top (a page's start, in pages side by side), or
    /// with nil the end, without animation: the reader's place carried into a filter or out of it.
    mutating func land(at offset: Int?, at time: Double) -> [SessionEffect] {
        note(time)
        var out = Outbox()
        if let offset {
            navigation.remember(anchor: offset)
            go(to: .offset(offset), animated: false, into: &out)
        } else {
            go(to: .end, animated: false, into: &out)
        }
        return finish(out)
    }

    /// Takes the page area and options of the session shown while this one was aside (a resize,
    /// `x`, `v` meanwhile) and goes to byte `offset`, waiting for pagination to reach it if it
    /// must: leaving a filter.
    mutating func resume(at offset: Int, viewport: Viewport, options: ReadingOptions, at time: Double) -> [SessionEffect] {
        note(time)
        var out = Outbox()
        mode = .reading(nil)
        self.viewport = viewport
        self.options = options
        relayout(keeping: offset, into: &out)
        return finish(out)
    }

    /// Takes `other`'s search — its last pattern, and the search it runs (started again over
    /// this text unless it is this one's already) — so `n` goes on across a filter's edge.
    mutating func takeSearch(of other: ReadingSession) {
        finder.remember(other.finder.last)
        guard let search = other.finder.current else { return }
        if let mine = finder.current, mine.pattern.source == search.pattern.source,
           mine.pattern.ignoresCase == search.pattern.ignoresCase, mine.isBackward == search.isBackward { return }
        finder.current = TextSearch(pattern: search.pattern, backward: search.isBackward)
    }

    /// What the status row says of a filter while nothing else is said: how far its scan is
    /// through a complete text, or that it keeps nothing. Nil for a whole text, a filter done that
    /// keeps lines, and one over a stream still arriving (read only as far as the kept lines
    /// need, it may rest: its count's "+" says more may come, as a stream's does).
    var filterStatus: String? {
        guard let filtered = filteredText else { return nil }
        if !filtered.isComplete { return filtered.source.isComplete ? filtered.progress : nil }
        return filtered.count == 0 ? "No line passes \(filtered.rules.map(\.description).joined(separator: " "))" : nil
    }
}
