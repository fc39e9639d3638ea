import CSDL2
import FolioReading
import FolioViewCore

extension BookViewer {
    /// What page `page` marks, as a hash: the search's matches on it and the link chosen with
    /// Tab. A page's texture is drawn again when these change (``pageTexture(_:)``).
    func marksKey(onPage page: Int) -> Int {
        var hasher = Hasher()
        for match in session.matches(onPage: page) { hasher.combine(match) }  // asked every frame: no array made
        hasher.combine(session.chosenLink?.range)
        return hasher.finalize()
    }

    /// Marks the search's matches on page `page` (a highlight behind their glyphs) and draws a
    /// ring round the link chosen with Tab, as the terminal reverses matches and the chosen link,
    /// into the page texture being drawn. Nothing is walked when the page marks nothing.
    func drawMarks(onPage page: Int, skippingRows pictured: [Range<Int>], justified: Justification = Justification()) {
        let matches = Array(session.matches(onPage: page))
        let link = session.chosenLink?.range
        guard !matches.isEmpty || link != nil else { return }
        // The chosen link's extent along each row it takes: from and to, pixels.
        var ring: [Int: (from: Int, to: Int)] = [:]
        screen.color(Self.matchColor.0, Self.matchColor.1, Self.matchColor.2)
        session.forEachGlyph(onPage: page) { row, glyph in
            guard !pictured.contains(where: { $0.contains(row) }) else { return }
            let bytes = glyph.offset..<(glyph.offset + max(1, glyph.length))
            // A stretched space is marked across its stretch: to where the next glyph moved.
            let along = glyph.x + justified.shift(row: row, offset: glyph.offset)
            let width = glyph.scalar == " " ? glyph.width + justified.shift(row: row, offset: glyph.offset + 1)
                - justified.shift(row: row, offset: glyph.offset) : glyph.width
            if Self.first(of: matches, overlapping: bytes) != nil {
                let box = glyphRect(row: row, x: along, width: width)
                screen.fill(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height))
            }
            if let link, link.overlaps(bytes), glyph.width > 0 {
                let known = ring[row] ?? (along, along + width)
                ring[row] = (min(known.from, along), max(known.to, along + width))
            }
        }
        screen.color(Self.linkColor.0, Self.linkColor.1, Self.linkColor.2)
        for (row, extent) in ring {
            let box = glyphRect(row: row, x: extent.from - 3, width: extent.to - extent.from + 6)
            let x = Double(box.x), y = Double(box.y), w = Double(box.width), h = Double(box.height), t = 2.0
            screen.fill(x: x, y: y, width: w, height: t)
            screen.fill(x: x, y: y + h - t, width: w, height: t)
            screen.fill(x: x, y: y, width: t, height: h)
            screen.fill(x: x + w - t, y: y, width: t, height: h)
        }
    }

    /// The highlight behind a match, and the ring round the chosen link.
    static let matchColor: (UInt8, UInt8, UInt8) = (250, 212, 90)
    static let linkColor: (UInt8, UInt8, UInt8) = (40, 110, 220)

    /// The first of `ranges` (ascending, not overlapping) that overlaps `bytes`: a binary search.
    static func first(of ranges: [Range<Int>], overlapping bytes: Range<Int>) -> Range<Int>? {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= bytes.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].overlaps(bytes) ? ranges[low] : nil
    }

    // MARK: Help

    /// The rows of the window's key help: the reading keys the terminal has (but the terminal's
    /// list of files), then the window's own keys and the mouse.
    static var helpRows: [(keys: String, action: String)] {
        let reading = ReadingSession.keyHelp.filter { !$0.keys.hasPrefix(":n") }.map { (keys: $0.keys, action: $0.action) }
        return reading + [
            ("Ctrl+  Ctrl-  Ctrl+0", "a book: larger, smaller, standard text (kept per book)"),
            ("Ctrl+T  Ctrl+S  Ctrl+J", "a book: light, sepia, dark paper; serif or sans serif; justified or ragged"),
            ("Ctrl+]  Ctrl+[", "a book: longer, shorter lines (up to the page's width)"),
            ("Ctrl+M", "a book: wider margins (after the widest, the narrowest)"),
            ("t", "page turn: curl, slide, none"),
            ("F11  (photos: f)", "full screen"),
            ("Ctrl+=  Ctrl+-  Ctrl+wheel", "a picture: zoom (photos: + - too); Ctrl+0 fit, Ctrl+1 100 %, Ctrl+2 fit width"),
            ("double-click", "a picture: fit ↔ 100 % (a click in the outer thirds turns once no second click comes)"),
            ("i  Ctrl+R  Ctrl+Shift+R  s", "photos: the file's facts; turn clockwise, anticlockwise; slideshow (a key or Esc stops it)"),
            ("Delete  Ctrl+Z", "photos: move the photo to the trash; put the last one back"),
            ("mouse", "drag a page to turn it; click a chapter in the strip or a dot; the wheel turns pages"),
        ]
    }

    /// The key help over the pages (F1, H): a dark panel, keys on the left, what they do on the
    /// right, in one column or two as the window allows; rows that do not fit are left out.
    func drawHelp() {
        let rows = Self.helpRows
        let font = screen.uiFont, keyFont = helpKeyFont
        let step = Double(font.lineSkip + 1)
        let keysWidth = Double(rows.map { keyFont.width(of: $0.keys) }.max() ?? 0)
        let actionWidth = Double(rows.map { font.width(of: $0.action) }.max() ?? 0)
        let gap = 24.0, pad = 14.0
        let column = keysWidth + gap + actionWidth
        let width = Double(screen.size.width), height = Double(screen.size.height)
        let fitsTwo = 2 * column + 3 * gap + 2 * pad <= width - 40
        let perColumn = fitsTwo ? (rows.count + 1) / 2 : rows.count
        let available = max(1, Int((height - 20 - 2 * pad - 2 * step) / step))
        let shownRows = min(perColumn, available)
        let panelWidth = min(width - 20, (fitsTwo ? 2 * column + 2 * gap : column) + 2 * pad)
        let panelHeight = Double(shownRows + 2) * step + 2 * pad
        let left = ((width - panelWidth) / 2).rounded(), top = ((height - panelHeight) / 2).rounded()
        screen.color(20, 19, 18, 235)
        screen.fill(x: left, y: top, width: panelWidth, height: panelHeight)
        screen.text("Keys — Esc closes", x: left + pad, y: top + pad + step / 2, color: (255, 255, 255), font: keyFont)
        for (index, row) in rows.enumerated() {
            let columnIndex = index / perColumn, line = index % perColumn
            guard line < shownRows else { continue }
            let x = left + pad + Double(columnIndex) * (column + 2 * gap)
            let y = top + pad + Double(line + 2) * step + step / 2
            screen.text(row.keys, x: x, y: y, color: (250, 212, 90), font: keyFont)
            screen.text(row.action, x: x + keysWidth + gap, y: y, color: (225, 222, 215))
        }
    }

    // MARK: Reload

    /// R: the document read again from its file (after it changed), at the reader's place; a
    /// notice when it cannot be (the guide, photos, a file gone).
    func reopen(at now: Double) {
        let document = session.document
        guard document.book?.source is PhotoAlbum == false, let path = document.path else {
            apply(reading.session.show(Notice("Nothing to read again: this is not a file", kind: .problem), at: now))
            return
        }
        do {
            let again = try Self.open(path)
            reading.reload(with: again, at: now)
            if let source = again.book?.source { images?.source = source }
            pages.removeAll()
            needsDraw = true
            trace?("reopened \(path)")
        } catch {
            apply(reading.session.show(Notice("\(error)", kind: .problem), at: now))
        }
    }
}
