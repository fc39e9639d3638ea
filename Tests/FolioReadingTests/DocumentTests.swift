import Foundation
import Testing
import PropertyBased
import Folio
import FolioTestSupport
@testable import FolioReading

/// Documents as they come: files read on demand (and changed under the
/// reader), streams that grow, and the width of a document's own lines.
@Suite struct DocumentTests {
    func temporaryFile(_ contents: String) throws -> String {
        let path = NSTemporaryDirectory() + "folio-\(UInt64.random(in: 0...UInt64.max)).txt"
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aFileIsReadOnDemandAndATruncationEndsTheTextWithoutACrash() throws {
        let path = try temporaryFile(Sample.text(paragraphs: 3_000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard case .file(let document) = try Document.open(path: path) else { Issue.record("not a file"); return }
        var driver = SessionDriver(document)
        driver.send(.goToPercent(60))
        driver.settle()
        let page = driver.session.currentPage
        // Another program cuts the file to a tenth while it is open.
        truncate(path, off_t(document.text.count / 10))
        driver.send(.turn(1))
        #expect(document.text.change == .truncated)
        #expect(driver.session.statusLine.message.contains("truncated"), "\(driver.session.statusLine)")
        driver.settle()
        driver.send(.turn(-3))
        driver.settle()
        #expect(driver.session.currentPage <= page + 1)
        driver.send(.last)
        let rested = driver.settle()
        #expect(rested, "the reader goes on with what it has")
    }

    @Test func anAppendedFileSaysItChanged() throws {
        let path = try temporaryFile(Sample.text(paragraphs: 2_000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard case .file(let document) = try Document.open(path: path) else { Issue.record("not a file"); return }
        var driver = SessionDriver(document)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("one more line\n".utf8))
        try handle.close()
        driver.settle()
        #expect(document.text.change == .modified)
        #expect(driver.session.statusLine.message.contains("changed on disk"))
        #expect(driver.press(.character("R")) == [.reopen])
        guard case .file(let again) = try Document.open(path: path) else { return }
        let anchor = driver.session.anchor
        var reloaded = driver.session.reloaded(with: again, at: driver.time)
        #expect(reloaded.anchor == anchor)
        _ = reloaded.work(budget: 1 << 30, at: driver.time)
        #expect(reloaded.document.text.count == document.text.count + 14)
    }

    @Test func aFIFOAndADeviceOpenAsStreamsAndADirectoryIsRefusedInWords() throws {
        guard case .stream(let null, let fd) = try Document.open(path: "/dev/null") else { Issue.record("not a stream"); return }
        close(fd)
        #expect(!null.isComplete && null.stream != nil)
        #expect(throws: Document.OpenError.directory("/tmp")) { try Document.open(path: "/tmp") }
        #expect(throws: Document.OpenError.missing("/no/such")) { try Document.open(path: "/no/such") }
        #expect(Document.OpenError.missing("x.txt").description == "folio: x.txt: no such file")
    }

    @Test func aStreamShowsItsFirstPageAsSoonAsItArrivesAndKeepsCounting() {
        let stream = StreamText()
        var driver = SessionDriver(Document(title: "stdin", format: .plain, text: stream))
        #expect(driver.session.wantedInput > 0)
        driver.receive("first\n")
        driver.settle()
        #expect(driver.screenText.hasPrefix("first"), "\(driver.screenText)")
        #expect(driver.session.statusLine.pages.hasSuffix("+"), "the count stays open while the stream may grow")
        #expect(driver.session.statusLine.percent == "", "no percentage while the size is unknown")
        driver.receive("second\n")
        driver.settle()
        #expect(driver.screenText.hasPrefix("first\nsecond"))
        driver.endInput()
        driver.settle()
        #expect(driver.session.statusLine.pages == "1 / 1")
        #expect(driver.session.statusLine.percent == "100%")
        #expect(driver.session.wantedInput == 0)
    }

    @Test func anEndlessStreamIsReadOnlySoFarAhead() {
        let stream = StreamText()
        var driver = SessionDriver(Document(title: "yes", format: .plain, text: stream))
        driver.session.readAhead = 1 << 20
        let chunk = String(repeating: "y\n", count: 32 * 1024)
        var fed = 0
        while driver.session.wantedInput > 0 && fed < 100 {
            driver.receive(chunk)
            driver.settle()
            fed += 1
        }
        #expect(fed < 100, "the session stopped asking")
        #expect(stream.count <= (1 << 20) + chunk.utf8.count + 64 * 1024, "about a read-ahead past the page on screen")
        // End waits for the stream's end; any key stops the wait.
        driver.press(.end)
        #expect(driver.session.isWaiting)
        #expect(driver.session.wantedInput == Int.max)
        #expect(driver.session.statusLine.message.hasPrefix("Waiting for input…"))
        driver.press(.character("j"))
        #expect(!driver.session.isWaiting)
        #expect(driver.session.statusLine.message == "Stopped")
    }

    /// A stream's storage against an array: bytes appended by copy and read straight
    /// into its room (short, refused and over-long fills among them), past the first
    /// megabyte it makes at once, with bytes let go and room touched ahead on the way.
    @Test func aStreamKeepsWhatIsReadIntoItsRoomAsAnArrayWould() async {
        let steps = zip(Gen.int(in: 0...4), Gen.int(in: 0...300_000), Gen.int(in: -2...300_000)).array(of: 1...24)
        await propertyCheck(count: 60, input: steps) { steps in
            let stream = StreamText()
            var model: [UInt8] = []
            var origin = 0
            var next: UInt8 = 0
            // Each chunk its own byte (and its length), so a chunk kept in the wrong place shows.
            func bytes(_ n: Int) -> [UInt8] { next &+= 1; return [UInt8](repeating: next, count: n) }
            for (kind, size, written) in steps {
                switch kind {
                case 0:  // a copy
                    let chunk = bytes(size)
                    stream.append(chunk)
                    model += chunk
                case 1, 2:  // a read into the room: what the fill says it wrote, clamped to the room
                    let limit = size % 70_000
                    let chunk = bytes(max(0, min(written, limit)))
                    let count = stream.append(upTo: limit) { room in
                        #expect(room.count == limit)
                        room.copyBytes(from: chunk)
                        return written
                    }
                    #expect(count == (limit == 0 ? 0 : chunk.count))
                    if limit > 0 { model += chunk }
                case 4:  // room touched ahead of a read (a host about to wait): nothing kept changes
                    stream.prepareRoom(for: size % 200_000)
                default:  // let go of the first half of what is kept
                    let drop = model.count / 2
                    stream.discard(before: origin + drop)
                    model.removeFirst(drop)
                    origin += drop
                }
                #expect(stream.count == origin + model.count)
                #expect(stream.origin == origin)
            }
            let kept = stream.withBytes(origin..<stream.count) { Array($0) }
            #expect(kept == model)
            stream.finish()
            #expect(stream.append(upTo: 10) { _ in 10 } == 0, "an ended stream takes nothing more")
            #expect(stream.count == origin + model.count)
        }
    }

    /// Room touched ahead of a read (``StreamText/prepareRoom(for:)``) leaves what is kept
    /// alone, before and after bytes are let go, and a read then fills it.
    @Test func aRoomTouchedAheadKeepsWhatIsThere() {
        let stream = StreamText()
        let first = [UInt8](repeating: 7, count: 100)
        stream.append(first)
        stream.prepareRoom(for: 64 * 1024)
        stream.prepareRoom(for: 64 * 1024)  // a second time: nothing more to do
        #expect(stream.withBytes(0..<100) { Array($0) } == first)
        stream.discard(before: 60)
        stream.prepareRoom(for: 2 << 20)  // past the first megabyte: the room grows first
        #expect(stream.withBytes(60..<100) { Array($0) } == Array(first[60...]))
        let read = stream.append(upTo: 5) { room in room.copyBytes(from: [1, 2, 3, 4, 5]); return 5 }
        #expect(read == 5)
        #expect(stream.withBytes(60..<105) { Array($0) } == Array(first[60...]) + [1, 2, 3, 4, 5])
        stream.finish()
        stream.prepareRoom(for: 10)
        #expect(stream.count == 105)
    }

    @Test func anEmptyStreamIsAnEmptyDocument() {
        var driver = SessionDriver(Document(title: "stdin", format: .plain, text: StreamText()))
        driver.endInput()
        driver.settle()
        #expect(driver.session.statusLine.message == "stdin is empty")
        #expect(driver.session.pagination.isComplete && driver.session.pagination.knownPages == 1)
        #expect(driver.session.percent == 100)
    }

    @Test func preformattedTextStaysOnePageUntilTwoOfItsWidthFit() {
        let licence = Document(title: "LICENCE", bytes: Array(Sample.wrapped(columns: 72, lines: 400).utf8))
        var narrow = SessionDriver(licence, width: 120, height: 40)
        narrow.settle()
        let needed = try! #require(narrow.session.survey.lineWidth)
        #expect((60...72).contains(needed), "the lines need \(needed) columns")
        #expect(narrow.session.book.mode == .onePage, "two pages of 57 columns would re-wrap 72-column lines")
        var wide = SessionDriver(licence, width: 160, height: 40)
        wide.settle()
        #expect(wide.session.book.mode == .twoPages, "two pages of 77 columns hold them")
        // Prose whose paragraphs are single long lines reflows into two pages as soon as they are readable.
        var prose = SessionDriver(Sample.document(), width: 120, height: 40)
        prose.settle()
        #expect(prose.session.survey.lineWidth == nil)
        #expect(prose.session.book.mode == .twoPages)
    }

    /// The survey's fast path (runs of printable ASCII) counts exactly what the
    /// decoder would, byte by byte, whether the text comes whole or in pieces
    /// that split an overstrike, an escape or a character.
    @Test func theSurveysFastPathAgreesWithTheDecoder() async {
        let pieces = ["word ", "x", "\n", "\t", "N\u{08}N", "_\u{08}u", "\u{1B}[1m", "\u{1B}[0m", "漢字", "é",
                      String(repeating: "long ", count: 70), "\r\n", "\u{08}", "\u{0C}", "\u{1B}"].map { Array($0.utf8) }
        let gen = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...200)
        await propertyCheck(count: 150, input: gen, Gen.int(in: 1...5_000)) { indices, chunk in
            let bytes = indices.flatMap { pieces[$0] }
            func survey(fast: Bool, chunk: Int) -> LineWidthSurvey {
                var survey = LineWidthSurvey()
                survey.usesFastPath = fast
                let stream = StreamText()
                var at = 0
                while at < bytes.count {
                    stream.append(bytes[at..<min(bytes.count, at + chunk)])
                    at += chunk
                    _ = survey.scan(stream)
                }
                stream.finish()
                _ = survey.scan(stream)
                survey.usesFastPath = true
                return survey
            }
            let careful = survey(fast: false, chunk: bytes.count + 1)
            #expect(survey(fast: true, chunk: bytes.count + 1) == careful, "whole text")
            #expect(survey(fast: true, chunk: chunk) == careful, "in pieces of \(chunk) bytes")
            #expect(careful.isSettled)
        }
    }

    /// The block-at-a-time scan stops at exactly the first byte outside
    /// 0x20 … 0x7E, for every byte value at every place in a block and in a
    /// word, whatever other byte follows it (one that borrows or carries).
    @Test func aPrintableRunEndsAtTheFirstOtherByte() {
        for value in 0...255 {
            for place in 0..<41 {
                for (next, after) in [(nil, 0), (0x00, 1), (0xFF, 1), (0x0A, 3)] as [(UInt8?, Int)] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 41)
                    bytes[place] = UInt8(value)
                    if let next, place + after < bytes.count { bytes[place + after] = next }
                    let printable = (0x20...0x7E).contains(value)
                    let firstOther = printable ? (next != nil && place + after < bytes.count ? place + after : bytes.count) : place
                    for limit in [41, 33, 17, 9, place] {
                        let end = bytes.withUnsafeBytes { ASCIIScan.printableEnd(in: $0, from: 0, to: limit) }
                        #expect(end == min(firstOther, limit), "byte \(value) at \(place) (then \(next.map(String.init) ?? "none")), limit \(limit): run ends at \(end)")
                    }
                }
            }
        }
    }

    /// A man page piped in arrives in pieces: an overstruck `N` cut after its
    /// first `N` is still one column, not three.
    @Test func anOverstrikeCutBetweenReadsIsOneColumn() {
        let line = Array("word N\u{08}N\n".utf8)
        var survey = LineWidthSurvey()
        let stream = StreamText()
        for byte in line {
            stream.append([byte])
            _ = survey.scan(stream)
        }
        stream.finish()
        _ = survey.scan(stream)
        #expect(survey.lineWidth == 6)
    }

    /// A licence saved on Windows (CR LF) or cut into pages by form feeds needs the
    /// columns the same licence with LF needs: each of those ends a line.
    @Test func everyLineEndEndsASurveyedLine() {
        // 300 lines of 72 columns, the one line of 100 among them past the 99.5 % the width keeps.
        let lines = (0..<300).map { $0 == 7 ? String(repeating: "w", count: 100) : String(repeating: "x", count: 72) }
        func lineWidth(_ end: String) -> Int? {
            var survey = LineWidthSurvey()
            _ = survey.scan(StreamText(complete: Array(lines.joined(separator: end).utf8)))
            return survey.lineWidth
        }
        #expect(lineWidth("\n") == 72)
        #expect(lineWidth("\r\n") == 72, "CR LF")
        #expect(lineWidth("\u{0C}") == 72, "form feeds")
    }

    @Test func theSurveyMeasuresWhatIsDrawnNotTheEscapes() {
        let man = String(repeating: "\u{1B}[1mN\u{08}NA\u{08}AM\u{08}ME\u{08}E\u{1B}[0m" + String(repeating: " word", count: 10) + "\n", count: 50)
        var survey = LineWidthSurvey()
        _ = survey.scan(StreamText(complete: Array(man.utf8)))
        #expect(survey.isSettled)
        #expect(survey.lineWidth == 54)
    }
}

