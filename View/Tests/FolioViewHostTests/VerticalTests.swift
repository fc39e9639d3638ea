import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import FolioViewTestSupport
import Testing

/// A Japanese book written `vertical-rl` is set in columns in the window: read top to bottom,
/// the first column at the right, punctuation in its vertical forms, Latin turned; its pages turn
/// right to left. Checked by where the ink is, by a click finding the character under it, by
/// OCR reading the page back as vertical Japanese (tesseract's `jpn_vert`, which Scripts/test-view
/// installs), and against a golden.
@MainActor
@Suite(.serialized) struct VerticalTests {
    static let size = PixelSize(width: 560, height: 420)
    static let text = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。吾輩はここで始めて人間というものを見た。"

    func withBook<T>(_ body: String, _ use: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-vertical-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try TextEPUB.write(in: folder, name: "neko", title: "吾輩は猫である", language: "ja",
                                      body: body, writingMode: "vertical-rl")
        return try use(path)
    }

    func open(_ path: String, _ rig: Rig) throws -> BookViewer {
        let viewer = try BookViewer(screen: rig.screen, path: path, transition: .none, forget: true,
                                    options: ReadingOptions(spread: .single, scrollsText: false), at: rig.now)
        rig.settle(viewer)
        return viewer
    }

    /// Whether the frame has ink (darker than the paper) in the box.
    func ink(_ frame: [UInt8], _ box: (x: Int, y: Int, width: Int, height: Int), top: Int) -> Int {
        var count = 0
        for y in max(0, box.y + top)..<min(Self.size.height, box.y + top + box.height) {
            for x in max(0, box.x)..<min(Self.size.width, box.x + box.width) where frame[(y * Self.size.width + x) * 3] < 140 { count += 1 }
        }
        return count
    }

