import Foundation
import Testing
import FolioTestSupport

/// The reader in a real terminal: the real folio binary in tmux, driven with
/// send-keys and read with capture-pane. Serialized: each test owns a tmux server.
@Suite(.serialized, .needs(.tmux)) struct InteractiveTests {
    /// A document of numbered paragraphs, so every screen can be located.
    static func longDocument(in dir: URL, paragraphs: Int = 400) throws -> URL {
        let file = dir.appendingPathComponent("long.txt")
        // Every word names its paragraph and place, so any fragment of a screen can be found again.
        // Paragraphs of 8 to 56 words, one line each: prose to reflow.
        let text = (1...paragraphs).map { p in
            String(format: "P%04d ", p) + (1...(8 + p * 7 % 49)).map { String(format: "w%04d.%02d", p, $0) }.joined(separator: " ")
        }.joined(separator: "\n\n")
        try Data(text.utf8).write(to: file)
        return file
    }

    func statusLine(_ screen: [String]) -> String { screen.last ?? "" }

    /// "3 / 120" from the status row: (3, 120, counting).
    func pageCount(_ screen: [String]) -> (page: Int, count: Int)? {
        let status = statusLine(screen)
        guard let slash = status.range(of: " / ") else { return nil }
        let before = status[..<slash.lowerBound].split(separator: " ").last.flatMap { Int($0) }
        let after = status[slash.upperBound...].prefix { $0.isNumber }
        guard let page = before, let count = Int(after) else { return nil }
        return (page, count)
    }

    @Test func showsTheFirstPageAndTurnsWithKeys() throws {
        let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget"])
        let first = try tmux.waitFor("the guide") { $0.joined().contains("Welcome to Folio") && pageCount($0)?.page == 1 }
        #expect(first.count == 24)
        #expect(!first.dropFirst().dropLast().joined().contains("│"), "one page at 80×24, no spine")
        try tmux.send("Right")
        try tmux.waitFor("page 2") { pageCount($0)?.page == 2 }
        try tmux.send("Space")
        try tmux.waitFor("page 3") { pageCount($0)?.page == 3 }
        try tmux.send("b")
        try tmux.waitFor("page 2 again") { pageCount($0)?.page == 2 }
        try tmux.send("End")
        let last = try tmux.waitFor("the last page") { pageCount($0).map { $0.page == $0.count } ?? false }
        #expect(last.joined().contains("The end"))
        try tmux.send("Home")
        try tmux.waitFor("the first page") { pageCount($0)?.page == 1 }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func twoPagesAt200By50() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.longDocument(in: dir)
        let tmux = try Tmux(columns: 200, rows: 50, command: [Folio.binary.path, "--forget", file.path])
        let screen = try tmux.waitFor("a spread") { pageCount($0)?.page == 1 }
        let body = screen.dropFirst().dropLast()
        #expect(body.allSatisfy { $0.contains("│") }, "a spine down the middle")
        let left = body.map { String($0.prefix(99)) }.joined(), right = body.map { String($0.dropFirst(100)) }.joined()
        #expect(left.contains("P0001") && !right.contains("P0001") && right.contains("P00"), "two different pages side by side")
        try tmux.send("Right")
        try tmux.waitFor("the next spread") { pageCount($0)?.page == 3 }
        try tmux.send("q")
    }

    @Test func aResizeKeepsTheSameTextOnScreen() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.longDocument(in: dir)
        let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget", file.path])
        try tmux.waitFor("first page") { pageCount($0)?.page == 1 }
        // Line 23 (paragraph 12: a line each, a blank line between) at the top, as less's 23g puts it.
        try tmux.send("23g", literal: true)
        try tmux.waitFor("line 23 at the top") { $0.dropFirst().first?.trimmingCharacters(in: .whitespaces).hasPrefix("P0012 ") == true }
        // The reader's place is the start of P0012: a page at a time, it stays the top line, as in less;
        // in a spread of two pages, it is on one of them (the spread's pages start where pages start).
        for (columns, rows, spread) in [(200, 50, true), (60, 20, false), (80, 24, false), (200, 50, true), (80, 24, false)] {
            try tmux.resize(columns: columns, rows: rows)
            try tmux.waitFor("P0012 at the reader's place after a resize to \(columns)×\(rows)") { screen in
                guard screen.count == rows else { return false }
                if spread { return screen.dropFirst().dropLast().contains { $0.contains("P0012 ") } }
                return screen.dropFirst().first?.trimmingCharacters(in: .whitespaces).hasPrefix("P0012 ") == true
            }
        }
        try tmux.send("q")
    }

    @Test func aClickInTheRightThirdTurnsAndADragSettlesOnTheNextPage() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.longDocument(in: dir)
        // Mouse tracking is asked for: without it, the terminal keeps the mouse for selecting text.
        // Pages side by side (--pages): a text shown a page at a time would scroll by lines, vertically.
        let tmux = try Tmux(columns: 90, rows: 24, command: [Folio.binary.path, "--forget", "--mouse", "--pages", file.path])
        try tmux.waitFor("first page") { pageCount($0)?.page == 1 }
        // SGR mouse reports: press and release of the left button at column 80, row 10 (1-based).
        try tmux.sendBytes("\u{1B}[<0;80;10M\u{1B}[<0;80;10m")
        try tmux.waitFor("page 2 after a click") { pageCount($0)?.page == 2 }
        // A drag from column 70 to 20, then release: the page follows, then settles on page 3.
        try tmux.sendBytes("\u{1B}[<0;70;10M")
        for column in stride(from: 66, through: 20, by: -4) {
            try tmux.sendBytes("\u{1B}[<32;\(column);10M")
            Thread.sleep(forTimeInterval: 0.01)
        }
        try tmux.sendBytes("\u{1B}[<0;20;10m")
        try tmux.waitFor("page 3 after a drag") { pageCount($0)?.page == 3 }
        // The wheel turns one page per notch.
        try tmux.sendBytes("\u{1B}[<65;40;10M")
        try tmux.waitFor("page 4 after the wheel") { pageCount($0)?.page == 4 }
        try tmux.send("q")
    }

    @Test func aRelaunchRestoresThePosition() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.longDocument(in: dir)
        let state = dir.appendingPathComponent("state").path
        do {
            let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, file.path], environment: ["XDG_STATE_HOME": state])
            try tmux.waitFor("first page") { pageCount($0)?.page == 1 }
            for _ in 0..<5 { try tmux.send("Right") }
            try tmux.waitFor("page 6") { pageCount($0)?.page == 6 }
            try tmux.send("q")
            #expect(tmux.waitForExit() == 0)
        }
        let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, file.path], environment: ["XDG_STATE_HOME": state])
        try tmux.waitFor("page 6 restored") { pageCount($0)?.page == 6 }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: state + "/folio")
        #expect(files.count == 1 && files[0].hasSuffix(".json"), "\(files)")
    }

    @Test(arguments: ["q", "C-c", "SIGTERM", "SIGHUP"])
    func everyExitRestoresTheTerminal(how: String) throws {
        let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget"])
        try tmux.waitFor("the guide") { pageCount($0)?.page == 1 }
        switch how {
        case "SIGTERM", "SIGHUP":
            let pid = try #require(try tmux.programPID())
            kill(pid, how == "SIGTERM" ? SIGTERM : SIGHUP)
        default:
            try tmux.send(how)
        }
        let status = tmux.waitForExit()
        #expect(status != nil, "folio did not exit on \(how)")
        if how == "q" || how == "C-c" { #expect(status == 0) }
        let settings = try #require(tmux.terminalSettings)
        #expect(settings.before == settings.after, "stty -g changed after \(how)")
        let screen = try tmux.screen()
        #expect(!screen.joined().contains("Welcome to Folio"), "the alternate screen is gone after \(how)")
    }

    @Test func aTinyTerminalSaysSoUntilItGrows() throws {
        let tmux = try Tmux(columns: 15, rows: 4, command: [Folio.binary.path, "--forget"])
        try tmux.waitFor("the notice") { $0.joined(separator: " ").contains("too small") }
        try tmux.resize(columns: 80, rows: 24)
        try tmux.waitFor("the guide") { $0.joined().contains("Welcome to Folio") }
        try tmux.send("q")
    }

    @Test(arguments: [("/no/such/file", "no such file"), (Folio.emptyFolder, "is a directory")])
    func errorsInATerminalAreOneLineAndStatusOne(path: String, message: String) throws {
        let folder = path == Folio.emptyFolder ? try Folio.temporaryDirectory() : nil
        defer { folder.map { try? FileManager.default.removeItem(at: $0) } }
        // Wide enough for the folder's long name on one line.
        let tmux = try Tmux(columns: 140, rows: 24, command: [Folio.binary.path, folder?.path ?? path])
        #expect(tmux.waitForExit() == 1)
        let lines = try tmux.screen().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.count == 1 && lines[0].contains(message), "\(lines)")
        let settings = try #require(tmux.terminalSettings)
        #expect(settings.before == settings.after)
    }

    @Test func anEmptyFileAndBinaryDataOpenWithoutACrash() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.txt"), blob = dir.appendingPathComponent("blob.bin")
        try Data().write(to: empty)
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: blob)
        let first = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget", empty.path])
        try first.waitFor("the empty page") { $0.joined().contains("(empty)") && pageCount($0)?.page == 1 }
        try first.send("Right")
        try first.send("q")
        #expect(first.waitForExit() == 0)
        let second = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget", blob.path])
        // Binary data is shown after a yes to less's question (OpenLikeLessTests has the rest).
        try second.waitFor("the binary-file question") { $0.last?.contains("may be a binary file") == true }
        try second.send("y")
        let screen = try second.waitFor("binary data") { pageCount($0)?.page == 1 }
        #expect(screen.joined().contains("\u{FFFD}"))
        try second.send("End")
        try second.send("q")
        #expect(second.waitForExit() == 0)
    }

    @Test func searchHighlightsAndJumps() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.longDocument(in: dir)
        let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget", file.path])
        try tmux.waitFor("first page") { pageCount($0)?.page == 1 }
        try tmux.send("/")
        try tmux.send("P0300", literal: true)
        try tmux.send("Enter")
        let found = try tmux.waitFor("the match") { screen in
            pageCount(screen) != nil && screen.dropLast().joined().contains("P0300")
        }
        #expect((pageCount(found)?.page ?? 0) > 30, "P0300 lies three quarters through")
        try tmux.send("q")
    }
}
