import Testing
import Folio
import FolioTestSupport
@testable import FolioReading

/// Marks (`ma`, `'a`, `''`) are byte offsets kept with the reading position:
/// saved with it, restored with it, and good at any layout.
@Suite struct MarksTests {
    /// A driver on page `page` of the sample, at rest.
    func driver(onPage page: Int, width: Int = 80, height: Int = 22, restoring: ReadingPosition? = nil) -> SessionDriver {
        // Pages side by side, where a page number means a page (a text scrolled by lines rests between them).
        var driver = SessionDriver(Sample.document(), width: width, height: height, options: ReadingOptions(scrollsText: false),
                                   restoring: restoring)
        driver.settle()
        driver.send(.goToPage(page))
        driver.settle()
        return driver
    }

    @Test func settingAMarkSavesItWithThePosition() {
        var driver = driver(onPage: 7)
        let here = driver.session.anchor
        driver.log.removeAll()
        driver.type("ma")
        #expect(driver.session.marks["a"] == here)
        #expect(driver.session.statusLine.message == "Mark a set")
        #expect(driver.saves == [ReadingPosition(anchor: here, page: 7, pageCount: driver.session.pagination.knownPages,
                                                 marks: ["a": here])],
                "the mark is saved at once, with the place: \(driver.log)")
        // Every later save carries the marks, the `'` of the jump included.
        driver.log.removeAll()
        driver.type("50%")
        driver.settle()
        #expect(driver.saves.last?.marks == ["a": here, "'": here])
        #expect(driver.session.readingPosition.marks == ["a": here, "'": here], "the place saved on quit has them too")
    }

    @Test func aSessionOpenedAgainHasTheMarksSavedWithItsPlace() {
        var first = driver(onPage: 9)
        let marked = first.session.anchor
        first.type("mb")
        first.type("3g")
        first.settle()
        let saved = first.session.readingPosition
        #expect(saved.marks["b"] == marked)

        var again = SessionDriver(Sample.document(), options: ReadingOptions(scrollsText: false), restoring: saved)
        again.settle()
        #expect(again.session.currentPage == 2, "the place comes back")
        #expect(again.session.marks == saved.marks)
        again.type("'b")
        again.settle()
        #expect(again.session.spreadBytes.contains(marked), "'b lands on the marked text")
        again.type("''")
        again.settle()
        #expect(again.session.currentPage == 2, "'' goes back to where 'b left")
    }

    /// A mark is a byte, not a page: after a resize to any size and a switch to two pages, `'a`
    /// lands on the page holding it.
    @Test(arguments: [(200, 50), (40, 10), (120, 30), (80, 22)])
    func aMarkSurvivesARelayout(width: Int, height: Int) {
        var driver = driver(onPage: 15)
        let marked = driver.session.anchor
        driver.type("ma")
        driver.type("g")
        driver.settle()
        driver.send(.resize(Viewport(width: width, height: height)))
        driver.settle()
        #expect(driver.session.marks["a"] == marked, "\(width)×\(height)")
        driver.type("'a")
        driver.settle()
        #expect(driver.session.spreadBytes.contains(marked), "\(width)×\(height): 'a shows byte \(marked)")
    }

    @Test func readingTheFileAgainKeepsTheMarks() {
        var driver = driver(onPage: 4)
        driver.type("mc")
        let marks = driver.session.marks
        driver.loop.reload(with: Sample.document(), at: driver.time)
        driver.settle()
        #expect(driver.session.marks == marks)
        #expect(driver.session.currentPage == 4)
    }

    @Test func aMarkPastTheEndOfAShorterDocumentGoesToItsLastPage() {
        let saved = ReadingPosition(anchor: 0, page: 0, pageCount: 1, marks: ["z": 10_000_000])
        var driver = SessionDriver(Sample.document(paragraphs: 20), options: ReadingOptions(scrollsText: false), restoring: saved)
        driver.settle()
        driver.type("'z")
        driver.settle()
        #expect(driver.session.currentPages.upperBound == driver.session.pagination.knownPages - 1)
        #expect(!driver.session.isWaiting)
    }
}
