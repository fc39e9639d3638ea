import Folio

/// Where the reader is and how they move, as one machine the session
/// composes: the paging engine, the book rule (one or two pages, the
/// spine, the sides), the page dots, the chapter strip, the position
/// recorder and the marks (`ma`, `'a`, and `''` for the place before the
/// last jump).
///
/// It keeps the engine's models in step with each other: the dots and the
/// strip follow every position the pager reports, and a rest goes to the
/// recorder. It knows nothing of documents or layouts: the session hands
/// it page counts, chapter pages and page starts.
struct Navigation: CustomStringConvertible {
    /// The paging engine.
    var pager: Pager
    /// The book rule: one or two pages, the spine, the sides of pages.
    var book: Book
    /// The page dots and "12 / 340".
    var indicator: PageIndicator
    /// The chapter strip.
    var menu: MenuStrip<Int>
    /// The reading position, kept across relayouts.
    var recorder: PositionRecorder
    /// Places under a letter (`ma`), and `'` for where the reader was before the last jump.
    var marks: [Character: Int] = [:]
    /// The lines `d` and `u` move, once a count set it (`10d`); nil: half the page area.
    var halfScreen: Int?
    /// How far chopped lines are scrolled sideways (`less -S` and →), in host units.
    var sideways = 0
    /// Where the document is in the host's list of files (`file 2 of 3`), when the host keeps one.
    var file: FilePlace?
    /// The pictures and pages from which the lone pages (double pages) were last found, so they
    /// are found again only when either grows or the pages are laid out anew.
    var loneSource: (pictures: Int, pages: Int) = (0, 0)

    /// Moves the dots and the strip's selection and underline with the pager; returns whether either changed.
    mutating func followPager() -> Bool {
        let dots = !indicator.update(from: pager).isEmpty
        let strip = !menu.follow(pager).isEmpty
        return dots || strip
    }

    /// Makes `known` pages the count of the book, the pager and the dots (`isFinal` once
    /// pagination is complete). Returns the pager's effects (nil when the count did not change)
    /// and whether the dots changed.
    mutating func setPageCount(_ known: Int, isFinal: Bool) -> (effects: Effects?, dots: Bool) {
        var effects: Effects?
        if pager.track.pages.pages != known {
            _ = try? book.setPageCount(known)
            // A count ≥ 1 always fits the track.
            effects = try? pager.setPageCount(.finite(known))
        }
        let dots = (try? indicator.setPageCount(known, isFinal: isFinal)).map { !$0.isEmpty } ?? false
        return (effects, dots)
    }

    /// Gives the strip `chapters` as items starting on `pages` (pages not found yet: the
    /// last page known), then `pending`, the titles of chapters whose text is not in yet
    /// (starting after every page known, so none of them is chosen by the pages shown).
    /// Returns whether the strip changed; the same items and pages again change nothing
    /// (nothing is measured again).
    mutating func setChapters(_ chapters: [Document.Chapter], pending: [String], pages: [Int], lastKnownPage: Int) -> Bool {
        let titles = chapters.map(\.title) + pending
        let starts = Array(pages.prefix(chapters.count)) + repeatElement(lastKnownPage, count: max(0, chapters.count - pages.count))
            + repeatElement(max(0, lastKnownPage + 1), count: pending.count)
        guard starts != menu.startPages || !menu.items.lazy.map(\.title).elementsEqual(titles) else { return false }
        let items = titles.indices.map { MenuItem(id: $0, title: titles[$0]) }
        return (try? menu.setItems(items, startPages: starts)).map { !$0.isEmpty } ?? false
    }

    /// Forgets the remembered place (the next rest records a new one).
    mutating func forgetPlace() {
        recorder = PositionRecorder(identity: recorder.identity)
    }

    /// Remembers `anchor` as the place, not any page it was on (the pages are about to change).
    mutating func remember(anchor: Int) {
        recorder = PositionRecorder(identity: recorder.identity, restoring: ReadingPosition(anchor: anchor, page: 0, pageCount: 1))
    }

    /// `page 3 of 40, at byte 1200, marks a b`.
    var description: String {
        let place = recorder.position.map { ", at byte \($0.anchor)" } ?? ""
        let named = marks.keys.filter { $0 != "'" }.sorted().map(String.init).joined(separator: " ")
        return "page \(pager.currentPage.map { "\($0 + 1)" } ?? "–") of \(pager.track.pages.pages)\(place)"
            + (named.isEmpty ? "" : ", marks \(named)")
    }
}
