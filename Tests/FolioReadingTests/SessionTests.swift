import Foundation
import Testing
import Folio
import FolioTestSupport
@testable import FolioReading

@Suite struct SessionTests {
    @Test func keysTurnPages() {
        var driver = SessionDriver(Sample.document())
        driver.settle()
        #expect(driver.session.pagination.isComplete)
        driver.press(.right)
        driver.settle()
        #expect(driver.session.currentPage == 1)
        driver.press(.character(" "))
        driver.settle()
        driver.press(.character("b"))
        driver.settle()
        #expect(driver.session.currentPage == 1)
        driver.press(.end)
        driver.settle()
        #expect(driver.session.currentPage == driver.session.pagination.knownPages - 1)
        #expect(driver.press(.character("q")) == [.quit])
        #expect(driver.press(.control("c")) == [.quit])
    }

    @Test func aCountBeforeAKeyCountsAsInLess() {
        // Pages side by side, where Ng is page N (in a text scrolled by lines it is line N: LineNumberTests).
        var driver = SessionDriver(Sample.document(), options: ReadingOptions(scrollsText: false))
        driver.settle()
        driver.type("7g")
        driver.settle()
        #expect(driver.session.currentPage == 6, "7g: page 7")
        driver.type("3 ")
        driver.settle()
        #expect(driver.session.currentPage == 9, "3 Space: three pages on")
        driver.type("g")
        driver.settle()
        #expect(driver.session.currentPage == 0, "g alone: the first page")
        driver.type("G")
        driver.settle()
        #expect(driver.session.currentPage == driver.session.pagination.knownPages - 1)
    }

    @Test func aPercentageLandsOnThePageHoldingThatByteAndTheLastPageShowsAHundred() {
        var driver = SessionDriver(Sample.document())
        driver.settle()
        driver.type("50%")
        driver.settle()
        let half = driver.session.document.text.count / 2
        #expect(driver.session.spreadBytes.contains(half))
        #expect((driver.session.percent ?? 0) >= 50, "the page holding the byte at 50 % shows at least 50 %")
        driver.type("G")
        driver.settle()
        #expect(driver.session.percent == 100)
        #expect(driver.session.statusLine.percent == "100%")
    }

    @Test func aResizeKeepsTheTextOnScreen() {
        var driver = SessionDriver(Sample.document(), width: 80, height: 22)
        driver.send(.goToPage(10))
        driver.settle()
        let anchor = driver.session.anchor
        driver.send(.resize(Viewport(width: 200, height: 48)))
        driver.settle()
        #expect(driver.session.book.mode == .twoPages)
        #expect(driver.session.spreadBytes.contains(anchor), "anchor \(anchor) not in \(driver.session.spreadBytes)")
        driver.send(.resize(Viewport(width: 80, height: 22)))
        driver.settle()
        #expect(driver.session.book.mode == .onePage)
        #expect(driver.session.spreadBytes.contains(anchor))
        #expect(driver.session.anchor == anchor, "the anchor does not drift across relayouts")
    }

    @Test func searchFindsMatchesForwardAndBackward() {
        var driver = SessionDriver(Sample.document())
        driver.press(.character("/"))
        driver.type("Paragraph 15[0-9]")
        driver.press(.enter)
        driver.settle()
        let search = try! #require(driver.session.search)
        #expect(search.matches.count == 10)
        #expect(driver.session.spreadBytes.contains(search.matches[0].lowerBound))
        #expect(driver.screenText.contains("Paragraph 150"))
        driver.press(.character("n"))
        driver.settle()
        #expect(driver.screenText.contains("Paragraph 15"))
        driver.press(.character("G"))
        driver.settle()
        driver.press(.character("?"))
        driver.type("Paragraph 1[0-9]:")
        driver.press(.enter)
        driver.settle()
        #expect(driver.screenText.contains("Paragraph 19:"), "? searches backward from the page on screen")
        driver.press(.character("N"))
        driver.settle()
        #expect(driver.session.statusLine.message == "No more matches", "N reverses ?: forward from page 1x, nothing after 19")
    }

