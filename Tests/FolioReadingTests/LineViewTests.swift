import Testing
import Folio
import FolioTestSupport
@testable import FolioReading

/// A text shown one page at a time reads as `less` reads it: a window on its
/// lines that `j`, `k`, `d`, `u` move by lines and half screens, Space by a
/// screen from the line it is on, `G` to the last line on the bottom row —
/// the engine resting between pages — and the place kept is the top line.
@Suite struct LineViewTests {
    /// 2,000 numbered lines, each short enough to take one row.
    static func numbered(_ count: Int = 2_000) -> Document {
        Document(title: "lines", bytes: Array((1...count).map { "line \($0)\n" }.joined().utf8))
    }

    /// A page area of 80 × 20: 20 lines a page.
    static func driver(_ document: Document = numbered(), options: ReadingOptions = ReadingOptions()) -> SessionDriver {
        var driver = SessionDriver(document, width: 80, height: 20, options: options)
        driver.settle()
        return driver
    }

    @Test func jAndKMoveALineAndACountMovesThatMany() {
        var driver = Self.driver()
        #expect(driver.session.isLineView)
        #expect(driver.rows.first == "line 1")
        driver.press(.character("j"))
        driver.settle()
        #expect(driver.rows.first == "line 2", "\(driver.rows.prefix(3))")
        #expect(driver.rows.last == "line 21")
        driver.type("25j")
        driver.settle()
        #expect(driver.rows.first == "line 27")
        driver.press(.up)
        driver.press(.character("k"))
        driver.settle()
        #expect(driver.rows.first == "line 25")
        #expect(driver.session.pager.position.fraction != 0, "the engine rests between two pages")
        #expect(driver.session.anchor == driver.session.document.text.count(ofLinesBefore: 24), "the place is the top line")
    }

    @Test func dAndUMoveHalfAScreenAndACountBecomesTheHalfScreen() {
        var driver = Self.driver()
        driver.press(.character("d"))
        driver.settle()
        #expect(driver.rows.first == "line 11")
        driver.type("3d")
        driver.settle()
        #expect(driver.rows.first == "line 14")
        driver.press(.control("d"))
        driver.settle()
        #expect(driver.rows.first == "line 17", "3d made a half screen 3 lines")
        driver.press(.character("u"))
        driver.settle()
        #expect(driver.rows.first == "line 14")
    }

    @Test func aScreenFromALineKeepsTheLineAndTheEndIsTheLastLineAtTheBottom() {
        var driver = Self.driver()
        driver.type("7j")
        driver.press(.character(" "))
        driver.settle()
        #expect(driver.rows.first == "line 28", "a screen on from line 8")
        driver.press(.character("b"))
        driver.settle()
        #expect(driver.rows.first == "line 8")
        driver.press(.character("G"))
        driver.settle()
        #expect(driver.rows.last == "line 2000", "the last line on the bottom row: \(driver.rows.suffix(2))")
        #expect(driver.rows.first == "line 1981")
        #expect(driver.session.statusLine.percent == "100%")
        driver.press(.character("j"))
        #expect(driver.session.statusLine.message == "End of the document")
        driver.press(.character("g"))
        driver.settle()
        driver.press(.character("k"))
        #expect(driver.session.statusLine.message == "Start of the document")
    }

    @Test func aMatchAndAResizeKeepTheLineAtTheTop() {
        var driver = Self.driver()
        driver.send(.search("line 777$", backward: false))
        driver.settle()
        #expect(driver.rows.first == "line 777", "a match lands on the top line, as less puts it")
        driver.send(.resize(Viewport(width: 60, height: 13)))
        driver.settle()
        #expect(driver.rows.first == "line 777", "a resize keeps the top line: \(driver.rows.prefix(2))")
        driver.send(.resize(Viewport(width: 80, height: 20)))
        driver.settle()
        #expect(driver.rows.first == "line 777")
    }

    @Test func aSavedLineComesBackAtTheTop() {
        var driver = Self.driver()
        driver.type("300j")
        driver.settle()
        let saved = try! #require(driver.saves.last)
        #expect(saved.anchor == driver.session.document.text.count(ofLinesBefore: 300))
        let again = Self.driver(Self.numbered(), options: ReadingOptions())
        var restored = SessionDriver(again.session.document, width: 80, height: 20, restoring: saved)
        restored.settle()
        #expect(restored.rows.first == "line 301")
    }

    @Test func inTwoPagesAndInPagesTheLineKeysTurnPages() {
        var wide = SessionDriver(Sample.document(), width: 200, height: 30)
        wide.settle()
        #expect(wide.session.book.mode == .twoPages)
        #expect(!wide.session.isLineView)
        wide.press(.character("j"))
        wide.settle()
        #expect(wide.session.currentPage == 2, "j turns a spread of two pages")
        var pages = Self.driver(options: ReadingOptions(scrollsText: false))
        #expect(!pages.session.isLineView)
        pages.press(.character("j"))
        pages.settle()
        #expect(pages.session.currentPage == 1)
        #expect(pages.rows.first == "line 21")
    }

    @Test func vSwitchesBetweenLinesAndPagesSideBySide() {
        var driver = Self.driver()
        driver.type("5j")
        driver.press(.character("v"))
        driver.settle()
        #expect(!driver.session.isVertical, "v: pages side by side")
        #expect(driver.session.spreadBytes.contains(driver.session.document.text.count(ofLinesBefore: 5)))
        driver.press(.character("v"))
        driver.settle()
        #expect(driver.session.isLineView)
    }
}

extension TextStorage {
    /// The offset of the first byte of line `line + 1` (the bytes of the first `line` lines).
    func count(ofLinesBefore line: Int) -> Int {
        withBytes(0..<count) { bytes in
            var seen = 0
            for (i, byte) in bytes.enumerated() where byte == 0x0A {
                seen += 1
                if seen == line { return i + 1 }
            }
            return bytes.count
        }
    }
}
