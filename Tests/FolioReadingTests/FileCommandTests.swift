import Testing
import Folio
import FolioTestSupport
@testable import FolioReading

/// less's file commands in the session: `:` then a letter asks the host for
/// another file (an effect); the host's new session keeps what less keeps.
@Suite struct FileCommandTests {
    /// The effects other than redraws that typing `keys` returns.
    func requests(_ keys: String, enter: Bool = false) -> (effects: [SessionEffect], mode: SessionMode) {
        var driver = SessionDriver(Sample.document())
        driver.settle()
        driver.log.removeAll()
        driver.type(keys)
        if enter { driver.press(.enter) }
        return (driver.log.filter { $0 != .redraw }, driver.session.mode)
    }

    @Test func aColonAndALetterAskForAnotherFile() {
        #expect(requests(":n").effects == [.open(.next(1))])
        #expect(requests("2:n").effects == [.open(.next(2))], "a count before the colon, as in less")
        #expect(requests(":p").effects == [.open(.previous(1))])
        #expect(requests("3:p").effects == [.open(.previous(3))])
        #expect(requests(":x").effects == [.open(.number(1))])
        #expect(requests("2:x").effects == [.open(.number(2))])
        #expect(requests(":d").effects == [.open(.removeCurrent)])
        #expect(requests(":q").effects == [.quit])
        #expect(requests(":Q").effects == [.quit])
        #expect(requests(":n").mode == .reading(nil), "the letter acts at once, without Enter")
        #expect(requests(":z").effects == [] && requests(":z").mode == .reading(nil), "any other letter closes the prompt")
    }

    @Test func colonEAsksForANameAndEnterOpensIt() {
        var driver = SessionDriver(Sample.document())
        driver.settle()
        driver.type(":")
        #expect(driver.session.statusLine.message == ":")
        driver.type("e")
        #expect(driver.session.mode == .typing(Prompt(kind: .examine, text: "")))
        driver.type("notes.md")
        #expect(driver.session.statusLine.message == "Examine: notes.md")
        driver.press(.backspace)
        driver.type("d ")
        driver.log.removeAll()
        driver.press(.enter)
        #expect(driver.log.filter { $0 != .redraw } == [.open(.examine("notes.md"))], "spaces around the name are not part of it")
        #expect(requests(":e", enter: true).effects == [.reopen], ":e with no name reads the current file again")
        #expect(requests(":e  ", enter: true).effects == [.reopen])
        #expect(requests(":enotes", enter: false).effects == [], "nothing before Enter")
    }

    @Test func countsStillWorkAndColonFIsEquals() {
        var driver = SessionDriver(Sample.document(), options: ReadingOptions(scrollsText: false))
        driver.settle()
        driver.type("12")
        #expect(driver.session.statusLine.message == ":12")
        driver.type("g")
        driver.settle()
        #expect(driver.session.currentPage == 11)
        driver.type(":f")
        #expect(driver.session.statusLine.message.hasPrefix("sample · page 12 of"))
        driver.type("3:")
        #expect(driver.session.mode == .typing(Prompt(kind: .file(count: 3), text: "")))
        driver.press(.escape)
        #expect(driver.session.mode == .reading(nil))
    }

    /// The host's new session: the same size and options, the last search, its own place and
    /// marks, and its place in the list on the status row and in `=`.
    @Test func anotherFileOpensInTheSameViewportWithTheLastSearch() {
        var options = ReadingOptions(spread: .single)
        options.caseSensitivity = .insensitive
        var driver = SessionDriver(Sample.document(), width: 100, height: 30, options: options)
        driver.settle()
        driver.press(.character("/"))
        driver.type("paragraph 150")
        driver.press(.enter)
        driver.settle()
        driver.session.file = FilePlace(index: 0, count: 3)

        let other = Document(title: "b.log", format: .plain, bytes: Array(Sample.text(paragraphs: 300).utf8))
        let saved = ReadingPosition(anchor: 400, page: 1, pageCount: 2, marks: ["a": 30_000])
        driver.loop.open(other, restoring: saved, file: FilePlace(index: 1, count: 3), at: driver.time)
        #expect(driver.session.document === other)
        #expect(driver.session.viewport == Viewport(width: 100, height: 30))
        #expect(driver.session.options == options)
        #expect(driver.session.statusLine.message == "b.log (file 2 of 3)", "the new file's name and place, as less's first prompt")
        #expect(driver.session.marks == ["a": 30_000])
        driver.settle()
        #expect(driver.session.spreadBytes.contains(400), "its own saved place")
        driver.press(.character("n"))
        driver.settle()
        let shown = driver.screenText
        #expect(shown.contains("Paragraph 150"), "n searches the new file for the last pattern")
        driver.press(.character("="))
        #expect(driver.session.statusLine.message.hasPrefix("b.log (file 2 of 3) · page"))
        driver.session.file = FilePlace(index: 1, count: 1)
        driver.press(.character("="))
        #expect(driver.session.statusLine.message.hasPrefix("b.log · page"), "one file: no place in a list")
    }

    @Test func aNoticeFromTheHostKeepsAJumpGoing() {
        let document = Sample.document(paragraphs: 3_000)
        let anchor = document.text.count * 9 / 10
        var driver = SessionDriver(document, restoring: ReadingPosition(anchor: anchor, page: 1_000, pageCount: 1_200))
        _ = driver.session.show(Notice("No next file", kind: .problem), at: driver.time)
        driver.settle()
        #expect(driver.session.spreadBytes.contains(anchor), "the restore still lands")
        var idle = SessionDriver(Sample.document())
        idle.settle()
        #expect(idle.session.show(Notice("No next file", kind: .problem), at: 1) == [.redraw])
        #expect(idle.session.mode == .reading(Notice("No next file", kind: .problem)))
    }

    @Test func descriptionsReadLikeLess() {
        #expect(FileRequest.next(1).description == ":n" && FileRequest.next(2).description == "2:n")
        #expect(FileRequest.number(1).description == ":x" && FileRequest.examine("a b").description == ":e a b")
        #expect(SessionEffect.open(.previous(3)).description == "open(3:p)")
        #expect(FilePlace(index: 1, count: 3).description == "file 2 of 3")
        #expect(FilePlace(index: 7, count: 0).description == "file 1 of 1", "clamped into the list")
        #expect(Prompt(kind: .examine, text: "x").description == "Examine: x")
        #expect(Prompt(kind: .file(count: 2), text: "").description == ":")
    }
}
