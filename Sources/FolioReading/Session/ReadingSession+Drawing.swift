import Folio

/// A page on screen: which page, and where its text box is in the page area.
public struct VisiblePage: Hashable, Sendable, CustomStringConvertible {
    /// The page (0-based).
    public var page: Int
    /// The left edge of the page's text, in host units from the page area's left.
    public var x: Int
    /// The top of the page's text, in host units from the page area's top.
    public var y: Int
    /// The width of the text box.
    public var width: Int
    /// Which side of the spine it sits on (left, right, or the single page's side).
    public var side: ScreenSide
    /// The width of the line-number gutter just left of the text box, in host units; 0 without
    /// line numbers (see ``ReadingSession/lineNumbers(onPage:)``).
    public var gutter = 0

    /// A compact, readable form for logs and test failures.
    public var description: String { "page \(page) at \(x),\(y) (\(side))" }
}

/// What the status row says, in pieces a host lays out its own way.
public struct StatusLine: Hashable, Sendable, CustomStringConvertible {
    /// A prompt being typed, a notice, or progress; empty for none.
    public var message: String
    /// Whether ``message`` is a prompt with the cursor at its end.
    public var isPrompt: Bool
    /// Whether ``message`` reports a problem.
    public var isProblem: Bool
    /// "12 / 340" ("12 / 340+" while counting), after the filter's rules while only some lines
    /// are shown: "&error  3 / 12".
    public var pages: String
    /// "48%", or "" while a stream's size is unknown.
    public var percent: String

    /// A compact, readable form for logs and test failures.
    public var description: String { "[\(message)] \(pages) \(percent)" }
}

extension ReadingSession {
    /// The pages on screen now, from the engine's slots and the book's
    /// sides: a host draws each one's lines (``forEachGlyph(onPage:_:)``) at
    /// its box. A double page (``Folio/Book/lonePages``) in two-page spreads
    /// is as wide as both pages and the spine between. Pages wholly outside
    /// the page area are left out.
    public var visiblePages: [VisiblePage] {
        var pages: [VisiblePage] = []
        let box = pageBoxWidth
        let margin = viewport.margin
        let pager = navigation.pager, book = navigation.book, known = work.pagination.knownPages, vertical = isVertical
        let gutter = Self.gutterWidth(options: options, measurer: measurer)
        for slot in 0..<pager.slotCount {
            guard let spread = pager.spread(inSlot: slot), let placed = pager.offset(ofSlot: slot) else { continue }
            let offset = Int(placed.rounded())
            for page in spread.pages where page < known {
                let side = (try? book.side(ofPage: page)) ?? .left
                if vertical {
                    guard offset < viewport.height, offset + viewport.height > 0 else { continue }
                    pages.append(VisiblePage(page: page, x: margin + gutter, y: offset, width: box - 2 * margin - gutter, side: side,
                                             gutter: gutter))
                } else if book.mode == .twoPages && book.lonePages.contains(page) {
                    // A double page: across both pages of its spread, the spine's gap included.
                    let width = 2 * box + viewport.spine
                    guard offset < viewport.width, offset + width > 0 else { continue }
                    pages.append(VisiblePage(page: page, x: offset + margin + gutter, y: 0, width: width - 2 * margin - gutter,
                                             side: side, gutter: gutter))
                } else {
                    let left = book.mode == .twoPages && side == .right ? offset + box + viewport.spine : offset
                    guard left < viewport.width, left + box > 0 else { continue }
                    pages.append(VisiblePage(page: page, x: left + margin + gutter, y: 0, width: box - 2 * margin - gutter,
                                             side: side, gutter: gutter))
                }
            }
        }
        return pages
    }

    /// Where spines are drawn: the left edge of the gap between two facing
    /// pages, in host units, for each two-page spread on screen.
    public var spines: [Int] {
        let pager = navigation.pager
        guard navigation.book.mode == .twoPages, !isVertical else { return [] }
        return (0..<pager.slotCount).compactMap { slot in
            guard let placed = pager.offset(ofSlot: slot) else { return nil }
            // A double page has no spine down its middle.
            if let spread = pager.spread(inSlot: slot), spread.pageCount == 1, navigation.book.lonePages.contains(spread.firstPage) {
                return nil
            }
            let x = Int(placed.rounded()) + pageBoxWidth
            return x >= 0 && x < viewport.width ? x : nil
        }
    }

    /// Page `page` laid out with its lines: the layout kept for a page in the page area, else
    /// laid out now (and not kept: see ``ShownPages``). O(bytes on the page) when not kept.
    public func layout(ofPage page: Int) -> PageLayout {
        guard page >= 0, page < work.pagination.knownPages else {
            return PageLayout(lines: [], end: 0, endStyle: .plain, isFull: false)
        }
        return shown[page] ?? work.pagination.layOutPage(page, in: document.text)
    }

