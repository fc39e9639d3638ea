import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import Testing

/// The reader's controls over a book's text in the window: size (Ctrl + - 0),
/// theme (Ctrl T), typeface (Ctrl S) and line length (Ctrl ] [), at the
/// reader's place, remembered per book.
@MainActor
@Suite(.serialized) struct ReadingControlTests {
    static let size = PixelSize(width: 1400, height: 800)

    /// Forty paragraphs whose words name their paragraph: `w12.3` is the third word of paragraph 12.
    static func book(in dir: URL, name: String = "book.md") throws -> String {
        let path = dir.appendingPathComponent(name).path
        let text = (1...40).map { p in (1...60).map { "w\(p).\($0)" }.joined(separator: " ") }.joined(separator: "\n\n") + "\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-controls-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func open(_ path: String, _ rig: Rig, forget: Bool = true) throws -> BookViewer {
        let viewer = try BookViewer(screen: rig.screen, path: path, transition: .none, forget: forget,
                                    options: ReadingOptions(spread: .single, scrollsText: false), at: rig.now)
        viewer.workClock = { 0 }
        viewer.reading.budget = WorkBudget(fixed: 1 << 20)
        rig.settle(viewer)
        return viewer
    }

    func ctrl(_ code: SDL_KeyCode, _ rig: Rig, _ viewer: BookViewer) {
        var event = SDL_Event()
        event.type = SDL_KEYDOWN.rawValue
        event.key.windowID = rig.windowID
        event.key.keysym.sym = SDL_Keycode(code.rawValue)
        event.key.keysym.mod = UInt16(KMOD_LCTRL.rawValue)
        rig.send(event, to: viewer)
        rig.settle(viewer)
    }

    /// The words on the page shown, in order.
    func words(_ viewer: BookViewer) -> [String] {
        var text = ""
        viewer.session.forEachGlyph(onPage: viewer.session.currentPage) { _, glyph in text.unicodeScalars.append(glyph.scalar) }
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    /// The rightmost glyph edge on the page shown, from the page's text start, pixels.
    func widestLine(_ viewer: BookViewer) -> Int {
        var widest = 0
        viewer.session.forEachGlyph(onPage: viewer.session.currentPage) { _, glyph in widest = max(widest, glyph.x + glyph.width) }
        return widest
    }

    @Test func largerAndSmallerTextKeepsTheReadersPlace() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = Rig(size: Self.size)
        let viewer = try open(try Self.book(in: dir), rig)
        rig.type("5", viewer)
        rig.type("g", viewer)
        rig.settle(viewer)
        let first = try #require(words(viewer).first)
        let pagesBefore = viewer.session.frame.knownPages
        let lineHeight = viewer.measurer.lineHeight

        ctrl(SDLK_EQUALS, rig, viewer)
        ctrl(SDLK_EQUALS, rig, viewer)
        #expect(viewer.style.size == 21)
        #expect(viewer.measurer.lineHeight > lineHeight)
        #expect(viewer.session.frame.knownPages > pagesBefore, "larger text, no more pages")
        #expect(words(viewer).contains(first), "\(first) left the page: \(words(viewer).prefix(3))")
        #expect(viewer.session.statusLine.message.hasPrefix("21 px"), "\(viewer.session.statusLine.message)")

        ctrl(SDLK_MINUS, rig, viewer)
        #expect(viewer.style.size == 19)
        ctrl(SDLK_0, rig, viewer)
        #expect(viewer.style.size == ReadingStyle.standardSize && viewer.measurer.lineHeight == lineHeight)
        #expect(words(viewer).contains(first))
    }

