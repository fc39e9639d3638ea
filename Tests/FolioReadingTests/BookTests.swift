import Testing
import Folio
import FolioTestSupport
@testable import FolioReading

/// A book made in the test: parts of numbered paragraphs, a contents entry
/// per part and one inside part 2, links between parts and one outside.
final class TestBook: BookSource {
    let parts: Int
    let rightToLeft: Bool
    let paragraphs: Int
    private(set) var rendered: [Int] = []

    init(parts: Int = 6, rightToLeft: Bool = false, paragraphs: Int = 40) {
        self.parts = parts
        self.rightToLeft = rightToLeft
        self.paragraphs = paragraphs
    }

    var title: String { "A Test Book" }
    var authors: [String] { ["A. Writer"] }
    var language: String? { "en" }
    var isRightToLeft: Bool { rightToLeft }
    var partCount: Int { parts }

    func part(at index: Int) -> BookPart {
        rendered.append(index)
        var text = "\u{1B}[1mChapter \(index + 1)\u{1B}[22m\n\n"
        var anchors: [String: Int] = [:]
        var links: [BookLink] = []
        for p in 0..<paragraphs {
            if p == paragraphs / 2 { anchors["middle"] = text.utf8.count }
            text += "Part \(index + 1) paragraph \(p): " + String(repeating: "words of the book ", count: 12) + "\n\n"
        }
        let start = text.utf8.count
        text += "\u{1B}[4mnext chapter\u{1B}[24m and \u{1B}[4ma website\u{1B}[24m\n"
        links.append(BookLink(range: start..<(start + 20), target: .part((index + 1) % parts, fragment: "middle")))
        links.append(BookLink(range: (start + 25)..<(start + 45), target: .external("https://example.org")))
        return BookPart(text: Array(text.utf8), anchors: anchors, links: links)
    }

    var contents: [BookContentsEntry] {
        var entries = (0..<parts).map { BookContentsEntry(title: "Chapter \($0 + 1)", level: 1, part: $0) }
        entries.insert(BookContentsEntry(title: "Chapter 2, middle", level: 2, part: 1, fragment: "middle"), at: 2)
        return entries
    }

    func resource(_ path: String) -> [UInt8]? { nil }
}

/// ``TestBook`` whose long first part can come in by its start (``BookSource/partStart(at:bytes:)``),
/// with a contents entry inside that part: told truly (its first lines), or, to see that
/// nothing is lost when a source breaks its promise, as a line the part does not begin with;
/// or not at all, for the same book assembled a whole part at a time.
final class StartingBook: BookSource {
    /// What ``partStart(at:bytes:)`` gives.
    enum Start { case none, truthful, lying }

    let book: TestBook
    let start: Start
    private(set) var startsAsked = 0

    init(parts: Int, start: Start = .truthful) {
        book = TestBook(parts: parts, paragraphs: 400)
        self.start = start
    }

    var title: String { book.title }
    var authors: [String] { book.authors }
    var language: String? { book.language }
    var isRightToLeft: Bool { false }
    var partCount: Int { book.partCount }
    func part(at index: Int) -> BookPart { book.part(at: index) }
    func resource(_ path: String) -> [UInt8]? { nil }
    var contents: [BookContentsEntry] {
        var entries = book.contents
        entries.insert(BookContentsEntry(title: "Chapter 1, middle", level: 2, part: 0, fragment: "middle"), at: 1)
        return entries
    }

    func partStart(at index: Int, bytes: Int) -> BookPart? {
        startsAsked += 1
        guard start != .none else { return nil }
        if start == .lying { return BookPart(text: Array("A first line the part does not begin with\n".utf8)) }
        let whole = book.part(at: index)
        guard whole.text.count > 4 * bytes else { return nil }
        var cut = bytes
        while whole.text[cut - 1] != 0x0A { cut += 1 }
        return BookPart(text: Array(whole.text[..<cut]), anchors: whole.anchors.filter { $0.value < cut },
                        links: whole.links.filter { $0.range.upperBound < cut })
    }

    /// The text, chapters and links of the same book assembled part by part, each whole.
    static func assembledWhole(parts: Int) -> (text: [UInt8], chapters: [Document.Chapter], links: [BookLink]) {
        let whole = BookAssembler(source: StartingBook(parts: parts, start: .none))
        while !whole.isComplete { whole.assemble(budget: 1 << 20) }
        return (whole.text.withBytes(0..<whole.text.count) { Array($0) }, whole.chapters, whole.links)
    }

}