    /// Calls `body` with each glyph of page `page`, line by line: the row
    /// the line is drawn on and the glyph (its `x` counts from the left edge
    /// of the page's text). The row is the line's index on the page, plus the rows the images
    /// above it take beyond their placeholders (``PageLayout/row(ofLine:)``);
    /// an image's placeholder is drawn on the first rows of the image's
    /// (``images(onPage:)``), for a host that cannot draw the picture.
    ///
    /// A line of a right-to-left paragraph comes in visual order and set
    /// flush right: its glyphs end at the line width (``TextParagraph/direction``),
    /// except where chopped lines scroll sideways. O(bytes on the page); reads the bytes once.
    public func forEachGlyph(onPage page: Int, _ body: (_ row: Int, _ glyph: Glyph) -> Void) {
        let sideways = self.sideways
        forEachLine(onPage: page) { row, line, window, layout, paragraph, indent in
            layout.forEachGlyph(of: line, in: window, paragraph: paragraph) { glyph in
                guard sideways > 0 || indent > 0 else { return body(row, glyph) }
                // Chopped lines scrolled sideways: the glyphs left of the page area are not drawn.
                guard glyph.x >= sideways else { return }
                var moved = glyph
                moved.x += indent - sideways
                body(row, moved)
            }
        }
    }

    /// Calls `body` with page `page`'s glyphs as runs (``TextLayout/forEachRun(of:in:_:)``):
    /// the same glyphs as ``forEachGlyph(onPage:_:)``, on the same rows, with
    /// stretches of printable ASCII one unit a byte handed out whole, for a
    /// host that copies them without decoding (a terminal). O(bytes on the page).
    public func forEachRun(onPage page: Int, _ body: (_ row: Int, _ run: GlyphRun) -> Void) {
        let sideways = self.sideways
        forEachLine(onPage: page) { row, line, window, layout, paragraph, indent in
            layout.forEachRun(of: line, in: window, paragraph: paragraph) { run in
                guard sideways > 0 || indent > 0 else { return body(row, run) }
                switch run {
                case .ascii(let bytes, let style, let x, let offset):
                    // A unit a byte: the part left of the page area is dropped.
                    let hidden = min(max(0, sideways - x), bytes.count)
                    guard hidden < bytes.count else { return }
                    body(row, .ascii(UnsafeRawBufferPointer(rebasing: bytes[hidden...]), style: style, x: x + hidden + indent - sideways,
                                     offset: offset + hidden))
                case .glyph(var glyph):
                    guard glyph.x >= sideways else { return }
                    glyph.x += indent - sideways
                    body(row, .glyph(glyph))
                }
            }
        }
    }

    /// How far chopped lines are scrolled sideways, in host units (0 unless ``ReadingOptions/chopsLongLines``).
    public var sideways: Int { options.chopsLongLines ? navigation.sideways : 0 }

    /// The numbers of the lines that start on page `page`, by the row they start on (a folded
    /// line's later rows have none): for the gutter of ``VisiblePage/gutter``. Empty without
    /// line numbers, or while the text's lines are not counted that far. O(rows + 64 KB).
    public func lineNumbers(onPage page: Int) -> [(row: Int, number: Int)] {
        guard options.showsLineNumbers, page >= 0, page < work.pagination.knownPages else { return [] }
        let laid = layout(ofPage: page)
        guard let first = laid.lines.first,
              var number = work.lines.lineNumber(at: first.start, in: document.text) else { return [] }
        // The page's first row starts a line unless it goes on with one folded from the page before.
        var starts = first.start == document.text.origin
            || document.text.withBytes((first.start - 1)..<first.start) { $0.first == 0x0A || $0.first == 0x0C }
        var numbers: [(row: Int, number: Int)] = []
        for (index, line) in laid.lines.enumerated() {
            if starts {
                numbers.append((laid.images.isEmpty ? index : laid.row(ofLine: index), number))
            }
            starts = line.ending == .newline || line.ending == .formFeed
            if line.ending == .newline { number += 1 }
        }
        return numbers
    }

    /// Calls `body` with each line of page `page`, the row it is drawn on, a
    /// window over the page's bytes (read once for the whole page), the
    /// line's paragraph and how far it is indented, in host units.
    ///
    /// A page holding nothing right to left (most) is drawn as it is: no
    /// paragraph, no indent. Otherwise the bytes are read again in a window
    /// that reaches to the ends of the
    /// page's first and last paragraphs (``TextLayout/paragraphWindow(around:)``),
    /// each paragraph is resolved once for its lines, and a right-to-left
    /// line is indented to end at the line width (flush right), unless lines
    /// are chopped (they may be wider than the page).
    private func forEachLine(onPage page: Int, _ body: (_ row: Int, _ line: LaidOutLine, _ window: TextWindow, _ layout: TextLayout,
                                                     _ paragraph: TextParagraph?, _ indent: Int) -> Void) {
        let laid = layout(ofPage: page)
        guard let first = laid.lines.first, let last = laid.lines.last else { return }
        let layout = work.pagination.layout
        let flushRight = !options.chopsLongLines
        func draw(in window: TextWindow, bidirectional: Bool) {
            var paragraph: TextParagraph?
            for (index, line) in laid.lines.enumerated() {
                var indent = 0
                if bidirectional {
                    let found = layout.paragraph(of: line, in: window, reusing: paragraph)
                    if flushRight && found.direction == .rightToLeft { indent = max(0, layout.geometry.width - line.width) }
                    paragraph = found
                }
                guard !laid.images.isEmpty else {
                    body(index, line, window, layout, paragraph, indent)
                    continue
                }
                // A picture that covers more text than it has rows (a PDF page's) shows what of it fits while it is made.
                let row = laid.row(ofLine: index)
                if laid.images.contains(where: { $0.lines.contains(index) && row >= $0.rowRange.upperBound }) { continue }
                body(row, line, window, layout, paragraph, indent)
            }
        }
        let bytes = first.start..<last.contentEnd
        var bidirectional = false
        document.text.withWindow(bytes) { window in
            bidirectional = Bidi.mayHoldRightToLeft(window.bytes)
            if !bidirectional { draw(in: window, bidirectional: false) }
        }
        if bidirectional {
            document.text.withWindow(TextLayout.paragraphWindow(around: bytes)) { draw(in: $0, bidirectional: true) }
        }
    }

