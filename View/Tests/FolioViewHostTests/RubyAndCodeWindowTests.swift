import CSDL2
import Foundation
import FolioReading
import FolioViewCore
import FolioViewTestSupport
@testable import FolioViewHost
import Testing

/// A book's ruby and code in the window: the reading drawn small above its base, which keeps
/// its place in the line, and code in DejaVu Sans Mono in the theme's ink.
@MainActor
@Suite(.serialized) struct RubyAndCodeWindowTests {
    static let size = PixelSize(width: 700, height: 500)

    /// Opens a one-chapter book of `body` in `language`, settled on its first page.
    func open(_ body: String, language: String, _ rig: Rig) throws -> BookViewer {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-ruby-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try TextEPUB.write(in: dir, name: "text", language: language, body: body)
        let viewer = try BookViewer(screen: rig.screen, path: path, transition: .none, forget: true,
                                    options: ReadingOptions(spread: .single, scrollsText: false), at: rig.now)
        viewer.workClock = { 0 }
        viewer.reading.budget = WorkBudget(fixed: 1 << 20)
        rig.settle(viewer)
        return viewer
    }

    /// The glyphs of the page shown, with their rows.
    func glyphs(_ viewer: BookViewer) -> [(row: Int, glyph: Glyph)] {
        var found: [(Int, Glyph)] = []
        viewer.session.forEachGlyph(onPage: viewer.session.currentPage) { found.append(($0, $1)) }
        return found
    }

    /// The top of row `row`'s line in the window, pixels.
    func lineTop(_ row: Int, _ viewer: BookViewer) -> Int {
        viewer.pageTop + viewer.look.pad + row * viewer.measurer.lineHeight
    }

    /// The rows of `frame` in `rows` with ink (darker than the paper) in columns `columns`.
    func inkRows(_ frame: [UInt8], rows: Range<Int>, columns: Range<Int>) -> [Int] {
        rows.filter { y in columns.contains { x in Int(frame[(y * Self.size.width + x) * 3]) < 150 } }
    }

    /// The columns of `frame` in `columns` with ink in rows `rows`.
    func inkColumns(_ frame: [UInt8], rows: Range<Int>, columns: Range<Int>) -> [Int] {
        columns.filter { x in rows.contains { y in Int(frame[(y * Self.size.width + x) * 3]) < 150 } }
    }

    @Test func aRubysReadingIsDrawnAboveItsBaseWhichKeepsItsPlace() throws {
        try #require(ScriptTests.aCJKFontIsInstalled, "no installed font has 中 (Scripts/test-view installs fonts-noto-cjk)")
        let rig = Rig(size: Self.size)
        let viewer = try open("<p><ruby>山路<rt>やまみち</rt></ruby>を</p>", language: "ja", rig)
        let frame = rig.look(viewer)
        let bare = try open("<p>山路を</p>", language: "ja", rig)
        let bareFrame = rig.look(bare)

        let laid = glyphs(viewer), inset = viewer.session.textInset
        let base = laid.filter { $0.glyph.style.attributes.contains(.rubyBase) }.map(\.glyph)
        let reading = laid.filter { $0.glyph.style.attributes.contains(.rubyText) }.map(\.glyph)
        let after = try #require(laid.first { $0.glyph.scalar == "を" })
        #expect(String(String.UnicodeScalarView(base.map(\.scalar))) == "山路" && reading.count == "(やまみち)".unicodeScalars.count)
        #expect(Set(laid.map(\.row)) == [0], "one line")
        // The reading takes no room: を follows 路 as in the book without ruby.
        #expect(reading.allSatisfy { $0.width == 0 })
        #expect(after.glyph.x == base[1].x + base[1].width, "を at \(after.glyph.x), 路 ends at \(base[1].x + base[1].width)")
        #expect(glyphs(bare).map(\.glyph.x) == laid.filter { $0.glyph.width > 0 }.map(\.glyph.x), "the base and を sit as without ruby")

        // Drawn: the base's ink is the bare book's, and the reading's ink is above it, within the base's columns.
        let baseColumns = (inset + base[0].x)..<(inset + base[1].x + base[1].width)
        let top = lineTop(0, viewer), band = (top - viewer.measurer.lineHeight / 2)..<(top + viewer.measurer.lineHeight)
        let bareBase = inkRows(bareFrame, rows: band, columns: baseColumns)
        let baseTop = try #require(bareBase.first, "山路 has no ink")
        let rubyRows = inkRows(frame, rows: band, columns: baseColumns)
        let above = rubyRows.filter { $0 < baseTop }
        #expect(above.count >= 4, "no reading above 山路: ink rows \(rubyRows), the base's from \(baseTop)")
        #expect(rubyRows.filter { $0 >= baseTop } == bareBase, "the base is drawn as without ruby")
        let readingColumns = inkColumns(frame, rows: band.lowerBound..<baseTop, columns: 0..<Self.size.width)
        #expect(readingColumns.allSatisfy { baseColumns.contains($0) }, "the reading's ink \(readingColumns.first ?? 0)…\(readingColumns.last ?? 0) outside the base's \(baseColumns)")
        #expect(readingColumns.count > baseColumns.count / 2, "the reading spans \(readingColumns.count) of the base's \(baseColumns.count) columns")
        // No brackets are drawn: nothing on the line but the base and を, as in the bare book.
        #expect(inkColumns(frame, rows: baseTop..<band.upperBound, columns: 0..<Self.size.width)
                == inkColumns(bareFrame, rows: baseTop..<band.upperBound, columns: 0..<Self.size.width))

