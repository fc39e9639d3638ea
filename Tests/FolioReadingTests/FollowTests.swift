import Testing
import Folio
import FolioTestSupport
@testable import FolioReading

/// `F` follows a growing file or stream, through the loop the hosts run, on a
/// manual clock: what arrives is shown without a key, any key stops it (and
/// does nothing else), a file truncated or replaced is read again from its
/// name, and a stream past its limit lets go of its oldest text while every
/// page and place after the cut stays valid.
@Suite struct FollowTests {
    /// `count` numbered lines from `first`: "line 1\n", "line 2\n", …
    static func lines(_ first: Int, count: Int, prefix: String = "line") -> String {
        (first..<(first + count)).map { "\(prefix) \($0)\n" }.joined()
    }

    /// A session over the scratch file, at rest.
    static func driver(for file: ScratchFile, width: Int = 80, height: Int = 22) throws -> SessionDriver {
        var driver = SessionDriver(try file.document(), width: width, height: height)
        driver.settle()
        return driver
    }

    /// Whether the last page known is on screen.
    static func showsTheEnd(_ session: ReadingSession) -> Bool {
        session.visiblePages.contains { $0.page == session.pagination.knownPages - 1 }
    }

    // MARK: Files

    @Test func aFollowedFileShowsWhatItGainsWithoutAKey() throws {
        let log = try ScratchFile(Self.lines(1, count: 200))
        var driver = try Self.driver(for: log)
        driver.press(.character("F"))
        driver.pass(1)
        #expect(driver.session.isFollowing)
        #expect(driver.session.statusLine.message == "Waiting for data… (any key stops)")
        #expect(Self.showsTheEnd(driver.session) && driver.screenText.contains("line 200"))
        #expect(!driver.session.document.isComplete, "a followed file is open at its end")

        for round in 0..<5 {
            let first = 201 + round * 7
            log.append(Self.lines(first, count: 7))
            driver.pass(ReadingSession.followPollInterval + 0.05)
            #expect(driver.screenText.contains("line \(first + 6)"), "round \(round): \(driver.screenText.suffix(80))")
            #expect(Self.showsTheEnd(driver.session), "round \(round)")
            #expect(driver.session.isFollowing)
        }
        #expect(driver.session.statusLine.pages.hasSuffix("+"), "the count is open while the file may grow")
    }

    @Test func fFromTheFirstPageOfALongFileGoesToItsEnd() throws {
        let log = try ScratchFile(Self.lines(1, count: 40_000))
        var driver = try Self.driver(for: log, width: 120, height: 38)
        driver.send(.first)
        driver.settle()
        driver.press(.character("F"))
        driver.pass(0.5)
        #expect(driver.session.isFollowing)
        #expect(driver.screenText.contains("line 40000"))
        #expect(driver.session.pagination.isComplete == false)
    }

    /// Any key stops following, and is not otherwise acted on: `q` and Ctrl-C do not quit,
    /// `g` does not go to the first page, Space does not turn.
    @Test(arguments: [ReadingKey.character("q"), .control("c"), .escape, .character("g"), .character(" "), .character("F")])
    func anyKeyStopsFollowingAndDoesNothingElse(key: ReadingKey) throws {
        let log = try ScratchFile(Self.lines(1, count: 300))
        var driver = try Self.driver(for: log)
        driver.press(.character("F"))
        driver.pass(1)
        let page = driver.session.currentPage
        let effects = driver.press(key)
        #expect(!effects.contains(.quit), "\(key) quit")
        #expect(!driver.session.isFollowing)
        #expect(driver.session.mode == .reading(Notice("Stopped following")), "\(driver.session.mode)")
        driver.pass(1)
        #expect(driver.session.currentPage == page, "\(key) moved the reader")
        #expect(driver.session.document.isComplete && driver.session.pagination.isComplete)
        #expect(driver.session.pollInterval == nil && driver.loop.timeout(now: driver.time) == nil,
                "no more looking at the file: the loop sleeps until input")

