import Testing
import Folio
import FolioTestSupport
@testable import FolioReading

/// `&pattern` shows only the lines that match, as `less`'s `&` does, through
/// the loop the hosts run on a manual clock: lines kept and dropped, `&!`,
/// `&` Enter, the reader's place both ways, a search inside the filter, and a
/// big text filtered a slice at a time while the first lines kept show at once.
@Suite struct FilterTests {
    /// `count` numbered lines; every seventh says status=500, the rest status=200.
    static func log(_ count: Int = 2_000) -> Document {
        Document(title: "log", bytes: Array((1...count).map { "line \($0) status=\($0 % 7 == 0 ? 500 : 200)\n" }.joined().utf8))
    }

    /// A page area of 80 × 20 (20 lines a page) over `document`, at rest.
    static func driver(_ document: Document = log()) -> SessionDriver {
        var driver = SessionDriver(document, width: 80, height: 20)
        driver.settle()
        return driver
    }

    /// Types `&` and `typed`, then Enter, and lets the loop run until it is idle.
    static func filter(_ typed: String, _ driver: inout SessionDriver) {
        driver.press(.character("&"))
        driver.type(typed)
        driver.press(.enter)
        driver.settle()
    }

    /// The number in "line N …".
    static func number(_ row: String) -> Int? {
        row.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    @Test func onlyTheMatchingLinesAreShownAndTheStatusRowSaysSo() {
        var driver = Self.driver()
        driver.press(.character("&"))
        #expect(driver.session.statusLine.message == "&" && driver.session.statusLine.isPrompt)
        driver.type("status=500")
        #expect(driver.session.statusLine.message == "&status=500")
        driver.press(.enter)
        driver.settle()
        #expect(driver.loop.isFiltering)
        #expect(driver.rows.allSatisfy { $0.hasSuffix("status=500") }, "\(driver.rows)")
        #expect(driver.rows.compactMap(Self.number) == Array(stride(from: 7, through: 140, by: 7)))
        #expect(driver.session.filteredText?.lineCount == 2_000 / 7)
        #expect(driver.session.statusLine.pages == "&status=500  1 / 15", "\(driver.session.statusLine)")
        #expect(driver.session.statusLine.message == "")
        driver.press(.character("G"))
        driver.settle()
        #expect(driver.rows.last == "line 1995 status=500")
        #expect(driver.session.statusLine.pages == "&status=500  15 / 15")
        #expect(driver.session.statusLine.percent == "100%")
    }

    @Test func andNotShowsTheLinesThatDoNotMatch() {
        var driver = Self.driver()
        Self.filter("!status=500", &driver)
        #expect(driver.rows.allSatisfy { $0.hasSuffix("status=200") })
        #expect(driver.rows.prefix(7).compactMap(Self.number) == [1, 2, 3, 4, 5, 6, 8])
        #expect(driver.session.filteredText?.lineCount == 2_000 - 2_000 / 7)
        #expect(driver.session.statusLine.pages.hasPrefix("&!status=500  1 / "))
    }

    @Test func ampersandEnterShowsEveryLineAgainAtTheLineOnTop() {
        var driver = Self.driver()
        Self.filter("status=500", &driver)
        driver.type("10j")
        driver.settle()
        #expect(driver.rows.first == "line 77 status=500")
        Self.filter("", &driver)
        #expect(!driver.loop.isFiltering)
        #expect(driver.rows.first == "line 77 status=500", "the source line the top came from: \(driver.rows.prefix(2))")
        #expect(driver.rows[1] == "line 78 status=200")
        #expect(!driver.session.statusLine.pages.contains("&"), "\(driver.session.statusLine)")
        #expect(driver.session.anchor == driver.session.document.text.count(ofLinesBefore: 76))
        // `&` Enter with no filter on says so, and `&!` Enter ends a filter as `&` Enter does.
        Self.filter("", &driver)
        #expect(driver.session.statusLine.message == "No filter is on: every line is shown")
        Self.filter("status=500", &driver)
        Self.filter("!", &driver)
        #expect(!driver.loop.isFiltering)
    }

    @Test func enteringLandsOnTheFirstKeptLineAtOrAfterTheReadersLine() {
        var driver = Self.driver()
        driver.type("99j")
        driver.settle()
        #expect(driver.rows.first == "line 100 status=200")
        Self.filter("status=500", &driver)
        #expect(driver.rows.first == "line 105 status=500", "\(driver.rows.prefix(2))")
        Self.filter("", &driver)
        #expect(driver.rows.first == "line 105 status=500")
        // On a kept line, the filter keeps it on top.
        Self.filter("status=500", &driver)
        #expect(driver.rows.first == "line 105 status=500")
        // Past the last kept line: the end of the kept lines.
        Self.filter("", &driver)
        driver.press(.character("G"))
        driver.settle()
        #expect(driver.rows.last == "line 2000 status=200")
        Self.filter("status=500", &driver)
        #expect(driver.rows.last == "line 1995 status=500", "\(driver.rows.suffix(2))")
    }

    @Test func aSearchInsideTheFilterFindsOnlyKeptLines() {
        var driver = Self.driver()
        Self.filter("status=500", &driver)
        driver.press(.character("/"))
        driver.type("line 1(05|995) ")
        driver.press(.enter)
        driver.settle()
        #expect(driver.rows.first == "line 105 status=500")
        #expect(driver.session.visiblePages.flatMap { driver.session.matches(onPage: $0.page) }.count == 1)
        driver.press(.character("n"))
        driver.settle()
        #expect(driver.rows.last == "line 1995 status=500", "\(driver.rows.suffix(1))")
        driver.press(.character("/"))
        driver.type("line 701 ")
        driver.press(.enter)
        driver.settle()
        #expect(driver.session.statusLine.message == "Pattern not found: line 701 ", "701 is not kept")
        // The search goes on in the whole text once the filter ends.
        driver.press(.character("g"))
        driver.settle()
        Self.filter("", &driver)
        #expect(driver.rows.first == "line 7 status=500")
        driver.press(.character("n"))
        driver.settle()
        #expect(driver.rows.first == "line 701 status=200", "\(driver.rows.prefix(1))")
        // And a search in the whole text goes on in the filter.
        driver.press(.character("g"))
        driver.send(.search("line 1(05|995) ", backward: false))
        driver.settle()
        Self.filter("status=500", &driver)
        driver.press(.character("n"))
        driver.settle()
        #expect(driver.rows.last == "line 1995 status=500")
    }

    @Test func rulesStackAsInLess() {
        var driver = Self.driver()
        Self.filter("status=500", &driver)
        Self.filter("!^line 7", &driver)
        let expected = (1...2_000).filter { $0 % 7 == 0 && !"\($0)".hasPrefix("7") }
        #expect(driver.session.filteredText?.lineCount == expected.count)
        #expect(driver.rows.compactMap(Self.number) == Array(expected.prefix(20)))
        #expect(driver.loop.filterRules == [FilterRule("status=500"), FilterRule("^line 7", keepsMatches: false)])
        #expect(driver.session.statusLine.pages.hasPrefix("&status=500 &!^line 7  1 / "))
    }

    @Test func aBadPatternIsANoticeAndNothingIsFiltered() {
        var driver = Self.driver()
        Self.filter("status=(", &driver)
        #expect(!driver.loop.isFiltering)
        #expect(driver.session.statusLine.message.hasPrefix("Bad pattern: "))
        #expect(driver.session.statusLine.isProblem)
    }

    @Test func aFilterThatKeepsNothingSaysSoAndLeavesThePlace() {
        var driver = Self.driver()
        driver.type("30j")
        driver.settle()
        Self.filter("nowhere", &driver)
        #expect(driver.rows.allSatisfy { $0.isEmpty })
        #expect(driver.session.statusLine.message == "No line passes &nowhere")
        Self.filter("", &driver)
        #expect(driver.rows.first == "line 31 status=200")
    }

    @Test func placesSavedWhileFilteringArePlacesInTheWholeText() {
        var driver = Self.driver()
        Self.filter("status=500", &driver)
        driver.type("20j")
        driver.settle()
        #expect(driver.rows.first == "line 147 status=500")
        let line147 = driver.loop.wholeSession.document.text.count(ofLinesBefore: 146)
        #expect(driver.saves.last?.anchor == line147, "\(driver.saves.suffix(2))")
        #expect(driver.loop.readingPosition.anchor == line147)
    }

    @Test func caseFollowsTheReadersRule() {
        var driver = Self.driver()
        Self.filter("STATUS=500", &driver)
        #expect(driver.session.filteredText?.lineCount == 0, "upper case matches only upper case")
        Self.filter("", &driver)
        Self.filter("line 1 status", &driver)
        #expect(driver.session.filteredText?.lineCount == 1)
        var insensitive = SessionDriver(Self.log(), width: 80, height: 20,
                                        options: { var o = ReadingOptions(); o.caseSensitivity = .insensitive; return o }())
        insensitive.settle()
        Self.filter("STATUS=500", &insensitive)
        #expect(insensitive.session.filteredText?.lineCount == 2_000 / 7)
    }

    @Test func linesAreMatchedAsDrawn() {
        // A man page's bold heading (overstruck) and a coloured log word.
        let text = "N\u{8}NA\u{8}AM\u{8}ME\u{8}E\nplain\n\u{1B}[31merror\u{1B}[0m: disk\nerr\u{1B}[1mor\u{1B}[0m split\n"
        var driver = Self.driver(Document(title: "styled", bytes: Array(text.utf8)))
        Self.filter("NAME|error", &driver)
        #expect(driver.rows.prefix(3) == ["NAME", "error: disk", "error split"], "\(driver.rows.prefix(3))")
    }

    /// A book's soft hyphens (U+00AD, drawn only where a line breaks) are not in the words a reader
    /// searches for: `/hyphenation` finds `hy&shy;phen&shy;ation`, its match covering the stored
    /// bytes, and `&` keeps the line.
    @Test func softHyphensAreNotInTheWordsSearched() {
        let lines = (1...300).map { $0 == 250 ? "line 250 is about hy\u{AD}phen\u{AD}ation\n" : "line \($0) is plain\n" }
        let bytes = Array(lines.joined().utf8)
        var driver = Self.driver(Document(title: "book", bytes: bytes))
        driver.press(.character("/"))
        driver.type("hyphenation")
        driver.press(.enter)
        driver.settle()
        #expect(driver.rows.first == "line 250 is about hyphenation", "\(driver.rows.prefix(1))")
        let matches = driver.session.visiblePages.flatMap { driver.session.matches(onPage: $0.page) }
        #expect(matches.map { String(decoding: bytes[$0], as: UTF8.self) } == ["hy\u{AD}phen\u{AD}ation"])
        driver.press(.character("g"))
        Self.filter("phenation$", &driver)
        #expect(driver.rows.prefix(2) == ["line 250 is about hyphenation", ""], "\(driver.rows.prefix(2))")
    }

    @Test func aBigTextIsFilteredASliceAtATimeAndTheFirstLinesShowAtOnce() {
        let bytes = RealisticText.make(.log, bytes: 20 << 20, seed: 20)
        let expected = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
            .filter { $0.contains(0x3D) && String(decoding: $0, as: UTF8.self).contains("status=500") }.count
        var driver = SessionDriver(Document(title: "big", bytes: bytes), width: 120, height: 38)
        driver.budget = 64 * 1024
        driver.settle()
        driver.press(.character("&"))
        driver.type("status=500")
        driver.press(.enter)
        // At once: the first megabyte's lines kept, the rest to come.
        let kept = try! #require(driver.session.filteredText)
        #expect(!kept.isComplete && kept.scanned <= ReadingLoop.filterFirstSlice + TextSearch.maximumLine)
        let lines = kept.withBytes(0..<kept.count) { String(decoding: $0, as: UTF8.self) }.split(separator: "\n")
        #expect(lines.count > 1_000 && lines.allSatisfy { $0.hasSuffix("status=500") })
        let firstRow = driver.text(ofPage: 0).split(separator: "\n").first.map(String.init) ?? ""
        #expect(!firstRow.isEmpty && lines[0].hasPrefix(firstRow), "the first line kept, on the first row: \(firstRow)")
        #expect(driver.session.statusLine.message.hasPrefix("Filtering… "), "\(driver.session.statusLine)")
        // Each turn scans a slice — about four budgets — and goes on until the end.
        var scanned = kept.scanned, turns = 0
        while !kept.isComplete {
            driver.frame()
            turns += 1
            #expect(kept.scanned > scanned && kept.scanned - scanned <= 4 * 64 * 1024 + TextSearch.maximumLine)
            scanned = kept.scanned
            if turns > 1_000 { break }
        }
        #expect(turns > 50, "a 20 MB text in slices: \(turns) turns")
        driver.settle()
        #expect(kept.lineCount == expected)
        #expect(driver.session.statusLine.message == "")
        #expect(!driver.session.statusLine.pages.hasSuffix("+"))
        #expect(driver.loop.filterStalls == 0 && driver.session.work.stalls == 0)
    }

    @Test func theProgressMovesOnScreenWhileNothingIsKept() {
        var driver = SessionDriver(Document(title: "big", bytes: RealisticText.make(.log, bytes: 8 << 20, seed: 8)), width: 120, height: 38)
        driver.budget = 64 * 1024
        driver.settle()
        Self.filter("NEEDLE-LAST", &driver)
        #expect(driver.rows.first?.hasPrefix("NEEDLE-LAST") == true, "the last line, the only one kept: \(driver.rows.prefix(1))")
        driver.press(.character("&"))
        driver.press(.enter)
        driver.settle()
        driver.press(.character("&"))
        driver.type("NEEDLE-LAST")
        driver.press(.enter)
        var shown: [String] = [driver.session.statusLine.message]
        while driver.session.filteredText?.isComplete == false && shown.count < 1_000 {
            driver.log.removeAll()
            driver.frame()
            #expect(driver.log.contains(.redraw), "each slice redraws the progress")
            shown.append(driver.session.statusLine.message)
        }
        let percents = shown.dropLast().compactMap { Int($0.dropFirst("Filtering… ".count).dropLast()) }
        #expect(percents.count == shown.count - 1 && percents == percents.sorted() && Set(percents).count > 5, "\(shown)")
        driver.settle()
        #expect(driver.rows.first?.hasPrefix("NEEDLE-LAST") == true)
    }

    @Test func aStreamIsReadAsFarAsTheKeptLinesNeedAndItsEndEndsTheFilter() {
        var driver = SessionDriver(Document(title: "stdin", format: .plain, text: StreamText()), width: 80, height: 20)
        let text = (1...3_000).map { "line \($0) status=\($0 % 7 == 0 ? 500 : 200)\n" }.joined()
        let bytes = Array(text.utf8)
        driver.receive(bytes[0..<20_000])
        driver.settle()
        Self.filter("status=500", &driver)
        #expect(driver.rows.first == "line 7 status=500")
        #expect(driver.session.statusLine.message == "", "a stream's filter at rest says nothing: \(driver.session.statusLine)")
        #expect(driver.session.statusLine.pages.hasSuffix("+"))
        #expect(driver.loop.wantedInput > 0, "fewer kept lines than the read-ahead: the stream is wanted")
        // G waits for the stream's end, through the filter.
        driver.press(.character("G"))
        driver.settle()
        #expect(driver.session.isWaiting && driver.loop.wantedInput > 0)
        driver.receive(bytes[20_000...])
        driver.settle()
        driver.endInput()
        driver.settle()
        #expect(!driver.session.isWaiting)
        #expect(driver.session.filteredText?.isComplete == true)
        #expect(driver.rows.last == "line 2996 status=500", "\(driver.rows.suffix(2))")
        Self.filter("", &driver)
        #expect(driver.rows.first == "line 2863 status=500", "the top of the last kept screen: \(driver.rows.prefix(1))")
    }

    @Test func aResizeWhileFilteringIsKeptWhenTheFilterEnds() {
        var driver = Self.driver()
        Self.filter("status=500", &driver)
        driver.type("5j")
        driver.send(.resize(Viewport(width: 60, height: 10)))
        driver.settle()
        #expect(driver.rows.count == 10 && driver.rows.first == "line 42 status=500")
        Self.filter("", &driver)
        #expect(driver.session.viewport == Viewport(width: 60, height: 10))
        #expect(driver.rows.count == 10 && driver.rows.first == "line 42 status=500")
    }

    @Test func rReadsTheFileAgainAndFiltersItAgainAtTheSameLine() throws {
        let lines = { (count: Int) in (1...count).map { "line \($0) status=\($0 % 7 == 0 ? 500 : 200)\n" }.joined() }
        let file = try ScratchFile(lines(1_000))
        var driver = SessionDriver(try file.document(), width: 80, height: 20)
        driver.settle()
        Self.filter("status=500", &driver)
        driver.type("30j")
        driver.settle()
        #expect(driver.rows.first == "line 217 status=500")
        file.append("line 1001 status=500 (new)\n")
        driver.press(.character("R"))
        #expect(driver.log.last == .reopen)
        let reopened = driver.reopen()
        #expect(reopened)
        driver.settle()
        #expect(driver.loop.isFiltering && driver.loop.filterRules == [FilterRule("status=500")])
        #expect(driver.rows.first == "line 217 status=500", "\(driver.rows.prefix(1))")
        driver.press(.character("G"))
        driver.settle()
        #expect(driver.rows.last == "line 1001 status=500 (new)")
    }

    @Test func fFollowsAPipesNewMatchesThroughTheFilter() {
        var driver = SessionDriver(Document(title: "stdin", format: .plain, text: StreamText()), width: 80, height: 20)
        driver.receive((1...300).map { "line \($0) status=\($0 % 7 == 0 ? 500 : 200)\n" }.joined())
        driver.settle()
        Self.filter("status=500", &driver)
        driver.press(.character("F"))
        driver.settle()
        #expect(driver.session.isFollowing && driver.loop.wantedInput > 0)
        #expect(driver.rows.contains("line 294 status=500"))
        driver.receive("line 301 status=200\nline 302 status=500 late\n")
        driver.settle()
        #expect(driver.rows.last == "line 302 status=500 late", "\(driver.rows.suffix(2))")
        #expect(driver.session.isFollowing)
        driver.endInput()
        driver.settle()
        #expect(!driver.session.isFollowing && driver.session.statusLine.message.hasSuffix("following stopped"))
    }

    @Test func theReadmeFilterExampleRuns() {
        struct Clock { var now = 0.0 }
        let clock = Clock()
        let session = ReadingSession(document: Self.log(), measurer: CellMeasurer(), viewport: Viewport(width: 80, height: 20))
        // — from the README —
        var loop = ReadingLoop(session)
        _ = loop.handle(.filter(FilterRule("status=500")), at: clock.now)    // &status=500: loop.session shows the kept lines
        while !loop.isIdle { _ = loop.turn(at: clock.now, clock: { clock.now }) }   // the scan, a slice a turn
        let place = loop.readingPosition              // in the whole text's bytes, to save
        _ = loop.handle(.filter(nil), at: clock.now)  // & Enter: every line again, at the line that was on top
        // — end —
        #expect(place.anchor == Self.log().text.count(ofLinesBefore: 6), "line 7, the first kept")
        #expect(!loop.isFiltering && loop.session.anchor == place.anchor)
    }

    @Test func ruleTypedAfterTheAmpersand() {
        #expect(FilterRule(typed: "error") == FilterRule("error"))
        #expect(FilterRule(typed: "!error") == FilterRule("error", keepsMatches: false))
        #expect(FilterRule(typed: "") == nil && FilterRule(typed: "!") == nil)
        #expect("\(FilterRule("x", keepsMatches: false))" == "&!x")
    }
}
