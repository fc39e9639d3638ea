import Folio

/// Everything a host draws for one frame, taken from the session at once, as
/// an immutable value: the pages on screen and what is marked on them, the
/// spines, the leaf mid-turn with the pages beneath and behind it, the status
/// row, the page indicator, the chapter strip and whether the help is open.
///
/// Both hosts draw from it (``ReadingSession/frame``), so what one host shows
/// the other has in hand too; how each measures and paints is its own. A
/// page's lines come from ``ReadingSession/forEachRun(onPage:_:)`` and its
/// pictures from ``ReadingSession/images(onPage:)``.
///
/// ```swift
/// let frame = session.frame
/// for page in frame.pages { draw(page.placement, marking: page.matches) }
/// if let leaf = frame.leaf { curl(leaf.front, over: leaf.beneath, progress: leaf.progress) }
/// status(frame.status)
/// ```
public struct ReadingFrame: Sendable, CustomStringConvertible {
    /// A page on screen and what is marked on it.
    public struct Page: Hashable, Sendable, CustomStringConvertible {
        /// Which page, and where its text box is in the page area.
        public var placement: VisiblePage
        /// Whether it is a double page across both pages of a two-page spread (and the spine between).
        public var isDouble: Bool
        /// The bytes of the document it shows.
        public var bytes: Range<Int>
        /// The search's matches that overlap it, as byte ranges of the document, ascending.
        public var matches: [Range<Int>]

        /// The page number (0-based).
        public var page: Int { placement.page }

        /// `page 3 at 2,0 (left), 2 matches`.
        public var description: String {
            "\(placement)\(isDouble ? ", double" : "")\(matches.isEmpty ? "" : ", \(matches.count) matches")"
        }
    }

    /// A leaf of a book mid-turn between the spread the reader is on and the next one: the page
    /// that lifts, the one printed on its back, the one it uncovers, and the one that stays flat.
    /// A host curls it or slides the spreads past each other; the pages are the same either way.
    public struct TurningLeaf: Hashable, Sendable, CustomStringConvertible {
        /// The page that lifts: the spread's outer page (its only page in one-page spreads).
        public var front: Int
        /// The page printed on the leaf's back, seen as it turns over: the next spread's inner page
        /// (none in one-page spreads, where a leaf's back is blank).
        public var back: Int?
        /// The page the leaf uncovers: the next spread's outer page (its only page in one-page spreads).
        public var beneath: Int?
        /// The page that stays flat on the inner side while the leaf turns (two-page spreads).
        public var opposite: Int?
        /// How far the leaf has turned: above 0 (flat) and below 1 (over).
        public var progress: Double
        /// The side the leaf lifts from: right in a left-to-right book, left in a right-to-left one.
        public var outerSide: ScreenSide

        /// `leaf 4 over 6 (back 5), 0.30`.
        public var description: String {
            "leaf \(front)" + (beneath.map { " over \($0)" } ?? "") + (back.map { " (back \($0))" } ?? "")
                + ", \((progress * 100).rounded() / 100)"
        }
    }

    /// The pages on screen, in slot order: each one's box, and what is marked on it.
    public var pages: [Page]
    /// Where spines are drawn: the left edge of the gap between facing pages, in host units.
    public var spines: [Int]
    /// The leaf mid-turn between two spreads, or nil at rest, in vertical reading, and where a
    /// double page (one sheet, nothing to lift at the spine) turns.
    public var leaf: TurningLeaf?
    /// Whether spreads hold two pages.
    public var isTwoPages: Bool
    /// The pages of the spread the reader is on.
    public var currentPages: ClosedRange<Int>
    /// The pages known so far (more may come while the text is being paginated).
    public var knownPages: Int
    /// Whether every page is known.
    public var isCountFinal: Bool
    /// The links of a book on the spread on screen, in text order, and the one chosen with Tab.
    public var links: [BookLink]
    /// The link chosen with Tab, drawn with a ring.
    public var chosenLink: BookLink?
    /// What the status row says.
    public var status: StatusLine
    /// The page indicator's dots.
    public var indicator: PageIndicator
    /// The chapter strip.
    public var strip: MenuStrip<Int>
    /// Whether the key help is open over the pages.
    public var showsHelp: Bool
    /// Whether the pages are moving (a drag, a fling, a turn settling): a host keeps drawing frames.
    public var isAnimating: Bool
    /// Where the pages are: the spread at the start of the page area and how far toward the next
    /// one they have moved (a fraction of ``spreadStride``), as the paging engine has it.
    public var position: Position
    /// How far apart two spreads lie, in host units: a drag this long moves one spread.
    public var spreadStride: Double

    /// The page on screen called `page`, if it is.
    public func page(_ page: Int) -> Page? { pages.first { $0.page == page } }

    /// `pages [0, 1], 12 / 340`, with the leaf mid-turn and the help when there are.
    public var description: String {
        "pages \(pages.map(\.page))" + (leaf.map { ", \($0)" } ?? "") + ", \(status.pages)" + (showsHelp ? ", help" : "")
    }
}

extension ReadingSession {
    /// The frame to draw now (see ``ReadingFrame``). O(pages on screen + their matches).
    public var frame: ReadingFrame {
        let book = navigation.book
        let pages = visiblePages.map { placement in
            let page = placement.page
            return ReadingFrame.Page(placement: placement, isDouble: isDoublePage(page),
                                     bytes: work.pagination.bytes(ofPage: page), matches: Array(matches(onPage: page)))
        }
        return ReadingFrame(
            pages: pages, spines: spines, leaf: turningLeaf, isTwoPages: book.mode == .twoPages, currentPages: currentPages,
            knownPages: work.pagination.knownPages, isCountFinal: work.pagination.isComplete, links: Array(visibleLinks),
            chosenLink: chosenLink, status: statusLine, indicator: navigation.indicator, strip: navigation.menu,
            showsHelp: mode == .help, isAnimating: isAnimating, position: navigation.pager.position,
            spreadStride: navigation.pager.track.stride)
    }

    /// Whether page `page` is a double page: across both pages of a two-page spread and the spine
    /// between (a wide picture's page, ``Folio/Book/lonePages``), on screen or not.
    public func isDoublePage(_ page: Int) -> Bool {
        navigation.book.mode == .twoPages && navigation.book.lonePages.contains(page)
    }

    /// The leaf mid-turn between the spread the position is on and the next one (``ReadingFrame/leaf``).
    var turningLeaf: ReadingFrame.TurningLeaf? {
        let pager = navigation.pager, book = navigation.book
        let position = pager.position
        guard !isVertical, position.fraction > 0, position.index >= 0, position.index + 1 < pager.track.spreadCount else { return nil }
        let from = pager.track.spread(at: position.index), to = pager.track.spread(at: position.index + 1)
        let outer: ScreenSide = options.rightToLeft ? .left : .right, inner: ScreenSide = options.rightToLeft ? .right : .left
        guard book.mode == .twoPages else {
            return ReadingFrame.TurningLeaf(front: from.firstPage, back: nil, beneath: to.firstPage, opposite: nil,
                                            progress: position.fraction, outerSide: outer)
        }
        // A double page is one sheet across the spread, with no leaf to lift at the spine.
        if [from, to].contains(where: { $0.pageCount == 1 && book.lonePages.contains($0.firstPage) }) { return nil }
        guard let front = book.page(on: outer, of: from) else { return nil }
        return ReadingFrame.TurningLeaf(front: front, back: book.page(on: inner, of: to), beneath: book.page(on: outer, of: to),
                                        opposite: book.page(on: inner, of: from), progress: position.fraction, outerSide: outer)
    }
}
