import Foundation
import FolioTestSupport
import Testing

/// PDFs with the real binary, on Debian's own manuals: plain output against pdftotext, refusals in
/// one line, the text read in tmux (which draws no pixels), and a page in a sixel terminal's pixels
/// against poppler's drawing of it.
@Suite(.serialized, .needs(.tmux, .imageMagick, .poppler, .mupdfTools, .tasn1Manual, .bashManual)) struct PDFReadingTests {
    static func requireReferences() throws {
        try #require(PDFReferences.installed, "run Scripts/test (libtasn1-doc, bash-doc)")
    }

    @Test func plainOutputIsTheTextPdftotextReadsPageByPage() throws {
        try Self.requireReferences()
        for path in [PDFReferences.libtasn1, PDFReferences.bashReference] {
            let result = try Folio.run([path])
            #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
            let reference = try PDFReferences.pdftotext(path)
            let letters = reference.unicodeScalars.filter { $0.properties.isAlphabetic }.count
            // Page by page (a form feed between pages), so the measure stays linear in the pages.
            let ours = result.out.split(separator: "\u{0C}", omittingEmptySubsequences: false)
            let theirs = reference.split(separator: "\u{0C}", omittingEmptySubsequences: false)
            #expect(ours.count == theirs.count - 1, "\(path): a form feed between pages: \(ours.count) pages")
            let found = zip(theirs, ours).reduce(0) { $0 + PDFReferences.lettersInOrder(of: String($1.0), in: String($1.1)) }
            #expect(Double(found) >= 0.98 * Double(letters), "\(path): \(found) of pdftotext's \(letters) letters in order")
        }
    }

    @Test func anEncryptedOrDamagedPDFIsRefusedInOneLine() throws {
        try Self.requireReferences()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-pdf-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let locked = folder.appendingPathComponent("locked.pdf").path
        try PDFReferences.output("mutool", ["clean", "-E", "aes-128", "-U", "secret", "-O", "owner", PDFReferences.libtasn1, locked])
        let refused = try Folio.run([locked])
        #expect(refused.status == 1)
        #expect(refused.err == "folio: \(locked): is encrypted; folio cannot open a PDF that needs a password\n")
        let junk = folder.appendingPathComponent("junk.pdf").path
        try Data([UInt8](repeating: 0x41, count: 4096)).write(to: URL(fileURLWithPath: junk))
        let damaged = try Folio.run([junk])
        #expect(damaged.status == 1)
        #expect(damaged.err.hasPrefix("folio: \(junk): cannot be read as a PDF (") && damaged.err.filter { $0 == "\n" }.count == 1,
                "\(damaged.err)")
    }

    /// tmux draws no pixels: the PDF is read as its text, its outline in the strip, and search finds its words.
    @Test func inATerminalWithoutPixelsThePDFIsItsText() throws {
        try Self.requireReferences()
        let tmux = try Tmux(columns: 100, rows: 30, command: [Folio.binary.path, "--forget", PDFReferences.bashReference])
        // Nobody touches it: the first page's text, the outline's chapters on the top row.
        let first = try tmux.waitFor("the first page and the outline") {
            $0.joined().contains("Bash Reference Manual") && $0[0].contains("Introduction") && $0[0].contains("Definitions")
        }
        #expect(first[0].contains("What is Bash?"), "the outline's second level in the strip: \(first[0])")
        // A word first on page 63 (by pdftotext), found from the start.
        let pages = try PDFReferences.pdftotext(PDFReferences.bashReference).split(separator: "\u{0C}")
        #expect(pages[62].contains("READLINE_POINT") && !pages[0..<62].contains { $0.contains("READLINE_POINT") })
        try tmux.send("/")
        try tmux.sendBytes("READLINE_POINT")
        try tmux.send("Enter")
        let found = try tmux.waitFor("the match") { $0.dropLast().joined().contains("READLINE_POINT") }
        // Read as text, a PDF page is two or three screens: the match is well past the 63rd.
        #expect((StatusRow.pages(found)?.page ?? 0) > 63, "\(StatusRow.status(found))")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    /// A sixel terminal gets the page in pixels: ImageMagick reads back the sixel folio writes, and of
    /// poppler's drawings of the first pages at that size, the first page's is the nearest.
    @Test func aSixelTerminalGetsThePageAsPopplerDrawsIt() throws {
        try Self.requireReferences()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-pdf-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try TerminalPictureTests.run([PDFReferences.libtasn1], answers: "\u{1B}[6;18;9t\u{1B}[?62;4;22c") {
            TerminalPictureTests.firstSixel($0) != nil
        }
        let sixel = try #require(TerminalPictureTests.firstSixel(output), "a sixel picture, unasked")
        let file = folder.appendingPathComponent("page.six").path
        try Data(sixel.utf8).write(to: URL(fileURLWithPath: file))
        let png = folder.appendingPathComponent("page.png").path
        try PDFReferences.output("convert", ["sixel:" + file, "-alpha", "off", png])
        let size = try PDFReferences.size(of: png)
        // The page's 30 rows of 18 pixels (sixel's heights come in steps of 6).
        #expect(size.height == 30 * 18, "\(size)")
        var differences: [Int: Double] = [:]
        for page in 1...4 {
            let theirs = folder.appendingPathComponent("p\(page).png").path
            try PDFReferences.pdftoppm(PDFReferences.libtasn1, page: page, width: size.width, height: size.height, to: theirs)
            differences[page] = try PDFReferences.meanDifference(png, theirs)
        }
        let nearest = differences.min { $0.value < $1.value }!
        #expect(nearest.key == 1 && nearest.value < 0.05, "page 1 is the nearest: \(differences.sorted { $0.key < $1.key })")
    }

    /// A search marks its match on the page's pixels, in the same translucent yellow as the window:
    /// the sixel written after the search has it, the one before has none.
    @Test func aSearchIsMarkedOnThePagesPixels() throws {
        try Self.requireReferences()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-pdf-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        /// The pixels of `sixel` in the mark's yellow over white paper (about 255, 231, 145).
        func yellow(_ sixel: String) throws -> Int {
            let name = UUID().uuidString.prefix(8)
            let file = folder.appendingPathComponent(name + ".six").path, png = folder.appendingPathComponent(name + ".png").path
            try Data(sixel.utf8).write(to: URL(fileURLWithPath: file))
            try PDFReferences.output("convert", ["sixel:" + file, "-alpha", "off", png])
            // ImageMagick's histogram: "  412: (252,230,150) #FCE696 srgb(252,230,150)" a colour.
            let histogram = String(decoding: try PDFReferences.output("convert", [png, "-format", "%c", "histogram:info:-"]), as: UTF8.self)
            return histogram.split(separator: "\n").reduce(0) { total, line in
                guard let colon = line.firstIndex(of: ":"), let count = Int(line[..<colon].trimmingCharacters(in: .whitespaces)),
                      let open = line.firstIndex(of: "("), let close = line.firstIndex(of: ")") else { return total }
                let channels = line[line.index(after: open)..<close].split(separator: ",").compactMap { Int($0) }
                let isYellow = channels.count >= 3 && channels[0] > 235 && (200...245).contains(channels[1]) && (110...175).contains(channels[2])
                return total + (isYellow ? count : 0)
            }
        }
        let pty = try PseudoTerminal()
        pty.setSize(columns: 100, rows: 32)
        // One page at a time: every sixel is page 1's.
        let pid = try Folio.spawn(["--forget", "--spread", "single", PDFReferences.libtasn1], on: pty)
        var written: [UInt8] = []
        var before: Int?, after = 0
        var answered = false
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline && after <= 100 {
            written += pty.output(quiet: 0.05)
            var text = String(decoding: written, as: UTF8.self)
            if !answered, text.contains("\u{1B}[c") {
                pty.type(Array("\u{1B}[6;18;9t\u{1B}[?62;4;22c".utf8))
                answered = true
            }
            while let sixel = TerminalPictureTests.firstSixel(text), let range = text.range(of: sixel) {
                if before == nil {
                    // Nobody has searched yet: the page as it is. Then the title's word, on this page.
                    before = try yellow(sixel)
                    pty.type(Array("/Libtasn1\r".utf8))
                } else {
                    after = max(after, try yellow(sixel))
                }
                text = String(text[range.upperBound...])
            }
            written = Array(text.utf8)
        }
        pty.type(Array("q".utf8))
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        #expect((before ?? 99) < 20 && after > 100, "yellow pixels: \(String(describing: before)) before the search, \(after) after")
    }
}
