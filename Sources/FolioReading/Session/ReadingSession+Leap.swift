import Folio

/// A far place in a large text is shown at once, as `less` shows it: the
/// pages are counted afterwards.
///
/// A jump to a byte pagination has not reached (the end of a 1 GB log, a
/// match near the end of 100 MB, a saved place, the reader's line after a
/// resize) would otherwise wait for every page before it to be laid out.
/// Instead the session *leaps*: it lays pages out from the start of a line
/// a few screens above the place (``Pagination/init(layout:from:style:)``,
/// as a stream that let go of its start does), shows the place on them, and
/// goes on counting the pages from the text's start in the background
/// (``BackgroundWork/counting``). Meanwhile the page numbers are unknown
/// (the status row says `? / ?`; the percentage is known) and the text
/// above the first page laid out cannot be scrolled to.
///
/// Once the count reaches the top line on screen it *lands*: the counted
/// pages take over, and the same line stays at the top — the layout of a
/// line does not depend on where its page started, since every line wraps
/// from its own start — so nothing on screen moves. Only a whole text scrolled by
/// lines (``isLineView``) leaps: a book's pages and two-page
/// spreads are pages the reader can see the edges of. Styles are taken to be
/// plain where the leap starts; a style a line carries over from the line
/// before it (an unclosed colour) shows once the count lands.
extension ReadingSession {
    /// How far past the pages counted a place must be to leap to it rather than wait for
    /// pagination: about what pagination covers in a few frames.
    static let leapDistance = 4 << 20

    /// How far back from the place a leap looks for the line its pages start with.
    static let leapLookBack = 64 * 1024

    /// Whether the pages shown are counted from a place leapt to, not from the text's start.
    public var hasLeapt: Bool { work.counting != nil }

    /// Whether `offset` is far enough past the pages counted to leap to it, in a text that can:
    /// complete (a file, or a stream that has ended) and whole (nothing let go of its start).
    func canLeap(to offset: Int) -> Bool {
        isLineView && document.book == nil && document.isComplete && document.text.origin == 0
            && offset - work.pagination.frontier > Self.leapDistance
    }

    /// Shows the text from the start of a line `lines` lines above the one holding `offset`
    /// (as far back as ``leapLookBack`` allows), counting the pages before it in the background.
    /// Returns false, leaping nowhere, when no line starts within that reach.
    mutating func leap(to offset: Int, linesAbove lines: Int, into out: inout Outbox) -> Bool {
        let text = document.text
        let target = min(max(0, offset), text.count)
        let reach = max(0, target - Self.leapLookBack)..<target
        let start: Int? = text.withBytes(reach) { bytes in
            // The byte after the (lines + 1)th line feed back from the place (the place's own
            // line starts after the first), else after the furthest back; the text's start is a line's.
            var earliest: Int?
            var feeds = 0
            var i = bytes.count
            while i > 0 {
                i -= 1
                guard bytes[i] == 0x0A else { continue }
                earliest = reach.lowerBound + i + 1
                feeds += 1
                if feeds > lines { break }
            }
            return feeds <= lines && reach.lowerBound == 0 ? 0 : earliest
        }
        // Only past the pages counted: a place they reach is shown on them.
        guard let start, start > (work.counting ?? work.pagination).frontier else { return false }
        if work.counting == nil { work.counting = work.pagination }
        work.pagination = Pagination(layout: work.pagination.layout, from: start)
        work.pagination.extend(text, budget: target - start + Self.firstPageBudget)
        work.chapterPages.removeAll()
        shown.forgetAll()
        syncModels(into: &out)
        out.redraw()
        return true
    }

    /// Brings the counted pages back, with the line at the top of the screen kept there when
    /// `keepingTop` (the count has reached it) — or, at the end, the last line at the bottom, as
    /// the end rests — else a jump is about to go elsewhere. A no-op unless the session has leapt.
    mutating func land(keepingTop: Bool, into out: inout Outbox) {
        guard let counting = work.counting else { return }
        let onScreen = spreadBytes
        let top = onScreen.lowerBound, atEnd = work.pagination.isComplete && onScreen.upperBound >= document.text.count
        work.pagination = counting
        work.counting = nil
        work.chapterPages.removeAll()
        shown.forgetAll()
        syncModels(into: &out)
        if keepingTop { go(to: atEnd ? .end : .offset(top), animated: false, into: &out) }
        out.redraw()
    }

    /// Lands once the count has reached the top line on screen and the reader is only reading
    /// (never in the middle of a drag or a turn).
    mutating func landWhenCounted(into out: inout Outbox) {
        guard let counting = work.counting, case .reading = mode, navigation.pager.activity == .idle,
              counting.isComplete || counting.frontier > spreadBytes.lowerBound else { return }
        land(keepingTop: true, into: &out)
    }

    /// What `target` asks of pages counted from a leap: a page by its number, or a place above
    /// the first page laid out, needs the count. Returns whether `target` must wait for it;
    /// lands first when the count already reaches it.
    mutating func leapedTargetWaits(_ target: Wait.Target, into out: inout Outbox) -> Bool {
        guard let counting = work.counting else { return false }
        switch target {
        case .page(let page):
            guard page < counting.knownPages || counting.isComplete else { return true }
            land(keepingTop: false, into: &out)
        case .offset(let offset) where offset < work.pagination.firstStart:
            if counting.page(containing: offset) != nil {
                land(keepingTop: false, into: &out)
            } else if !leap(to: offset, linesAbove: 3 * linesPerPage, into: &out) {
                return true
            }
        default:
            break
        }
        return false
    }
}
