import Testing
import Folio
import FolioTestSupport
@testable import FolioReading

/// A far place in a large text is shown at once, its page counted after (ReadingSession+Leap):
/// through the reading loop's own turns, as a host drives it.
@Suite struct LeapTests {
    /// `count` numbered lines of `length` bytes: `line 000001 …`.
    static func numbered(lines count: Int, length: Int = 70, marking special: Int? = nil) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(count * 100)
        let filler = Array(String(repeating: "a log line that goes on ", count: 4).utf8)
        for n in 1...count {
            var line = Array("line \(String(repeating: "0", count: 6 - String(n).count))\(n) ".utf8)
            if n == special { line += Array("NEEDLE ".utf8) }
            line += filler.prefix(length - 1 - line.count)
            text += line
            text.append(0x0A)
        }
        return text
    }

    /// The line number at the start of row `row`, or nil for a row without one.
    static func number(_ row: String) -> Int? {
        guard row.hasPrefix("line ") else { return nil }
        return Int(row.dropFirst(5).prefix(6))
    }

    @Test func theEndOfALargeTextIsShownAtOnceAndItsPagesCountedAfter() {
        var driver = SessionDriver(Document(title: "log", bytes: Self.numbered(lines: 120_000)), width: 80, height: 24)
        driver.press(.character("G"))
        // No frame yet: the last line is on the bottom row, the page numbers are not known.
        #expect(driver.session.hasLeapt)
        let rows = driver.rows
        #expect(rows.last.flatMap(Self.number) == 120_000, "\(rows.suffix(2))")
        #expect(driver.session.statusLine.pages == "? / ?")
        #expect(driver.session.statusLine.percent == "100%")
        // Counted: the same lines on the same rows, and the page count final.
        let settled1 = driver.settle()
        #expect(settled1)
        #expect(!driver.session.hasLeapt)
        #expect(driver.rows == rows)
        let pages = driver.session.pagination.knownPages
        #expect(driver.session.statusLine.pages == "\(pages) / \(pages)")
        // The pages before the place are there to scroll back to.
        let top = rows.first.flatMap(Self.number) ?? 0
        driver.press(.character("b"))
        driver.settle()
        #expect(driver.rows.first.flatMap(Self.number) == top - rows.count, "\(driver.rows.first ?? "")")
    }

    @Test func aMatchFarAheadIsShownBeforeItsPageIsCounted() {
        // Lines wider than the page: each is two rows, and they wrap alike from either start.
        let text = Self.numbered(lines: 120_000, length: 100, marking: 110_000)
        var driver = SessionDriver(Document(title: "log", bytes: text), width: 80, height: 24)
        driver.type("/NEEDLE")
        driver.press(.enter)
        var frames = 0
        while driver.session.isWaiting && frames < 10_000 {
            driver.frame()
            frames += 1
        }
        // The match's line at the top, as less puts it, with the pages before it still uncounted.
        let rows = driver.rows
        #expect(rows.first.flatMap(Self.number) == 110_000, "\(rows.first ?? "")")
        #expect(driver.session.hasLeapt)
        let settled2 = driver.settle()
        #expect(settled2)
        #expect(!driver.session.hasLeapt)
        #expect(driver.rows == rows)
        #expect(driver.session.pagination.page(containing: text.count / 2) != nil)
    }

    @Test func theStartWaitsForTheCountAndAResizeKeepsTheTopLine() {
        var driver = SessionDriver(Document(title: "log", bytes: Self.numbered(lines: 120_000)), width: 80, height: 24)
        driver.send(.goToPercent(75))
        #expect(driver.session.hasLeapt)
        let top = driver.rows.first.flatMap(Self.number)
        #expect(top.map { abs($0 - 90_000) <= 1 } == true, "\(driver.rows.first ?? "")")
        // A narrower page area: the same line stays at the top, leapt or counted.
        driver.send(.resize(Viewport(width: 60, height: 20)))
        #expect(driver.rows.first.flatMap(Self.number) == top)
        // The first line is a page by number: it waits for the count, then shows.
        driver.press(.character("g"))
        let settled3 = driver.settle()
        #expect(settled3)
        #expect(!driver.session.hasLeapt)
        #expect(driver.rows.first.flatMap(Self.number) == 1, "\(driver.rows.first ?? "")")
        driver.send(.goToPercent(75))
        #expect(!driver.session.hasLeapt, "counted pages: nothing to leap over")
        let settled4 = driver.settle()
        #expect(settled4)
        #expect(driver.rows.first.flatMap(Self.number) == top)
    }

    @Test func aTextPaginationReachesSoonIsNeverLeptOver() {
        var driver = SessionDriver(Document(title: "log", bytes: Self.numbered(lines: 30_000)), width: 80, height: 24)
        driver.press(.character("G"))
        #expect(!driver.session.hasLeapt)
        let settled5 = driver.settle()
        #expect(settled5)
        #expect(driver.rows.last.flatMap(Self.number) == 30_000)
    }
}