    /// The images drawn on page `page`, in order, with the rows they take
    /// (a host draws each scaled to fit its rows and the line width, centred;
    /// a standalone one fills the page). Empty in a host whose measurer sizes no image.
    public func images(onPage page: Int) -> [PageImage] {
        layout(ofPage: page).images
    }

    /// Where the search's matches on page `page` are drawn in `placed`'s picture, when the picture
    /// shows text it holds (a PDF page: ``BookImage/coveredText``): boxes as fractions of the
    /// picture, from its book's ``PictureRenderer``; empty otherwise. For a host to mark them.
    public func matchBoxes(on placed: PageImage, onPage page: Int) -> [PictureBox] {
        guard placed.image.coveredText > 0, let renderer = document.book?.source.renderer else { return [] }
        let start = placed.image.offset, end = start + placed.image.coveredText
        return matches(onPage: page).filter { $0.upperBound > start && $0.lowerBound < end }.flatMap { match in
            renderer.boxes(placed.image.path, text: (max(match.lowerBound, start) - start)..<(min(match.upperBound, end) - start))
        }
    }

    /// The search matches that overlap page `page`, as byte ranges.
    public func matches(onPage page: Int) -> ArraySlice<Range<Int>> {
        guard let search = finder.current, page >= 0, page < work.pagination.knownPages else { return [] }
        return search.matches(overlapping: work.pagination.bytes(ofPage: page))
    }

    /// What the status row shows.
    public var statusLine: StatusLine {
        var line = StatusLine(message: "", isPrompt: false, isProblem: false, pages: navigation.indicator.text,
                              percent: percent.map { "\($0)%" } ?? "")
        // A text scrolled by lines ends with its last line on the bottom row, the last page
        // below the one nearest the position: at the end the count is the page.
        let known = work.pagination.knownPages
        if isLineView, work.pagination.isComplete, navigation.pager.activity == .idle, spreadBytes.upperBound >= document.text.count {
            line.pages = "\(known) / \(known)"
        }
        if hasLeapt { line.pages = "? / ?" }  // shown before the pages before it are counted
        if let filtered = filteredText { line.pages = filtered.label + "  " + line.pages }
        switch mode {
        case .reading(let notice):
            if let notice {
                line.message = notice.text
                line.isProblem = notice.kind == .problem
            } else if let filter = filterStatus {
                line.message = filter
            } else if document.text.count == 0 && document.isComplete {
                line.message = "\(document.title) is empty"
            }
        case .typing(let prompt):
            line.message = prompt.description
            line.isPrompt = true
        case .waiting(let wait):
            line.message = progress(for: wait.target) + " (any key stops)"
        case .linking(let link):
            line.message = "Enter follows the link to " + linkDestination(link)
        case .pressing, .help:
            break
        }
        return line
    }

    /// Where a link leads, in words: a chapter's title, or an address outside the book.
    func linkDestination(_ link: BookLink) -> String {
        switch link.target {
        case .external(let address): return address
        case .part(let index, _):
            if let offset = document.book?.offset(of: link.target),
               let chapter = work.chapters.last(where: { $0.offset <= offset }) { return chapter.title }
            return "part \(index + 1)"
        }
    }

    /// "Paginating… 40%", "Searching… 12%", "Waiting for input… 3 MB read".
    func progress(for target: Wait.Target) -> String {
        if case .follow = target { return followProgress }
        let total = document.text.count
        func share(_ done: Int) -> String { "\(total == 0 ? 0 : min(99, done * 100 / total))%" }
        if let filtered = filteredText, !filtered.isComplete { return filtered.progress }
        if !document.isComplete {
            let read = total >= 1 << 20 ? "\(total >> 20) MB" : "\(total >> 10) KB"
            return "Waiting for input… \(read) read"
        }
        if case .match = target, let search = finder.current { return "Searching… " + share(search.scanned) }
        if case .line = target { return "Counting lines… " + share(work.lines.scanned) }
        return "Paginating… " + share(work.pagination.frontier)
    }
}
