import Testing
import Folio
import FolioTestSupport
@testable import FolioReading

/// Images in the flow: the rows an image takes at a page geometry, a
/// standalone image alone on its page, the terminal's one row, and every
/// byte still on exactly one page.
@Suite struct ImageLayoutTests {
    /// A page area that gives a 40-unit line and 20 rows of 10 units (margins of 1).
    static let viewport = (width: 42, height: 200)

    static func driver(_ parts: [[PictureBook.Block]], measurer: any TextMeasurer = PictureMeasurer()) -> SessionDriver {
        var driver = SessionDriver(Document(book: PictureBook(parts: parts)), width: viewport.width, height: viewport.height,
                                   measurer: measurer)
        driver.settle()
        return driver
    }

    static func lines(_ count: Int, from first: Int = 0) -> [PictureBook.Block] {
        (first..<(first + count)).map { .text("line \($0)") }
    }

    @Test(arguments: [
        // natural size, line width × rows → rows taken
        (80, 60, 40, 20, 3),     // shrunk to the line's width: 40×30
        (10, 10, 40, 20, 2),     // blown up at most twice: 20×20
        (15, 15, 40, 20, 3),     // twice is 30×30: three rows
        (40, 1000, 40, 20, 20),  // as tall as the page at most
        (400, 5, 40, 20, 1),     // a sliver still takes a row
        (30, 25, 40, 20, 4),     // 40×33 fills four rows
        (80, 60, 40, 2, 2),      // a short page: all of it
    ])
    func anImageTakesTheRowsItsFittedHeightNeeds(width: Int, height: Int, lineWidth: Int, lines: Int, rows: Int) {
        let geometry = PageGeometry(width: lineWidth, lines: lines)
        let taken = ImageSize(width: width, height: height).rows(geometry: geometry, lineHeight: 10)
        #expect(taken == rows, "\(width)×\(height) on \(geometry) rows of 10")
    }

    @Test func fittingKeepsTheAspectRatioAndNeverBlowsUpMoreThanTwice() {
        #expect(ImageSize(width: 400, height: 300).fitted(width: 200, height: 500) == ImageSize(width: 200, height: 150))
        #expect(ImageSize(width: 400, height: 300).fitted(width: 2000, height: 2000) == ImageSize(width: 800, height: 600))
        #expect(ImageSize(width: 400, height: 300).fitted(width: 2000, height: 150) == ImageSize(width: 200, height: 150))
    }

    @Test func anImageTakesItsRowsAndTheTextAfterItMovesDown() throws {
        let driver = Self.driver([[.text("first"), .image(width: 80, height: 60), .text("last")]])
        let page = driver.session.pagination.layOutPage(0, in: driver.session.document.text)
        let image = try #require(page.images.first)
        #expect(page.images.count == 1)
        #expect(image.row == 1 && image.rows == 3 && image.lines == 1..<2, "\(image)")
        #expect(image.size == ImageSize(width: 80, height: 60))
        #expect(page.row(ofLine: 2) == 4, "the line after the image is drawn below its three rows")
        #expect(page.rowCount == 5)
        var rows: [Int: String] = [:]
        driver.session.forEachGlyph(onPage: 0) { row, glyph in rows[row, default: ""].unicodeScalars.append(glyph.scalar) }
        #expect(rows[0] == "first" && rows[4] == "last" && rows[1]?.hasPrefix("[image:") == true, "\(rows)")
        #expect(driver.session.images(onPage: 0) == page.images)
    }

    @Test func anImageThatDoesNotFitStartsTheNextPage() throws {
        // 18 lines leave two rows; the image needs three.
        let driver = Self.driver([Self.lines(18) + [.image(width: 80, height: 60)] + Self.lines(3, from: 18)])
        let book = try #require(driver.session.document.book)
        let offset = try #require(book.images.first?.offset)
        let pagination = driver.session.pagination
        #expect(pagination.knownPages == 2)
        #expect(pagination.start(ofPage: 1) == offset, "the image starts page 2")
        #expect(driver.session.images(onPage: 1).first?.row == 0)
        #expect(driver.session.images(onPage: 0).isEmpty)
    }

    @Test func aStandaloneImageIsAloneOnItsPageWithABreakBeforeAndAfter() throws {
        let driver = Self.driver([Self.lines(3) + [.standalone(width: 300, height: 400)] + Self.lines(3, from: 3)])
        let book = try #require(driver.session.document.book)
        let image = try #require(book.images.first)
        let pagination = driver.session.pagination
        #expect(pagination.knownPages == 3)
        #expect(pagination.start(ofPage: 1) == image.offset)
        let placeholder = "[image: pic-300x400.png]\n".utf8.count
        #expect(pagination.start(ofPage: 2) == image.offset + placeholder, "the text after it starts the next page")
        let placed = try #require(driver.session.images(onPage: 1).first)
        #expect(placed.row == 0 && placed.rows == 20, "it has every row of its page: \(placed)")
    }

    @Test func aPicturePartMakesOnePageAndNoBlankOneAfterIt() throws {
        // A cover, a chapter, a full-page picture, a chapter: four pages, each part one.
        let driver = Self.driver([[.standalone(width: 600, height: 800)], Self.lines(4), [.standalone(width: 800, height: 600)],
                                  Self.lines(4, from: 4)])
        let book = try #require(driver.session.document.book)
        let pagination = driver.session.pagination
        #expect(pagination.knownPages == 4, "\(Array(pagination.pageStarts))")
        #expect(Array(pagination.pageStarts) == book.partStarts)
        #expect(driver.session.images(onPage: 0).first?.rows == 20)
        #expect(driver.session.images(onPage: 2).first?.rows == 20)
    }

