import Foundation
import FolioComics
import FolioReading
import FolioTestSupport
import Testing

/// Comics packed by the real tools, read back through libarchive: the pages, in the order people
/// expect, byte for byte what was packed; hostile archives refused in one line.
@Suite(.needs(.sevenZip)) struct ComicArchiveTests {
    /// Pages named so that plain string order is wrong, with entries that are not pages.
    static let pages: [(String, [UInt8])] = [
        ("issue/page-10.png", ComicFixtures.png(width: 30, height: 40, rgb: (10, 10, 10))),
        ("issue/page-2.png", ComicFixtures.png(width: 20, height: 30, rgb: (20, 20, 20))),
        ("issue/page-1.png", ComicFixtures.png(width: 10, height: 20, rgb: (30, 30, 30))),
        ("issue/notes.txt", Array("scanned by nobody\n".utf8)),
        ("__MACOSX/issue/._page-1.png", [0, 5, 22, 7]),
    ]
    static let order = ["issue/page-1.png", "issue/page-2.png", "issue/page-10.png"]

    /// Every format a comic comes in gives the same pages, in natural order, with their exact bytes.
    @Test func everyFormatGivesThePagesInNaturalOrderByteForByte() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let made = [
            try fixtures.zip("comic.cbz", Self.pages),
            try fixtures.tar("comic.cbt", Self.pages),
            try fixtures.sevenZip("comic.cb7", Self.pages),
            try fixtures.folder("comic-folder", Self.pages),
        ]
        for path in made {
            let comic = try ComicBook(path: path)
            #expect(comic.pages == Self.order, "\(path)")
            for name in Self.order {
                let packed = Self.pages.first { $0.0 == name }!.1
                #expect(comic.resource(name) == packed, "\(path): \(name)")
            }
            // Read backwards, then forwards again: the cursor reopens as it must.
            #expect(comic.resource(Self.order[0]) == Self.pages[2].1, "\(path)")
            let part = comic.part(at: 2)
            #expect(part.images.first?.size == ImageSize(width: 30, height: 40), "\(path): size from the header")
            #expect(part.images.first?.isStandalone == true)
            #expect(comic.title == path.split(separator: "/").last!.split(separator: ".").first.map(String.init))
        }
    }

    @Test func comicInfoGivesTitleDirectionAndBookmarks() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <Title>The Long Night</Title><Series>Lantern</Series><Number>3</Number>
              <Writer>A. Writer, B. Writer</Writer><LanguageISO>ja</LanguageISO>
              <Manga>YesAndRightToLeft</Manga>
              <Pages>
                <Page Image="0" Type="FrontCover" />
                <Page Image="1" Bookmark="Chapter One" />
                <Page Image="2" Type="Story" DoublePage="True" Bookmark="Chapter Two" />
              </Pages>
            </ComicInfo>
            """
        let path = try fixtures.zip("lantern.cbz", Self.pages + [("ComicInfo.xml", Array(xml.utf8))])
        let comic = try ComicBook(path: path)
        #expect(comic.title == "Lantern #3: The Long Night")
        #expect(comic.authors == ["A. Writer", "B. Writer"])
        #expect(comic.language == "ja")
        #expect(comic.isRightToLeft)
        #expect(comic.info.pages[0]?.isFrontCover == true)
        #expect(comic.info.pages[2]?.isDoublePage == true)
        #expect(comic.contents.map(\.title) == ["Chapter One", "Chapter Two"])
        #expect(comic.contents.map(\.part) == [1, 2])
        // The typed cover stands alone in two-page spreads; the typed double page says so to the reading layer.
        #expect(comic.coverStandsAlone)
        #expect(comic.part(at: 2).images.first?.isDoublePage == true && comic.part(at: 1).images.first?.isDoublePage == false)
        let plain = try ComicBook(path: try fixtures.zip("plain.cbz", Self.pages))
        #expect(!plain.coverStandsAlone, "without ComicInfo the pages pair from the first")
    }

    /// Without bookmarks, each folder of pages is a chapter.
    @Test func foldersAreChaptersWithoutBookmarks() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let picture = ComicFixtures.png(width: 4, height: 6)
        let path = try fixtures.zip("volume.cbz", [("Chapter 10/01.png", picture), ("Chapter 2/01.png", picture),
                                                   ("Chapter 2/02.png", picture), ("Chapter 1/01.png", picture)])
        let comic = try ComicBook(path: path)
        #expect(comic.contents.map(\.title) == ["Chapter 1", "Chapter 2", "Chapter 10"])
        #expect(comic.contents.map(\.part) == [0, 1, 3])
    }

    @Test func encryptedArchivesAreRefusedInOneLine() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        for (name, type) in [("locked.cbz", "zip"), ("locked.cb7", "7z")] {
            let path = try fixtures.sevenZip(name, Self.pages, type: type, password: "secret")
            #expect(throws: ComicError.encrypted(file: name)) { try ComicBook(path: path) }
            #expect(ComicError.encrypted(file: name).description == "folio: \(name): encrypted; folio cannot read protected comics")
        }
    }

    @Test func notAComicAndNoPicturesAreRefused() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let text = try fixtures.folder("t", [("story.cbz", Array("just text, not an archive\n".utf8))]) + "/story.cbz"
        #expect(throws: ComicError.notArchive(file: "story.cbz")) { try ComicBook(path: text) }
        let words = try fixtures.zip("words.cbz", [("a.txt", Array("no pictures".utf8))])
        #expect(throws: ComicError.noPictures(file: "words.cbz")) { try ComicBook(path: words) }
        #expect(throws: ComicError.self) { try ComicBook(path: fixtures.folder.path + "/missing.cbz") }
    }

    /// A page that inflates a thousandfold is stopped by the ratio, long before its 300 MB.
    @Test func aDecompressionBombIsStoppedByItsRatio() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let bomb = [UInt8](repeating: 0, count: 300 << 20)
        let path = try fixtures.zip("bomb.cbz", [("page-1.png", ComicFixtures.png(width: 2, height: 2)), ("page-2.png", bomb)])
        let comic = try ComicBook(path: path)
        #expect(throws: ComicError.compressionRatio(file: "bomb.cbz", entry: "page-2.png", ratio: 200)) {
            try comic.archive.bytes(of: "page-2.png")
        }
        #expect(comic.resource("page-2.png") == nil)
        #expect(comic.resource("page-1.png") != nil, "the other pages still read")
    }

    /// A 50,000 × 50,000 header is refused from its header: the page says so, and nothing decodes it.
    @Test func aPictureBombIsRefusedFromItsHeader() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let path = try fixtures.zip("huge.cbz", [("page-1.png", ComicFixtures.png(width: 2, height: 2)),
                                                 ("page-2.png", ComicFixtures.pngHeader(width: 50_000, height: 50_000))])
        let comic = try ComicBook(path: path)
        let part = comic.part(at: 1)
        #expect(part.images.isEmpty)
        #expect(String(decoding: part.text, as: UTF8.self) == "[page 2 (page-2.png): page-2.png is 50000 × 50000 pixels, too large to show]\n")
    }

    /// A page whose sizes say 1 byte: libarchive's reason ends in a line feed, which the message
    /// leaves out, so it stays one line (the comic fuzz target's first finding).
    @Test func libarchivesReasonIsOneLine() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let page = ComicFixtures.png(width: 2, height: 2)
        let path = try fixtures.zip("sizes.cbz", [("page-1.png", page)])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // The uncompressed size, in the local header (at 22) and in the directory record (at 24).
        let central = (0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual([0x50, 0x4B, 0x01, 0x02]) }!
        for at in [22, central + 24] { bytes[at..<at + 4] = [1, 0, 0, 0] }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let comic = try ComicBook(path: path)
        let reason = "ZIP uncompressed data is wrong size (read \(page.count), expected 1)"
        #expect(throws: ComicError.damaged(file: "sizes.cbz", entry: "page-1.png", reason: reason)) {
            try comic.archive.bytes(of: "page-1.png")
        }
    }

    /// Names come from the archive: a control character or a line break in one shows as a visible
    /// stand-in, in a page's line and in a message, which stay one line and cannot steer the terminal.
    @Test func namesWithControlCharactersStayOnOneLine() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let path = try fixtures.zip("names.cbz", [("page\n1.png", ComicFixtures.png(width: 2, height: 2))])
        let comic = try ComicBook(path: path)
        #expect(String(decoding: comic.part(at: 0).text, as: UTF8.self) == "[image: page 1 (page\u{240A}1.png)]\n")
        let damaged = ComicError.damaged(file: "a\rb.cbz", entry: "p\u{1B}[2J\u{85}.png", reason: "bad\ndata")
        #expect(damaged.description == "folio: a\u{240D}b.cbz: p\u{241B}[2J\u{FFFD}.png is damaged (bad\u{240A}data)")
    }

    /// A tar cut inside its second page: the first page reads, the second says it is damaged.
    @Test func aTruncatedArchiveKeepsWhatCanBeRead() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let big = ComicFixtures.png(width: 200, height: 200)
        let path = try fixtures.tar("cut.cbt", [("p1.png", big), ("p2.png", big)])
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(512 + big.count + 512 + 512 + big.count / 2).write(to: URL(fileURLWithPath: path))
        let comic = try ComicBook(path: path)
        #expect(comic.pages == ["p1.png", "p2.png"])
        #expect(comic.resource("p1.png") == big)
        #expect(comic.resource("p2.png") == nil)
        #expect(throws: ComicError.self) { try comic.archive.bytes(of: "p2.png") }
    }
}