@Suite struct BookTests {
    /// A long first part: its first lines are the first page, the rest follows with the other
    /// parts, and the book comes out as it does part by part. A contents entry in the part's
    /// rest waits for it, rather than landing on the part's first line.
    @Test func aLongFirstPartShowsByItsStartAndTheRestFollows() throws {
        let source = StartingBook(parts: 3)
        var driver = SessionDriver(Document(book: source), width: 100, height: 30)
        let book = try #require(driver.session.document.book)
        let firstPart = source.part(at: 0).text.count
        #expect(source.startsAsked == 1 && book.text.count < firstPart / 2, "only the start is in: \(book.text.count) of \(firstPart)")
        #expect(driver.screenText.hasPrefix("Chapter 1"), "\(driver.screenText.prefix(80))")
        #expect(book.offset(of: .part(0, fragment: "middle")) == nil)
        #expect(book.chapters.map(\.title) == ["Chapter 1"])
        driver.settle()
        let whole = StartingBook.assembledWhole(parts: 3)
        #expect(book.text.withBytes(0..<book.text.count) { Array($0) } == whole.text)
        #expect(book.chapters == whole.chapters)
        #expect(book.chapters.count == 5)
        #expect(book.links == whole.links)
        #expect(driver.session.document.isComplete && driver.screenText.hasPrefix("Chapter 1"))
    }

    /// A source whose start is not what its part begins with loses nothing: the whole part
    /// follows the start on a page of its own, and its chapters and links lead there.
    @Test func aStartThePartDoesNotBeginWithIsFollowedByTheWholePart() throws {
        let source = StartingBook(parts: 3, start: .lying)
        var driver = SessionDriver(Document(book: source), width: 100, height: 30)
        driver.settle()
        let book = try #require(driver.session.document.book)
        let whole = StartingBook.assembledWhole(parts: 3)
        let lie = Array("A first line the part does not begin with\n".utf8)
        let text = book.text.withBytes(0..<book.text.count) { Array($0) }
        #expect(text == lie + [0x0C] + whole.text)
        #expect(book.partStarts.first == lie.count + 1)
        #expect(book.chapters.map(\.offset) == whole.chapters.map { $0.offset + lie.count + 1 })
        #expect(book.links.map(\.range.lowerBound) == whole.links.map { $0.range.lowerBound + lie.count + 1 })
    }

