import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import Testing

/// The stalls of issue 21, in the window: a search to the end and back of
/// 3 and 20 MB texts, a resize at page 400, and `]` through a whole book in
/// two pages, driven through the window's own loop (``BookViewer/tick(at:)``,
/// the terminal's ``FolioReading/ReadingLoop``) in a headless window. Each
/// presses the keys that start the work, then only runs frames: a wait that
/// never ends fails, whatever a later key would have done.
@MainActor
@Suite(.serialized) struct LiveWindowTests {
    /// A log of about `megabytes` MB, `NEEDLE-FIRST` on its first line and `NEEDLE-LAST` on its last.
    static func log(megabytes: Int) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-window-log-\(megabytes)-\(getpid()).txt").path
        if FileManager.default.fileExists(atPath: path) { return path }
        var text = "NEEDLE-FIRST: the first line\n"
        var n = 0
        let filler = "request handled by the worker pool and acknowledged by the service with status 200"
        while text.utf8.count < megabytes << 20 {
            text += "2026-11-26T10:\(n / 60 % 60):\(n % 60) host\(n % 9) line \(n) " + filler.prefix(20 + n * 7 % 60) + "\n"
            n += 1
        }
        text += "NEEDLE-LAST: the end\n"
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let size = PixelSize(width: 900, height: 700)

    func open(_ rig: Rig, _ path: String, spread: ReadingOptions.SpreadChoice = .auto) throws -> BookViewer {
        let viewer = try BookViewer(screen: rig.screen, path: path, transition: .curl, forget: true,
                                    options: ReadingOptions(spread: spread, scrollsText: false), at: rig.now)
        viewer.workClock = { 0 }  // the rig's frames, not the wall clock, size no slice: a fixed budget
        viewer.reading.budget = WorkBudget(fixed: 1 << 20)
        return viewer
    }

    /// Types `text` and Enter.
    func enter(_ text: String, _ rig: Rig, _ viewer: BookViewer) {
        for character in text { rig.type(String(character), viewer) }
        rig.key(SDLK_RETURN, viewer)
    }

    /// Whether the text the window draws on its pages holds `needle`.
    func pagesShow(_ needle: String, _ viewer: BookViewer) -> Bool {
        viewer.session.visiblePages.contains { page in
            var text = ""
            viewer.session.forEachGlyph(onPage: page.page) { _, glyph in text.unicodeScalars.append(glyph.scalar) }
            return text.contains(needle)
        }
    }

    @Test(arguments: [3, 20])
    func aSearchToTheEndAndBackLands(megabytes: Int) throws {
        let rig = Rig(size: Self.size)
        let viewer = try open(rig, Self.log(megabytes: megabytes))
        rig.settle(viewer, limit: 120)
        rig.type("/", viewer)
        enter("NEEDLE-LAST", rig, viewer)
        rig.settle(viewer, limit: 120)
        #expect(!viewer.session.isWaiting, "\(viewer.session.mode)")
        #expect(pagesShow("NEEDLE-LAST", viewer))
        #expect(viewer.session.statusLine.percent == "100%")
        rig.type("?", viewer)
        enter("NEEDLE-FIRST", rig, viewer)
        rig.settle(viewer, limit: 120)
        #expect(pagesShow("NEEDLE-FIRST", viewer))
        #expect(viewer.session.currentPage == 0)
    }

    @Test func aResizeAtPage400LandsOnTheReadersText() throws {
        let rig = Rig(size: Self.size)
        let viewer = try open(rig, Self.log(megabytes: 3), spread: .single)
        rig.settle(viewer, limit: 120)
        for character in "400g" { rig.type(String(character), viewer) }
        rig.settle(viewer, limit: 60)
        #expect(viewer.session.currentPage == 399)
        let anchor = viewer.session.anchor
        rig.resize(to: PixelSize(width: 640, height: 520), viewer)
        rig.settle(viewer, limit: 120)
        #expect(!viewer.session.isWaiting, "\(viewer.session.mode)")
        #expect(viewer.session.frame.isCountFinal)
        #expect(viewer.session.spreadBytes.contains(anchor), "byte \(anchor) not in \(viewer.session.spreadBytes)")
        #expect(!viewer.session.statusLine.message.contains("Paginating"))
    }

    @Test func theNextChapterKeyWalksAWholeBookInTwoPages() throws {
        let book = "/usr/share/doc/live-manual/epub/live-manual.en.epub"
        try #require(FileManager.default.fileExists(atPath: book), "\(book) is missing: bash Scripts/test installs it")
        let rig = Rig(size: PixelSize(width: 1200, height: 700))
        let viewer = try open(rig, book, spread: .double)
        rig.settle(viewer, limit: 120)
        #expect(viewer.session.frame.isTwoPages)
        var last = viewer.session.currentPage
        var presses = 0
        while viewer.session.statusLine.message != "No more chapters" && presses < 400 {
            rig.type("]", viewer)
            rig.settle(viewer, limit: 30)
            presses += 1
            let page = viewer.session.currentPage
            #expect(page > last || viewer.session.statusLine.message == "No more chapters", "press \(presses) stayed on page \(last + 1)")
            last = max(last, page)
        }
        #expect(presses > 20)
        let chapters = viewer.session.chapters
        let lastChapter = chapters[chapters.count - 1].offset
        #expect(viewer.session.frame.pages.contains { viewer.session.currentPages.contains($0.page) && $0.bytes.contains(lastChapter) })
    }
}