    @Test func slashEnterRepeatsTheLastSearchAndABadPatternSaysWhy() {
        var driver = SessionDriver(Sample.document())
        driver.press(.character("/"))
        driver.type("Paragraph 100:")
        driver.press(.enter)
        driver.settle()
        let first = driver.session.currentPage
        driver.send(.first)
        driver.settle()
        driver.press(.character("/"))
        driver.press(.enter)
        driver.settle()
        #expect(driver.session.currentPage == first)
        driver.press(.character("/"))
        driver.type("(unclosed")
        driver.press(.enter)
        #expect(driver.session.statusLine.isProblem)
        #expect(driver.session.statusLine.message.hasPrefix("Bad pattern"))
    }

    /// `less -i` (smart case, the default) and `less -I` (always ignore case), over every case a pattern can take.
    @Test(arguments: [
        (Pattern.CaseSensitivity.smart, "paragraph 15[0-9]:", 10), (.smart, "Paragraph 15[0-9]:", 10), (.smart, "PARAGRAPH 15[0-9]:", 0),
        (.insensitive, "paragraph 15[0-9]:", 10), (.insensitive, "Paragraph 15[0-9]:", 10), (.insensitive, "PARAGRAPH 15[0-9]:", 10),
    ])
    func searchFollowsTheCaseOption(sensitivity: Pattern.CaseSensitivity, pattern: String, matches: Int) {
        var options = ReadingOptions()
        options.caseSensitivity = sensitivity
        var driver = SessionDriver(Sample.document(), options: options)
        driver.press(.character("/"))
        driver.type(pattern)
        driver.press(.enter)
        driver.settle()
        #expect(driver.session.search?.matches.count ?? 0 == matches, "\(sensitivity) \(pattern)")
    }

    @Test func searchMatchesTheTextNotTheEscapes() {
        let man = "N\u{08}NA\u{08}AM\u{08}ME\u{08}E\n     ls - list \u{1B}[1mdirectory\u{1B}[0m contents\n"
        var driver = SessionDriver(Document(title: "man", bytes: Array(man.utf8)))
        driver.press(.character("/"))
        driver.type("NAME")
        driver.press(.enter)
        driver.settle()
        #expect(driver.session.search?.matches == [0..<12], "the match spans the overstruck bytes")
        driver.press(.character("/"))
        driver.type("directory contents")
        driver.press(.enter)
        driver.settle()
        #expect(driver.session.search?.matches.count == 1)
    }

    @Test func markdownHeadingsBecomeChapters() {
        var driver = SessionDriver(Sample.document(markdown: true))
        driver.settle()
        #expect(driver.session.chapters.map(\.title) == ["Chapter 1", "Chapter 2", "Chapter 3", "Chapter 4"])
        driver.send(.goToChapter(2))
        driver.settle()
        #expect(driver.session.menu.selectedIndex == 2)
        driver.press(.character("]"))
        driver.settle()
        #expect(driver.session.menu.selectedIndex == 3)
        driver.press(.character("["))
        driver.press(.character("["))
        driver.settle()
        #expect(driver.session.menu.selectedIndex == 1)
    }

    @Test func clicksInTheOuterThirdsTurnPages() {
        var driver = SessionDriver(Sample.document(), width: 90, options: ReadingOptions(scrollsText: false))
        driver.send(.press(x: 80, y: 10))
        driver.send(.release(x: 80, y: 10))
        driver.settle()
        #expect(driver.session.currentPage == 1)
        driver.send(.press(x: 45, y: 10))
        driver.send(.release(x: 45, y: 10))
        driver.settle()
        #expect(driver.session.currentPage == 1, "the middle third does nothing")
        driver.send(.press(x: 5, y: 10))
        driver.send(.release(x: 5, y: 10))
        driver.settle()
        #expect(driver.session.currentPage == 0)
    }

