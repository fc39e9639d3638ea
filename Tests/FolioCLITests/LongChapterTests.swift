import Foundation
import Testing
import FolioTestSupport

/// A book whose first chapter is long (a 300 KB document, made here with Python's zipfile):
/// its first page shows from the chapter's start alone, and the whole chapter, and the next,
/// follow without a seam, through the real binary in tmux.
@Suite(.serialized, .needs(.tmux)) struct LongChapterTests {
    /// An EPUB 3 at `path`: chapter 1 of 3,000 numbered paragraphs, chapter 2 of one.
    static func makeBook(at path: String) throws {
        let script = """
            import zipfile, sys
            body1 = "".join("<p>Paragraph %d of the first chapter, some words to read.</p>" % n for n in range(1, 3001))
            with zipfile.ZipFile(sys.argv[1], "w") as z:
                z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
                z.writestr("META-INF/container.xml", '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="b.opf" media-type="application/oebps-package+xml"/></rootfiles></container>')
                def doc(title, body):
                    return '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>%s</title></head><body><h1>%s</h1>%s</body></html>' % (title, title, body)
                z.writestr("c1.xhtml", doc("The long chapter", body1), compress_type=zipfile.ZIP_DEFLATED)
                z.writestr("c2.xhtml", doc("The short chapter", "<p>The second chapter begins here.</p>"), compress_type=zipfile.ZIP_DEFLATED)
                z.writestr("nav.xhtml", '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>c</title></head><body><nav epub:type="toc"><ol><li><a href="c1.xhtml">The long chapter</a></li><li><a href="c2.xhtml">The short chapter</a></li></ol></nav></body></html>')
                z.writestr("b.opf", '<?xml version="1.0" encoding="utf-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:folio:long</dc:identifier><dc:title>A long first chapter</dc:title><dc:language>en</dc:language></metadata><manifest><item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/><item id="c2" href="c2.xhtml" media-type="application/xhtml+xml"/><item id="nav" href="nav.xhtml" properties="nav" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/><itemref idref="c2"/></spine></package>')
            """
        let file = path + ".py"
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        _ = try Folio.shell("python3 \(Tmux.quote(file)) \(Tmux.quote(path))")
    }

    @Test func theFirstPageComesFromTheChaptersStartAndTheRestFollowsWithoutASeam() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("long.epub").path
        try Self.makeBook(at: book)
        let tmux = try Tmux(columns: 100, rows: 30, command: [Folio.binary.path, "--forget", book])
        // Nobody has touched it: the chapter's start, and then every page counted.
        let first = try tmux.waitFor("the first page") { $0.joined().contains("Paragraph 1 of the first chapter") }
        #expect(first.joined().contains("The long chapter"))
        try tmux.waitFor("the page count") { ($0.last ?? "").range(of: #"\b1 / \d+(?![\d+])"#, options: .regularExpression) != nil }
        // The chapter's last paragraph is there once (its start shown first was not added twice).
        try tmux.send("/Paragraph 3000 of", literal: true)
        try tmux.send("Enter")
        let last = try tmux.waitFor("the chapter's last paragraph") { $0.joined().contains("Paragraph 3000 of the first chapter") }
        #expect(!last.joined().contains("Paragraph 1 of the first chapter"))
        try tmux.send("?Paragraph 1 of", literal: true)
        try tmux.send("Enter")
        try tmux.waitFor("its first paragraph, searched back") { $0.joined().contains("Paragraph 1 of the first chapter") }
        try tmux.send("n", literal: true)
        try tmux.waitFor("no earlier one") { ($0.last ?? "").contains("No earlier match") }
        // The next chapter follows it.
        try tmux.send("]", literal: true)
        try tmux.waitFor("the second chapter") { $0.joined().contains("The second chapter begins here.") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