    @Test func themesChangeThePaperAndTheInk() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = Rig(size: Self.size)
        let viewer = try open(try Self.book(in: dir), rig)
        // A point of paper: inside the page, above the first line.
        func paper() -> (UInt8, UInt8, UInt8) {
            let frame = rig.look(viewer)
            let index = ((viewer.pageTop + 4) * Self.size.width + 8) * 3
            return (frame[index], frame[index + 1], frame[index + 2])
        }
        #expect(paper() == ReadingStyle.Theme.light.paperForTest)
        ctrl(SDLK_t, rig, viewer)
        #expect(viewer.style.theme == .sepia && paper() == ReadingStyle.Theme.sepia.paperForTest)
        ctrl(SDLK_t, rig, viewer)
        #expect(viewer.style.theme == .dark && paper() == ReadingStyle.Theme.dark.paperForTest)
        // Dark paper, light ink: the text is brighter than its page.
        let frame = rig.look(viewer)
        var brightest = 0
        for index in stride(from: 0, to: frame.count, by: 3) { brightest = max(brightest, Int(frame[index])) }
        #expect(brightest > 180)
    }

    @Test func serifAndLineLength() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = Rig(size: Self.size)
        let viewer = try open(try Self.book(in: dir), rig)
        let column = viewer.measurer.columnWidth
        // A wide page (the dummy display holds the window to 1024 pixels): lines capped at about 70
        // characters, in the middle of the page.
        #expect(widestLine(viewer) <= 70 * column && widestLine(viewer) > 60 * column, "lines \(widestLine(viewer)) px, columns \(column) px")
        let box = viewer.session.pageBoxWidth, margin = viewer.look.margin
        #expect(box - 2 * margin > 70 * column + 200)
        #expect(viewer.session.textInset == margin + (box - 2 * margin - 70 * column) / 2)
        let sans = rig.look(viewer)

        ctrl(SDLK_s, rig, viewer)
        #expect(viewer.style.family == .serif && viewer.measurer.fonts[0].family == .serif)
        var differing = 0
        let serif = rig.look(viewer)
        for index in stride(from: 0, to: sans.count, by: 3) where sans[index] != serif[index] { differing += 1 }
        #expect(differing > 2000, "serif text looks like sans")

        let capped = widestLine(viewer)
        ctrl(SDLK_RIGHTBRACKET, rig, viewer)
        #expect(viewer.style.lineLength == 80)
        #expect(widestLine(viewer) > capped)
        for _ in 0..<5 { ctrl(SDLK_RIGHTBRACKET, rig, viewer) }
        #expect(viewer.style.lineLength == 0)
        #expect(viewer.session.textInset == viewer.look.margin, "at the page's width the margins are the page's own")
        ctrl(SDLK_RIGHTBRACKET, rig, viewer)
        #expect(viewer.session.statusLine.message == "Lines are as wide as the page")
        ctrl(SDLK_LEFTBRACKET, rig, viewer)
        #expect(viewer.style.lineLength == 100)
    }

    /// Ctrl M widens the margins step by step, the text set again within them, and after the
    /// widest comes back to the narrowest; a line as wide as the page is the page less its margins.
    @Test func ctrlMWidensTheMargins() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = Rig(size: PixelSize(width: 520, height: 420))
        let viewer = try open(try Self.book(in: dir), rig)
        // A narrow page, so that the margins, not the line cap, decide where lines end.
        let box = viewer.session.pageBoxWidth
        var seen: [Int] = []
        for _ in ReadingStyle.margins {
            let margin = viewer.style.margin
            #expect(viewer.look.margin == margin && viewer.session.textInset == margin)
            #expect(viewer.session.textWidth == box - 2 * margin, "lines \(viewer.session.textWidth) px in a box of \(box) with \(margin) px margins")
            // Ink starts at the margin: nothing drawn left of it on the text's rows.
            let frame = rig.look(viewer), width = rig.screen.size.width
            let top = viewer.pageTop + viewer.look.pad, rows = top..<(top + 3 * viewer.measurer.lineHeight)
            let left = rows.compactMap { y -> Int? in (0..<width).first { x in frame[(y * width + x) * 3] < 120 } }.min() ?? -1
            #expect(left >= margin && left < margin + viewer.measurer.columnWidth, "ink starts at \(left), the margin is \(margin)")
            seen.append(margin)
            ctrl(SDLK_m, rig, viewer)
        }
        #expect(seen.sorted() == ReadingStyle.margins, "\(seen)")
        #expect(viewer.style.margin == seen[0], "after the widest, the margins are \(viewer.style.margin)")
    }

    /// The right edge of the ink on each row of text of the page shown, pixels in the window.
    func rowEnds(_ viewer: BookViewer, _ rig: Rig) -> [Int] {
        let frame = rig.look(viewer), width = rig.screen.size.width
        var ends: [Int] = []
        for row in 0..<viewer.session.frame.status.pages.count + 40 {
            let top = viewer.pageTop + viewer.look.pad + row * viewer.measurer.lineHeight
            guard top + viewer.measurer.lineHeight < rig.screen.size.height - viewer.look.statusHeight else { break }
            var right = -1
            for y in top..<(top + viewer.measurer.lineHeight) {
                for x in stride(from: width - 1, to: right, by: -1) where Int(frame[(y * width + x) * 3]) < 120 {
                    right = x
                    break
                }
            }
            if right >= 0 { ends.append(right) }
        }
        return ends
    }

    @Test func fullLinesAreJustifiedAndCtrlJSetsThemRagged() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = Rig(size: Self.size)
        let viewer = try open(try Self.book(in: dir), rig)
        #expect(viewer.style.justified)
        // Every paragraph is many lines: all but its last end at the line's right end.
        let lineRight = viewer.session.textInset + viewer.session.textWidth
        let justified = rowEnds(viewer, rig)
        let flush = justified.filter { abs($0 - lineRight) <= 4 }.count  // ink ends a bearing short of the advance
        #expect(justified.count > 10 && flush * 10 >= justified.count * 7, "\(flush) of \(justified.count) rows end at \(lineRight): \(justified)")

        ctrl(SDLK_j, rig, viewer)
        #expect(!viewer.style.justified)
        let ragged = rowEnds(viewer, rig)
        #expect(ragged.filter { abs($0 - lineRight) <= 4 }.count * 10 < ragged.count * 3, "ragged right, yet flush: \(ragged)")
        // The words are where they were, only the space between them changed: as many rows.
        #expect(ragged.count == justified.count)
    }

    @Test func theStyleIsRememberedPerBookAndANewBookStartsWithTheLast() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state").path
        let saved = getenv("XDG_STATE_HOME").map { String(cString: $0) }
        setenv("XDG_STATE_HOME", state, 1)
        defer { if let saved { setenv("XDG_STATE_HOME", saved, 1) } else { unsetenv("XDG_STATE_HOME") } }
        let first = try Self.book(in: dir, name: "first.md"), second = try Self.book(in: dir, name: "second.md")
        let rig = Rig(size: Self.size)

        let viewer = try open(first, rig, forget: false)
        #expect(viewer.style == ReadingStyle())
        ctrl(SDLK_EQUALS, rig, viewer)
        ctrl(SDLK_t, rig, viewer)
        viewer.close()
        let again = try open(first, rig, forget: false)
        #expect(again.style.size == 19 && again.style.theme == .sepia)
        again.close()

        // Another book starts as the last one was left, and keeps its own from then on.
        let other = try open(second, rig, forget: false)
        #expect(other.style.size == 19 && other.style.theme == .sepia)
        ctrl(SDLK_s, rig, other)
        other.close()
        #expect(try open(first, rig, forget: false).style.family == .sans)
        #expect(try open(second, rig, forget: false).style.family == .serif)
        // --forget neither reads nor writes them.
        #expect(try open(first, rig, forget: true).style == ReadingStyle())
    }
}

extension ReadingStyle.Theme {
    /// The paper a style of this theme draws.
    var paperForTest: (UInt8, UInt8, UInt8) { ReadingStyle(theme: self).paper }
}
