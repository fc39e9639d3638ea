import FolioReading
import FolioViewCore

/// A `vertical-rl` book set in columns (``FolioReading/ReadingSession/writesVertically``): each
/// laid-out line is a column down the page, the first at the right. Chinese and Japanese stand
/// upright, their punctuation in its vertical forms (`。` at the top right of its box, brackets
/// turned); Latin letters and digits, the long vowel mark `ー` and dashes lie turned a quarter
/// clockwise, as Unicode's vertical text layout (UAX #50) and printed books set them.
extension BookViewer {
    /// The box on a page texture of the glyphs `x` to `x + width` along row `row`: across a line
    /// and the line height down in horizontal text; in columns, the column `row` line heights left
    /// of the text's right edge, `x` down from the top.
    func glyphRect(row: Int, x: Int, width: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let lineHeight = measurer.lineHeight
        guard session.writesVertically else {
            return (session.textInset + x, look.pad + row * lineHeight, width, lineHeight)
        }
        let right = session.pageBoxWidth - session.textInset
        return (right - (row + 1) * lineHeight, look.pad + x, lineHeight, width)
    }

    /// Draws page `page`'s glyphs as columns into the texture being drawn, leaving out the
    /// columns pictures cover: upright ones centred in their box, the others turned, a ruby's
    /// reading beside its base, at its right.
    func drawVerticalText(onPage page: Int, skippingRows pictured: [Range<Int>]) {
        var ruby = RubyRow(), column = -1
        func finishColumn() {
            ruby.finish()
            drawVerticalReadings(of: ruby, column: column)
            ruby = RubyRow()
        }
        session.forEachGlyph(onPage: page) { row, glyph in
            guard !pictured.contains(where: { $0.contains(row) }) else { return }
            if row != column {
                finishColumn()
                column = row
            }
            guard !ruby.read(glyph, x: glyph.x), glyph.scalar.value > 32 else { return }
            let box = glyphRect(row: row, x: glyph.x, width: glyph.width)
            let font = measurer.fonts[glyph.style.face]
            let vertical = Self.verticalForm(of: glyph.scalar).flatMap { font.font(for: $0).provides($0) ? $0 : nil }
            let upright = vertical != nil || Self.standsUpright(glyph.scalar)
            guard let (texture, _) = glyphTexture(vertical ?? glyph.scalar, face: glyph.style.face, color: color(of: glyph.style)) else { return }
            let w = Double(texture.size.width), h = Double(texture.size.height)
            let centreX = Double(box.x) + Double(box.width) / 2, centreY = Double(box.y) + Double(box.height) / 2
            if upright {
                // A small kana sits toward the top right of its box, as a vertical font sets it.
                let nudge = Self.isSmallKana(glyph.scalar) ? Double(box.width) / 8 : 0
                screen.copy(texture, x: (centreX - w / 2 + nudge).rounded(), y: (centreY - h / 2 - nudge).rounded(), width: w, height: h)
            } else {
                screen.copy(texture, x: (centreX - h / 2).rounded(), y: (centreY - w / 2).rounded(), width: h, height: w,
                            turned: QuarterTurns(clockwise: 1))
            }
        }
        finishColumn()
    }

    /// Draws a column's readings in the ruby's half size, down the right of the column, each
    /// centred beside its base.
    func drawVerticalReadings(of ruby: RubyRow, column: Int) {
        let em = measurer.fonts[0].pointSize
        for reading in ruby.readings {
            let base = glyphRect(row: column, x: reading.left, width: reading.right - reading.left)
            let heights = reading.glyphs.map { measurer.fonts[$0.style.face].advance(of: $0.scalar) }
            let x = base.x + (base.width + em) / 2 + 1
            var y = base.y + (base.height - heights.reduce(0, +)) / 2
            for (glyph, height) in zip(reading.glyphs, heights) {
                if let (texture, _) = glyphTexture(glyph.scalar, face: glyph.style.face, color: color(of: glyph.style)) {
                    screen.copy(texture, x: Double(x), y: Double(y + (height - texture.size.height) / 2),
                                width: Double(texture.size.width), height: Double(texture.size.height))
                }
                y += height
            }
        }
    }

    /// Whether `scalar` stands upright in a column: the ideographs, kana, Hangul and full-width
    /// forms (UAX #50's `U`), but not the marks of those scripts drawn along the line (`ー`, `〜`).
    static func standsUpright(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30FC, 0xFF70, 0x301C, 0xFF5E, 0x3030: false
        case 0x1100...0x11FF, 0x2E80...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE10...0xFE1F,
             0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x1F000...0x1FAFF, 0x20000...0x3FFFF: true
        default: false
        }
    }

    /// Whether `scalar` is a small kana (`っ`, `ゃ`, `ァ`, …), which a column sets toward the top
    /// right of its box rather than in its middle.
    static func isSmallKana(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
             0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x31F0...0x31FF: true
        default: false
        }
    }

    /// The vertical presentation form Unicode gives `scalar` (`。` → `︒`, `「` → `﹁`), if any:
    /// the glyph a column draws in its place when the font has it.
    static func verticalForm(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let form: UInt32? = switch scalar.value {
        case 0xFF0C: 0xFE10
        case 0x3001: 0xFE11
        case 0x3002: 0xFE12
        case 0xFF1A: 0xFE13
        case 0xFF1B: 0xFE14
        case 0xFF01: 0xFE15
        case 0xFF1F: 0xFE16
        case 0x3016: 0xFE17
        case 0x3017: 0xFE18
        case 0x2026: 0xFE19
        case 0x2025: 0xFE30
        case 0x2014: 0xFE31
        case 0x2013: 0xFE32
        case 0xFF08: 0xFE35
        case 0xFF09: 0xFE36
        case 0xFF5B: 0xFE37
        case 0xFF5D: 0xFE38
        case 0x3014: 0xFE39
        case 0x3015: 0xFE3A
        case 0x3010: 0xFE3B
        case 0x3011: 0xFE3C
        case 0x300A: 0xFE3D
        case 0x300B: 0xFE3E
        case 0x3008: 0xFE3F
        case 0x3009: 0xFE40
        case 0x300C: 0xFE41
        case 0x300D: 0xFE42
        case 0x300E: 0xFE43
        case 0x300F: 0xFE44
        case 0xFF3B: 0xFE47
        case 0xFF3D: 0xFE48
        default: nil
        }
        return form.flatMap(Unicode.Scalar.init)
    }
}
