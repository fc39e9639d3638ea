import Foundation
import Testing
import FolioTestSupport

/// Real EPUB books no one here wrote, read with the real binary in tmux.
@Suite(.serialized, .needs(.tmux, .liveManual)) struct BookReadingTests {
    static let manual = "/usr/share/doc/live-manual/epub/live-manual.en.epub"

    func status(_ screen: [String]) -> String { screen.last ?? "" }

    func page(_ screen: [String]) -> Int? {
        let row = status(screen)
        guard let slash = row.range(of: " / ") else { return nil }
        return row[..<slash.lowerBound].split(separator: " ").last.flatMap { Int($0) }
    }

    @Test func aChapterFromTheStripALinkAndBackAndARelaunchAtTheSamePlace() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let environment = ["XDG_STATE_HOME": dir.appendingPathComponent("state").path]
        let tmux = try Tmux(columns: 160, rows: 40, command: [Folio.binary.path, "--mouse", Self.manual], environment: environment)
        let first = try tmux.waitFor("the book") { page($0) == 1 && $0[0].contains("Live Systems Manual") }
        #expect(first[0].contains("Live Systems Project"), "the title and author on the top row: \(first[0])")
        // Click "About this manual" on the chapter strip.
        let column = try #require(first[0].range(of: "About this manual").map { first[0].distance(from: first[0].startIndex, to: $0.lowerBound) })
        try tmux.sendBytes("\u{1B}[<0;\(column + 3);1M\u{1B}[<0;\(column + 3);1m")
        let chapter = try tmux.waitFor("the chapter") { screen in
            (page(screen) ?? 0) > 1 && screen.dropFirst().dropLast().joined().contains("About this manual")
        }
        #expect(page(chapter) != nil)
        // A page with a cross-reference to another section: choose its link and follow it; '' comes back.
        try tmux.send("5g", literal: true)
        try tmux.waitFor("page 5") { page($0) == 5 }
        try tmux.send("Tab")
        let chosen = try tmux.waitFor("a chosen link") { status($0).contains("Enter follows the link to") }
        #expect(page(chosen) == 5)
        try tmux.send("Enter")
        let followed = try tmux.waitFor("the link's page") { page($0).map { $0 > 5 } ?? false }
        let linkPage = try #require(page(followed))
        try tmux.send("''", literal: true)
        try tmux.waitFor("back where the link was") { page($0) == 5 }
        try tmux.send("''", literal: true)
        try tmux.waitFor("and to the link's page again") { page($0) == linkPage }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        // The same place after a relaunch, at another size: the byte the reader was at.
        let stateFolder = dir.appendingPathComponent("state/folio").path
        let saved = try #require(try FileManager.default.contentsOfDirectory(atPath: stateFolder).first)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: stateFolder + "/" + saved))) as? [String: Any]
        let anchor = try #require(json?["anchor"] as? Int)
        #expect(anchor > 0)
        let again = try Tmux(columns: 130, rows: 30, command: [Folio.binary.path, Self.manual], environment: environment)
        try again.waitFor("the book again") { (page($0) ?? 0) > 1 && !status($0).contains("Paginating") }
        try again.send("=")
        try again.waitFor("the same byte") { status($0).contains("byte \(anchor) of") }
        try again.send("q")
    }

    @Test func aBookGoesOutAsPlainTextWithoutEscapes() throws {
        let result = try Folio.run([Self.manual, "--width", "70", "--height", "30"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("Live Systems Manual"))
        #expect(!result.out.contains("\u{1B}"), "no escapes in plain output of a book")
        #expect(result.out.components(separatedBy: "\u{0C}").count > 50)
    }

    @Test(arguments: [
        ("not-a-zip.epub", Data("just text".utf8), "is not a zip archive"),
        ("truncated.epub", Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0, 0, 0]), "truncated"),
    ])
    func aBrokenBookIsOneClearLineAndStatusOne(name: String, bytes: Data, message: String) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent(name)
        try bytes.write(to: file)
        let result = try Folio.run([file.path])
        #expect(result.status == 1)
        #expect(result.err.split(separator: "\n").count == 1 && result.err.contains(message), "\(result.err)")
        #expect(result.out.isEmpty)
    }
}
