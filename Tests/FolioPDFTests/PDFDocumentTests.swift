import Foundation
import FolioPDF
import FolioReading
import FolioTestSupport
import Testing

/// MuPDF through folio's shim, on real PDFs no one here wrote, checked against poppler's
/// tools: the page count, each page's text, the pages drawn, the outline and the links.
@Suite(.needs(.imageMagick, .poppler, .mupdfTools, .tasn1Manual, .bashManual)) struct PDFDocumentTests {
    static func requireReferences() throws {
        try #require(PDFReferences.installed, "run Scripts/test (libtasn1-doc, bash-doc)")
    }

    @Test func pagesAndTextAreTheDocumentsAsPopplerReadsThem() throws {
        try Self.requireReferences()
        for path in [PDFReferences.libtasn1, PDFReferences.bashReference] {
            let pdf = try PDFDocument(path: path)
            let reference = try PDFReferences.pdftotext(path).split(separator: "\u{0C}", omittingEmptySubsequences: false)
            // pdftotext ends every page with a form feed: one piece more than pages.
            #expect(pdf.pageCount == reference.count - 1, "\(path): \(pdf.pageCount) pages")
            let book = PDFBook(pdf: pdf)
            var letters = 0, found = 0
            for page in 0..<pdf.pageCount {
                let text = String(decoding: book.part(at: page).text, as: UTF8.self)
                let expected = String(reference[page])
                letters += expected.unicodeScalars.filter { $0.properties.isAlphabetic }.count
                found += PDFReferences.lettersInOrder(of: expected, in: text)
            }
            #expect(Double(found) >= 0.98 * Double(letters), "\(path): \(found) of pdftotext's \(letters) letters in order")
        }
    }

    @Test func aPageDrawnIsPopplersPageAndNoOther() throws {
        try Self.requireReferences()
        let pdf = try PDFDocument(path: PDFReferences.libtasn1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-pdf-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Page 12 drawn to fit 500 × 500: the letter page's shape, 386 × 500 (or a pixel off).
        let drawn = try #require(pdf.render(page: 11, fitting: ImageSize(width: 500, height: 500)))
        #expect(drawn.size.height == 500 && abs(drawn.size.width - 386) <= 1, "\(drawn.size)")
        let ours = folder.appendingPathComponent("ours.pam").path
        var pam = Array("P7\nWIDTH \(drawn.size.width)\nHEIGHT \(drawn.size.height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)
        pam += drawn.rgba
        try Data(pam).write(to: URL(fileURLWithPath: ours))
        var differences: [Int: Double] = [:]
        for page in 9...15 {
            let theirs = folder.appendingPathComponent("p\(page).png").path
            try PDFReferences.pdftoppm(PDFReferences.libtasn1, page: page, width: drawn.size.width, height: drawn.size.height, to: theirs)
            differences[page] = try PDFReferences.meanDifference(ours, theirs)
        }
        let nearest = differences.min { $0.value < $1.value }!
        #expect(nearest.key == 12, "the nearest of poppler's pages is page 12: \(differences.sorted { $0.key < $1.key })")
        #expect(nearest.value < 0.03, "and near: \(nearest.value)")
    }

    @Test func theOutlineIsTheContentsAndLinksLeadToPages() throws {
        try Self.requireReferences()
        let book = try PDFBook(path: PDFReferences.bashReference)
        // Its information dictionary has no Title: the file's name stands in.
        #expect(book.title == "bashref", "\(book.title)")
        // MuPDF's own reading of the outline, by its command-line tool, as the reference for the shape.
        let shown = String(decoding: try PDFReferences.output("mutool", ["show", PDFReferences.bashReference, "outline"]), as: UTF8.self)
        let titles = shown.split(separator: "\n").compactMap { line -> String? in
            guard let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else { return nil }
            return String(line[line.index(after: open)..<close])
        }
        #expect(book.contents.map(\.title) == titles)
        #expect(book.contents.first.map { ($0.title, $0.part, $0.level) } ?? ("", 0, 0) == ("Introduction", 6, 1))
        #expect(book.contents.dropFirst().first.map { ($0.title, $0.level) } ?? ("", 0) == ("What is Bash?", 2))
        // The table of contents (page 3) links each line's page number to its page: the first, “1”, to
        // the Introduction on the seventh page, over the text of the number.
        let part = book.part(at: 2)
        let first = try #require(part.links.first, "links on the contents page")
        #expect(first.target == .part(6, fragment: nil))
        #expect(String(decoding: part.text[first.range], as: UTF8.self) == "1")
        #expect(part.links.count >= 30, "\(part.links.count) links")
    }

    @Test func searchMatchesAreBoxesOnThePage() throws {
        try Self.requireReferences()
        let book = try PDFBook(path: PDFReferences.libtasn1)
        let text = book.part(at: 0).text
        let word = Array("Libtasn1".utf8)
        let start = try #require((0...(text.count - word.count)).first { Array(text[$0..<($0 + word.count)]) == word })
        let boxes = book.boxes("page-1", text: start..<(start + word.count))
        // The title: one box, in the page's upper half, on the left.
        #expect(boxes.count == 1, "\(boxes)")
        if let box = boxes.first {
            #expect(box.x0 > 0.05 && box.x1 < 0.5 && box.y0 > 0.2 && box.y1 < 0.5 && box.x1 > box.x0 && box.y1 > box.y0, "\(box)")
        }
    }

    @Test func damagedEncryptedAndEmptyFilesAreRefusedInWords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-pdf-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("notes.pdf").path
        try Data("these are notes, not a PDF\n".utf8).write(to: URL(fileURLWithPath: text))
        #expect(throws: PDFError.self) { try PDFDocument(path: text) }
        do {
            _ = try PDFDocument(path: text)
        } catch {
            #expect(error.description.hasPrefix("folio: \(text): cannot be read as a PDF ("), "\(error)")
            #expect(!error.description.contains("\n"))
        }
        try Self.requireReferences()
        let locked = folder.appendingPathComponent("locked.pdf").path
        try PDFReferences.output("mutool", ["clean", "-E", "aes-256", "-U", "secret", "-O", "owner", PDFReferences.libtasn1, locked])
        #expect(throws: PDFError.encrypted(file: locked)) { try PDFDocument(path: locked) }
        // Cut in half: MuPDF repairs what it can and the pages it finds are read.
        let whole = try Data(contentsOf: URL(fileURLWithPath: PDFReferences.libtasn1))
        let cut = folder.appendingPathComponent("cut.pdf").path
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))
        do {
            let repaired = try PDFDocument(path: cut)
            #expect(repaired.pageCount >= 1)
            _ = PDFBook(pdf: repaired).part(at: repaired.pageCount - 1)
        } catch {
            #expect(error.description.hasPrefix("folio: \(cut): "), "\(error)")
        }
    }

    /// A scan (a picture on each page, no text) is pictures first; a typeset manual is text.
    @Test func aScannedPDFIsPicturesAndATypesetOneText() throws {
        try Self.requireReferences()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-pdf-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = folder.appendingPathComponent("scan.png").path, scan = folder.appendingPathComponent("scan.pdf").path
        try PDFReferences.output("convert", ["-size", "600x800", "gradient:#c04040-#4040c0", picture])
        try PDFReferences.output("mutool", ["convert", "-o", scan, picture])
        let scanned = try PDFBook(path: scan)
        #expect(!scanned.readsAsText)
        #expect(String(decoding: scanned.part(at: 0).text, as: UTF8.self) == "[page 1]\n")
        #expect(try PDFBook(path: PDFReferences.libtasn1).readsAsText)
    }

    /// The test's own yardstick against the textbook dynamic programme, on random strings.
    @Test func lettersInOrderIsTheLongestCommonSubsequence() {
        var random = SplitMix(seed: 20261126)
        for _ in 0..<200 {
            let a = String((0..<Int(random.next() % 150)).map { _ in "abcd ".randomElement(using: &random)! })
            let b = String((0..<Int(random.next() % 150)).map { _ in "abcd ".randomElement(using: &random)! })
            let x = Array(a.filter(\.isLetter)), y = Array(b.filter(\.isLetter))
            var table = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
            for i in 0..<x.count {
                for j in 0..<y.count {
                    table[i + 1][j + 1] = x[i] == y[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
                }
            }
            #expect(PDFReferences.lettersInOrder(of: a, in: b) == table[x.count][y.count], "\(a) / \(b)")
        }
    }
}
