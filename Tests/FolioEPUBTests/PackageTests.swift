import Foundation
import Testing
import FolioReading
@testable import FolioEPUB

/// The container, package document and navigation, on books built to show
/// one rule each.
@Suite struct PackageTests {
    typealias Entry = EPUBFixture.Entry

    @Test func anEPUB2BookTakesItsTableOfContentsFromTheNCX() throws {
        let opf = Entry("OEBPS/content.opf", """
            <?xml version="1.0"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id2">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
                <dc:title>  Two
                  Words </dc:title>
                <dc:creator opf:role="aut">First Author</dc:creator><dc:creator>Second</dc:creator>
                <dc:identifier id="id1">isbn:1</dc:identifier><dc:identifier id="id2">urn:uuid:2</dc:identifier>
                <meta name="cover" content="cover-img"/>
              </metadata>
              <manifest>
                <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
                <item id="a" href="Text/a.xhtml" media-type="application/xhtml+xml"/>
                <item id="notes" href="Text/notes.xhtml" media-type="application/xhtml+xml"/>
                <item id="cover-img" href="Images/cover.jpg" media-type="image/jpeg"/>
              </manifest>
              <spine toc="ncx"><itemref idref="a"/><itemref idref="notes" linear="no"/><itemref idref="missing"/></spine>
            </package>
            """)
        let ncx = Entry("OEBPS/toc.ncx", """
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
              <navPoint id="p1"><navLabel><text>Part &amp; One</text></navLabel><content src="Text/a.xhtml"/>
                <navPoint id="p2"><navLabel><text>Section</text></navLabel><content src="Text/a.xhtml#s%201"/></navPoint>
              </navPoint>
              <navPoint id="p3"><navLabel><text>Notes</text></navLabel><content src="Text/notes.xhtml"/></navPoint>
            </navMap></ncx>
            """)
        let fixture = try EPUBFixture([
            EPUBFixture.mimetype, EPUBFixture.container, opf, ncx,
            Entry("OEBPS/Text/a.xhtml", EPUBFixture.xhtml("<p>a</p>")),
            Entry("OEBPS/Text/notes.xhtml", EPUBFixture.xhtml("<p>n</p>")),
            Entry("OEBPS/Images/cover.jpg", bytes: [0xFF, 0xD8]),
        ])
        let book = try fixture.open()
        #expect(book.metadata == EPUBMetadata(title: "Two Words", authors: ["First Author", "Second"], language: nil, identifier: "urn:uuid:2"))
        #expect(book.spine.map(\.description) == [
            "OEBPS/Text/a.xhtml (application/xhtml+xml)", "OEBPS/Text/notes.xhtml (application/xhtml+xml, non-linear)",
        ])
        #expect(book.tableOfContents == [
            EPUBTOCEntry(title: "Part & One", href: "OEBPS/Text/a.xhtml", children: [
                EPUBTOCEntry(title: "Section", href: "OEBPS/Text/a.xhtml", fragment: "s 1"),
            ]),
            EPUBTOCEntry(title: "Notes", href: "OEBPS/Text/notes.xhtml"),
        ])
        #expect(book.coverImage == "OEBPS/Images/cover.jpg")
        #expect(book.description == "\"Two Words\" by First Author, Second, 2 spine items, 3 TOC entries, ltr")
    }

    @Test func anEPUB3BookPrefersItsNavigationDocument() throws {
        let nav = Entry("OEBPS/nav.xhtml", EPUBFixture.xhtml("""
            <nav epub:type="landmarks"><ol><li><a href="c0.xhtml">Landmark</a></li></ol></nav>
            <nav epub:type="toc"><h1>Contents</h1><ol>
              <li><a href="c0.xhtml">One <em>emphasised</em></a>
                <ol><li><span>Heading only</span><ol><li><a href="c0.xhtml#deep">Deep</a></li></ol></li></ol></li>
              <li><a href="c1.xhtml">Two</a></li>
            </ol></nav>
            """))
        let fixture = try EPUBFixture([
            EPUBFixture.mimetype, EPUBFixture.container,
            EPUBFixture.package(chapters: ["c0.xhtml", "c1.xhtml"], extraManifest: """
                <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
                <item id="img" href="img/c.png" media-type="image/png" properties="cover-image"/>
                """, spineAttributes: "page-progression-direction=\"rtl\""),
            nav, Entry("OEBPS/c0.xhtml", EPUBFixture.xhtml("<p>0</p>")), Entry("OEBPS/c1.xhtml", EPUBFixture.xhtml("<p>1</p>")),
            Entry("OEBPS/img/c.png", bytes: [0x89]),
        ])
        let book = try fixture.open()
        #expect(RealBooks.outline(book.tableOfContents) == ["One emphasised", "  Heading only", "    Deep", "Two"])
        #expect(book.tableOfContents[0].children[0].href == "")
        #expect(book.direction == .rightToLeft)
        #expect(book.coverImage == "OEBPS/img/c.png")
        #expect(book.metadata.language == "en")
    }

    @Test func writingModeComesFromTheCSSOfHtmlOrBody() throws {
        let css = Entry("OEBPS/style.css", "html { -epub-writing-mode: vertical-rl; } .h { writing-mode: horizontal-tb }")
        let link = "<link rel='stylesheet' href='style.css'/>"
        func page(_ html: String) -> String {
            "<?xml version='1.0'?><html \(html) xmlns='http://www.w3.org/1999/xhtml'><head>\(link)</head><body><p>縦書き</p></body></html>"
        }
        let fixture = try EPUBFixture([
            EPUBFixture.mimetype, EPUBFixture.container, EPUBFixture.package(chapters: ["v.xhtml", "h.xhtml", "s.xhtml", "n.xhtml"]), css,
            Entry("OEBPS/v.xhtml", page("")),
            Entry("OEBPS/h.xhtml", page("class='h'")),
            Entry("OEBPS/s.xhtml", "<html><head></head><body style='writing-mode: vertical-lr'><p>x</p></body></html>"),
            Entry("OEBPS/n.xhtml", "<html><head></head><body><p>x</p></body></html>"),
        ])
        let book = try fixture.open()
        #expect(book.spine.map(\.writingMode) == [.verticalRightToLeft, .horizontal, .verticalLeftToRight, .horizontal])
        #expect(book.render(spineItem: 0).string == "縦書き")
    }

    /// A head longer than the first read (16 KB of compressed bytes): the
    /// whole entry is read then, and the body's writing mode still counts.
    @Test func aLongHeadIsReadToItsEnd() throws {
        var random = SystemRandomNumberGenerator()
        let noise = (0..<60_000).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement(using: &random)! }
        let page = "<html><head><!-- \(String(noise)) --></head><body style='writing-mode: vertical-rl'><p>縦</p></body></html>"
        let fixture = try EPUBFixture([
            EPUBFixture.mimetype, EPUBFixture.container, EPUBFixture.package(chapters: ["v.xhtml"]), Entry("OEBPS/v.xhtml", page),
        ])
        let book = try fixture.open()
        #expect(book.spine.map(\.writingMode) == [.verticalRightToLeft])
        #expect(book.render(spineItem: 0).string == "縦")
    }

    /// A vertical-rl book is shown as horizontal text, but its pages turn right
    /// to left even when its spine does not say `page-progression-direction="rtl"`.
    @Test func aVerticalRightToLeftBookTurnsItsPagesRightToLeft() throws {
        func book(_ mode: String) throws -> EPUBFixture {
            try EPUBFixture([
                EPUBFixture.mimetype, EPUBFixture.container, EPUBFixture.package(chapters: ["a.xhtml", "b.xhtml"]),
                Entry("OEBPS/a.xhtml", "<html><head></head><body style='writing-mode: \(mode)'><p>縦</p></body></html>"),
                Entry("OEBPS/b.xhtml", "<html><head></head><body style='writing-mode: \(mode)'><p>書</p></body></html>"),
            ])
        }
        let vertical = try book("vertical-rl"), horizontal = try book("horizontal-tb"), mongolian = try book("vertical-lr")
        #expect(EPUBBookSource(book: try vertical.open()).isRightToLeft)
        // Every host's session turns it right to left: the terminal and the window alike.
        let session = ReadingSession(document: Document(book: EPUBBookSource(book: try vertical.open())), measurer: CellMeasurer(),
                                     viewport: Viewport(width: 80, height: 24))
        #expect(session.options.rightToLeft)
        #expect(!EPUBBookSource(book: try horizontal.open()).isRightToLeft)
        #expect(!EPUBBookSource(book: try mongolian.open()).isRightToLeft)
    }

    @Test func primaryWritingModeMetaAppliesToEveryItem() throws {
        let fixture = try EPUBFixture([
            EPUBFixture.mimetype, EPUBFixture.container,
            EPUBFixture.package(chapters: ["a.xhtml"], spineAttributes: "page-progression-direction='rtl'",
                                metadata: "<dc:title>縦</dc:title><dc:language>ja</dc:language><meta name='primary-writing-mode' content='vertical-rl'/>"),
            Entry("OEBPS/a.xhtml", EPUBFixture.xhtml("<p>本</p>")),
        ])
        let book = try fixture.open()
        #expect(book.spine[0].writingMode == .verticalRightToLeft)
        #expect(book.direction == .rightToLeft)
        #expect(book.metadata == EPUBMetadata(title: "縦", language: "ja"))
    }

    @Test func aBookWithoutATitleIsNamedAfterItsFile() throws {
        let fixture = try EPUBFixture([
            EPUBFixture.mimetype, EPUBFixture.container,
            EPUBFixture.package(chapters: ["a.xhtml"], metadata: ""),
            Entry("OEBPS/a.xhtml", EPUBFixture.xhtml("<p>x</p>")),
        ], name: "My Book.epub")
        #expect(try fixture.open().metadata == EPUBMetadata(title: "My Book"))
    }

    @Test func imageSpineItemsAndFallbacks() throws {
        let fixture = try EPUBFixture([
            EPUBFixture.mimetype, EPUBFixture.container,
            Entry("OEBPS/content.opf", """
                <package version="3.0"><metadata/><manifest>
                  <item id="p1" href="p1.jpg" media-type="image/jpeg"/>
                  <item id="odd" href="x.pdf" media-type="application/pdf" fallback="fb"/>
                  <item id="fb" href="fb.xhtml" media-type="application/xhtml+xml"/>
                </manifest><spine><itemref idref="p1"/><itemref idref="odd"/></spine></package>
                """),
            Entry("OEBPS/p1.jpg", bytes: [0xFF, 0xD8, 0xFF]),
            Entry("OEBPS/fb.xhtml", EPUBFixture.xhtml("<p>fallback</p>")),
        ])
        let book = try fixture.open()
        #expect(book.spine.map(\.href) == ["OEBPS/p1.jpg", "OEBPS/fb.xhtml"])
        let page = book.render(spineItem: 0)
        #expect(page.string == "[image: p1.jpg]")
        #expect(page.images == [EPUBImage(offset: 0, path: "OEBPS/p1.jpg", isStandalone: true)])
        #expect(book.render(spineItem: 1).string == "fallback")
    }

    @Test func documentEncodingsAreHonoured() throws {
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in EPUBFixture.xhtml("<p>Grüße — ☃</p>").utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let latin1: [UInt8] = Array("<?xml version='1.0' encoding='iso-8859-1'?><html><body><p>caf".utf8) + [0xE9, 0x20, 0x93, 0x71, 0x94]
            + Array("</p></body></html>".utf8)
        let fixture = try EPUBFixture([
            EPUBFixture.mimetype, EPUBFixture.container, EPUBFixture.package(chapters: ["u.xhtml", "l.xhtml", "b.xhtml"]),
            Entry("OEBPS/u.xhtml", bytes: utf16),
            Entry("OEBPS/l.xhtml", bytes: latin1),
            Entry("OEBPS/b.xhtml", bytes: [0xEF, 0xBB, 0xBF] + Array(EPUBFixture.xhtml("<p>bom</p>").utf8)),
        ])
        let book = try fixture.open()
        #expect(book.render(spineItem: 0).string == "Grüße — ☃")
        #expect(book.render(spineItem: 1).string == "café “q”")
        #expect(book.render(spineItem: 2).string == "bom")
    }

    @Test func stylesheetsAreReadOncePerBookAndImportsFollowed() throws {
        let fixture = try EPUBFixture([
            EPUBFixture.mimetype, EPUBFixture.container, EPUBFixture.package(chapters: ["a.xhtml", "b.xhtml"]),
            Entry("OEBPS/css/main.css", "/* c; */ @import url('hide.css'); p.keep { color: red }"),
            Entry("OEBPS/css/hide.css", "@import 'main.css'; .x { display: none }"),
            Entry("OEBPS/a.xhtml", EPUBFixture.xhtml("<p>a</p><p class='x'>hidden</p>", head: "<link rel='stylesheet' href='css/main.css'/>")),
            Entry("OEBPS/b.xhtml", EPUBFixture.xhtml("<p class='x'>b</p>", head: "<style>p.x { display: none } p.x.y { display: block }</style>")),
        ])
        let book = try fixture.open()
        #expect(book.render(spineItem: 0).string == "a")
        #expect(book.render(spineItem: 0).string == "a", "the cached stylesheet gives the same result")
        #expect(book.render(spineItem: 1).string == "")
    }
}
