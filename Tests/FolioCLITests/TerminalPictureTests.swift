import Foundation
import FolioTestSupport
import Testing

/// Pictures the real folio draws in the terminal's pixels, through a pseudo-terminal that answers
/// as a sixel terminal does: the sixel it writes, decoded by ImageMagick, is the comic's page.
@Suite(.serialized, .needs(.imageMagick)) struct TerminalPictureTests {
    /// Runs folio on `path` in a pseudo-terminal of 100 × 32; answers its questions with `answers`
    /// (nothing when nil); returns what it wrote until `done` says so (or 20 s), after which it quits.
    static func run(_ arguments: [String], answers: String?, until done: (String) -> Bool) throws -> String {
        let pty = try PseudoTerminal()
        pty.setSize(columns: 100, rows: 32)
        let pid = try Folio.spawn(["--forget"] + arguments, on: pty)
        var written: [UInt8] = []
        var answered = false
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            written += pty.output(quiet: 0.05)
            let text = String(decoding: written, as: UTF8.self)
            if let answers, !answered, text.contains("\u{1B}[c") {
                pty.type(Array(answers.utf8))
                answered = true
            }
            if done(text) { break }
        }
        pty.type(Array("q".utf8))
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return String(decoding: written, as: UTF8.self)
    }

    /// The first sixel image in `output` (DCS … ST), whole.
    static func firstSixel(_ output: String) -> String? {
        guard let start = output.range(of: "\u{1B}P"), let end = output[start.upperBound...].range(of: "\u{1B}\\") else { return nil }
        return String(output[start.lowerBound..<end.upperBound])
    }

    @Test func aSixelTerminalGetsThePageInPixels() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let path = try fixtures.zip("flat.cbz", [("p1.png", ComicFixtures.png(width: 300, height: 450, rgb: (200, 40, 40))),
                                                 ("p2.png", ComicFixtures.png(width: 300, height: 450, rgb: (30, 160, 60)))])
        // A terminal that speaks sixel and has cells of 9 × 18 pixels; nobody presses a key.
        let output = try Self.run([path], answers: "\u{1B}[6;18;9t\u{1B}[?62;4;22c") { Self.firstSixel($0) != nil }
        #expect(output.contains("\u{1B}[16t") && output.contains("\u{1B}[c"), "folio asks what the terminal draws")
        let sixel = try #require(Self.firstSixel(output), "a sixel picture, unasked")
        let file = fixtures.folder.appendingPathComponent("page.six").path
        try Data(sixel.utf8).write(to: URL(fileURLWithPath: file))
        let png = fixtures.folder.appendingPathComponent("page.png").path
        try fixtures.run("/usr/bin/env", ["convert", "sixel:" + file, png])
        let info = fixtures.folder.appendingPathComponent("page.txt").path
        try fixtures.run("/usr/bin/env", ["convert", png, "-resize", "1x1!", "-depth", "8", "txt:" + info])
        let mean = try String(contentsOfFile: info, encoding: .utf8)
        // 300 × 450 pixels in cells of 9 × 18: 34 × 25 cells natural, fitted to the page's 30 rows (38 columns);
        // its pixels 342 × 540, the page's own red.
        let size = fixtures.folder.appendingPathComponent("size.txt").path
        try fixtures.run("/usr/bin/env", ["sh", "-c", "identify -format '%w %h' \(png) > \(size)"])
        let dimensions = try String(contentsOfFile: size, encoding: .utf8).split(separator: " ").compactMap { Int($0) }
        #expect(dimensions.count == 2 && dimensions[1] == 30 * 18, "the page's 30 rows of 18 pixels: \(dimensions)")
        #expect(dimensions.count == 2 && abs(dimensions[0] * 450 - dimensions[1] * 300) <= 450 * 9, "the page's shape: \(dimensions)")
        let hex = mean.split(separator: "#").dropFirst().first.map { String($0.prefix(6)) } ?? ""
        let value = UInt32(hex, radix: 16) ?? 0
        let channels = [Int(value >> 16), Int(value >> 8 & 0xFF), Int(value & 0xFF)]
        #expect(zip(channels, [200, 40, 40]).allSatisfy { abs($0 - $1) <= 4 }, "the page's colour: \(channels)")
    }

    /// A terminal that speaks no pixels (tmux, say) gets blocks: no sixel, and 24-bit cells.
    @Test func aTerminalWithoutPixelsGetsBlocks() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let path = try fixtures.zip("flat.cbz", [("p1.png", ComicFixtures.png(width: 300, height: 450, rgb: (200, 40, 40)))])
        let output = try Self.run([path], answers: "\u{1B}[?62;22c") { $0.contains("48;2;200;40;40") }
        #expect(output.contains("48;2;200;40;40"))
        #expect(Self.firstSixel(output) == nil)
    }

    /// A comic opened after a text (`:n`) has the terminal asked then, and gets its pixels.
    @Test func aComicOpenedLaterIsAskedForThen() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let comic = try fixtures.zip("flat.cbz", [("p1.png", ComicFixtures.png(width: 300, height: 450, rgb: (200, 40, 40)))])
        let text = fixtures.folder.appendingPathComponent("notes.txt").path
        try Data("a few notes\n".utf8).write(to: URL(fileURLWithPath: text))
        let pty = try PseudoTerminal()
        pty.setSize(columns: 100, rows: 32)
        let pid = try Folio.spawn(["--forget", text, comic], on: pty)
        var written: [UInt8] = []
        let deadline = Date().addingTimeInterval(20)
        var stage = 0
        while Date() < deadline && stage < 3 {
            written += pty.output(quiet: 0.05)
            let seen = String(decoding: written, as: UTF8.self)
            switch stage {
            case 0 where seen.contains("a few notes"):
                // A text starts without asking anything.
                #expect(!seen.contains("\u{1B}[c"), "a text's start asks nothing")
                pty.type(Array(":n\r".utf8))
                stage = 1
            case 1 where seen.contains("\u{1B}[c"):
                pty.type(Array("\u{1B}[6;18;9t\u{1B}[?62;4;22c".utf8))
                stage = 2
            case 2 where Self.firstSixel(seen) != nil:
                stage = 3
            default:
                break
            }
        }
        pty.type(Array("q".utf8))
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        #expect(stage == 3, "asked at :n and drew a sixel (stage \(stage))")
    }
}
