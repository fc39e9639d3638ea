import FolioReading
import FolioViewCore

/// A ruby's reading set above its base, from the text the terminal shows as `山路(やまみち)`.
///
/// The book renderer marks the base ``FolioReading/TextStyle/Attributes/rubyBase`` and the
/// bracketed reading ``FolioReading/TextStyle/Attributes/rubyText``. The measurer gives the
/// reading no width (``PixelMeasurer``), so the layout sets the base and the text after the
/// reading side by side, as if there were no reading, and pages and search are those of the
/// same text. Drawing, a row's readings are taken out of the line (``RubyRow``) and each is
/// drawn at half the size (``rubySize(forTextSize:)``), without its brackets, centred above the
/// base it follows. A book in Japanese or Chinese has its lines set further apart, with room for
/// readings above every line (``setsRuby(in:)``).
extension BookViewer {
    /// The pixel size a ruby's reading is drawn at over text of `size` pixels: half of it.
    nonisolated static func rubySize(forTextSize size: Int) -> Int { max(1, size / 2) }

    /// Whether the lines of `document` leave room above them for ruby: it is a book in Japanese or
    /// Chinese, the languages whose books set readings over their characters. (A book's ruby is
    /// known only as its parts are rendered, after its pages are measured; its language is known
    /// at once.) Readings in another book are drawn all the same, into the space between lines.
    static func setsRuby(in document: Document) -> Bool {
        guard let language = document.book?.source.language?.lowercased() else { return false }
        let primary = language.prefix { $0 != "-" && $0 != "_" }
        return primary == "ja" || primary == "zh"
    }

    /// The readings of one row of glyphs, given in the order drawn, each with the span of the
    /// base it follows: consecutive ``FolioReading/TextStyle/Attributes/rubyBase`` glyphs just
    /// before it (a reading whose base is on the row before sits above where it is).
    struct RubyRow {
        /// A reading without its brackets, and the left and right edges of its base, pixels.
        typealias Reading = (glyphs: [Glyph], left: Int, right: Int)

        /// The readings the row has, complete.
        private(set) var readings: [Reading] = []
        /// The base being read: its left and right edges.
        private var base: (left: Int, right: Int)?
        /// The reading being read, brackets and all, and where it sits.
        private var reading: (glyphs: [Glyph], x: Int) = ([], 0)

        /// Reads the glyph drawn at `x`; true when it is (part of) a reading, which the row
        /// does not draw where the layout put it.
        mutating func read(_ glyph: Glyph, x: Int) -> Bool {
            if glyph.style.attributes.contains(.rubyText) {
                if reading.glyphs.isEmpty { reading.x = x }
                reading.glyphs.append(glyph)
                return true
            }
            finish()
            if glyph.style.attributes.contains(.rubyBase) {
                base = (min(base?.left ?? x, x), max(base?.right ?? x, x + glyph.width))
            } else {
                base = nil
            }
            return false
        }

        /// Ends the reading being read, at the end of the row or of the reading.
        mutating func finish() {
            guard !reading.glyphs.isEmpty else { return }
            var glyphs = reading.glyphs[...]
            if let first = glyphs.first, LineBreakClass.of(first.scalar) == .opening { glyphs.removeFirst() }
            if let last = glyphs.last, LineBreakClass.of(last.scalar) == .closing { glyphs.removeLast() }
            let span = base ?? (reading.x, reading.x)
            if !glyphs.isEmpty { readings.append((Array(glyphs), span.left, span.right)) }
            reading = ([], 0)
            base = nil
        }
    }

    /// Draws `row`'s readings, each centred above its base: the reading's baseline a tenth of the
    /// text's size above the top of its em box (where a Chinese or Japanese character's ink ends),
    /// the base's glyph boxes starting at `top`.
    func drawReadings(of row: RubyRow, inset: Int, top: Int) {
        let text = measurer.fonts[0], baseline = top + text.ascent - text.pointSize - max(1, text.pointSize / 10)
        for reading in row.readings {
            let widths = reading.glyphs.map { measurer.fonts[$0.style.face].advance(of: $0.scalar) }
            var x = inset + (reading.left + reading.right - widths.reduce(0, +)) / 2
            for (glyph, width) in zip(reading.glyphs, widths) {
                drawGlyph(glyph, x: x, y: baseline - measurer.fonts[glyph.style.face].ascent)
                x += width
            }
        }
    }
}
