import CSDL2
import FolioReading
import FolioViewCore

/// A page's text in pixels: a glyph at a time where the layout put it (`f` and `i` as the face's
/// `ﬁ`), except runs of a joining script (Arabic), which HarfBuzz shapes together through SDL_ttf
/// so that their letters join.
/// (The layout measures a glyph at a time, so joined runs are narrower than measured; the row
/// closes up behind them. Search highlights are drawn where the layout put the glyphs.)
extension BookViewer {
    /// The colour `style` is drawn in: its own, else the theme's ink. Code is drawn in the ink: its
    /// colour (a terminal's cyan) is how a terminal, monospace throughout, sets code apart, and the
    /// window sets it apart by its face.
    func color(of style: TextStyle) -> (UInt8, UInt8, UInt8) {
        guard !style.monospace, let rgb = style.foreground.rgbValue else { return look.ink }
        return (rgb.red, rgb.green, rgb.blue)
    }

    /// Draws page `page`'s glyphs into the texture being drawn, lines from `inset` pixels and row
    /// `r`'s glyph boxes from `top(r)`, leaving out the rows pictures cover.
    ///
    /// A run of Arabic on one row in one style (with the spaces between its words) is shaped as
    /// one string. Joined letters take less room than the layout measured them in (a glyph at a
    /// time), so the row closes up behind each run: toward the right end in a right-to-left row
    /// (whose rightmost glyph is right to left), toward the left in a left-to-right one. A run that
    /// cannot be shaped is drawn a glyph at a time. A ruby's reading is drawn above its base (``RubyRow``).
    func drawText(onPage page: Int, skippingRows pictured: [Range<Int>], inset: Int, top: (Int) -> Int,
                  justified: Justification = Justification()) {
        var items: [[Glyph]] = [], row = -1, ruby = RubyRow()
        func drawRow() {
            defer { items.removeAll() }
            ruby.finish()
            drawReadings(of: ruby, inset: inset, top: top(row))
            ruby = RubyRow()
            guard !items.isEmpty else { return }
            let boxes = items.map { run in (left: run.map(\.x).min() ?? 0, right: run.map { $0.x + $0.width }.max() ?? 0) }
            let order = items.indices.sorted { boxes[$0].left < boxes[$1].left }
            let rightToLeft = order.last.map { Self.isRightToLeft(items[$0][0].scalar) } ?? false
            var shift = 0
            for index in rightToLeft ? Array(order.reversed()) : order {
                let run = items[index], box = boxes[index]
                guard run.count > 1 || Font.joins(run[0].scalar), let (texture, drop) = shapedRun(run, style: run[0].style) else {
                    for glyph in run {
                        let stretched = justified.shift(row: row, offset: glyph.offset)
                        drawGlyph(glyph, x: inset + glyph.x + (rightToLeft ? shift : -shift) + stretched, y: top(row))
                    }
                    continue
                }
                let saved = max(0, box.right - box.left - texture.size.width)
                let stretched = justified.shift(row: row, offset: run.map(\.offset).min() ?? 0)
                let x = rightToLeft ? box.right + shift - texture.size.width : box.left - shift + stretched
                screen.copy(texture, x: Double(inset + x), y: Double(top(row) + drop),
                            width: Double(texture.size.width), height: Double(texture.size.height))
                shift += saved
            }
        }
        session.forEachGlyph(onPage: page) { glyphRow, glyph in
            guard !pictured.contains(where: { $0.contains(glyphRow) }) else { return }
            if glyphRow != row {
                drawRow()
                row = glyphRow
            }
            if ruby.read(glyph, x: glyph.x + justified.shift(row: row, offset: glyph.offset)) { return }
            // A space joins the run before it; the ends of a run are trimmed of spaces when the next item starts.
            let joins = Font.joins(glyph.scalar)
            if let last = items.last, Font.joins(last[0].scalar), joins || glyph.scalar == " ", glyph.style == last[0].style {
                items[items.count - 1].append(glyph)
                return
            }
            if let last = items.last, last.count == 1, let joined = ligature(last[0], glyph) {
                items[items.count - 1] = [joined]
                return
            }
            Self.trimTrailingSpaces(&items)
            items.append([glyph])
        }
        Self.trimTrailingSpaces(&items)
        drawRow()
    }

    /// `first` and `next`, side by side in one word, as the one glyph the reading face joins them
    /// into: `fi`, `fl`, `ff`, and `ff` then `i` or `l` (DejaVu's standard ligatures), drawn where
    /// `first` starts across both boxes. Nil when they do not join, the face has no ligature, or
    /// they are code, whose letters keep their cells.
    func ligature(_ first: Glyph, _ next: Glyph) -> Glyph? {
        guard first.style == next.style, !first.style.monospace, first.offset + first.length == next.offset, next.x >= first.x,
              next.width > 0 else { return nil }
        let joined: UInt32? = switch (first.scalar.value, next.scalar) {
        case (0x66, "i"): 0xFB01
        case (0x66, "l"): 0xFB02
        case (0x66, "f"): 0xFB00
        case (0xFB00, "i"): 0xFB03
        case (0xFB00, "l"): 0xFB04
        default: nil
        }
        guard let scalar = joined.flatMap(Unicode.Scalar.init), measurer.fonts[first.style.face].provides(scalar) else { return nil }
        return Glyph(scalar: scalar, style: first.style, x: first.x, width: next.x + next.width - first.x,
                     offset: first.offset, length: first.length + next.length)
    }

