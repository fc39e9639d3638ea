import Testing
import Folio
import FolioTestSupport
@testable import FolioReading

/// The four ways the reader used to hang on real-sized documents (issue 21),
/// each run on documents past the 64 KB the line survey reads, the way a
/// host's loop runs the session: every wait must end on its own.
@Suite struct LivenessTests {
    /// A log of `bytes` bytes or so: lines of `width` columns or so, numbered, with `tail` after them.
    static func log(bytes: Int, width: Int = 110, tail: String = "") -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes + tail.utf8.count + width)
        var n = 0
        let filler = Array("request handled by the service worker pool and acknowledged ".utf8)
        while out.count < bytes {
            let head = Array("2026-11-26T10:41:\(n % 60) host\(n % 9) svc[\(500 + n % 400)]: line \(n) ".utf8)
            out += head
            var k = 0
            while k < width - head.count { out.append(filler[(n + k) % filler.count]); k += 1 }
            out.append(0x0A)
            n += 1
        }
        return out + Array(tail.utf8)
    }

    /// A search for text at the very end of a 3 MB document finds it, whatever budget the host's
    /// loop gives each slice (it learns its budget: 64 KB at first, megabytes later). It used to
    /// stop at 1.1 MB for good: the line survey never settled on a text past its sample, so the
    /// session thought it was stuck waiting for a stream and the loop went to sleep.
    @Test(arguments: [64 * 1024, 1 << 20, 8 << 20])
    func aSearchReachesTheEndOfABigDocument(budget: Int) {
        var driver = SessionDriver(Document(title: "log", bytes: Self.log(bytes: 3_000_000, tail: "LATENEEDLE here\n")),
                                   width: 120, height: 38)
        driver.budget = budget
        driver.settle()
        driver.send(.search("LATENEEDLE", backward: false))
        driver.settle()
        #expect(!driver.session.isWaiting, "\(driver.session.mode)")
        #expect(driver.screenText.contains("LATENEEDLE here"))
        driver.send(.first)
        driver.settle()
        driver.send(.search("line 3 ", backward: true))
        driver.send(.last)
        driver.settle()
        driver.send(.search("line 3 ", backward: true))
        driver.settle()
        #expect(!driver.session.isWaiting, "\(driver.session.mode)")
        #expect(driver.screenText.contains("line 3 "), "a backward search from the end reaches the start")
    }

    /// A resize at page 400 of a 3 MB log lays the text out again and lands on the reader's line.
    /// It used to freeze on "Paginating… 1%" with the reader's text gone.
    @Test func aResizeDeepInABigDocumentLandsOnTheReadersText() {
        var driver = SessionDriver(Document(title: "log", bytes: Self.log(bytes: 3_000_000)), width: 120, height: 38)
        driver.settle()
        driver.send(.goToPage(399))
        driver.settle()
        let anchor = driver.session.anchor
        driver.send(.resize(Viewport(width: 100, height: 28)))
        driver.settle()
        #expect(!driver.session.isWaiting, "\(driver.session.mode)")
        #expect(driver.session.pagination.isComplete)
        #expect(driver.session.spreadBytes.contains(anchor), "anchor \(anchor) not in \(driver.session.spreadBytes)")
    }

    /// `]` in a two-page spread reaches every chapter, even one that starts on the right-hand
    /// page (it used to stay on the spread: the strip's chapter is the left page's).
    @Test func theNextChapterKeyVisitsEveryChapterInTwoPages() {
        // Chapters of uneven lengths, so some start on a left page and some on a right one.
        var text = ""
        for chapter in 1...12 {
            text += "# Chapter \(chapter)\n\n"
            for line in 0..<(chapter * 7 % 23 + 3) { text += "Line \(line) of chapter \(chapter), as long as a short sentence.\n" }
            text += "\n"
        }
        var driver = SessionDriver(Document(title: "book", format: .markdown, bytes: Array(text.utf8)), width: 160, height: 20)
        driver.settle()
        #expect(driver.session.book.mode == .twoPages)
        var seen: Set<Int> = []
        var rightHandStarts = 0
        for _ in 0..<20 {
            for (index, chapter) in driver.session.chapters.enumerated() where driver.session.spreadBytes.contains(chapter.offset) {
                seen.insert(index)
                if let page = driver.session.pagination.page(containing: chapter.offset), page != driver.session.currentPage {
                    rightHandStarts += 1
                }
            }
            driver.press(.character("]"))
            driver.settle()
        }
        #expect(rightHandStarts > 0, "the book tests a chapter starting on a right-hand page")
        #expect(seen == Set(0..<12), "chapters shown: \(seen.sorted())")
        #expect(driver.session.currentPages.contains(driver.session.pagination.page(containing: driver.session.chapters[11].offset)!))
    }

    /// Standard input of man-page text over 64 KB keeps its own 110-column lines on one page
    /// at 120 columns: it used to be laid out in two narrow pages for good, the line survey
    /// never settling on a stream past its sample. Read as the terminal's loop reads a pipe.
    @Test(arguments: [60_000, 70_000, 300_000])
    func aPipeOfManPageTextKeepsItsLinesWhole(bytes: Int) {
        var manual = Self.log(bytes: bytes)
        // Bold headings as man writes them (overstrikes), every fortieth line.
        manual = Array(String(decoding: manual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0 % 40 == 0 ? "N\u{8}NA\u{8}AM\u{8}ME\u{8}E ‐ \($1)" : String($1) }.joined(separator: "\n").utf8)
        var driver = SessionDriver(Document(title: "stdin", format: .plain, text: StreamText()), width: 120, height: 38)
        var fed = 0
        while fed < manual.count {
            let piece = fed == 0 ? 64 * 1024 : 128 * 1024
            driver.receive(manual[fed..<min(manual.count, fed + piece)])
            fed = min(manual.count, fed + piece)
            driver.frame()
        }
        driver.settle()
        if bytes > LineWidthSurvey.sampleBytes {
            #expect(driver.session.book.mode == SpreadMode.onePage, "before the end: \(driver.session.survey)")
        }
        driver.endInput()
        driver.settle()
        #expect(driver.session.book.mode == SpreadMode.onePage)
        #expect(!driver.session.isWaiting)
    }

    /// End, a frame into the turn, a resize, then a search that finds nothing: the place the
    /// reader was going to is found all the same (the session property test's seed). The turn
    /// still under way kept the stand-in pages moving, and the notice's wait for the place saw
    /// the place "shown" on the last page still being laid out, which seems to hold every byte after it.
    @Test func aPlaceComingAfterAResizeArrivesWhateverTheNextCommandSays() {
        var driver = SessionDriver(Sample.document(paragraphs: 160, markdown: true), width: 100, height: 30)
        driver.press(.end)
        driver.frame()
        let place = driver.session.anchor
        driver.send(.resize(Viewport(width: 117, height: 31)))
        driver.send(.search("zzz", backward: true))
        driver.settle()
        #expect(!driver.session.isWaiting)
        #expect(driver.session.spreadBytes.contains(place), "byte \(place) not in \(driver.session.spreadBytes)")
        #expect(driver.session.recorder.position?.anchor == place)
    }
}
