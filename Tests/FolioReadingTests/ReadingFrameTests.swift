import Testing
import Folio
import FolioTestSupport
@testable import FolioReading

/// The frame a host draws from (``ReadingFrame``): the pages on screen with their matches, and the
/// leaf mid-turn with the pages beneath and behind it, read through the loop the hosts run.
@Suite struct ReadingFrameTests {
    /// A driver of `Sample.document()` in two-page spreads (200 × 48), on page `page`'s spread.
    static func spreads(rightToLeft: Bool = false, at page: Int = 10) -> SessionDriver {
        var options = ReadingOptions()
        options.rightToLeft = rightToLeft
        var driver = SessionDriver(Sample.document(), width: 200, height: 48, options: options)
        driver.send(.goToPage(page))
        driver.settle()
        return driver
    }

    /// Drags the page area from `x` by `dx` units and leaves the pointer down.
    static func drag(_ driver: inout SessionDriver, from x: Int = 100, by dx: Int) {
        driver.send(.press(x: x, y: 10))
        for step in 1...10 { driver.send(.drag(x: x + dx * step / 10, y: 10)) }
        driver.frame()
    }

    @Test func atRestTheFrameIsTheSpreadWithNoLeaf() {
        let driver = Self.spreads()
        let frame = driver.session.frame
        #expect(frame.isTwoPages && frame.leaf == nil && !frame.isAnimating)
        #expect(frame.pages.map(\.page) == Array(frame.currentPages), "\(frame)")
        #expect(frame.pages.map(\.placement) == driver.session.visiblePages)
        #expect(frame.pages.map(\.placement.side) == [.left, .right])
        #expect(frame.spines == driver.session.spines && frame.spines.count == 1)
        #expect(frame.status == driver.session.statusLine && frame.knownPages == driver.session.pagination.knownPages)
        for page in frame.pages { #expect(page.bytes == driver.session.pagination.bytes(ofPage: page.page)) }
    }

    /// Dragging left in a left-to-right book lifts the right page over the next spread: the leaf's
    /// back is the next left page, beneath it the next right page, and the left page stays flat.
    @Test func aDragLiftsTheOuterLeafOverTheNextSpread() throws {
        var driver = Self.spreads()
        let spread = driver.session.frame.currentPages
        Self.drag(&driver, by: -60)
        let leaf = try #require(driver.session.frame.leaf, "\(driver.session.frame)")
        #expect(leaf.front == spread.upperBound && leaf.opposite == spread.lowerBound)
        #expect(leaf.back == spread.upperBound + 1 && leaf.beneath == spread.upperBound + 2)
        #expect(leaf.outerSide == .right && leaf.progress > 0 && leaf.progress < 1, "\(leaf)")
        #expect(driver.session.frame.isAnimating)
    }

    /// Right to left, the leaf lifts from the left: the outer page is the spread's left one.
    @Test func rightToLeftTheLeafLiftsFromTheLeft() throws {
        var driver = Self.spreads(rightToLeft: true)
        let frame = driver.session.frame
        let left = try #require(frame.pages.first { $0.placement.side == .left }?.page)
        let right = try #require(frame.pages.first { $0.placement.side == .right }?.page)
        Self.drag(&driver, by: 60)
        let leaf = try #require(driver.session.frame.leaf, "\(driver.session.frame)")
        #expect(leaf.outerSide == .left && leaf.front == left && leaf.opposite == right, "\(leaf)")
        #expect(leaf.beneath == left + 2 && leaf.back == left + 1, "\(leaf)")
    }

    /// In one-page spreads the leaf is the page itself over the next one, with a blank back; a text
    /// read as a column of lines (`scrollsText`, the terminal's way) has no leaf to turn.
    @Test func onePageSpreadsTurnThePageOverTheNext() throws {
        var lines = SessionDriver(Sample.document(), width: 80, height: 22)
        Self.drag(&lines, from: 40, by: -10)
        #expect(lines.session.isVertical && lines.session.frame.leaf == nil)
        var options = ReadingOptions()
        options.scrollsText = false
        var driver = SessionDriver(Sample.document(), width: 80, height: 22, options: options)
        driver.send(.goToPage(4))
        driver.settle()
        #expect(!driver.session.frame.isTwoPages)
        Self.drag(&driver, from: 60, by: -30)
        let leaf = try #require(driver.session.frame.leaf)
        #expect(leaf.front == 4 && leaf.beneath == 5 && leaf.back == nil && leaf.opposite == nil, "\(leaf)")
        driver.send(.release(x: 30, y: 10))
        driver.settle()
        #expect(driver.session.frame.leaf == nil)
    }

    /// A search's matches are on the frame's pages where they are, and the status row says the search.
    @Test func matchesAreOnTheirPages() {
        var driver = SessionDriver(Sample.document())
        driver.press(.character("/"))
        driver.type("Paragraph 15[0-9]")
        driver.press(.enter)
        driver.settle()
        let frame = driver.session.frame
        let marked = frame.pages.flatMap(\.matches)
        #expect(!marked.isEmpty)
        for page in frame.pages {
            #expect(page.matches == Array(driver.session.matches(onPage: page.page)))
            #expect(page.matches.allSatisfy { $0.overlaps(page.bytes) })
        }
    }
}