    /// How far the glyphs of a page's full lines move right so that the lines end flush with the
    /// right margin: the space left at a line's end shared among the spaces between its words.
    struct Justification {
        /// For each row set justified: the pixels to share and the offsets of its spaces, ascending.
        var rows: [Int: (extra: Int, spaces: [Int])] = [:]

        /// How far the glyph at `offset` on `row` moves right: its share of the spaces before it.
        func shift(row: Int, offset: Int) -> Int {
            guard let line = rows[row], !line.spaces.isEmpty else { return 0 }
            var low = 0, high = line.spaces.count
            while low < high {
                let middle = (low + high) / 2
                if line.spaces[middle] < offset { low = middle + 1 } else { high = middle }
            }
            return line.extra * low / line.spaces.count
        }
    }

    /// The justification of page `page`'s full lines when the style asks for it: lines the
    /// layout broke because the next word did not fit (not a paragraph's last line), left to
    /// right, with spaces between their words and no more than three columns to add at each (a
    /// line cut short before a long word stays ragged). Nothing for photos, a line of a
    /// right-to-left paragraph, or a column narrower than ``justifiedColumns`` (of
    /// ``hyphenatedJustifiedColumns`` when the book's language is hyphenated): without
    /// hyphenation a narrow justified column opens rivers of space between its few words.
    func justification(onPage page: Int) -> Justification {
        let fewest = session.hyphenates ? Self.hyphenatedJustifiedColumns : Self.justifiedColumns
        guard style.justified, !session.writesVertically, Self.capsLines(look: look, format: session.document.format),
              session.textWidth >= fewest * measurer.columnWidth else {
            return Justification()
        }
        let laid = session.layout(ofPage: page)
        let broken: Set<LineEnding> = [.wrap, .space, .hyphen]
        guard laid.lines.contains(where: { broken.contains($0.ending) }) else { return Justification() }
        // Per row: its spaces, and where its ink ends (spaces a line ends with are not stretched).
        var spaces: [Int: [Int]] = [:], inkEnd: [Int: (x: Int, offset: Int)] = [:], rightToLeft: Set<Int> = []
        session.forEachGlyph(onPage: page) { row, glyph in
            if glyph.scalar == " " {
                spaces[row, default: []].append(glyph.offset)
            } else if glyph.width > 0, glyph.x + glyph.width >= inkEnd[row]?.x ?? 0 {
                inkEnd[row] = (glyph.x + glyph.width, glyph.offset)
            }
            if Self.isRightToLeft(glyph.scalar) { rightToLeft.insert(row) }
        }
        let width = session.textWidth, column = measurer.columnWidth
        var result = Justification()
        for (index, line) in laid.lines.enumerated() where broken.contains(line.ending) {
            let row = laid.images.isEmpty ? index : laid.row(ofLine: index)
            guard let end = inkEnd[row], !rightToLeft.contains(row) else { continue }
            let between = (spaces[row] ?? []).filter { $0 > line.start && $0 < end.offset }.sorted()
            let extra = width - end.x
            guard !between.isEmpty, extra > 0, extra <= between.count * 3 * column else { continue }
            result.rows[row] = (extra, between)
        }
        return result
    }

    /// The fewest columns a line holds for full lines to be justified.
    static let justifiedColumns = 50
    /// The fewest columns a line holds for full lines to be justified when words break with hyphens.
    static let hyphenatedJustifiedColumns = 30

    /// A run of Arabic ends at its last letter: trailing spaces become items of their own.
    static func trimTrailingSpaces(_ items: inout [[Glyph]]) {
        guard var last = items.last, Font.joins(last[0].scalar) else { return }
        var spaces: [[Glyph]] = []
        while last.count > 1, last.last?.scalar == " " { spaces.insert([last.removeLast()], at: 0) }
        items[items.count - 1] = last
        items += spaces
    }

    /// Whether `scalar` is a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, …).
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    /// One glyph at (`x`, `y`): the top of its face's box, moved down to share the baseline when a stand-in draws it.
    func drawGlyph(_ glyph: Glyph, x: Int, y: Int) {
        guard glyph.scalar.value > 32, let (g, drop) = glyphTexture(glyph.scalar, face: glyph.style.face, color: color(of: glyph.style)) else { return }
        screen.copy(g, x: Double(x), y: Double(y + drop), width: Double(g.size.width), height: Double(g.size.height))
    }

    /// `run`'s text in logical order, shaped right to left as Arabic in `style`'s face and colour,
    /// kept for the next page; with how far below the face's box top its box goes.
    func shapedRun(_ run: [Glyph], style: TextStyle) -> (Texture, drop: Int)? {
        var text = ""
        for glyph in run.sorted(by: { $0.offset < $1.offset }) { text.unicodeScalars.append(glyph.scalar) }
        let color = color(of: style)
        let key = "\(style.face) \(color.0),\(color.1),\(color.2) " + text
        if let kept = shapedRuns[key] { return kept }
        let own = measurer.fonts[style.face], font = own.font(for: run[0].scalar)
        guard let surface = font.shapedSurface(text, script: "Arab", rightToLeft: true,
                                               color: SDL_Color(r: color.0, g: color.1, b: color.2, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let handle = SDL_CreateTextureFromSurface(screen.renderer, surface) else { return nil }
        let made = (Texture(handle: handle, size: PixelSize(width: Int(surface.pointee.w), height: Int(surface.pointee.h))), own.ascent - font.ascent)
        if shapedRuns.count > 512 { shapedRuns.removeAll() }
        shapedRuns[key] = made
        return made
    }
}
