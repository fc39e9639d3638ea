import Foundation
import FolioTestSupport
import Testing

/// Comics with the real binary in tmux: a manga packed by Python's zipfile, read right to left,
/// its bookmarks in the strip, its place kept across a relaunch.
@Suite(.serialized, .needs(.tmux, .sevenZip)) struct ComicReadingTests {
    @Test func aMangaTurnsRightToLeftShowsItsBookmarksAndKeepsItsPlace() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let xml = """
            <ComicInfo><Series>Lantern</Series><Number>3</Number><Writer>A. Writer</Writer>
            <Manga>YesAndRightToLeft</Manga>
            <Pages><Page Image="0" Bookmark="Opening"/><Page Image="6" Bookmark="Second Act"/></Pages></ComicInfo>
            """
        let pages = (1...12).map { ("vol/p\($0).png", ComicFixtures.png(width: 60 + $0, height: 90)) }
        let path = try fixtures.zip("lantern.cbz", pages + [("ComicInfo.xml", Array(xml.utf8))])
        let environment = ["XDG_STATE_HOME": fixtures.folder.appendingPathComponent("state").path]
        let tmux = try Tmux(columns: 100, rows: 30, command: [Folio.binary.path, "--pages", "--pictures=none", path], environment: environment)
        // Nobody touches it: the first page, the comic's title, its chapters.
        let first = try tmux.waitForStillScreen()
        #expect(StatusRow.pages(first)?.page == 1 && StatusRow.pages(first)?.count == 12, "\(StatusRow.status(first))")
        #expect(first[0].contains("Lantern #3") && first[0].contains("A. Writer"), "title and writer on the top row: \(first[0])")
        #expect(first[0].contains("Opening") && first[0].contains("Second Act"), "bookmarks in the strip: \(first[0])")
        #expect(first.joined().contains("[image: page 1 (p1.png)]"))
        // Right to left: ← turns forward, → back.
        try tmux.send("Left")
        try tmux.waitFor("page 2") { StatusRow.pages($0)?.page == 2 }
        try tmux.send("Left")
        try tmux.waitFor("page 3") { StatusRow.pages($0)?.page == 3 }
        try tmux.send("Right")
        try tmux.waitFor("page 2 again") { StatusRow.pages($0)?.page == 2 }
        // ] goes to the next bookmark (page 7), where page-10 follows page-9, not page-1.
        try tmux.send("]")
        try tmux.waitFor("the second act") { StatusRow.pages($0)?.page == 7 }
        let chapter = try tmux.waitForStillScreen()
        #expect(chapter.joined().contains("(p7.png)"))
        try tmux.send("Left", "Left", "Left")
        try tmux.waitFor("page 10") { StatusRow.pages($0)?.page == 10 }
        let tenth = try tmux.waitForStillScreen()
        #expect(tenth.joined().contains("(p10.png)"), "natural order: p10 is the tenth page")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        let again = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--pages", "--pictures=none", path], environment: environment)
        let reopened = try again.waitForStillScreen()
        #expect(StatusRow.pages(reopened)?.page == 10, "the place kept: \(StatusRow.status(reopened))")
        try again.send("q")
    }

    /// Nobody touches it: the page's picture comes as cells in its colours (24-bit backgrounds),
    /// centred on the page, where `--pictures none` leaves the placeholder line.
    @Test func aPageIsDrawnAsColouredCellsWithoutAKey() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let pages = [("p1.png", ComicFixtures.png(width: 300, height: 450, rgb: (200, 40, 40))),
                     ("p2.png", ComicFixtures.png(width: 300, height: 450, rgb: (30, 160, 60)))]
        let path = try fixtures.zip("flat.cbz", pages)
        let tmux = try Tmux(columns: 100, rows: 32, command: [Folio.binary.path, "--forget", path])
        let red = "48;2;200;40;40"
        let screen = try tmux.waitFor("the picture", styled: true) { $0.joined().contains(red) }
        // 300 × 450 pixels at 10 × 20 a cell is 30 × 23 cells, drawn up to twice that: the page's 30 rows, 39 columns.
        let rows = screen.indices.filter { screen[$0].contains(red) }
        #expect(rows.count == 30, "the picture fills the page's rows: \(rows)")
        #expect(!screen.joined().contains("[image:"), "the placeholder gives way to the picture")
        try tmux.send("Space")
        try tmux.waitFor("the second page") { StatusRow.pages($0)?.page == 2 }
        // A frame caught while the turn is still being written holds both; the screen settles on the second alone.
        let second = try tmux.waitFor("the second picture, the first one gone", styled: true) {
            $0.joined().contains("48;2;30;160;60") && !$0.joined().contains(red)
        }
        #expect(second.filter { $0.contains("48;2;30;160;60") }.count == 30, "the second picture fills the page's rows too")
        try tmux.send("q")

        let none = try Tmux(columns: 100, rows: 32, command: [Folio.binary.path, "--forget", "--pictures=none", path])
        let plain = try none.waitForStillScreen()
        #expect(plain.joined().contains("[image: page 1 (p1.png)]"))
        #expect(!(try none.styledScreen().joined().contains(red)))
        try none.send("q")
    }

    @Test func anEncryptedComicIsRefusedInOneLine() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let path = try fixtures.sevenZip("locked.cbz", [("p1.png", ComicFixtures.png(width: 4, height: 4))], type: "zip",
                                         password: "secret")
        let result = try Folio.run([path])
        #expect(result.status == 1)
        #expect(result.err == "folio: locked.cbz: encrypted; folio cannot read protected comics\n")
    }
}