    @Test func aBookOpensOnItsFirstPartAndAssemblesTheRestInTheBackground() {
        let source = TestBook()
        var driver = SessionDriver(Document(book: source), width: 100, height: 30)
        #expect(source.rendered.count < 6, "only the first parts before the first page: \(source.rendered)")
        #expect(driver.screenText.contains("Chapter 1"))
        driver.settle()
        #expect(source.rendered == Array(0..<6))
        #expect(driver.session.document.isComplete)
        #expect(driver.session.chapters.map(\.title) == ["Chapter 1", "Chapter 2", "Chapter 2, middle", "Chapter 3", "Chapter 4",
                                                        "Chapter 5", "Chapter 6"])
    }

    @Test func everyPartStartsAPageAndAChapterFromTheStripLandsOnIt() throws {
        var driver = SessionDriver(Document(book: TestBook()), width: 100, height: 30)
        driver.settle()
        let book = try #require(driver.session.document.book)
        for start in book.partStarts {
            #expect(driver.session.pagination.pageStarts.contains(start), "part at \(start) starts a page")
        }
        driver.send(.goToChapter(3))
        driver.settle()
        #expect(driver.screenText.hasPrefix("Chapter 3"))
        #expect(driver.session.menu.selectedIndex == 3)
    }

    @Test func theStripShowsTheWholeContentsAtOnceAndAChapterNotInYetIsAssembledWhenChosen() throws {
        let source = TestBook(parts: 40)
        var driver = SessionDriver(Document(book: source), width: 100, height: 30)
        let titles = source.contents.map(\.title)
        // Before any background work: every title is on the strip, and the first is chosen.
        #expect(driver.session.menu.items.map(\.title) == titles)
        #expect(driver.session.menu.selectedIndex == 0)
        #expect(source.rendered.count < 5, "\(source.rendered)")

        // A click on a chapter whose part is not in: its part is assembled, and the reader goes there.
        let strip = driver.session.menu
        let eighth = try #require(titles.firstIndex(of: "Chapter 8"))
        let x = Int(strip.frame(ofItem: eighth).x - strip.scrollOffset) + 1
        driver.send(.tapStrip(x: x))
        driver.settle()
        #expect(driver.screenText.hasPrefix("Chapter 8"), "\(driver.screenText.prefix(80))")
        #expect(driver.session.menu.selectedIndex == eighth)
        // `]` goes on to the next, and the strip keeps every title while the rest comes in.
        driver.press(.character("]"))
        driver.settle()
        #expect(driver.screenText.hasPrefix("Chapter 9"), "\(driver.screenText.prefix(80))")
        #expect(driver.session.menu.items.map(\.title) == titles)
        #expect(driver.session.menu.startPages == driver.session.menu.startPages.sorted())
    }

    @Test func aSearchWaitingForAMatchInAPartNotInYetGetsItAssembled() {
        let source = TestBook(parts: 40)
        var driver = SessionDriver(Document(book: source), width: 100, height: 30)
        driver.type("/Part 33 paragraph 7:")
        driver.press(.enter)
        #expect(driver.settle(limit: 20_000) as Bool)
        #expect(driver.screenText.contains("Part 33 paragraph 7:"), "\(driver.screenText.prefix(80))")
    }

    @Test func aChapterFarAheadIsReachedBeforeTheBookIsAssembled() {
        let source = TestBook(parts: 40)
        var driver = SessionDriver(Document(book: source), width: 100, height: 30)
        driver.send(.goToChapter(35))  // "Chapter 35": entry 2 is part 2's middle
        #expect(source.rendered.count >= 35)
        driver.settle()
        #expect(driver.screenText.hasPrefix("Chapter 35"), "\(driver.screenText.prefix(80))")
        #expect(driver.session.menu.selectedIndex == 35)
        driver.send(.goToChapter(41))  // past the last: nothing happens
        #expect(driver.screenText.hasPrefix("Chapter 35"))
    }

    @Test func aLinkIsChosenWithTabFollowedWithEnterAndBackWithTwoQuotes() throws {
        var driver = SessionDriver(Document(book: TestBook()), width: 100, height: 30)
        driver.settle()
        // The links are at the end of a part: go to the page holding part 1's.
        let book = try #require(driver.session.document.book)
        driver.send(.goToOffset(book.links[0].range.lowerBound))
        driver.settle()
        let before = driver.session.currentPage
        driver.press(.tab)
        #expect(driver.session.chosenLink == book.links[0])
        #expect(driver.session.statusLine.message == "Enter follows the link to Chapter 2, middle")
        driver.press(.enter)
        driver.settle()
        #expect(driver.screenText.contains("Part 2 paragraph 20"), "the link lands on its anchor")
        driver.type("''")
        driver.settle()
        #expect(driver.session.currentPage == before)
        // The other link leads outside the book: it says where.
        driver.press(.tab)
        driver.press(.tab)
        driver.press(.enter)
        #expect(driver.session.statusLine.message == "A link outside the book: https://example.org")
    }

    @Test func aClickOnALinkFollowsIt() throws {
        var driver = SessionDriver(Document(book: TestBook()), width: 100, height: 30)
        driver.settle()
        let book = try #require(driver.session.document.book)
        driver.send(.goToOffset(book.links[0].range.lowerBound))
        driver.settle()
        // Find where the link is drawn.
        var spot: (x: Int, y: Int)?
        for page in driver.session.visiblePages {
            driver.session.forEachGlyph(onPage: page.page) { line, glyph in
                if spot == nil, book.links[0].range.contains(glyph.offset), glyph.scalar != " " {
                    spot = (page.x + glyph.x, page.y + line)
                }
            }
        }
        let (x, y) = try #require(spot)
        driver.send(.press(x: x, y: y))
        driver.send(.release(x: x, y: y))
        driver.settle()
        #expect(driver.screenText.contains("Part 2 paragraph 20"))
    }

    @Test func halfWayMeansHalfTheWholeBook() {
        var driver = SessionDriver(Document(book: TestBook(parts: 40)), width: 100, height: 30)
        driver.type("50%")
        #expect(driver.session.isWaiting, "the whole book must be in to know its half")
        driver.settle()
        let half = driver.session.document.text.count / 2
        #expect(driver.session.spreadBytes.contains(half))
    }

    @Test func aRightToLeftBookTurnsTheOtherWay() {
        var driver = SessionDriver(Document(book: TestBook(rightToLeft: true)), width: 160, height: 40)
        driver.settle()
        #expect(driver.session.options.rightToLeft)
        #expect(driver.session.book.orientation == .rightToLeft)
        driver.press(.left)
        driver.settle()
        #expect(driver.session.currentPage > 0, "← turns forward in a right-to-left book")
        let first = driver.session.visiblePages.min { $0.page < $1.page }
        #expect(first?.side == .right, "the first page of a spread is on the right")
    }
}
