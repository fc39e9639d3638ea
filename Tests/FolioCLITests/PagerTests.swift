import Foundation
import FolioTestSupport
import Testing

/// folio as the pager of git, man and a pipe, with less's options and
/// environment: the real binary in tmux (or on a pseudo-terminal, to read the
/// bytes it writes), asserting what the screen shows before any key.
@Suite(.serialized, .needs(.tmux, .man, .git)) struct PagerTests {
    func pageCount(_ screen: [String]) -> (page: Int, count: Int)? {
        let status = screen.last ?? ""
        guard let slash = status.range(of: " / ") else { return nil }
        let before = status[..<slash.lowerBound].split(separator: " ").last.flatMap { Int($0) }
        let after = status[slash.upperBound...].prefix { $0.isNumber }
        guard let page = before, let count = Int(after) else { return nil }
        return (page, count)
    }

    /// `LESS=FRX GIT_PAGER=folio git log`: three commits fit, so folio prints them and quits at once,
    /// leaving them on the terminal with the shell's prompt after them, as less does.
    @Test func gitLogThatFitsIsPrintedAndTheShellComesBack() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let repository = dir.appendingPathComponent("repository").path
        let git = "git -C \(repository) -c user.name=Folio -c user.email=folio@example.com"
        _ = try Folio.shell("git init -q \(repository) && for m in first second third fourth; do \(git) commit -q --allow-empty -m \"commit $m\"; done")
        let tmux = try Tmux(columns: 80, rows: 24, command: ["bash", "--norc", "--noprofile", "-i"],
                            environment: ["PS1": "ready$ ", "XDG_STATE_HOME": dir.appendingPathComponent("state").path])
        try tmux.waitFor("the shell") { $0.contains { $0.hasPrefix("ready$") } }
        // Short command lines, so that none wraps.
        try tmux.send("cd \(repository); F=\(Folio.binary.path); clear", literal: true)
        try tmux.send("Enter")
        try tmux.waitFor("a clear screen") { $0.first?.hasPrefix("ready$") == true && $0.count(where: { !$0.isEmpty }) == 1 }
        try tmux.send("LESS=FRX GIT_PAGER=$F git log --oneline --no-decorate -3", literal: true)
        try tmux.send("Enter")
        let screen = try tmux.waitFor("three commits, then the prompt") { screen in
            guard let command = screen.firstIndex(where: { $0.contains("git log") }), screen.count > command + 4 else { return false }
            return screen[command + 4].hasPrefix("ready$")
        }
        let command = try #require(screen.firstIndex { $0.contains("git log") })
        let lines = screen[(command + 1)...(command + 3)]
        #expect(lines.map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "" }
                == ["commit fourth", "commit third", "commit second"], "\(screen)")
        #expect(pageCount(screen) == nil, "no reader was drawn")
        try tmux.send("echo status=$?", literal: true)
        try tmux.send("Enter")
        try tmux.waitFor("git's status") { $0.contains("status=0") }
    }

    /// `-F` with more than a screen: the reader opens with every line read so far, the first at the top.
    @Test(arguments: ["seq 1000", "yes"])
    func dashFOnMoreThanAScreenOpensTheReader(input: String) throws {
        let tmux = try Tmux(columns: 80, rows: 24, command: ["sh", "-c", "\(input) | \(Folio.binary.path) --forget -F"])
        let screen = try tmux.waitFor(timeout: 5, "the reader") { pageCount($0)?.page == 1 }
        let first = input == "yes" ? "y" : "1"
        #expect(screen.dropFirst().first?.trimmingCharacters(in: .whitespaces) == first, "the first line is kept: \(screen)")
        if input == "seq 1000" {
            #expect(screen.dropFirst().prefix(5).map { $0.trimmingCharacters(in: .whitespaces) } == ["1", "2", "3", "4", "5"])
        }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    /// `-F` on a slow pipe that neither fills the screen nor ends: after less's screenfill time (3 s) the
    /// reader opens with what has come, and the rest follows.
    @Test func dashFOnASlowPipeOpensTheReaderAfterTheScreenfillTime() throws {
        let tmux = try Tmux(columns: 80, rows: 24, command: ["sh", "-c", "(echo first; sleep 6; echo second) | \(Folio.binary.path) --forget -F"])
        let start = Date()
        let early = try tmux.waitFor(timeout: 5.5, "the reader with the first line") { pageCount($0) != nil && $0.joined().contains("first") }
        #expect(Date().timeIntervalSince(start) > 2.5, "folio waited for the screen to fill or the pipe to end")
        #expect(!early.joined().contains("second"))
        try tmux.waitFor(timeout: 10, "the second line, read into the same document") { $0.joined().contains("second") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    /// `-F` on a file that fits: its text, escapes and all, on the terminal, and folio gone at once.
    @Test func dashFOnAShortFilePrintsItAsItIs() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("short.txt")
        try Data("first line\n\u{1B}[31mred line\u{1B}[0m\nlast line, no line break".utf8).write(to: file)
        let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "-F", file.path])
        #expect(tmux.waitForExit() == 0)
        let screen = try tmux.screen()
        #expect(Array(screen.prefix(3)) == ["first line", "red line", "last line, no line break"], "\(screen)")
        #expect(try tmux.styledScreen().joined().contains("\u{1B}[31mred line"), "the escape reached the terminal")
        // One row too many for 24 rows with the prompt's row kept: the reader.
        let tall = dir.appendingPathComponent("tall.txt")
        try Data((1...24).map { "line \($0)\n" }.joined().utf8).write(to: tall)
        let reader = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget", "-F", tall.path])
        try reader.waitFor("the reader for 24 lines on 24 rows") { pageCount($0) != nil }
        try reader.send("q")
        #expect(reader.waitForExit() == 0)
        let fits = dir.appendingPathComponent("fits.txt")
        try Data((1...23).map { "line \($0)\n" }.joined().utf8).write(to: fits)
        let printed = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "-F", fits.path])
        #expect(printed.waitForExit() == 0, "23 lines and the prompt's row fit 24 rows")
        #expect(try printed.screen().prefix(23).last == "line 23")
    }

    /// `-X`: the main screen; after `q` the last page stays on the terminal and the status row is cleared for the prompt.
    @Test func dashXLeavesTheLastScreen() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try InteractiveTests.longDocument(in: dir)
        let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget", "-X", file.path])
        try tmux.waitFor("the first page") { pageCount($0)?.page == 1 }
        try tmux.send("Space")
        try tmux.waitFor("the second page") { pageCount($0)?.page == 2 }
        let second = try tmux.waitForStillScreen()  // the turn has settled
        let text = second.dropFirst().dropLast().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        let after = try tmux.screen()
        #expect(Array(after.dropFirst().dropLast().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) == Array(text),
                "the page stays: \(after)")
        #expect(after.last?.trimmingCharacters(in: .whitespaces) == "", "the status row is cleared for the shell's prompt")
        let settings = try #require(tmux.terminalSettings)
        #expect(settings.before == settings.after)
    }

    /// man through `MANPAGER=folio`, `LESS` as man-db sets it (no -X: the alternate screen, gone after q);
    /// with the user's `LESS=FRX`, which man-db appends after its prompt, the page stays.
    @Test(arguments: [false, true])
    func manWithManDbsLess(userLess: Bool) throws {
        let tmux = try Tmux(columns: 100, rows: 30, command: ["sh", "-c", (userLess ? "LESS=FRX " : "unset LESS; ")
                                                                + "MANPAGER='\(Folio.binary.path) --forget' man ls"])
        let screen = try tmux.waitFor("the man page") { $0.joined().contains("list directory contents") && pageCount($0) != nil }
        #expect(pageCount(screen)?.page == 1)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        let after = try tmux.screen().joined()
        #expect(after.contains("list directory contents") == userLess, userLess ? "-X keeps the page" : "the alternate screen is gone")
    }

    /// less's usual options on a pipe: the reader opens and shows the first page.
    @Test func lessesOptionsOnAPipeOpenTheReader() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try InteractiveTests.longDocument(in: dir)
        let tmux = try Tmux(columns: 80, rows: 24, command: ["sh", "-c",
                                                             "cat \(file.path) | \(Folio.binary.path) --forget -R -S -N -j4 -x8 -M"])
        let screen = try tmux.waitFor("the first page") { pageCount($0)?.page == 1 }
        #expect(screen.joined().contains("P0001"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    /// The bytes the real folio writes on a pseudo-terminal, until its first frame is drawn, then all of them to its exit on `q`.
    func terminalBytes(_ arguments: [String]) throws -> (first: String, all: String, status: Int32) {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try InteractiveTests.longDocument(in: dir, paragraphs: 40)
        let pty = try PseudoTerminal()
        pty.setSize(columns: 80, rows: 24)
        let pid = try Folio.spawn(arguments + ["--forget", file.path], on: pty)
        var first: [UInt8] = []
        let deadline = Date().addingTimeInterval(20)
        // A frame ends its synchronized update: the first screen has been drawn.
        while !String(decoding: first, as: UTF8.self).contains("\u{1B}[?2026l") && Date() < deadline {
            first += pty.output(quiet: 0.1)
        }
        pty.type(Array("q".utf8))
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let rest = pty.output(quiet: 0.2)
        return (String(decoding: first, as: UTF8.self), String(decoding: first + rest, as: UTF8.self), (status >> 8) & 0xFF)
    }

    /// No mouse tracking by default (text stays selectable): the wheel turns pages through alternate scroll.
    @Test func theMouseIsTheTerminalsByDefault() throws {
        let run = try terminalBytes([])
        #expect(run.status == 0)
        #expect(run.first.contains("\u{1B}[?1049h") && run.first.contains("\u{1B}[?1007h"), "\(run.first.prefix(80).debugDescription)")
        #expect(!run.all.contains("\u{1B}[?1000h") && !run.all.contains("\u{1B}[?1002h"), "no mouse tracking")
        #expect(run.all.contains("\u{1B}[?1007l\u{1B}[?25h\u{1B}[?1049l"), "alternate scroll off on leaving the alternate screen")
        let noMouse = try terminalBytes(["--no-mouse"])
        #expect(noMouse.first.contains("\u{1B}[?1007h") && !noMouse.all.contains("\u{1B}[?1000h"))
    }

    @Test func dashDashMouseTracksTheMouse() throws {
        let run = try terminalBytes(["--mouse"])
        #expect(run.status == 0)
        #expect(run.first.contains("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"), "\(run.first.prefix(80).debugDescription)")
        #expect(run.all.contains("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"))
    }

    /// With -X there is no alternate screen, so nothing for alternate scroll to act on.
    @Test func dashXWritesNoAlternateScreen() throws {
        let run = try terminalBytes(["-X"])
        #expect(run.status == 0)
        #expect(!run.all.contains("\u{1B}[?1049") && !run.all.contains("\u{1B}[?1007"))
        #expect(run.all.hasSuffix("\u{1B}[999;1H\u{1B}[2K"), "\(run.all.suffix(40).debugDescription)")
    }
}