    @Test func aDragTurnsThePageWithThePhysics() {
        var driver = SessionDriver(Sample.document(), options: ReadingOptions(scrollsText: false))
        driver.send(.press(x: 70, y: 10))
        for x in stride(from: 68, through: 30, by: -2) {
            driver.time += 0.01
            driver.send(.drag(x: x, y: 10))
        }
        #expect(driver.session.pager.activity == .dragging)
        driver.send(.release(x: 30, y: 10))
        #expect(driver.session.pager.activity == .settling)
        driver.settle()
        #expect(driver.session.currentPage == 1)
    }

    @Test func aRestoredPositionPastPaginationWaitsThenLands() {
        let document = Sample.document(paragraphs: 3_000)
        let anchor = document.text.count * 9 / 10
        var driver = SessionDriver(document, restoring: ReadingPosition(anchor: anchor, page: 1_000, pageCount: 1_200))
        #expect(driver.session.isWaiting, "the first pages are all that is known at the start")
        #expect(driver.session.statusLine.message.hasPrefix("Paginating…"))
        driver.settle()
        #expect(!driver.session.isWaiting)
        #expect(driver.session.spreadBytes.contains(anchor))
        #expect(driver.session.anchor == anchor)
        #expect(driver.session.statusLine.message.isEmpty, "no progress is left on the status row once it is done")
        #expect(driver.log.last == .redraw, "the last slice of work asks for the frame that shows it")
    }

    /// Esc while a jump waits leaves the reader on the page shown — and that
    /// page, not the one the jump was heading for, is the place remembered
    /// (found by the command-sequence property: G, a resize to 20×5, 61 %, Esc).
    @Test func stoppingAWaitRemembersThePageShown() {
        var driver = SessionDriver(Sample.document(paragraphs: 160, markdown: true), width: 100, height: 30)
        driver.press(.character("G"))
        driver.settle()
        driver.send(.resize(Viewport(width: 20, height: 5)))
        driver.send(.goToPercent(61))
        #expect(driver.session.isWaiting)
        driver.log.removeAll()
        driver.press(.escape)
        #expect(!driver.session.isWaiting)
        let shown = driver.session.spreadBytes
        #expect(driver.saves.count == 1)
        #expect(driver.saves.first.map { shown.contains($0.anchor) } == true, "saved \(driver.saves), shown \(shown)")
        driver.settle()
        #expect(driver.session.recorder.position.map { driver.session.spreadBytes.contains($0.anchor) } == true)
    }

    /// Turning the pages vertical or back lays the text out again and keeps
    /// the reader's text on screen, waiting for pagination when it must
    /// (found by the command-sequence property: resize to 117×5, go to page
    /// 78, toggle: the notice ended the wait on another page's text).
    @Test func aToggleKeepsTheReadersTextEvenWhenItMustWait() {
        var driver = SessionDriver(Sample.document(paragraphs: 160, markdown: true), width: 100, height: 30)
        driver.send(.resize(Viewport(width: 117, height: 5)))
        driver.send(.toggleVertical)
        driver.send(.goToPage(78))
        driver.settle()
        let anchor = driver.session.anchor
        driver.send(.toggleVertical)
        driver.settle()
        #expect(driver.session.spreadBytes.contains(anchor), "\(anchor) not in \(driver.session.spreadBytes)")
        #expect(driver.session.recorder.position?.anchor == anchor)
        driver.send(.toggleRightToLeft)
        driver.settle()
        #expect(driver.session.spreadBytes.contains(anchor))
    }

    @Test func theSessionRestsWhenInputStops() {
        var driver = SessionDriver(Sample.document(paragraphs: 2_000, markdown: true))
        driver.type("50%")
        driver.press(.character("/"))
        driver.type("Paragraph 1999")
        driver.press(.enter)
        let rested = driver.settle()
        #expect(rested, "pagination, chapters and the search finish and nothing moves")
        #expect(!driver.session.hasWork && !driver.session.isAnimating)
        #expect(driver.session.pagination.isComplete)
    }

