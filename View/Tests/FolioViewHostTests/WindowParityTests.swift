import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import FolioViewTestSupport
import Testing

/// What the terminal shows, the window shows too: the key help (F1, H), the
/// search's matches highlighted, a ring round the link chosen with Tab, and R
/// reading the file again. Each looks at the frame before any key, and again
/// after, with the clock run on until nothing moves.
@MainActor
@Suite(.serialized) struct WindowParityTests {
    static let size = PixelSize(width: 900, height: 640)

    func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-parity-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func open(_ path: String, _ rig: Rig) throws -> BookViewer {
        let viewer = try BookViewer(screen: rig.screen, path: path, transition: .none, forget: true,
                                    options: ReadingOptions(spread: .single, scrollsText: false), at: rig.now)
        rig.settle(viewer)
        return viewer
    }

    /// The pixels of `frame` (RGB) that are `color` exactly.
    func pixels(of color: (UInt8, UInt8, UInt8), in frame: [UInt8]) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for index in stride(from: 0, to: frame.count - 2, by: 3) where frame[index] == color.0 && frame[index + 1] == color.1 && frame[index + 2] == color.2 {
            found.append(((index / 3) % Self.size.width, (index / 3) / Self.size.width))
        }
        return found
    }

    func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var count = 0
        for index in stride(from: 0, to: min(a.count, b.count) - 2, by: 3) where a[index] != b[index] || a[index + 1] != b[index + 1] || a[index + 2] != b[index + 2] {
            count += 1
        }
        return count
    }

    /// The x range, in window pixels, of the glyphs of `word`'s first occurrence on the page shown.
    func extent(of word: String, _ viewer: BookViewer) -> Range<Int>? {
        var text: [(Unicode.Scalar, Int, Int)] = []
        viewer.session.forEachGlyph(onPage: viewer.session.currentPage) { _, glyph in text.append((glyph.scalar, glyph.x, glyph.width)) }
        let scalars = Array(word.unicodeScalars)
        guard let start = (0...max(0, text.count - scalars.count)).first(where: { at in
            at + scalars.count <= text.count && (0..<scalars.count).allSatisfy { text[at + $0].0 == scalars[$0] }
        }) else { return nil }
        let margin = viewer.session.textInset
        let last = text[start + scalars.count - 1]
        return (margin + text[start].1)..<(margin + last.1 + last.2)
    }

    @Test func theKeyHelpOpensWithF1AndHAndEscClosesIt() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("notes.txt").path
        try String(repeating: "A line of the notes to read.\n", count: 40).write(toFile: path, atomically: true, encoding: .utf8)
        let rig = Rig(size: Self.size)
        let viewer = try open(path, rig)
        let reading = rig.look(viewer)
        #expect(!viewer.session.frame.showsHelp)

        rig.key(SDLK_F1, viewer)
        rig.settle(viewer)
        #expect(viewer.session.frame.showsHelp)
        let help = rig.look(viewer)
        // The panel covers the middle, and its keys are written in their colour.
        #expect(differing(reading, help) > Self.size.width * Self.size.height / 4, "the help does not cover the pages")
        #expect(pixels(of: (250, 212, 90), in: help).count > 500, "no key is written in the help")

        rig.key(SDLK_ESCAPE, viewer)
        rig.settle(viewer)
        #expect(!viewer.wantsQuit, "Esc over the help left the window")
        #expect(differing(reading, rig.look(viewer)) == 0, "the help left something behind")

        rig.type("H", viewer)
        rig.settle(viewer)
        #expect(differing(help, rig.look(viewer)) == 0, "H does not show the same help")
    }

    @Test func theSearchsMatchesAreHighlightedWhereTheirWordsAre() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("story.txt").path
        try "The first paragraph has no word we look for.\n\nThen the lighthouse keeper climbed the stairs.\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let rig = Rig(size: Self.size)
        let viewer = try open(path, rig)
        #expect(pixels(of: BookViewer.matchColor, in: rig.look(viewer)).isEmpty)

        for character in "/lighthouse" { rig.type(String(character), viewer) }
        rig.key(SDLK_RETURN, viewer)
        rig.settle(viewer)
        let marked = pixels(of: BookViewer.matchColor, in: rig.look(viewer))
        let word = try #require(extent(of: "lighthouse", viewer))
        #expect(marked.count > 100, "the match is not highlighted")
        // Only behind the word: every highlighted pixel lies within its glyphs' extent.
        #expect(marked.allSatisfy { word.contains($0.x) }, "highlight outside \(word): \(marked.map(\.x).min() ?? 0)…\(marked.map(\.x).max() ?? 0)")
        #expect(Set(marked.map(\.x)).count >= word.count * 3 / 4, "the highlight does not span the word")

        // Another search moves the highlight; Esc and an empty search do not bring back stale marks.
        for character in "/stairs" { rig.type(String(character), viewer) }
        rig.key(SDLK_RETURN, viewer)
        rig.settle(viewer)
        let moved = pixels(of: BookViewer.matchColor, in: rig.look(viewer))
        let stairs = try #require(extent(of: "stairs", viewer))
        #expect(!moved.isEmpty && moved.allSatisfy { stairs.contains($0.x) })
    }

    @Test func theLinkChosenWithTabHasARing() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func xhtml(_ body: String) -> [UInt8] {
            Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>t</title></head><body>\(body)</body></html>".utf8)
        }
        let book = StoredZip.archive([
            ("mimetype", Array("application/epub+zip".utf8)),
            ("META-INF/container.xml", Array("""
                <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
                <rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
                """.utf8)),
            ("content.opf", Array("""
                <?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="u">
                <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Links</dc:title><dc:identifier id="u">x</dc:identifier></metadata>
                <manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/><item id="b" href="b.xhtml" media-type="application/xhtml+xml"/></manifest>
                <spine><itemref idref="a"/><itemref idref="b"/></spine></package>
                """.utf8)),
            ("a.xhtml", xhtml("<p>Read on in <a href=\"b.xhtml\">the second chapter</a> later.</p>")),
            ("b.xhtml", xhtml("<p>The second chapter.</p>")),
        ])
        let path = dir.appendingPathComponent("links.epub").path
        try Data(book).write(to: URL(fileURLWithPath: path))
        let rig = Rig(size: Self.size)
        let viewer = try open(path, rig)
        #expect(pixels(of: BookViewer.linkColor, in: rig.look(viewer)).isEmpty)

        rig.key(SDLK_TAB, viewer)
        rig.settle(viewer)
        #expect(viewer.session.chosenLink != nil)
        let ring = pixels(of: BookViewer.linkColor, in: rig.look(viewer))
        let words = try #require(extent(of: "the second chapter", viewer))
        #expect(ring.count > 100, "no ring round the chosen link")
        // Round the words: from just before the first glyph to just after the last.
        #expect(abs((ring.map(\.x).min() ?? 0) - words.lowerBound) <= 4 && abs((ring.map(\.x).max() ?? 0) - words.upperBound) <= 4,
                "the ring spans \(ring.map(\.x).min() ?? 0)…\(ring.map(\.x).max() ?? 0), the words \(words)")

        rig.key(SDLK_ESCAPE, viewer)
        rig.settle(viewer)
        #expect(pixels(of: BookViewer.linkColor, in: rig.look(viewer)).isEmpty, "the ring stays after Esc")
    }

    /// Opened with nothing, the window reads a guide written for it: its own keys and the mouse,
    /// not the terminal's (no Ctrl-Z, no key tables aligned in columns a proportional font breaks).
    @Test func theGuideIsTheWindowsOwn() throws {
        let rig = Rig(size: Self.size)
        let viewer = try BookViewer(screen: rig.screen, path: nil, transition: .none, forget: true,
                                    options: ReadingOptions(spread: .single, scrollsText: false), at: rig.now)
        rig.settle(viewer)
        let text = WindowGuide.text
        #expect(viewer.session.document.text.count == text.utf8.count, "the window opened another guide")
        #expect(text.hasPrefix("# Welcome\n\nThis is folio-view"))
        for phrase in ["F1 or H", "Ctrl and +", "Ctrl and T", "F11", "double-click", "Ctrl and R"] {
            #expect(text.contains(phrase), "the guide does not say \(phrase)")
        }
        #expect(!text.contains("Ctrl-Z") && !text.contains("    "), "the terminal's guide: Ctrl-Z or columns of keys")
        // Its chapters are the strip's, and the first page shows its opening words.
        #expect(viewer.session.chapters.count == 6)
        #expect(extent(of: "folio-view", viewer) != nil)
    }

    @Test func rReadsTheFileAgainAtThePlace() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("changing.txt").path
        try "The first version of the file.\n".write(toFile: path, atomically: true, encoding: .utf8)
        let rig = Rig(size: Self.size)
        let viewer = try open(path, rig)
        #expect(extent(of: "first version", viewer) != nil)

        try "The second version, written while it was open.\n".write(toFile: path, atomically: true, encoding: .utf8)
        rig.type("R", viewer)
        rig.settle(viewer)
        _ = rig.look(viewer)
        #expect(extent(of: "second version", viewer) != nil, "R did not read the file again")
        #expect(extent(of: "first version", viewer) == nil)

        // A file gone: a notice, and the pages stay.
        try FileManager.default.removeItem(atPath: path)
        rig.type("R", viewer)
        rig.settle(viewer)
        #expect(viewer.session.statusLine.isProblem, "no notice: \(viewer.session.statusLine.message)")
        #expect(extent(of: "second version", viewer) != nil)
    }
}