    @Test func columnsRunDownFromTheRight() throws {
        try #require(ScriptTests.aCJKFontIsInstalled, "no installed font has 中 (Scripts/test-view installs fonts-noto-cjk)")
        try withBook("<p>\(Self.text)</p>") { path in
            let rig = Rig(size: Self.size)
            let viewer = try open(path, rig)
            let session = viewer.session
            #expect(session.writesVertically && session.options.rightToLeft)
            var glyphs: [(row: Int, glyph: Glyph)] = []
            session.forEachGlyph(onPage: session.currentPage) { glyphs.append(($0, $1)) }
            // Each column runs down the page's height, many characters long, the text in order.
            let firstColumn = glyphs.filter { $0.row == 0 }.map(\.glyph)
            #expect(firstColumn.count >= 10 && String(String.UnicodeScalarView(firstColumn.prefix(3).map(\.scalar))) == "吾輩は")
            #expect(glyphs.map(\.row).max() ?? 0 >= 2, "the text takes \((glyphs.map(\.row).max() ?? 0) + 1) columns")
            // Drawn: the first character at the top right, the next below it, the second column to the left of the first.
            let frame = rig.look(viewer), top = viewer.pageTop
            let first = viewer.glyphRect(row: 0, x: firstColumn[0].x, width: firstColumn[0].width)
            let second = viewer.glyphRect(row: 0, x: firstColumn[1].x, width: firstColumn[1].width)
            let nextColumn = try #require(glyphs.first { $0.row == 1 })
            let left = viewer.glyphRect(row: 1, x: nextColumn.glyph.x, width: nextColumn.glyph.width)
            #expect(first.x + first.width > Self.size.width * 3 / 4 && first.y < 40, "the first character is drawn at \(first)")
            #expect(second.y >= first.y + first.height && second.x == first.x)
            #expect(left.x + left.width <= first.x)
            for box in [first, second, left] { #expect(ink(frame, box, top: top) > 20, "no ink in \(box)") }
            // Nothing is drawn where horizontal text would start: the top left of the text.
            let horizontalStart = (x: session.textInset, y: viewer.look.pad, width: 3 * viewer.measurer.lineHeight, height: viewer.measurer.lineHeight)
            #expect(ink(frame, horizontalStart, top: top) == 0)
            // A click finds the character under it (as a link would be found): the second of the first column.
            let pageX = session.visiblePages[0].x
            let hit = session.offset(atX: second.x + second.width / 2 - session.textInset + pageX, y: second.y + second.height / 2 - viewer.look.pad)
            #expect(hit == firstColumn[1].offset)
        }
    }

    /// A small kana sits toward the top right of its box, a full-size one in its middle.
    @Test func smallKanaSitTowardTheTopRight() throws {
        try #require(ScriptTests.aCJKFontIsInstalled, "no installed font has 中 (Scripts/test-view installs fonts-noto-cjk)")
        try withBook("<p>ヤャ</p>") { path in
            let rig = Rig(size: Self.size)
            let viewer = try open(path, rig)
            var glyphs: [Glyph] = []
            viewer.session.forEachGlyph(onPage: viewer.session.currentPage) { _, glyph in glyphs.append(glyph) }
            try #require(glyphs.count == 2)
            let frame = rig.look(viewer), top = viewer.pageTop, width = Self.size.width
            // The middle of each glyph's ink, from the middle of its box: (right, down), pixels.
            let boxes = glyphs.map { viewer.glyphRect(row: 0, x: $0.x, width: $0.width) }
            func inkCentre(_ box: (x: Int, y: Int, width: Int, height: Int)) -> (x: Double, y: Double) {
                var sx = 0.0, sy = 0.0, n = 0.0
                for y in box.y..<(box.y + box.height) {
                    for x in box.x..<(box.x + box.width) where frame[((y + top) * width + x) * 3] < 140 {
                        sx += Double(x); sy += Double(y); n += 1
                    }
                }
                return (sx / max(n, 1) - Double(box.x) - Double(box.width) / 2, sy / max(n, 1) - Double(box.y) - Double(box.height) / 2)
            }
            let full = inkCentre(boxes[0]), small = inkCentre(boxes[1])
            #expect(small.x > full.x + 1 && small.y < full.y - 1, "ャ's ink is centred \(small) from its box's middle, ヤ's \(full)")
        }
    }

    /// OCR reads the page as vertical Japanese: most of its characters, in order.
    @Test func readsBackAsVerticalJapanese() throws {
        try #require(ScriptTests.aCJKFontIsInstalled, "no installed font has 中 (Scripts/test-view installs fonts-noto-cjk)")
        let tool = try #require(["/usr/bin/tesseract", "/usr/local/bin/tesseract"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                "no tesseract (Scripts/test-view installs tesseract-ocr and tesseract-ocr-jpn-vert)")
        try withBook("<p>\(Self.text)</p>") { path in
            let size = PixelSize(width: 900, height: 700)
            let rig = Rig(size: size)
            let viewer = try open(path, rig)
            let picture = FileManager.default.temporaryDirectory.appendingPathComponent("folio-vertical-\(getpid()).png").path
            defer { try? FileManager.default.removeItem(atPath: picture) }
            // The page area alone: the strip and the status row are horizontal.
            let frame = rig.look(viewer), top = viewer.pageTop, height = size.height - top - viewer.look.statusHeight
            try Golden.save(Array(frame[(top * size.width * 3)..<((top + height) * size.width * 3)]),
                            size: PixelSize(width: size.width, height: height), to: picture)
            let read = try OCRTests.read(picture, with: tool, arguments: ["-l", "jpn_vert", "--psm", "5"])
            let expected = Array(Self.text), got = Array(read.filter { !$0.isWhitespace })
            let common = OCRTests.commonInOrder(expected, got)
            #expect(common * 100 >= expected.count * 75, "OCR read \(common) of \(expected.count) characters in order:\n\(read)")
        }
    }

    /// The page as drawn, with punctuation in its vertical forms, a Latin word turned and a
    /// ruby's reading at the right of its base.
    @Test func aVerticalPageMatchesItsGolden() throws {
        try #require(ScriptTests.aCJKFontIsInstalled, "no installed font has 中 (Scripts/test-view installs fonts-noto-cjk)")
        try withBook("<h1>第一章</h1><p>「<ruby>吾輩<rt>わがはい</rt></ruby>は猫である」。名前はまだ無い……。Natsume Sōseki、1905年——</p><p>\(Self.text)</p>") { path in
            let rig = Rig(size: Self.size)
            try rig.expectFrame(try open(path, rig), "script-japanese-vertical")
        }
    }
}
