import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import Testing

/// A book in a headless window (``Rig``): the page curl held under the
/// pointer at 0.25, 0.5 and 0.75 of a turn — forward and back, one page and
/// two facing pages, left-to-right and right-to-left — and the chapter
/// strip, keys and a resize, each frame compared with a golden image.
///
/// A turn back by a quarter leaves the leaf where a turn forward by three
/// quarters does, so both are compared with the same golden: the curl
/// follows the position, whichever way the pointer came.
@MainActor
@Suite(.serialized) struct BookSceneGoldenTests {
    /// A Markdown book of three chapters of made-up words (the same every run).
    static let book: String = {
        let words = ["paper", "leaf", "spine", "margin", "ink", "quire", "folio", "page", "turn", "read", "light", "evening",
                     "river", "stone", "window", "garden", "letter", "winter", "harbour", "lamp"]
        var seed: UInt32 = 7
        func word() -> String {
            seed = seed &* 1_103_515_245 &+ 12345
            return words[Int(seed >> 16) % words.count]
        }
        var text = ""
        for chapter in ["Arrival", "The Harbour", "Winter Letters"] {
            text += "# \(chapter)\n\n"
            for _ in 0..<6 {
                text += (0..<70).map { _ in word() }.joined(separator: " ") + ".\n\n"
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-scene-book-\(getpid()).md").path
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }()

    static let onePage = PixelSize(width: 360, height: 420)
    static let twoPages = PixelSize(width: 720, height: 420)

    /// The book in `rig`'s window, with one page (`--spread single`) or two facing pages
    /// whenever they fit ten columns (`--spread double`), so small windows suffice.
    func open(_ rig: Rig, spread: ReadingOptions.SpreadChoice = .double) throws -> BookViewer {
        let viewer = try BookViewer(screen: rig.screen, path: Self.book, transition: .curl, forget: true,
                                    options: ReadingOptions(spread: spread), at: rig.now)
        rig.settle(viewer)
        return viewer
    }

    /// Where the pointer presses: the middle of the page area.
    func pageY(_ rig: Rig) -> Int { rig.screen.size.height / 2 }

    @Test(arguments: [false, true], [false, true])
    func curlHeldUnderThePointer(twoPages: Bool, rightToLeft: Bool) throws {
        let rig = Rig(size: twoPages ? Self.twoPages : Self.onePage)
        let viewer = try open(rig, spread: twoPages ? .double : .single)
        #expect(viewer.session.frame.isTwoPages == twoPages)
        if rightToLeft {
            rig.type("x", viewer)
            rig.settle(viewer)
            #expect(viewer.session.options.rightToLeft)
        }
        let stride = viewer.session.frame.spreadStride
        let layout = "\(twoPages ? "two" : "one")-\(rightToLeft ? "rtl" : "ltr")"
        // Forward turns by dragging toward the spine's far side: left in a left-to-right book.
        let forwardSign = rightToLeft ? 1 : -1
        for forward in [true, false] {
            for progress in [0.25, 0.5, 0.75] {
                rig.key(SDLK_HOME, viewer)
                rig.settle(viewer)
                rig.key(SDLK_PAGEDOWN, viewer)
                if !forward { rig.key(SDLK_PAGEDOWN, viewer) }
                rig.settle(viewer)
                let start = viewer.session.frame.position.index
                #expect(start == (forward ? 1 : 2), "\(layout): on spread \(start)")
                let distance = Int((progress * stride).rounded()) * (forward ? forwardSign : -forwardSign)
                let x0 = rig.screen.size.width / 2
                rig.drag(from: x0, to: x0 + distance, y: pageY(rig), steps: 8, viewer)
                let position = viewer.session.frame.position
                let along = Double(position.index) + position.fraction
                let expected = forward ? 1 + progress : 2 - progress
                #expect(abs(along - expected) < 0.01, "\(layout) \(forward ? "forward" : "back") \(progress): at \(position)")
                // The leaf is where the position says: a quarter of the way back is three quarters of the way forward.
                let forwardProgress = forward ? progress : 1 - progress
                try rig.expectFrame(viewer, "book-curl-\(layout)-\(Int(forwardProgress * 100))")
                // Held still, then let go: past half it turns, short of half it falls back.
                rig.frames(10, viewer)
                rig.release(x: x0 + distance, y: pageY(rig), viewer)
                rig.settle(viewer)
                let landed = viewer.session.frame.position.index
                if progress != 0.5 {
                    let turned = progress > 0.5
                    #expect(landed == (forward ? (turned ? 2 : 1) : (turned ? 1 : 2)), "\(layout) \(forward ? "forward" : "back") \(progress): landed on \(landed)")
                }
                #expect(viewer.session.frame.position.fraction == 0, "\(layout): at rest on a spread")
            }
        }
    }

    /// Each title in the strip has room for itself in bold, as the chosen one is drawn: the
    /// chosen title never runs into the next (a real book's long titles ran together).
    @Test func theChosenTitleFitsItsPlaceInTheStrip() throws {
        let rig = Rig(size: PixelSize(width: 1280, height: 600))
        let viewer = try BookViewer(screen: rig.screen, path: "/usr/share/doc/live-manual/epub/live-manual.en.epub", transition: .none,
                                    forget: true, options: ReadingOptions(spread: .single), at: rig.now)
        rig.settle(viewer)
        let items = viewer.session.menu.visibleItems
        #expect(items.count > 3)
        for item in items {
            let bold = viewer.measurer.fonts[1].width(of: Bidi.displayed(item.title))
            #expect(Double(bold) <= item.frame.width + 1, "\(item.title): \(bold) px in bold, \(item.frame.width) px of strip")
        }
    }

    @Test func chapterStripKeysAndResize() throws {
        let rig = Rig(size: Self.twoPages)
        let viewer = try open(rig)
        // Nobody touched anything: the first spread, the strip with the first chapter chosen.
        #expect(viewer.session.currentPage == 0)
        try rig.expectFrame(viewer, "book-open-two-pages")

        // A click on the strip's third title goes to that chapter.
        let third = try #require(viewer.session.menu.visibleItems.first { $0.index == 2 })
        let x = Int(third.frame.x - viewer.session.menu.scrollOffset + third.frame.width / 2) + viewer.measurer.columnWidth
        rig.press(x: x, y: BookViewer.Look.book.stripHeight / 2, viewer)
        rig.release(x: x, y: BookViewer.Look.book.stripHeight / 2, viewer)
        rig.settle(viewer)
        #expect(viewer.session.menu.selectedIndex == 2)
        let chapterPage = viewer.session.currentPages
        try rig.expectFrame(viewer, "book-third-chapter")

        // End, then the window narrows to one page: the text read stays on screen.
        rig.key(SDLK_END, viewer)
        rig.settle(viewer)
        #expect(viewer.session.currentPages.upperBound == viewer.session.frame.knownPages - 1)
        rig.key(SDLK_HOME, viewer)
        rig.settle(viewer)
        rig.key(SDLK_PAGEDOWN, viewer)
        rig.settle(viewer)
        let anchor = viewer.session.anchor
        rig.resize(to: PixelSize(width: 320, height: 420), viewer)
        rig.settle(viewer)
        #expect(!viewer.session.frame.isTwoPages, "--spread double gives one page when two would not fit ten columns")
        #expect(viewer.session.spreadBytes.contains(anchor), "byte \(anchor) is still on screen: \(viewer.session.spreadBytes)")
        try rig.expectFrame(viewer, "book-resized-one-page")
        #expect(!chapterPage.isEmpty)
    }
}
