import Foundation
import Testing
import FolioTestSupport
@testable import FolioEPUB

/// Books no one here wrote: two from Debian (Scripts/test installs them; a
/// test fails, not skips, when they are missing) and one pandoc made from
/// the bundled guide.
enum RealBooks {
    static let liveManual = "/usr/share/doc/live-manual/epub/live-manual.en.epub"
    static let liveManualFolder = "/usr/share/doc/live-manual/epub"
    static let packagingGuide = "/usr/share/doc/ubuntu-packaging-guide-epub/ubuntu-packaging-guide.epub"
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let folioGuide = fixtures.appendingPathComponent("folio-guide.epub").path

    static func open(_ path: String) throws -> EPUBBook {
        try #require(FileManager.default.fileExists(atPath: path),
                     "\(path) is missing: bash Scripts/test installs it (live-manual-epub, ubuntu-packaging-guide-epub)")
        return try EPUBBook.open(path: path)
    }

    /// Every string of `entries` and below, depth first, indented by level.
    static func outline(_ entries: [EPUBTOCEntry], level: Int = 0) -> [String] {
        entries.flatMap { [String(repeating: "  ", count: level) + $0.title] + outline($0.children, level: level + 1) }
    }
}

@Suite(.needs(.liveManual, .packagingGuide)) struct RealBookTests {
    @Test func liveManual() throws {
        let book = try RealBooks.open(RealBooks.liveManual)
        #expect(book.metadata == EPUBMetadata(
            title: "Live Systems Manual", authors: ["Live Systems Project <debian-live@lists.debian.org>"],
            language: "en", identifier: "debian-live.alioth.debian.org/manual/epub/live-manual.en.epub"))
        #expect(book.direction == .leftToRight)
        // The package lists 190 itemrefs, one per section, pointing into 47
        // documents: each document is in the reading order once.
        #expect(book.spine.count == 47)
        #expect(book.spine.allSatisfy { $0.isLinear && $0.writingMode == .horizontal && $0.href.hasPrefix("OEBPS/") })
        #expect(book.coverImage == nil)

        // The NCX leaves many navPoints unclosed, so each nests in the one
        // before until a closing tag ends a run: nesting kept as written.
        let flat = book.tableOfContents.flatMap(\.flattened)
        let labels = try ncxLabels(RealBooks.liveManual, "OEBPS/toc.ncx")
        #expect(flat.map(\.title) == labels)
        #expect(flat.count == 190)
        #expect(book.tableOfContents.map(\.title) == ["Table of Contents", "Live Systems Manual"])
        #expect(flat.allSatisfy { book.spineIndex(of: $0.href) != nil }, "every entry points into the spine")
        let terms = try #require(flat.first { $0.title == "1.2 Terms" })
        #expect(terms.href == "OEBPS/about-manual.xhtml" && terms.fragment == "o12")
        let chapter = book.render(spineItem: try #require(book.spineIndex(of: terms.href)))
        #expect(chapter.anchors["o12"] != nil, "the TOC's fragment is an anchor of its document")
    }

    @Test func everyLanguageOfTheLiveManualOpensAndRenders() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: RealBooks.liveManualFolder).filter { $0.hasSuffix(".epub") }
        #expect(files.count == 10)
        for file in files {
            let book = try RealBooks.open(RealBooks.liveManualFolder + "/" + file)
            let language = String(file.dropFirst("live-manual.".count).dropLast(".epub".count))
            #expect(book.metadata.language == language, "\(file)")
            for k in book.spine.indices where file == "live-manual.ja.epub" || k % 5 == 0 {
                let item = book.render(spineItem: k)
                #expect(!item.string.hasPrefix("[missing") && !item.string.hasPrefix("[unreadable"), "\(file) #\(k)")
                #expect(sgrProblems(item.text).isEmpty, "\(file) #\(k): \(sgrProblems(item.text))")
            }
        }
    }

    @Test func ubuntuPackagingGuide() throws {
        let book = try RealBooks.open(RealBooks.packagingGuide)
        #expect(book.metadata == EPUBMetadata(
            title: "Ubuntu Packaging Guide", authors: ["Ubuntu Developers"], language: "en", identifier: "unknown"))
        #expect(book.direction == .leftToRight)
        #expect(book.spine.count == 125)
        #expect(book.spine.filter(\.isLinear).count == 17, "the translations are out of the flow (linear=\"no\")")
        #expect(book.spine.filter { !$0.isLinear }.allSatisfy { $0.href.contains("/") && $0.href.split(separator: "/").first!.count <= 5 })

        // From nav.xhtml: 115 links, nested as its lists nest.
        let outline = RealBooks.outline(book.tableOfContents)
        #expect(outline.count == 115)
        #expect(book.tableOfContents.count == 17)
        #expect(Array(outline.prefix(14)) == [
            "Ubuntu Packaging Guide",
            "Introduction to Ubuntu Development",
            "Getting Set Up",
            "  Install basic packaging software",
            "    Create your GPG key",
            "    Create your SSH key",
            "    Set up pbuilder",
            "  Get set up to work with Launchpad",
            "    About Launchpad",
            "    Get a Launchpad account",
            "    Upload your GPG key to Launchpad",
            "    Upload your SSH key to Launchpad",
            "    Configure your shell",
            "Fixing a bug in Ubuntu",
        ])
        // The navigation document's links are written for another folder;
        // each resolves to the one spine document of that name.
        let setUp = book.tableOfContents[2]
        #expect(setUp.href == "ubuntu-packaging-guide/getting-set-up.xhtml")
        #expect(setUp.children[0].fragment == "install-basic-packaging-software")
        #expect(book.tableOfContents.flatMap(\.flattened).allSatisfy { book.spineIndex(of: $0.href) != nil })

        // A chapter: Sphinx's hidden navigation heading stays hidden (via an
        // @import in its stylesheet), the figure is an image line.
        let chapter = book.render(spineItem: try #require(book.spineIndex(of: "ubuntu-packaging-guide/fixing-a-bug.xhtml")))
        #expect(!chapter.plain.contains("Navigation"))
        #expect(chapter.images.map(\.path) == ["_images/fixing-a-bug.png"])
        #expect(try book.resource("_images/fixing-a-bug.png").starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(chapter.headings.first?.title == "3. Fixing a bug in Ubuntu")
    }

    @Test func pandocGuide() throws {
        let book = try RealBooks.open(RealBooks.folioGuide)
        #expect(book.metadata == EPUBMetadata(
            title: "Folio guide", authors: ["The Folio project"], language: "en", identifier: "urn:folio:guide"))
        #expect(book.direction == .leftToRight)
        #expect(book.spine.map(\.href) == ["EPUB/text/title_page.xhtml"] + (1...7).map { "EPUB/text/ch00\($0).xhtml" })
        // The guide's top-level headings, in order, are the TOC.
        let guide = try String(contentsOf: RealBooks.fixtures.appendingPathComponent("../../../Sources/FolioReading/Document/Guide.swift"), encoding: .utf8)
        let headings = guide.split(separator: "\n").filter { $0.hasPrefix("# ") }.map { String($0.dropFirst(2)) }
        #expect(headings.count == 7)
        #expect(book.tableOfContents.map(\.title) == headings)
        #expect(book.tableOfContents.allSatisfy { $0.children.isEmpty && $0.fragment != nil })
        #expect(book.tableOfContents.map(\.href) == (1...7).map { "EPUB/text/ch00\($0).xhtml" })

        let keys = book.render(spineItem: 2)
        #expect(keys.headings == [EPUBHeading(offset: 0, level: 1, title: "Keys")])
        #expect(keys.anchors["keys"] == 0)
        #expect(keys.plain.contains("\nSpace, f, PgDn, Right, l, j     next page\nb, PgUp, Left, h, k, y          previous page\n"),
                "the key table is preformatted: lines verbatim")
    }

    /// `<navLabel><text>…</text>` of the NCX in document order, read with a
    /// regular expression (independently of the markup parser).
    func ncxLabels(_ book: String, _ entry: String) throws -> [String] {
        let ncx = try runPython("""
            import sys, zipfile, re, html, json
            s = zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode()
            labels = re.findall(r"<navLabel>\\s*<text>(.*?)</text>", s, re.S)
            print(json.dumps([" ".join(html.unescape(re.sub(r"<[^>]*>", "", m)).split()) for m in labels]))
            """, arguments: [book, entry])
        return try JSONDecoder().decode([String].self, from: Data(ncx.utf8))
    }
}

/// Runs `python3 -c script arguments…` and returns its standard output.
func runPython(_ script: String, arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "python3 failed: \(script.prefix(80))")
    return String(decoding: data, as: UTF8.self)
}
