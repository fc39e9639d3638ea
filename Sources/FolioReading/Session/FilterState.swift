/// A line filter (`&pattern`) as ``ReadingLoop`` runs it, a machine of its
/// own: the session over the whole text kept aside as it was, the scan that
/// copies the kept lines into a ``FilteredText`` (the text of the session
/// shown meanwhile), and where the reader is to land in those lines.
///
/// ```swift
/// var state = FilterState(whole: session, scan: try LineFilter(rules: rules), text: kept, landing: .source(session.anchor))
/// state.scan.scan(state.whole.document.text, budget: 1 << 20, into: state.text)
/// state.wholePlace(shownAnchor: 0)   // the byte of the whole text the reader would leave to
/// ```
struct FilterState: CustomStringConvertible {
    /// Where the reader lands in the kept lines, once they are known.
    enum Landing: Hashable, Sendable, CustomStringConvertible {
        /// On the first kept line that holds this byte of the whole text or comes after it,
        /// once the scan has kept it (or the end, once it has kept none).
        case source(Int)
        /// On the kept line holding this byte of the kept text, once the shown session's
        /// pagination has reached it.
        case kept(Int)
        /// On the last kept line, once the shown session's pages are all counted.
        case end

        /// `byte 1200 of the whole text`, `byte 40 kept`, `the end`.
        var description: String {
            switch self {
            case .source(let offset): "byte \(offset) of the whole text"
            case .kept(let offset): "byte \(offset) kept"
            case .end: "the end"
            }
        }
    }

    /// The session over the whole text, as it was when the filter started (a stream it reads
    /// goes on growing); the reader comes back to it when the filter ends.
    var whole: ReadingSession
    /// The rules and the scan through the whole text.
    var scan: LineFilter
    /// The kept lines: the shown session's text.
    let text: FilteredText
    /// Where the reader is to land, until they have (or have moved on their own).
    var landing: Landing?
    /// Slices of the scan that stood still on a complete text and ended it: 0 unless there is a bug.
    var stalls = 0

    /// Whether the scan can go on now.
    var canScan: Bool { scan.canScan(whole.document.text) }

    /// Scans about `budget` bytes of the whole text; a slice that stands still on a complete
    /// text ends the scan (``BackgroundWork``'s rule). Returns whether the scan moved — lines
    /// kept, or only looked at (the progress shown moves), or the end reached.
    mutating func step(budget: Int) -> Bool {
        let source = whole.document.text
        let before = (scan.scanned, text.count, scan.isComplete)
        scan.scan(source, budget: budget, into: text)
        if (scan.scanned, text.count, scan.isComplete) == before && source.isComplete && scan.canScan(source) {
            stalls += 1
            scan.finish(text)
        }
        return (scan.scanned, text.count, scan.isComplete) != before
    }

    /// The byte of the whole text the reader is at when the shown session's place is byte
    /// `shownAnchor` of the kept lines: where a landing not yet made was headed, else the source
    /// of that byte; the whole session's own place while nothing is kept.
    func wholePlace(shownAnchor: Int) -> Int {
        switch landing {
        case .source(let offset): return offset
        case .kept(let offset): return text.sourceOffset(of: offset)
        case .end, nil: break
        }
        return text.count == 0 ? whole.anchor : text.sourceOffset(of: shownAnchor)
    }

    /// `&error: 120 lines, 9 KB; landing on byte 1200 of the whole text`.
    var description: String { "\(text)" + (landing.map { "; landing on \($0)" } ?? "") + (stalls > 0 ? "; \(stalls) stalls" : "") }
}
