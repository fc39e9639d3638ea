import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import Testing

/// Characters the reading face (DejaVu Sans) lacks are drawn by an installed
/// font that has them, found through fontconfig: Chinese and Japanese on a
/// page and in the interface font, not as boxes.
@MainActor
@Suite(.serialized) struct ScriptTests {
    static let size = PixelSize(width: 700, height: 500)

    /// A text file holding `text`, removed after `body`; always by the same name, which the strip shows.
    func withFile<T>(_ text: String, _ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-script-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("script.txt").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(path)
    }

    /// The window on the file at `path`, one page at a time, settled.
    func open(_ path: String, _ rig: Rig) throws -> BookViewer {
        let viewer = try BookViewer(screen: rig.screen, path: path, transition: .none, forget: true,
                                    options: ReadingOptions(spread: .single, scrollsText: false), at: rig.now)
        rig.settle(viewer)
        return viewer
    }

    /// The frame a window shows for a text file holding `text`.
    func page(of text: String, _ rig: Rig) throws -> [UInt8] {
        try withFile(text) { path in
            let viewer = try open(path, rig)
            return rig.look(viewer)
        }
    }

    /// How many pixels differ between two frames of the same size.
    func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var count = 0
        for pixel in stride(from: 0, to: min(a.count, b.count) - 2, by: 3) where a[pixel] != b[pixel] || a[pixel + 1] != b[pixel + 1] || a[pixel + 2] != b[pixel + 2] {
            count += 1
        }
        return count
    }

    /// Whether some installed font has U+4E2D (中): Scripts/test-view installs fonts-noto-cjk when none has.
    static var aCJKFontIsInstalled: Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
        process.arguments = [":charset=4e2d", "file"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return false }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return !output.isEmpty
    }

    @Test func chineseAndJapaneseAreDrawnNotBoxed() throws {
        try #require(Self.aCJKFontIsInstalled, "no installed font has 中 (Scripts/test-view installs fonts-noto-cjk)")
        let rig = Rig(size: Self.size)
        // Lines of different characters, as many on each line (drawn as boxes they would be the
        // same frame), and the same lines of a character no font has (a private-use one in
        // plane 16): DejaVu's box.
        let chinese = try page(of: "中文排版\n山路を登りながら\n", rig)
        let japanese = try page(of: "日本語版\n智に働けば角が立\n", rig)
        let boxes = try page(of: String(repeating: "\u{10FFFD}", count: 4) + "\n" + String(repeating: "\u{10FFFD}", count: 8) + "\n", rig)
        let blank = try page(of: "\n", rig)
        // Each is drawn with ink, differently from the other and from boxes in the same places.
        #expect(differing(chinese, blank) > 400, "the Chinese line has no ink")
        #expect(differing(chinese, japanese) > 400, "中文 and 日本語 are drawn alike: boxes")
        #expect(differing(chinese, boxes) > 400, "中文 is drawn as boxes")

        // Measured as the font that draws them: about a square each, at the reading size.
        let measurer = try PixelMeasurer(size: 17)
        for scalar in "中日を智".unicodeScalars {
            let width = measurer.width(of: scalar, style: .plain)
            #expect((14...20).contains(width), "\(scalar) is \(width) px wide at 17 px")
            #expect(!measurer.fonts[0].provides(scalar) && measurer.fonts[0].font(for: scalar) !== measurer.fonts[0],
                    "\(scalar) is not stood in for")
        }
        // The bold face falls back too, and DejaVu keeps what it has (Hebrew, Arabic).
        #expect(measurer.fonts[1].font(for: "中") !== measurer.fonts[1])
        #expect(measurer.fonts[0].font(for: "ש") === measurer.fonts[0] && measurer.fonts[0].font(for: "س") === measurer.fonts[0])
    }

    /// The columns of `frame` with ink (far from the paper) in rows `rows`.
    func inkColumns(_ frame: [UInt8], rows: Range<Int>) -> [Int] {
        var columns: [Int] = []
        for x in 0..<Self.size.width {
            for y in rows where Int(frame[(y * Self.size.width + x) * 3]) < 150 {
                columns.append(x)
                break
            }
        }
        return columns
    }

    @Test func arabicIsJoinedAndFlushRight() throws {
        let rig = Rig(size: Self.size)
        let word = "سلام"
        try withFile(word + "\n") { path in
            let viewer = try open(path, rig)
            let frame = rig.look(viewer)
            let top = viewer.pageTop + viewer.look.pad
            let ink = inkColumns(frame, rows: top..<(top + viewer.measurer.lineHeight))
            let measured = word.unicodeScalars.reduce(0) { $0 + viewer.measurer.width(of: $1, style: .plain) }
            let first = try #require(ink.first), last = try #require(ink.last)
            // Joined, the word is narrower than its letters standing alone (medial forms, no gaps between them).
            #expect(last - first + 1 < measured * 85 / 100, "سلام is \(last - first + 1) px, its letters alone \(measured) px")
            // And it ends at the right of the line, where a right-to-left line starts.
            let lineRight = viewer.session.textInset + viewer.session.textWidth
            #expect(abs(last - lineRight) <= 3, "the word ends at \(last), the line at \(lineRight)")
            // The layout measured it as drawn: each pair of neighbours with what joining changes of their advances.
            let laid = viewer.session.layout(ofPage: viewer.session.currentPage)
            let lineWidth = try #require(laid.lines.first).width
            #expect(abs(lineWidth - (last - first + 1)) <= 4, "the layout gives سلام \(lineWidth) px, drawn \(last - first + 1) px")
            // Its ink is continuous: joined letters leave no paper between them.
            let gaps = zip(ink, ink.dropFirst()).filter { $1 - $0 > 2 }.count
            #expect(gaps <= 1, "\(gaps) gaps in the word: its letters stand apart")
        }
    }

    /// `fi` and `ffi` are drawn as the face's ligatures, as a typesetter sets them: the page
    /// looks as it does with the ligature characters themselves, and not as it does with the
    /// letters kept apart (by an invisible soft hyphen between them).
    @Test func fAndIAreDrawnAsTheirLigature() throws {
        let rig = Rig(size: Self.size)
        for (letters, ligature) in [("fi", "\u{FB01}"), ("ffi", "\u{FB03}")] {
            let joined = try page(of: letters + "\n", rig)
            let drawn = try page(of: ligature + "\n", rig)
            let apart = try page(of: letters.map(String.init).joined(separator: "\u{AD}") + "\n", rig)
            #expect(differing(joined, drawn) <= 4, "\(letters): \(differing(joined, drawn)) pixels differ from \(ligature)")
            #expect(differing(joined, apart) > 10, "\(letters) is drawn as its letters apart")
        }
    }

    /// An Arabic chapter title in the strip (or a notice) is shaped as the page is: joined, the
    /// word as drawn narrower than its letters side by side, and in the order Bidi displays it.
    @Test func interfaceStringsJoinArabic() throws {
        let rig = Rig(size: Self.size)
        let font = rig.screen.uiFont
        let title = "الفصل 1"
        let shown = Bidi.displayed(title)
        #expect(font.runs(of: shown).map(\.joins) == [false, true], "\(font.runs(of: shown).map(\.text))")
        let word = "الفصل"
        let alone = word.unicodeScalars.reduce(0) { $0 + font.advance(of: $1) }
        #expect(font.width(of: Bidi.displayed(word)) * 100 < alone * 85, "\(font.width(of: Bidi.displayed(word))) px, its letters alone \(alone) px")
        // Drawn: the word's ink is one stroke, its letters not standing apart.
        rig.screen.color(0, 0, 0)
        rig.screen.fill(x: 0, y: 0, width: Double(Self.size.width), height: Double(Self.size.height))
        let drawn = rig.screen.text(Bidi.displayed(word), x: 10, y: 30, color: (255, 255, 255))
        let frame = rig.screen.readPixels()
        let ink = (10..<(10 + Int(drawn))).filter { x in (15..<45).contains { y in frame[(y * Self.size.width + x) * 3] > 128 } }
        let gaps = zip(ink, ink.dropFirst()).filter { $1 - $0 > 2 }.count
        #expect(gaps <= 1, "\(gaps) gaps in \(word): its letters stand apart")
    }

    /// A status message longer than the room left is cut with an ellipsis, a prompt at its start.
    @Test func aLongMessageIsCutToFit() throws {
        let font = Rig(size: Self.size).screen.uiFont
        let message = "17 px sans serif dark, lines up to 70 characters"
        #expect(font.fitted(message, width: 10_000) == message)
        let width = font.width(of: message) / 2
        let cut = font.fitted(message, width: width), typed = font.fitted(message, width: width, keepingEnd: true)
        #expect(cut.hasSuffix("…") && message.hasPrefix(cut.dropLast()) && font.width(of: cut) <= width)
        #expect(typed.hasPrefix("…") && message.hasSuffix(typed.dropFirst()) && font.width(of: typed) <= width)
        // Nothing wasted: one more character would not fit.
        #expect(font.width(of: String(message.prefix(cut.count)) + "…") > width)
    }

    @Test func theInterfaceFontSetsMixedTextOnOneBaseline() throws {
        try #require(Self.aCJKFontIsInstalled, "no installed font has 中 (Scripts/test-view installs fonts-noto-cjk)")
        let rig = Rig(size: Self.size)
        let font = rig.screen.uiFont
        // A chapter title in the strip: Latin and Japanese, in runs of their own fonts.
        #expect(font.runs(of: "Chapter 1 吾輩は猫").map(\.text) == ["Chapter 1 ", "吾輩は猫"])
        let latin = font.width(of: "Chapter 1 "), whole = font.width(of: "Chapter 1 吾輩は猫")
        #expect(whole - latin >= 4 * 12, "four Japanese characters add \(whole - latin) px")
        guard let texture = font.render("Chapter 1 吾輩は猫", color: (255, 255, 255), renderer: rig.screen.renderer) else {
            Issue.record("the mixed title does not render")
            return
        }
        #expect(texture.size.width == whole)

        // Drawn: ink to the end of the Japanese, none past it.
        rig.screen.clear(0, 0, 0)
        let drawn = rig.screen.text("Chapter 1 吾輩は猫", x: 10, y: 50)
        let pixels = rig.screen.readPixels()
        func ink(columns: Range<Int>) -> Int {
            var count = 0
            for y in 30..<70 { for x in columns where pixels[(y * Self.size.width + x) * 3] > 100 { count += 1 } }
            return count
        }
        #expect(Int(drawn) == whole)
        #expect(ink(columns: (10 + latin + 2)..<(10 + whole - 2)) > 100, "the Japanese run has no ink")
        #expect(ink(columns: (10 + whole + 2)..<(10 + whole + 40)) == 0)
    }

    /// The columns with ink (alpha over half) of an ARGB surface SDL_ttf rendered.
    func inkColumns(of surface: UnsafeMutablePointer<SDL_Surface>) -> [Int] {
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        return (0..<width).filter { x in (0..<height).contains { y in pixels[y * pitch + x * 4 + 3] > 128 } }
    }

    /// Latin is kerned as HarfBuzz shapes it: "AVATAR WAVE" on a page is as wide as
    /// HarfBuzz's own setting of it through SDL_ttf (script Latn), and narrower than its
    /// letters' advances side by side; pairs like "To" close up.
    @Test func latinIsKernedAsHarfBuzzSetsIt() throws {
        let rig = Rig(size: Self.size)
        let text = "AVATAR WAVE"
        try withFile(text + "\n") { path in
            let viewer = try open(path, rig)
            let frame = rig.look(viewer)
            let top = viewer.pageTop + viewer.look.pad
            let ink = inkColumns(frame, rows: top..<(top + viewer.measurer.lineHeight))
            let drawn = try #require(ink.last) - (try #require(ink.first)) + 1
            // The reference: the same font shaping the whole line.
            let font = viewer.measurer.fonts[0]
            let surface = try #require(font.shapedSurface(text, script: "Latn", rightToLeft: false, color: SDL_Color(r: 0, g: 0, b: 0, a: 255)))
            defer { SDL_FreeSurface(surface) }
            let shapedInk = inkColumns(of: surface)
            let shaped = try #require(shapedInk.last) - (try #require(shapedInk.first)) + 1
            let unkerned = text.unicodeScalars.reduce(0) { $0 + viewer.measurer.width(of: $1, style: .plain) }
            #expect(abs(drawn - shaped) <= 2, "drawn \(drawn) px, HarfBuzz sets it in \(shaped) px")
            #expect(drawn < unkerned - 6, "drawn \(drawn) px, its advances alone \(unkerned) px: not kerned")
        }
        let measurer = try PixelMeasurer(size: 24)
        #expect(measurer.kerning(between: "T", and: "o", style: .plain) < 0, "To is not kerned")
        #expect(measurer.kerning(between: "o", and: "o", style: .plain) == 0, "oo is kerned")
        #expect(measurer.kerning(between: "A", and: "中", style: .plain) == 0, "a stand-in's pair is kerned")
    }
}
