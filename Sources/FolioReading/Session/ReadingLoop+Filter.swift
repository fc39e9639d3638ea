import Folio

/// Line filters (`&pattern`, `&!pattern`, `&` Enter), as `less`'s `&` shows
/// them, run by the loop so every host has them.
///
/// A filter is a session of its own. When the session asks for one
/// (``SessionEffect/filter(_:)``), the loop keeps the session over the whole
/// text aside (``FilterState``) and shows ``session`` over a
/// ``FilteredText``: the lines every rule keeps, copied a slice at a time by a
/// ``LineFilter`` scan that is part of the loop's background work. The kept
/// lines grow as a stream does — the first ones show at once, and the status
/// row says `Filtering… 40%` until the scan has been through the text — and
/// are paged, searched and followed like any text. Another `&` stacks a rule
/// (a line must pass them all, as in `less`); `&` Enter goes back to the whole
/// text.
///
/// **The place, both ways.** Entering, the reader lands on the first kept
/// line that holds their byte or comes after it, once the scan has found it
/// (their first key before then lets the landing go); leaving, on the line of
/// the whole text the top of the screen came from. The filtered session's
/// saves are translated to the whole text's bytes, so a place saved while
/// filtering is a place in the file.
///
/// **Input.** A stream the whole text reads goes on arriving (``receive(_:at:)``
/// goes to the session aside), as far as the kept lines need: while the reader
/// waits, lands, or has less than ``filteredReadAhead`` bytes of kept lines
/// past the screen (``wantedInput``).
extension ReadingLoop {
    /// The kept lines wanted past the screen while a filter reads a stream (the rest of the
    /// stream waits until the reader nears them or waits for more).
    public static let filteredReadAhead = 64 * 1024
    /// The first slice a new filter scans before its first screen, in bytes.
    public static let filterFirstSlice = 1 << 20

    /// Whether only some lines are shown (`&pattern`): ``session`` is over the kept lines.
    public var isFiltering: Bool { filter != nil }

    /// The rules of the filter on now, in the order typed; empty when every line is shown.
    public var filterRules: [FilterRule] { filter?.scan.rules ?? [] }

    /// The session over the whole text: ``session`` itself, or the one kept aside while a filter is shown.
    public var wholeSession: ReadingSession { filter?.whole ?? session }

    /// The reading position to save now, in the whole text's bytes (a host saves it on the way out).
    public var readingPosition: ReadingPosition {
        guard let filter else { return session.readingPosition }
        return wholePosition(atWholeByte: filter.wholePlace(shownAnchor: session.anchor), in: filter)
    }

    /// Whether background work can go on now: the session's, or a filter's scan.
    public var hasWork: Bool { session.hasWork || (filter?.canScan ?? false) }

    /// How many more bytes of the document's stream the loop wants now (see
    /// ``ReadingSession/wantedInput``); while a filter is shown, the whole text's stream, as far
    /// as the kept lines need it.
    public var wantedInput: Int {
        guard let filter else { return session.wantedInput }
        guard let stream = filter.whole.document.stream, !stream.isComplete, !filter.canScan else { return 0 }
        if filter.landing != nil || session.isWaiting { return Int.max }
        let shown = session.document.text.count > 0 ? session.spreadBytes.upperBound : 0
        return filter.text.count - shown < Self.filteredReadAhead ? 1 << 20 : 0
    }

    /// Whether the reader is still to land in the kept lines (a wait of the loop's, which the
    /// scan and pagination end, or the reader's next key).
    var isLandingInFilter: Bool { filter?.landing != nil }

    /// Slices of a filter's scan that stood still on a complete text: 0 unless there is a bug.
    var filterStalls: Int { filter?.stalls ?? 0 }

    // MARK: Effects

    /// Carries out the effects meant for the loop — a filter asked for — and passes the rest on,
    /// a filtered session's saves turned into places in the whole text.
    mutating func carryOut(_ effects: [SessionEffect], at time: Double) -> [SessionEffect] {
        guard effects.contains(where: { if case .filter = $0 { true } else { filter != nil } }) else { return effects }
        var out: [SessionEffect] = []
        for effect in effects {
            switch effect {
            case .filter(let rule):
                out += rule.map { startFilter(adding: $0, at: time) } ?? endFilter(at: time)
            case .save(let position):
                guard let filter else { out.append(effect); continue }
                if filter.text.count > 0 {
                    out.append(.save(wholePosition(atWholeByte: filter.text.sourceOffset(of: position.anchor), in: filter)))
                }
            default:
                out.append(effect)
            }
        }
        return out
    }

    /// The position of byte `offset` of the whole text, on the page the whole session has for it if any.
    private func wholePosition(atWholeByte offset: Int, in filter: FilterState) -> ReadingPosition {
        let pagination = filter.whole.pagination
        return ReadingPosition(anchor: offset, page: pagination.page(containing: offset) ?? 0, pageCount: pagination.knownPages)
    }