        // The next appended text does not move the screen.
        let screen = driver.screenText
        log.append(Self.lines(301, count: 100))
        driver.pass(1)
        driver.press(.control("l"))
        driver.pass(1)
        #expect(driver.screenText == screen)
        #expect(driver.session.currentPage == page)
    }

    @Test func aClickStopsFollowingWithoutTurning() throws {
        let log = try ScratchFile(Self.lines(1, count: 300))
        var driver = try Self.driver(for: log)
        driver.press(.character("F"))
        driver.pass(1)
        let page = driver.session.currentPage
        driver.send(.press(x: 2, y: 5))
        driver.send(.release(x: 2, y: 5))
        driver.pass(1)
        #expect(!driver.session.isFollowing)
        #expect(driver.session.currentPage == page)
    }

    @Test func aResizeKeepsFollowing() throws {
        let log = try ScratchFile(Self.lines(1, count: 3_000))
        var driver = try Self.driver(for: log)
        driver.press(.character("F"))
        driver.pass(1)
        driver.send(.resize(Viewport(width: 60, height: 15)))
        driver.pass(1)
        #expect(driver.session.isFollowing)
        log.append("after the resize\n")
        driver.pass(0.5)
        #expect(driver.screenText.contains("after the resize") && Self.showsTheEnd(driver.session))
    }

    @Test func aTruncatedAndRewrittenFileIsReadAgainFromItsName() throws {
        let log = try ScratchFile(Self.lines(1, count: 500, prefix: "old"))
        var driver = try Self.driver(for: log)
        driver.press(.character("F"))
        driver.pass(1)
        log.rewrite("fresh start\n")
        driver.pass(0.5)
        #expect(driver.log.contains(.reopen))
        #expect(driver.session.isFollowing, "the file read again is followed")
        #expect(driver.screenText.contains("fresh start") && !driver.screenText.contains("old"), "\(driver.screenText)")
        log.append("and more\n")
        driver.pass(0.5)
        #expect(driver.screenText.contains("and more"))
    }

    /// Truncated and written past its old size between two looks: the size alone says it grew,
    /// the bytes that ended the text say it was rewritten.
    @Test func aFileRewrittenLongerBetweenTwoLooksIsReadAgain() throws {
        let log = try ScratchFile(Self.lines(1, count: 50, prefix: "old"))
        var driver = try Self.driver(for: log)
        driver.press(.character("F"))
        driver.pass(1)
        log.rewrite(Self.lines(1, count: 200, prefix: "new"))
        driver.pass(0.5)
        #expect(driver.log.contains(.reopen))
        #expect(driver.screenText.contains("new 200") && !driver.screenText.contains("old"))
        driver.press(.character("g"))  // stops following
        driver.press(.character("g"))
        driver.pass(1)
        #expect(driver.screenText.hasPrefix("new 1\n"), "the whole new file: \(driver.screenText.prefix(40))")
    }

    @Test func aRotatedLogIsFollowedByName() throws {
        let log = try ScratchFile(Self.lines(1, count: 100, prefix: "monday"))
        var driver = try Self.driver(for: log)
        driver.press(.character("F"))
        driver.pass(1)
        log.rotate(to: "tuesday 1\n")
        driver.pass(0.5)
        #expect(driver.screenText.contains("tuesday 1") && !driver.screenText.contains("monday"), "\(driver.screenText)")
        log.append("tuesday 2\n")
        driver.pass(0.5)
        #expect(driver.screenText.contains("tuesday 2"))
    }

    @Test func growthBeforeFJoinsAtOnceAndAChangeAfterIsToldAgain() throws {
        let log = try ScratchFile(Self.lines(1, count: 100))
        var driver = try Self.driver(for: log)
        log.append("grown before F\n")
        driver.press(.character("j"))
        #expect(driver.session.statusLine.message.contains("changed on disk"))
        driver.press(.character("F"))
        driver.pass(0.5)
        #expect(driver.screenText.contains("grown before F"))
        driver.press(.escape)
        log.append("grown after\n")
        driver.press(.character("j"))
        #expect(driver.session.statusLine.message.contains("changed on disk"), "\(driver.session.statusLine)")
    }

    // MARK: Streams

    @Test func aStreamIsFollowedAsItArrivesAndFollowingEndsWithIt() throws {
        var driver = SessionDriver(Document(title: "stdin", format: .plain, text: StreamText()))
        driver.press(.character("F"))
        #expect(driver.session.isFollowing)
        for round in 0..<20 {
            driver.receive(Self.lines(1 + round * 30, count: 30))
            driver.pass(0.1)
            #expect(driver.screenText.contains("line \(30 + round * 30)"), "round \(round)")
            #expect(Self.showsTheEnd(driver.session))
        }
        #expect(driver.session.wantedInput > 0, "the host reads the stream while following")
        #expect(driver.loop.timeout(now: driver.time) == nil, "a stream wakes the host itself: no timeout")
        driver.endInput()
        driver.pass(0.5)
        #expect(!driver.session.isFollowing)
        #expect(driver.session.mode == .reading(Notice("End of stdin: following stopped")), "\(driver.session.mode)")
        #expect(Self.showsTheEnd(driver.session))
    }

    @Test func anEmptyStreamThatEndsStopsFollowing() {
        var driver = SessionDriver(Document(title: "stdin", format: .plain, text: StreamText()))
        driver.press(.character("F"))
        driver.endInput()
        driver.pass(0.5)
        #expect(!driver.session.isFollowing)
    }

    // MARK: The stream's limit

    /// Past its limit a stream lets go of its oldest text: memory stays bounded, the pages are
    /// numbered from the first kept, and every offset after the cut still finds its page.
    @Test func theLimitLetsGoOfOldTextAndKeepsPlacesValid() throws {
        let stream = StreamText()
        var driver = SessionDriver(Document(title: "stdin", format: .plain, text: stream))
        driver.session.streamLimit = 256 * 1024
        driver.type("ma")
        driver.press(.character("F"))
        var fed = 0
        var kept: [(line: Int, offset: Int)] = []
        for round in 0..<200 {
            let chunk = Self.lines(1 + round * 1_000, count: 1_000)
            driver.receive(chunk)
            fed += 1_000
            driver.pass(0.05)
            #expect(stream.count - stream.origin <= driver.session.streamLimit + chunk.utf8.count, "round \(round)")
            if round == 196 { kept.append((fed, stream.count - "line \(fed)\n".utf8.count)) }
        }
        #expect(stream.origin > 0 && stream.count > 5 * driver.session.streamLimit)
        #expect(driver.screenText.contains("line \(fed)") && Self.showsTheEnd(driver.session))
        #expect(driver.session.statusLine.message.contains("let go"), "\(driver.session.statusLine)")
        let session = driver.session
        #expect(session.pagination.firstStart == stream.origin)
        #expect(session.pager.track.pages.pages == session.pagination.knownPages)
        #expect(session.book.pageCount == session.pagination.knownPages)

        driver.endInput()
        driver.pass(1)
        #expect(driver.session.mode == .reading(Notice("End of stdin: following stopped")))
        // A place after the cut finds its page.
        for (line, offset) in kept {
            driver.send(.goToOffset(offset))
            driver.pass(1)
            #expect(driver.screenText.contains("line \(line)\n"), "line \(line) at byte \(offset)")
        }
        // The reader cannot go before the new start: the first page, a mark, a percentage.
        driver.press(.character("g"))
        driver.pass(1)
        let firstLine = driver.screenText.prefix { $0 != "\n" }
        #expect(driver.session.currentPage == 0)
        #expect(driver.session.spreadBytes.lowerBound == stream.origin)
        #expect(firstLine.hasPrefix("line "), "the first page starts at a line kept: \(firstLine)")
        driver.press(.character("G"))
        driver.pass(1)
        driver.type("'a")
        driver.pass(1)
        #expect(driver.session.currentPage == 0, "a mark before the cut lands on the first page kept")
        driver.type("50%")
        driver.pass(1)
        let half = stream.origin + (stream.count - stream.origin) / 2
        #expect(driver.session.spreadBytes.contains(half), "50% of what is kept: \(driver.session.spreadBytes), \(half)")
        #expect(driver.session.percent.map { (45...60).contains($0) } == true, "\(driver.session.statusLine)")
        // Search finds only what is kept.
        driver.type("/^line 5$")
        driver.press(.enter)
        driver.pass(1)
        #expect(driver.session.statusLine.message.contains("not found"), "\(driver.session.statusLine)")
        driver.type("/^line \(fed - 5)$")
        driver.press(.enter)
        driver.pass(1)
        #expect(driver.screenText.contains("line \(fed - 5)\n"))
    }

    /// While the reader reads (not waiting for what comes), their pages are never let go.
    @Test func theReadersPagesAreNeverLetGoWhileTheyRead() {
        let stream = StreamText()
        var driver = SessionDriver(Document(title: "stdin", format: .plain, text: stream))
        driver.session.streamLimit = 64 * 1024
        for round in 0..<40 {
            driver.receive(Self.lines(1 + round * 1_000, count: 1_000))
            driver.pass(0.05)
        }
        #expect(stream.origin == 0)
        #expect(driver.screenText.hasPrefix("line 1\n"))
    }
}