        // A Japanese book's lines leave room for readings: the reading's size more than an English book's.
        let english = try PixelMeasurer(size: viewer.style.size, family: viewer.style.family)
        #expect(viewer.measurer.lineHeight == english.lineHeight + BookViewer.rubySize(forTextSize: viewer.style.size))
    }

    @Test func searchFindsARubysBase() throws {
        let rig = Rig(size: Self.size)
        let viewer = try open("<p>前の文。<ruby>山路<rt>やまみち</rt></ruby>を登りながら</p>", language: "ja", rig)
        for character in "/山路" { rig.type(String(character), viewer) }
        rig.key(SDLK_RETURN, viewer)
        rig.settle(viewer)
        let matches = Array(viewer.session.matches(onPage: viewer.session.currentPage))
        #expect(matches.count == 1, "\(matches)")
        let matched = glyphs(viewer).map(\.glyph).filter { glyph in matches.contains { $0.contains(glyph.offset) } }
        #expect(String(String.UnicodeScalarView(matched.map(\.scalar))) == "山路")
    }

    @Test func codeIsDrawnInTheMonospaceFaceInTheInk() throws {
        let rig = Rig(size: Self.size)
        let viewer = try open("<p>iiii MMMM</p><p><code>iiii</code> <code>MMMM</code></p>", language: "en", rig)
        let frame = rig.look(viewer), inset = viewer.session.textInset
        let laid = glyphs(viewer)
        /// The drawn width of the word made of `letter` on `row`: from its ink's first column to its last.
        func inkWidth(_ letter: Unicode.Scalar, row: Int) throws -> Int {
            let word = laid.filter { $0.row == row && $0.glyph.scalar == letter }.map(\.glyph)
            let columns = (inset + word[0].x)..<(inset + word[word.count - 1].x + word[word.count - 1].width + 2)
            let ink = inkColumns(frame, rows: lineTop(row, viewer)..<lineTop(row + 1, viewer), columns: columns)
            return try #require(ink.last) - ink[0] + 1
        }
        let rows = Array(Set(laid.map(\.row))).sorted()
        try #require(rows.count == 2, "two paragraphs on two rows: \(rows)")
        let text = (i: try inkWidth("i", row: rows[0]), m: try inkWidth("M", row: rows[0]))
        let code = (i: try inkWidth("i", row: rows[1]), m: try inkWidth("M", row: rows[1]))
        // In the text face MMMM is far wider than iiii; in the monospace face four letters are four cells.
        #expect(text.m > 2 * text.i, "text: iiii \(text.i) px, MMMM \(text.m) px")
        let cell = viewer.measurer.fonts[4].advance(of: "M")
        #expect(abs(code.m - code.i) < cell, "code: iiii \(code.i) px, MMMM \(code.m) px, a cell \(cell) px")
        #expect(laid.filter { $0.row == rows[1] && $0.glyph.scalar != " " }.allSatisfy { $0.glyph.width == cell && $0.glyph.style.monospace })
        // In the theme's ink, not the terminal's cyan: no pixel of the code's row is bluish green.
        let cyan = (lineTop(rows[1], viewer)..<lineTop(rows[1] + 1, viewer)).flatMap { y in
            (0..<Self.size.width).filter { x in
                let p = (y * Self.size.width + x) * 3, r = Int(frame[p]), g = Int(frame[p + 1]), b = Int(frame[p + 2])
                return g > r + 40 && b > r + 40
            }
        }
        #expect(cyan.isEmpty, "\(cyan.count) cyan pixels in the code's row")
    }
}
