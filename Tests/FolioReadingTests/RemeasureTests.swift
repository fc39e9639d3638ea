import Folio
import FolioReading
import FolioTestSupport
import Testing

/// A window's reading controls in the reading layer: lines capped to a
/// reading measure and centred on the page, and the text measured anew
/// (larger, smaller, another font) at the reader's place.
@Suite struct RemeasureTests {
    /// Cells twice as wide and twice as high as a terminal's: "larger text".
    struct DoubleCells: TextMeasurer {
        func width(of scalar: Unicode.Scalar, style: TextStyle) -> Int { 2 * (DisplayWidth.columns(of: scalar) ?? 1) }
        var columnWidth: Int { 2 }
        var lineHeight: Int { 2 }
        var unitAspect: Double { 1 }
    }

    @Test func cappedLinesAreNoWiderThanTheCapAndStandInTheMiddle() {
        let document = Sample.document(paragraphs: 40, markdown: false)
        var wide = SessionDriver(document, width: 160, height: 30, options: ReadingOptions(spread: .single))
        wide.settle()
        #expect(wide.session.textWidth == 160 - 2 * 1)
        #expect(wide.session.textInset == 1)

        var viewport = Viewport(width: 160, height: 30)
        viewport.lineCap = 70
        var capped = ReadingLoop(ReadingSession(document: document, measurer: CellMeasurer(), viewport: viewport,
                                                options: ReadingOptions(spread: .single), at: 0))
        capped.budget = WorkBudget(fixed: 1 << 20)
        while capped.session.hasWork { _ = capped.turn(at: 0, clock: { 0 }) }
        #expect(capped.session.textWidth == 70)
        #expect(capped.session.textInset == 1 + (158 - 70) / 2)
        var widest = 0
        capped.session.forEachGlyph(onPage: 0) { _, glyph in widest = max(widest, glyph.x + glyph.width) }
        #expect(widest <= 70 && widest > 60, "the lines fill \(widest) of 70 columns")
        // A page narrower than the cap is as before.
        viewport.width = 50
        let narrow = ReadingSession(document: document, measurer: CellMeasurer(), viewport: viewport,
                                    options: ReadingOptions(spread: .single), at: 0)
        #expect(narrow.textWidth == 48 && narrow.textInset == 1)
    }

    @Test func textMeasuredAnewStaysAtTheReadersPlace() {
        var driver = SessionDriver(Sample.document(paragraphs: 400, markdown: true), width: 100, height: 30)
        driver.settle()
        driver.send(.goToPage(60))
        driver.settle()
        driver.press(.character("m"))
        driver.press(.character("a"))
        let anchor = driver.session.anchor
        let pages = driver.session.pagination.knownPages

        driver.loop.remeasure(by: DoubleCells(), viewport: Viewport(width: 100, height: 30), at: driver.time)
        driver.settle()
        #expect(!driver.session.isWaiting, "\(driver.session.mode)")
        #expect(driver.session.spreadBytes.contains(anchor), "byte \(anchor) not in \(driver.session.spreadBytes)")
        #expect(driver.session.pagination.knownPages > pages * 3, "twice the size in both directions: about four times the pages")
        #expect(driver.session.textWidth == 98)

        // Back to the smaller text: the place again, and the mark kept.
        driver.send(.goToPage(0))
        driver.settle()
        driver.loop.remeasure(by: CellMeasurer(), viewport: Viewport(width: 100, height: 30), at: driver.time)
        driver.settle()
        driver.press(.character("'"))
        driver.press(.character("a"))
        driver.settle()
        #expect(driver.session.spreadBytes.contains(anchor), "the mark is lost: byte \(anchor) not in \(driver.session.spreadBytes)")
    }
}