extension FollowTests {
    /// The README's lines on following, run.
    @Test func theReadmesFollowingLinesRun() {
        struct Clock { var now = 0.0 }
        let clock = Clock()
        var session = ReadingSession(document: Document(title: "stdin", format: .plain, text: StreamText()),
                                     measurer: CellMeasurer(), viewport: Viewport(width: 80, height: 22), at: clock.now)
        // — from the README —
        session.streamLimit = 1 << 20                 // a stream lets go of its oldest half past 1 MB (256 MB by default)
        _ = session.handle(key: .character("F"), at: clock.now)   // follow: a file's growth is taken in by loop.turn
        // — end —
        #expect(session.isFollowing && session.streamLimit == 1 << 20)
    }
}

extension FollowTests {
    /// A text that cannot grow — a finished stream, the guide, a book — is not followed: `F` goes
    /// to its last page and says so, leaving no wait behind.
    @Test func aTextThatCannotGrowIsNotFollowed() {
        var driver = SessionDriver(Sample.document(paragraphs: 300))
        driver.press(.character("F"))
        driver.pass(1)
        #expect(!driver.session.isFollowing)
        #expect(driver.session.mode == .reading(Notice("End of sample: following stopped")), "\(driver.session.mode)")
        #expect(Self.showsTheEnd(driver.session) && driver.session.pagination.isComplete)
        #expect(driver.loop.timeout(now: driver.time) == nil)
    }
}

extension FollowTests {
    /// `folio +F log` opening at a saved place deep in the log (the pages shown are a stand-in
    /// until pagination reaches it, and keys wait): F still follows.
    @Test func fFollowsWhileASavedPlaceIsStillBeingFound() throws {
        let log = try ScratchFile(Self.lines(1, count: 60_000))
        let deep = log.size - 1_000
        var driver = SessionDriver(try log.document(), restoring: ReadingPosition(anchor: deep, page: 0, pageCount: 1))
        #expect(driver.session.isWaiting, "the saved place is past the first pages: \(driver.session.mode)")
        driver.press(.character("F"))
        #expect(driver.session.isFollowing)
        driver.pass(1)
        log.append("after the saved place\n")
        driver.pass(0.5)
        #expect(driver.session.isFollowing && driver.screenText.contains("after the saved place"))
    }
}
