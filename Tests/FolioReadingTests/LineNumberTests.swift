import Testing
import Folio
import FolioTestSupport
@testable import FolioReading

/// The text's own lines: counted a slice at a time (checked against a plain count), numbered
/// in a gutter (`less -N`), reached with `Ng` where the text scrolls by lines, and chopped at
/// the page's edge with the page area scrolled sideways (`less -S`).
@Suite struct LineNumberTests {
    /// Lines of every length from 0 to 300 bytes, some of them wide characters.
    static func ragged(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix(seed: seed)
        var out: [UInt8] = []
        for n in 0..<count {
            let length = random.next(8) == 0 ? random.next(300) : random.next(80)
            out += Array("\(n):".utf8)
            for k in 0..<length { out += k % 17 == 0 ? Array("語".utf8) : [UInt8(97 + k % 26)] }
            out.append(0x0A)
        }
        return out
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func theIndexAgreesWithAPlainCountWhateverTheSlices(seed: UInt64) {
        let bytes = Self.ragged(20_000, seed: seed)
        let text = StreamText(complete: bytes)
        var index = LineIndex()
        var random = SplitMix(seed: seed)
        while index.canScan(text) { index.scan(text, budget: 1 + random.next(100_000)) }
        #expect(index.isComplete)
        var starts = [0]
        for (i, byte) in bytes.enumerated() where byte == 0x0A && i + 1 < bytes.count { starts.append(i + 1) }
        for _ in 0..<300 {
            let line = 1 + random.next(starts.count)
            #expect(index.start(ofLine: line, in: text) == starts[line - 1], "line \(line)")
            let offset = starts[line - 1] + (line < starts.count ? random.next(starts[line] - starts[line - 1]) : 0)
            #expect(index.lineNumber(at: offset, in: text) == line, "byte \(offset)")
        }
        #expect(index.start(ofLine: starts.count + 50, in: text) == starts.last, "past the end: the last line")
        #expect(LineIndex.lineFeeds(in: UnsafeRawBufferPointer(start: nil, count: 0)) == 0)
    }

    @Test func aStreamIsCountedAsItArrives() {
        let stream = StreamText()
        var index = LineIndex()
        stream.append(Array("one\ntwo\nthr".utf8))
        index.scan(stream, budget: 1 << 20)
        #expect(!index.canScan(stream), "nothing more until the stream grows")
        #expect(index.start(ofLine: 3, in: stream) == 8)
        #expect(index.start(ofLine: 4, in: stream) == nil, "line 4 may still come")
        stream.append(Array("ee\nfour\n".utf8))
        stream.finish()
        while index.canScan(stream) { index.scan(stream, budget: 3) }
        #expect(index.start(ofLine: 4, in: stream) == 14)
        #expect(index.lineNumber(at: 15, in: stream) == 4)
    }

    static func lines(_ count: Int) -> Document {
        Document(title: "lines", bytes: Array((1...count).map { "line \($0) " + String(repeating: "word ", count: $0 % 40) + "\n" }.joined().utf8))
    }

    @Test func theGutterNumbersTheLinesAndNotTheirFoldedRows() {
        var options = ReadingOptions()
        options.showsLineNumbers = true
        var driver = SessionDriver(Self.lines(3_000), width: 80, height: 20, options: options)
        driver.settle()
        let page = driver.session.visiblePages[0]
        #expect(page.gutter == 8)
        #expect(page.width == 80 - 2 - 8, "the text is narrower by the gutter")
        let numbers = driver.session.lineNumbers(onPage: 0)
        #expect(numbers.first?.number == 1 && numbers.first?.row == 0)
        // Each number stands on the row its line starts on: the rows between are the line's folds.
        let rows = driver.rows
        for (row, number) in numbers { #expect(rows[row].hasPrefix("line \(number) "), "row \(row): \(rows[row])") }
        driver.type("1000g")
        driver.settle()
        #expect(driver.rows.first?.hasPrefix("line 1000 ") == true, "Ng goes to line N: \(driver.rows.first ?? "")")
        #expect(driver.session.lineNumbers(onPage: driver.session.visiblePages[0].page).contains { $0.number == 1000 })
    }

    @Test func inPagesSideBySideNgIsStillAPage() {
        var driver = SessionDriver(Self.lines(3_000), width: 80, height: 20, options: ReadingOptions(scrollsText: false))
        driver.settle()
        driver.type("7g")
        driver.settle()
        #expect(driver.session.currentPage == 6)
    }

    @Test func choppedLinesTakeARowEachAndScrollSideways() {
        var options = ReadingOptions()
        options.chopsLongLines = true
        var driver = SessionDriver(Self.lines(200), width: 60, height: 10, options: options)
        driver.settle()
        #expect(driver.rows[8].hasPrefix("line 9 "), "one row a line: \(driver.rows)")
        driver.type("39g")
        driver.settle()
        // Line 39 is "line 39 " and 39 words: 203 columns, chopped at the page's edge.
        let whole = "line 39 " + String(repeating: "word ", count: 39)
        // (The rows hold every glyph the session hands out; a host clips them to the page box.)
        #expect(driver.rows[0].hasPrefix(String(whole.prefix(58))) && driver.session.visiblePages[0].width == 58)
        driver.press(.right)
        #expect(driver.session.sideways == 30, "half the page box")
        #expect(driver.rows[0].hasPrefix(String(whole.dropFirst(30).prefix(58))), "\(driver.rows[0])")
        driver.type("5")
        driver.press(.left)
        #expect(driver.session.sideways == 25, "N← moves N columns")
        for _ in 0..<20 { driver.press(.right) }
        #expect(driver.session.sideways <= whole.count, "not past the widest line on screen")
        for _ in 0..<20 { driver.press(.left) }
        #expect(driver.session.sideways == 0)
        #expect(driver.session.book.mode == .onePage)
    }
}