    @Test func aPageTurnSavesThePositionOnceItRests() {
        var driver = SessionDriver(Sample.document())
        driver.settle()
        driver.log.removeAll()
        driver.send(.turn(1))
        driver.settle()
        let start = driver.session.pagination.pageStarts[1]
        #expect(driver.saves == [ReadingPosition(anchor: start, page: 1, pageCount: driver.session.pagination.knownPages)])
        #expect(driver.log.first == .redraw)
        #expect(driver.log.filter { $0 != .redraw }.count == 1, "one save, no other effect: \(driver.log)")
    }

    @Test func helpAndPromptsAreModesNotFlags() {
        var driver = SessionDriver(Sample.document())
        driver.press(.character("H"))
        #expect(driver.session.mode == .help)
        driver.press(.character("j"))
        #expect(driver.session.mode == .reading(nil), "any key closes the help")
        driver.press(.character("/"))
        #expect(driver.session.mode == .typing(Prompt(kind: .search(backward: false), text: "")))
        driver.press(.escape)
        #expect(driver.session.mode == .reading(nil))
        driver.type("12")
        #expect(driver.session.statusLine.message == ":12")
        driver.press(.escape)
        #expect(driver.session.mode == .reading(nil))
    }

    /// Right after a resize the pages shown are a stand-in while the layout
    /// reaches the reader's place. A search, a turn, a notice, a tap or an
    /// explicit page then acts from that place, waits for it, or replaces
    /// it; none leaves the reader on the stand-in with the old place
    /// remembered off screen (what the session property test found).
    @Test func commandsWhileAResizeFindsThePlaceKeepIt() {
        func resized(to viewport: Viewport, from page: Int = 17) -> SessionDriver {
            var driver = SessionDriver(Sample.document(paragraphs: 160, markdown: true), width: 100, height: 30)
            driver.send(.goToPage(page))
            driver.settle()
            driver.send(.resize(viewport))
            #expect(driver.session.isWaiting, "the layout has not reached the place yet")
            return driver
        }
        func placeIsShown(_ driver: inout SessionDriver, _ what: String) -> Int? {
            driver.settle()
            let place = driver.session.recorder.position?.anchor
            #expect(place.map { driver.session.spreadBytes.contains($0) } ?? false,
                    "\(what): remembered \(String(describing: place)), shown \(driver.session.spreadBytes)")
            return place
        }
        var waited = resized(to: Viewport(width: 20, height: 5))
        let before = waited.session.anchor
        let place = placeIsShown(&waited, "no command")
        #expect(place == before, "the place survives the resize")

        // A backward search starts from the place, not from the stand-in near the start.
        var searched = resized(to: Viewport(width: 20, height: 5))
        searched.send(.search("Chapter 3", backward: true))
        let match = placeIsShown(&searched, "search")
        #expect(match.map { $0 > 1_500 && $0 <= before } ?? false, "the match before the place \(before), not \(String(describing: match))")

        // A turn waits for the place rather than turning from the stand-in.
        var turned = resized(to: Viewport(width: 20, height: 5))
        turned.send(.turn(1))
        let turnedTo = placeIsShown(&turned, "turn")
        #expect(turnedTo.map { $0 >= before } ?? false, "a turn forward from \(before) went back to \(String(describing: turnedTo))")

        // A notice ("no previous search") or a tap does not strand the reader on the stand-in.
        var noticed = resized(to: Viewport(width: 20, height: 5))
        noticed.send(.searchNext)
        #expect(placeIsShown(&noticed, "n with no search") == before)
        var tapped = resized(to: Viewport(width: 20, height: 5))
        tapped.send(.press(x: 9, y: 1))
        tapped.send(.release(x: 9, y: 1))
        #expect(placeIsShown(&tapped, "tap") == before)

        // An explicit page replaces the place, even while the last pages are still being laid out.
        var jumped = resized(to: Viewport(width: 38, height: 60), from: 18)
        let left = jumped.session.anchor
        jumped.send(.goToPage(18))
        let page = placeIsShown(&jumped, "goToPage")
        #expect(page != left, "the page asked for is the new place")
    }
}