    /// Pages far from any image take the plain path; the image far into a long part still gets its rows.
    @Test func anImageFarIntoALongPartIsPlacedAndThePagesBeforeItAreThePlainOnes() throws {
        let long = (0..<12_000).map { PictureBook.Block.text("line \($0) of a long chapter") }
        let driver = Self.driver([long + [.image(width: 80, height: 60)] + Self.lines(5)])
        let session = driver.session
        let book = try #require(session.document.book)
        let offset = try #require(book.images.first?.offset)
        #expect(offset > 4 * PageGeometry.maximumPageBytes)
        let page = try #require(session.pagination.page(containing: offset))
        let placed = try #require(session.images(onPage: page).first, "the image is on page \(page)")
        #expect(placed.image.offset == offset && placed.rows == 3)
        var plain = Pagination(layout: TextLayout(geometry: session.pagination.layout.geometry))
        while !plain.isComplete { plain.extend(session.document.text, budget: .max) }
        let before = Array(plain.pageStarts.prefix { $0 < offset - PageGeometry.maximumPageBytes })
        #expect(Array(session.pagination.pageStarts.prefix(before.count)) == before)
    }

    @Test func theTerminalKeepsOneRowPerImage() throws {
        let parts: [[PictureBook.Block]] = [[.standalone(width: 600, height: 800)],
                                            Self.lines(15) + [.image(width: 80, height: 60)] + Self.lines(30, from: 15),
                                            Self.lines(2) + [.standalone(width: 80, height: 60)] + Self.lines(2, from: 2)]
        let terminal = Self.driver(parts, measurer: CellMeasurer())
        // The same text paginated by a layout that knows nothing of images.
        let session = terminal.session
        var plain = Pagination(layout: TextLayout(geometry: session.pagination.layout.geometry))
        while !plain.isComplete { plain.extend(session.document.text, budget: .max) }
        #expect(Array(session.pagination.pageStarts) == Array(plain.pageStarts))
        for page in 0..<session.pagination.knownPages {
            #expect(session.images(onPage: page).isEmpty, "page \(page)")
        }
        // An image the window cannot size stays one line too.
        let window = Self.driver([Self.lines(2) + [.missing] + Self.lines(2, from: 2)])
        #expect(window.session.images(onPage: 0).isEmpty)
        #expect(window.session.pagination.knownPages == 1)
    }

    /// Random books of text, images and full-page images at random page sizes:
    /// pages tile the text, each page's lines tile its bytes, no page holds more
    /// rows than it has, every sized image is placed once, at its own line, and
    /// pagination in small slices gives the same pages as in one go.
    @Test func everyByteReachesExactlyOnePageWithImagesPresent() throws {
        for seed in UInt64(1)...60 {
            var random = SplitMix(seed: seed)
            var parts: [[PictureBook.Block]] = []
            for _ in 0..<(1 + random.next(4)) {
                var part: [PictureBook.Block] = []
                for _ in 0..<random.next(30) {
                    switch random.next(10) {
                    case 0, 1: part.append(.image(width: 1 + random.next(300), height: 1 + random.next(300)))
                    case 2: part.append(.standalone(width: 1 + random.next(900), height: 1 + random.next(900)))
                    case 3: part.append(.missing)
                    default:
                        part.append(.text(String(repeating: "word ", count: random.next(20))))
                    }
                }
                parts.append(part)
            }
            let width = 8 + random.next(60), height = 10 + random.next(300)
            let description = "seed \(seed): \(parts) at \(width)×\(height)"
            var driver = SessionDriver(Document(book: PictureBook(parts: parts)), width: width, height: height,
                                       measurer: PictureMeasurer())
            driver.budget = 1 + random.next(200)
            driver.settle()
            let session = driver.session
            let text = session.document.text
            let pagination = session.pagination
            try #require(pagination.isComplete, "\(description)")
            let geometry = pagination.layout.geometry
            var expectedStart = 0
            var placed: [Int] = []
            for page in 0..<pagination.knownPages {
                let bytes = pagination.bytes(ofPage: page)
                #expect(bytes.lowerBound == expectedStart, "\(description): page \(page) starts at \(bytes.lowerBound)")
                expectedStart = bytes.upperBound
                let laid = pagination.layOutPage(page, in: text)
                var at = bytes.lowerBound
                for line in laid.lines {
                    #expect(line.start == at, "\(description): page \(page) line \(line)")
                    at = line.end
                }
                if !laid.lines.isEmpty { #expect(at == bytes.upperBound, "\(description): page \(page) lines end at \(at), page at \(bytes)") }
                #expect(laid.rowCount <= geometry.lines + (laid.images.contains { $0.image.isStandalone } ? 1 : 0),
                        "\(description): page \(page) fills \(laid.rowCount) rows of \(geometry.lines)")
                for image in laid.images {
                    #expect(laid.lines[image.lines.lowerBound].start == image.image.offset, "\(description): \(image)")
                    #expect(image.rows >= 1 && image.row + image.rows <= geometry.lines, "\(description): \(image)")
                    if image.image.isStandalone { #expect(image.row == 0 && image.rows == geometry.lines, "\(description): \(image)") }
                    placed.append(image.image.offset)
                }
            }
            #expect(expectedStart == text.count, "\(description): the pages end at \(expectedStart) of \(text.count)")
            let book = try #require(session.document.book)
            let sized = book.images.filter { $0.path != "missing.png" }.map(\.offset)
            #expect(placed == sized, "\(description): every sized image placed once")
            // The same pages in one go.
            var whole = Pagination(layout: TextLayout(geometry: geometry, measurer: PictureMeasurer(), book: book))
            while !whole.isComplete { whole.extend(text, budget: .max) }
            #expect(Array(whole.pageStarts) == Array(pagination.pageStarts), "\(description)")
        }
    }
}
