import Folio

extension ReadingSession {
    /// The link chosen with Tab, if any: hosts draw it highlighted.
    public var chosenLink: BookLink? {
        if case .linking(let link) = mode { return link }
        return nil
    }

    /// The links of a book on the spread on screen, in text order.
    public var visibleLinks: ArraySlice<BookLink> {
        document.book?.links(overlapping: spreadBytes) ?? []
    }

    /// Tab and Shift-Tab choose the next or previous link on screen; Enter
    /// follows the chosen one; Esc (or any other key) lets it go.
    mutating func chooseLink(_ key: ReadingKey, from chosen: BookLink?, into out: inout Outbox) {
        let links = Array(visibleLinks)
        switch key {
        case .tab, .backTab:
            guard !links.isEmpty else {
                notify("No links on this page", into: &out)
                return
            }
            let here = chosen.flatMap { links.firstIndex(of: $0) }
            let next: Int
            if key == .tab { next = here.map { ($0 + 1) % links.count } ?? 0 }
            else { next = here.map { ($0 + links.count - 1) % links.count } ?? links.count - 1 }
            mode = .linking(links[next])
            out.redraw()
        case .enter:
            if let chosen { follow(chosen, into: &out) }
        default:
            mode = .reading(nil)
            out.redraw()
            if key != .escape { bind(key, count: nil, into: &out) }
        }
    }

    /// Follows `link`: a place in the book (remembering where the reader
    /// was, for `''`), or a notice with an address outside it.
    mutating func follow(_ link: BookLink, into out: inout Outbox) {
        mode = .reading(nil)
        guard let book = document.book else { return }
        switch link.target {
        case .external(let address):
            notify("A link outside the book: \(address)", into: &out)
        case .part(let index, _):
            // A part not assembled yet: assemble up to it now (a book renders a part in milliseconds).
            while book.offset(of: link.target) == nil && !book.isComplete && index < book.source.partCount {
                book.assemble(budget: 1 << 20)
            }
            guard let target = book.offset(of: link.target) else {
                notify("The link leads nowhere in this book", kind: .problem, into: &out)
                return
            }
            findChapters(into: &out)
            remember()
            go(to: .offset(target), animated: true, into: &out)
        }
        out.redraw()
    }

    /// Keeps the place the reader is leaving, for `''`.
    mutating func remember() {
        navigation.marks["'"] = anchor
    }

    /// `m` and a letter: remembers the place under that letter, and saves it with the reading position.
    mutating func setMark(_ name: Character, into out: inout Outbox) {
        navigation.marks[name] = anchor
        notify("Mark \(name) set", into: &out)
        out.append(.save(readingPosition))
    }

    /// `'` and a letter: goes to that mark; `''` goes back to where the reader was before the last jump.
    mutating func goToMark(_ name: Character, into out: inout Outbox) {
        guard let offset = navigation.marks[name] else {
            notify(name == "'" ? "Nowhere to go back to yet" : "No mark \(name)", kind: .problem, into: &out)
            return
        }
        remember()
        go(to: .offset(offset), animated: true, into: &out)
    }

    /// The byte under the point (`x`, `y`) of the page area, if a glyph is drawn there.
    public func offset(atX x: Int, y: Int) -> Int? {
        let lineHeight = max(1, measurer.lineHeight)
        for page in visiblePages where x >= page.x && x < page.x + page.width && y >= page.y {
            // Across the lines, and along one: in columns, from the right edge and down.
            let wanted = writesVertically ? (page.x + page.width - 1 - x) / lineHeight : (y - page.y) / lineHeight
            let along = writesVertically ? y - page.y : x - page.x
            var found: Int?
            forEachGlyph(onPage: page.page) { line, glyph in
                if line == wanted, found == nil, along >= glyph.x, along < glyph.x + max(glyph.width, 1) {
                    found = glyph.offset
                }
            }
            if found != nil { return found }
        }
        return nil
    }

    /// The link drawn at (`x`, `y`) of the page area, if any.
    public func link(atX x: Int, y: Int) -> BookLink? {
        guard document.book != nil, let offset = offset(atX: x, y: y) else { return nil }
        return visibleLinks.first { $0.range.contains(offset) }
    }
}