    /// Carries out `input` (a key, or a command other than a resize) on the session shown; when it
    /// moves the reader — the pages go elsewhere, or a wait starts — a landing not yet made is let
    /// go, so it does not undo the reader's own move. Typing, a notice, the help leave it be.
    mutating func reading(_ input: (inout ReadingSession) -> [SessionEffect]) -> [SessionEffect] {
        guard filter?.landing != nil else { return input(&session) }
        let destination = session.pager.destination, wasWaiting = session.isWaiting
        let effects = input(&session)
        if session.pager.destination != destination || session.isWaiting && !wasWaiting { filter?.landing = nil }
        return effects
    }

    // MARK: Starting and ending

    /// Shows only the lines `rule` keeps of those shown now: a new filter over the whole text, with
    /// the rules already on and `rule`; the reader lands on the first kept line at or after their place.
    mutating func startFilter(adding rule: FilterRule, at time: Double) -> [SessionEffect] {
        let place = filter?.wholePlace(shownAnchor: session.anchor) ?? session.anchor
        return filter(by: filterRules + [rule], whole: wholeSession, landingAt: place, at: time)
    }

    /// Shows `whole`'s lines that pass `rules` in a new session the size and options of the one
    /// shown now, which lands on the first kept line holding byte `place` of the whole text or after it.
    mutating func filter(by rules: [FilterRule], whole: ReadingSession, landingAt place: Int, at time: Double) -> [SessionEffect] {
        let shown = session
        guard let scan = try? LineFilter(rules: rules, caseSensitivity: shown.options.caseSensitivity) else {
            preconditionFailure("a filter's patterns compile: the session checked each with these options (requestFilter)")
        }
        let text = FilteredText(source: whole.document.text, rules: rules)
        var state = FilterState(whole: whole, scan: scan, text: text, landing: .source(place))
        _ = state.step(budget: Self.filterFirstSlice)
        var next = ReadingSession(document: Document(title: whole.document.title, path: whole.document.path, format: .plain, text: text),
                                  measurer: shown.measurer, viewport: shown.viewport, options: shown.options, at: time)
        next.takeSearch(of: shown)
        filter = state
        session = next
        var effects: [SessionEffect] = [.redraw]
        if text.isComplete { effects += session.filteredTextGrew(at: time) }
        return carryOut(effects + land(at: time), at: time)
    }

    /// Shows every line again: the whole session comes back, at the line the top of the screen
    /// came from, in the page area and with the options the filtered session had.
    mutating func endFilter(at time: Double) -> [SessionEffect] {
        guard let state = filter else { return [] }
        let shown = session
        let place = state.wholePlace(shownAnchor: shown.anchor)
        var whole = state.whole
        whole.takeSearch(of: shown)
        filter = nil
        session = whole
        return [.redraw] + session.resume(at: place, viewport: shown.viewport, options: shown.options, at: time)
    }

    // MARK: Work

    /// One slice of background work, `bytes` of it: a filter's scan first (its kept lines told to
    /// the shown session, the landing made once it can be), then the session's own work.
    mutating func workSlice(bytes: Int, at now: Double) -> [SessionEffect] {
        guard filter != nil else { return session.work(budget: bytes, at: now) }
        var effects: [SessionEffect] = []
        if filter?.canScan == true, filter?.step(budget: 4 * bytes) == true {  // four times as far, as a search: it is cheaper
            effects += session.filteredTextGrew(at: now)
        }
        if session.hasWork { effects += session.work(budget: bytes, at: now) }
        effects += land(at: now)
        return carryOut(effects, at: now)
    }

    /// Lands the reader in the kept lines when the place is known and paginated.
    private mutating func land(at time: Double) -> [SessionEffect] {
        guard let state = filter, let landing = state.landing else { return [] }
        let pagination = session.pagination
        switch landing {
        case .source(let offset):
            if let kept = state.text.offset(ofSource: offset) {
                filter?.landing = .kept(kept)
            } else if state.text.isComplete {
                filter?.landing = .end
            } else {
                return []
            }
            return land(at: time)
        case .kept(let offset):
            guard pagination.page(containing: offset) != nil || pagination.isComplete else { return [] }
            filter?.landing = nil
            return session.land(at: offset, at: time)
        case .end:
            guard pagination.isComplete else { return [] }
            filter?.landing = nil
            return state.text.count > 0 ? session.land(at: nil, at: time) : []
        }
    }

    // MARK: Input to the whole text

    /// Bytes of the stream while a filter is shown: they go to the session aside, whose text the
    /// scan reads at the next turn.
    mutating func receiveAside(upTo limit: Int, at time: Double,
                               from fill: (UnsafeMutableRawBufferPointer) -> Int) -> (count: Int, effects: [SessionEffect]) {
        let count = filter?.whole.receive(upTo: limit, at: time, from: fill).count ?? 0
        return (count, [])
    }

    /// The session over the whole text read again (``SessionEffect/reopen``) while a filter is
    /// shown: the same rules over the new text, the reader at the same line.
    mutating func reloadFiltered(with document: Document, at time: Double) {
        guard let state = filter else { return }
        let place = state.wholePlace(shownAnchor: session.anchor)
        let whole = state.whole.reloaded(with: document, at: time)
        _ = filter(by: state.scan.rules, whole: whole, landingAt: place, at: time)
    }
}
