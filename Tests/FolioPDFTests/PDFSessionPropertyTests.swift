import Folio
import FolioPDF
import FolioReading
import FolioTestSupport
import Foundation
import Testing

/// A real PDF through the reading session, driven by the loop the hosts run, where pictures are drawn
/// (cells of 10 × 20 pixels) and where they are not: random screens and commands. After each step,
/// once the loop is idle: where pictures are drawn each page of the document is one page holding
/// its picture and all its text; and the place saved opens on the same PDF page on another screen.
@Suite(.needs(.poppler, .tasn1Manual)) struct PDFSessionPropertyTests {
    static let runs = Int(ProcessInfo.processInfo.environment["FOLIO_PDF_RUNS"] ?? "") ?? 12

    @Test func pdfPagesKeepTheirPagesAndPlace() throws {
        let path = PDFReferences.libtasn1
        try #require(FileManager.default.fileExists(atPath: path), "run Scripts/test (libtasn1-doc)")
        let seed = UInt64(ProcessInfo.processInfo.environment["FOLIO_PDF_SEED"] ?? "") ?? UInt64(Date().timeIntervalSince1970)
        var random = SplitMix(seed: seed)
        let count = try PDFDocument(path: path).pageCount
        for run in 0..<Self.runs {
            let pictures = random.next(3) != 0
            let measurer = CellMeasurer(pictureCell: pictures ? ImageSize(width: 10, height: 20) : nil)
            let spread = ReadingOptions.SpreadChoice.allCases[random.next(3)]
            func open(width: Int, height: Int, restoring: ReadingPosition? = nil) throws -> SessionDriver {
                SessionDriver(Document(book: try PDFBook(path: path), path: path), width: width, height: height,
                              options: ReadingOptions(spread: spread), restoring: restoring, measurer: measurer)
            }
            var driver = try open(width: 40 + random.next(160), height: 10 + random.next(50))
            var steps: [String] = []
            func context() -> String { "seed \(seed), run \(run): pictures \(pictures), \(spread), \(driver.session.viewport); steps \(steps)" }
            let opened = driver.settle()
            #expect(opened, "\(context())")
            for _ in 0..<5 {
                let command: ReadingCommand
                switch random.next(4) {
                case 0: command = .turn(1 + random.next(3))
                case 1: command = .goToPage(random.next(count))
                case 2: command = .resize(Viewport(width: 40 + random.next(160), height: 10 + random.next(50)))
                default: command = .turn(-(1 + random.next(3)))
                }
                steps.append("\(command)")
                driver.send(command)
                let rested = driver.settle()
                #expect(rested, "\(context())")
                let session = driver.session
                if pictures {
                    // One page per PDF page, each its picture covering all of its text.
                    #expect(session.pagination.isComplete && session.pagination.knownPages == count, "\(context())")
                    for page in session.currentPages {
                        let images = session.images(onPage: page)
                        #expect(images.map(\.image.path) == ["page-\(page + 1)"], "page \(page): \(images); \(context())")
                        // All of its text, and the form feed that ends its part (none after the last).
                        let covered = images.first.map { $0.image.offset + $0.image.coveredText } ?? -1
                        let end = session.pagination.bytes(ofPage: page).upperBound
                        #expect(end == covered || end == covered + 1, "page \(page) ends at \(end), its text at \(covered); \(context())")
                    }
                }
            }
            // The place opens on the same PDF page (the book's part) on another screen.
            let saved = driver.session.readingPosition
            let book = try #require(driver.session.document.book)
            let part = book.part(containing: saved.anchor)
            var again = try open(width: 40 + random.next(160), height: 10 + random.next(50), restoring: saved)
            again.settle()
            let shown = again.session.currentPages.map { again.session.pagination.bytes(ofPage: $0) }
            #expect(shown.contains { $0.contains(saved.anchor) }, "the place \(saved) (part \(String(describing: part))) is on screen; \(context())")
        }
    }
}
