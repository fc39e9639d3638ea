import Foundation
import Testing
import FolioTestSupport

/// The defects a new user found in the reader, one test each, in a real
/// terminal (tmux) with the real binary. Where the defect was a stall, the
/// test looks at the screen without pressing another key.
@Suite(.serialized, .needs(.tmux, .man)) struct ReaderDefectTests {
    func status(_ screen: [String]) -> String { StatusRow.status(screen) }

    /// "3 / 120" or "3 / 120+" from the status row.
    func pages(_ screen: [String]) -> (page: Int, count: Int, counting: Bool)? { StatusRow.pages(screen) }

    /// A text file of numbered prose paragraphs, `paragraphs` long.
    func bigFile(_ dir: URL, paragraphs: Int, name: String = "big.txt") throws -> URL {
        let file = dir.appendingPathComponent(name)
        var text = ""
        for p in 1...paragraphs {
            text += String(format: "P%06d ", p) + String(repeating: "the reader turns another page of prose ", count: 3 + p % 9) + "\n\n"
        }
        try Data(text.utf8).write(to: file)
        return file
    }

    // 1. Background work never leaves a stale screen.

    @Test func endOnALargeFileShowsTheLastPageWithoutAnotherKey() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try bigFile(dir, paragraphs: 12_000)
        let tmux = try Tmux(columns: 100, rows: 30, command: [Folio.binary.path, "--forget", file.path])
        try tmux.waitFor("the first page") { pages($0)?.page == 1 }
        try tmux.send("End")
        // No other key: the last page, a final count and 100 %, and no "Paginating…" left behind.
        let last = try tmux.waitFor(timeout: 60, "the last page") { screen in
            guard let p = pages(screen) else { return false }
            return !p.counting && p.page == p.count && status(screen).hasSuffix("100%")
        }
        #expect(!status(last).contains("Paginating"))
        #expect(last.joined().contains("P012000"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func theCountLosesItsPlusAndARestoredPlaceNearTheEndLandsWithoutAKey() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try bigFile(dir, paragraphs: 6_000)
        let state = dir.appendingPathComponent("state").path
        do {
            let tmux = try Tmux(columns: 100, rows: 30, command: [Folio.binary.path, file.path], environment: ["XDG_STATE_HOME": state])
            // Nothing pressed: pagination finishes and the count says so.
            try tmux.waitFor(timeout: 60, "the final count") { pages($0).map { !$0.counting && $0.count > 100 } ?? false }
            try tmux.send("95%", literal: true)
            try tmux.waitFor("95 %") { pages($0).map { $0.page > $0.count * 9 / 10 } ?? false }
            try tmux.send("q")
            #expect(tmux.waitForExit() == 0)
        }
        let tmux = try Tmux(columns: 100, rows: 30, command: [Folio.binary.path, file.path], environment: ["XDG_STATE_HOME": state])
        let restored = try tmux.waitFor(timeout: 60, "the restored place") { screen in
            pages(screen).map { !$0.counting && $0.page > $0.count * 9 / 10 } ?? false
        }
        #expect(!status(restored).contains("Paginating"))
        try tmux.send("q")
    }

    // 2. Streams.

    @Test func aSlowPipeShowsItsFirstLineAtOnce() throws {
        let tmux = try Tmux(columns: 80, rows: 24, command: ["sh", "-c", "(echo first; sleep 4; echo second) | \(Folio.binary.path) --forget"])
        let early = try tmux.waitFor(timeout: 3, "the first line while the writer sleeps") { $0.joined().contains("first") }
        #expect(!early.joined().contains("second"))
        #expect(pages(early)?.counting == true, "the count stays open while the stream may grow")
        // No key: the second line comes when it is written, and the count closes at the end.
        let later = try tmux.waitFor(timeout: 10, "the second line") { $0.joined().contains("second") && pages($0)?.counting == false }
        #expect(status(later).hasSuffix("100%"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func yesShowsAPageAtOnceAndStaysSmall() throws {
        let tmux = try Tmux(columns: 80, rows: 24, command: ["sh", "-c", "yes | \(Folio.binary.path) --forget"])
        try tmux.waitFor(timeout: 5, "a page of y") { screen in screen.dropFirst().prefix(5).allSatisfy { $0.hasPrefix(" y") } }
        Thread.sleep(forTimeInterval: 5)
        let pid = try #require(try tmux.pid(of: "folio"))
        let rss = try residentKilobytes(of: pid)
        #expect(rss < 64 * 1024, "folio holds \(rss) KB after 5 s of yes")
        try tmux.send("End")
        try tmux.waitFor("the wait") { status($0).contains("Waiting for input") }
        try tmux.send("j")
        try tmux.waitFor("the wait stopped") { status($0).contains("Stopped") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    func residentKilobytes(of pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? .max
    }

    // 3. Job control.

    @Test func ctrlZAndAStopFromOutsideRestoreTheTerminalAndFgRedraws() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try bigFile(dir, paragraphs: 200)
        let tmux = try Tmux(columns: 80, rows: 24, command: ["bash", "--norc", "--noprofile", "-i"], environment: ["PS1": "ready$ "])
        try tmux.waitFor("the shell") { $0.joined().contains("ready$") }
        let saved = dir.appendingPathComponent("stty").path
        try tmux.send("stty -g > \(saved)-before", literal: true)
        try tmux.send("Enter")
        try tmux.send("\(Folio.binary.path) --forget \(file.path)", literal: true)
        try tmux.send("Enter")
        try tmux.waitFor("the reader") { pages($0)?.page == 1 }
        for how in ["C-z", "SIGTSTP"] {
            if how == "C-z" {
                try tmux.send("C-z")
            } else {
                let pid = try #require(try tmux.pid(of: "folio"))
                kill(pid, SIGTSTP)
            }
            try tmux.waitFor("the shell after \(how)") { screen in
                guard let stopped = screen.lastIndex(where: { $0.contains("Stopped") }) else { return false }
                return screen[stopped...].contains { $0.hasPrefix("ready$") }
            }
            try tmux.send("stty -g > \(saved)-after; clear", literal: true)
            try tmux.send("Enter")
            try tmux.waitFor("stty") { _ in FileManager.default.fileExists(atPath: saved + "-after") }
            Thread.sleep(forTimeInterval: 0.2)
            let before = try String(contentsOfFile: saved + "-before", encoding: .utf8)
            let after = try String(contentsOfFile: saved + "-after", encoding: .utf8)
            #expect(before == after, "the tty is as it was before folio after \(how)")
            try FileManager.default.removeItem(atPath: saved + "-after")
            try tmux.send("fg", literal: true)
            try tmux.send("Enter")
            // No other key: fg alone brings the page back.
            let back = try tmux.waitFor("the page after fg") { pages($0)?.page == 1 && $0.joined().contains("P000001") }
            #expect(!back.joined().contains("ready$"))
            try tmux.send("Right")
            try tmux.waitFor("raw mode again: a key turns the page") { pages($0)?.page == 2 }
            try tmux.send("Left")
            try tmux.waitFor("back on page 1") { pages($0)?.page == 1 }
        }
        try tmux.send("q")
        try tmux.waitFor("the shell again") { $0.contains { $0.hasPrefix("ready$") } }
    }

    // 4. A file changed under the reader.

    @Test func aFileTruncatedWhileOpenIsReportedNotACrash() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try bigFile(dir, paragraphs: 4_000)
        let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget", file.path])
        try tmux.waitFor(timeout: 60, "the final count") { pages($0)?.counting == false }
        try tmux.send("60%", literal: true)
        try tmux.waitFor("60 %") { pages($0).map { $0.page > $0.count / 2 } ?? false }
        #expect(truncate(file.path, 1_000) == 0)
        try tmux.send("Right")
        try tmux.waitFor("the notice") { status($0).contains("truncated") }
        for key in ["Right", "Left", "End", "Space", "Home"] { try tmux.send(key) }
        try tmux.waitFor("the first page") { pages($0)?.page == 1 }
        #expect(tmux.exitStatus == nil, "still running")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    // 5. Colour and man pages.

    @Test func coloursAndOverstrikesAreDrawnAsStyles() throws {
        let input = "printf '\\033[33myellow\\033[0m plain \\033[1;4mboth\\033[0m N\\bNA\\bAM\\bME\\bE _\\bu\\n'"
        let tmux = try Tmux(columns: 80, rows: 24, command: ["sh", "-c", "\(input) | \(Folio.binary.path) --forget"])
        let screen = try tmux.waitFor("the text") { $0.joined().contains("yellow plain both NAME u") }
        #expect(!screen.joined().contains("␛") && !screen.joined().contains("␈"), "no escape shown as a symbol")
        let styled = try tmux.styledScreen().joined()
        #expect(styled.contains("\u{1B}[33myellow"), "yellow text: \(styled.debugDescription.prefix(300))")
        let line = try #require(try tmux.styledScreen().first { $0.contains("NAME") })
        #expect(Self.style(of: "yellow", in: line) == [33], "\(line.debugDescription)")
        #expect(Self.style(of: "plain", in: line) == [], "\(line.debugDescription)")
        #expect(Self.style(of: "both", in: line) == [1, 4], "\(line.debugDescription)")
        #expect(Self.style(of: "NAME", in: line) == [1], "bold NAME alone: \(line.debugDescription)")
        #expect(Self.style(of: " u", in: line) == [4], "underlined u alone: \(line.debugDescription)")
        try tmux.send("q")
    }

    /// The SGR attributes (1 bold, 4 underline, 30–37 and 40–47 colours; 39 and 49 are no colour) in force at the first character of
    /// `word`'s first occurrence in a line of tmux's styled capture, replaying every SGR before it.
    static func style(of word: String, in line: String) -> Set<Int> {
        var attributes = Set<Int>()
        var text = Substring(line)
        var plain = ""
        while let escape = text.firstIndex(of: "\u{1B}") {
            plain += text[..<escape]
            if plain.contains(word) { return attributes }
            let rest = text[text.index(after: escape)...]
            guard rest.first == "[", let end = rest.firstIndex(where: { $0.isLetter }) else { break }
            if rest[end] == "m" {
                let codes = rest.dropFirst()[..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                for code in codes {
                    switch code {
                    case 0: attributes = []
                    case 22: attributes.remove(1)
                    case 24: attributes.remove(4)
                    case 39: attributes = attributes.filter { !(30...37).contains($0) }
                    case 49: attributes = attributes.filter { !(40...47).contains($0) }
                    case 30...37: attributes = attributes.filter { !(30...37).contains($0) }; attributes.insert(code)
                    default: attributes.insert(code)
                    }
                }
            }
            text = rest[rest.index(after: end)...]
        }
        return (plain + text).contains(word) ? attributes : [-1]
    }

    @Test func aManPageLooksAsItDoesInLess() throws {
        let tmux = try Tmux(columns: 100, rows: 30, command: ["sh", "-c", "MANPAGER='\(Folio.binary.path) --forget' man ls"])
        let screen = try tmux.waitFor("the man page") { $0.joined().contains("list directory contents") }
        #expect(!screen.joined().contains("␈") && !screen.joined().contains("␛"))
        #expect(!screen.dropFirst().dropLast().joined().contains("│"), "a man page formatted for 100 columns is one page")
        let styled = try tmux.styledScreen().joined()
        #expect(styled.contains("1mNAME"), "NAME is bold")
        try tmux.send("q")
    }

    // 6. Pre-formatted text is not torn into columns.

    @Test func aLicenceWrappedAt72StaysOnePageUntilTwoFit() throws {
        let licence = "/usr/share/common-licenses/GPL-3"
        let tmux = try Tmux(columns: 120, rows: 40, command: [Folio.binary.path, "--forget", licence])
        let narrow = try tmux.waitFor("the licence") { $0.joined().contains("GNU GENERAL PUBLIC LICENSE") }
        #expect(!narrow.dropFirst().dropLast().joined().contains("│"), "one page at 120 columns")
        try tmux.resize(columns: 170, rows: 40)
        let wide = try tmux.waitFor("two pages") { $0.count == 40 && $0.dropFirst().dropLast().allSatisfy { $0.contains("│") } }
        // Every line of the licence keeps its own breaks: no line is re-wrapped.
        let left = wide.dropFirst().dropLast().map { String($0.prefix(84)).trimmingCharacters(in: .whitespaces) }
        let source = try String(contentsOfFile: licence, encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(left.filter { !$0.isEmpty }.allSatisfy { line in source.contains { $0 == line } }, "\(left)")
        try tmux.send("q")
    }

    // 7. CJK lines are full.

    @Test func japaneseBreaksBetweenCharacters() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("neko.txt")
        let text = String(repeating: "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。", count: 20)
        try Data(text.utf8).write(to: file)
        let tmux = try Tmux(columns: 42, rows: 24, command: [Folio.binary.path, "--forget", file.path])
        let screen = try tmux.waitFor("the text") { $0.joined().contains("吾輩") }
        let body = screen.dropFirst().dropLast().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.dropLast()
        // 40 columns of text: every full line holds at least 37 (a closing mark may push one character down).
        for line in body {
            let width = line.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x3000 ? 2 : 1) } - 1
            #expect(width >= 37, "a half-empty line: \(line)")
            #expect(!line.dropFirst().hasPrefix("。") && !line.dropFirst().hasPrefix("、"), "a line starts with closing punctuation: \(line)")
        }
        try tmux.send("q")
    }

    // 8. Empty input, -, <(cmd), /dev/null.

    @Test func emptyInputIsAnEmptyDocumentAndOtherInputsOpen() throws {
        for (command, shows) in [
            ("true | \(Folio.binary.path) --forget", "stdin is empty"),
            ("\(Folio.binary.path) --forget < /dev/null", "stdin is empty"),
            ("\(Folio.binary.path) --forget /dev/null", "null is empty"),
            ("echo through a dash | \(Folio.binary.path) --forget -", "through a dash"),
            ("bash -c '\(Folio.binary.path) --forget <(echo from a substitution)'", "from a substitution"),
        ] {
            let tmux = try Tmux(columns: 80, rows: 24, command: ["sh", "-c", command])
            let screen = try tmux.waitFor(command) { $0.joined().contains(shows) }
            #expect(!screen.joined().contains("Welcome to Folio"), "\(command) opened the guide")
            #expect(!screen.joined().contains("Error"), "\(command): \(screen)")
            try tmux.send("q")
            #expect(tmux.waitForExit() == 0, "\(command)")
        }
    }

    // 9. Percentages.

    @Test func theLastPageShowsAHundredAndHalfWayShowsAtLeastFifty() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try bigFile(dir, paragraphs: 600)
        let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget", file.path])
        try tmux.waitFor("the final count") { pages($0)?.counting == false }
        try tmux.send("50%", literal: true)
        let half = try tmux.waitForStillScreen()
        let percent = Int(status(half).split(separator: " ").last?.dropLast() ?? "") ?? -1
        #expect((50...55).contains(percent), "50% shows \(status(half))")
        try tmux.send("G")
        try tmux.waitFor("100 %") { status($0).hasSuffix("100%") }
        try tmux.send("q")
    }

    // 10. Position memory.

    @Test func thePlaceSurvivesATouchAndAnAppendAndTheLastToQuitWins() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try bigFile(dir, paragraphs: 600)
        let environment = ["XDG_STATE_HOME": dir.appendingPathComponent("state").path]
        // Pages side by side (--pages), where Ng is a page.
        func open() throws -> Tmux {
            try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--pages", file.path], environment: environment)
        }
        do {
            let tmux = try open()
            try tmux.waitFor("page 1") { pages($0)?.page == 1 }
            try tmux.send("7g", literal: true)
            try tmux.waitFor("page 7") { pages($0)?.page == 7 }
            try tmux.send("q")
            #expect(tmux.waitForExit() == 0)
        }
        // touch, then an appended line: the beginning is the same, so the place is too.
        utimes(file.path, nil)
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("one more line\n".utf8))
        try handle.close()
        do {
            let tmux = try open()
            try tmux.waitFor("page 7 again") { pages($0)?.page == 7 }
            try tmux.send("q")
            #expect(tmux.waitForExit() == 0)
        }
        // Two readers: the first goes to 3 and quits last, the second goes to 12 and quits first.
        let first = try open(), second = try open()
        try first.waitFor("first reader") { pages($0)?.page == 7 }
        try second.waitFor("second reader") { pages($0)?.page == 7 }
        try first.send("3g", literal: true)
        try first.waitFor("page 3") { pages($0)?.page == 3 }
        try second.send("12g", literal: true)
        try second.waitFor("page 12") { pages($0)?.page == 12 }
        try second.send("q")
        #expect(second.waitForExit() == 0)
        try first.send("q")
        #expect(first.waitForExit() == 0)
        let again = try open()
        try again.waitFor("the place of the reader that quit last") { pages($0)?.page == 3 }
        try again.send("q")
    }

    @Test func withNowhereToSaveItSaysSoOnce() throws {
        let result = try Folio.shell("env -u HOME -u XDG_STATE_HOME tmux -L nohome-\(getpid()) -f /dev/null new-session -d -x 80 -y 24 "
            + "'\(Folio.binary.path) /usr/share/common-licenses/GPL-3 2> /tmp/folio-nohome-\(getpid()).err'; sleep 1; "
            + "tmux -L nohome-\(getpid()) send-keys q; sleep 1; cat /tmp/folio-nohome-\(getpid()).err; "
            + "tmux -L nohome-\(getpid()) kill-server 2>/dev/null; rm -f /tmp/folio-nohome-\(getpid()).err")
        let lines = result.split(separator: "\n")
        #expect(lines.count == 1, "\(lines)")
        #expect(result.contains("will not be remembered") && result.contains("XDG_STATE_HOME"), "\(result)")
    }

    // 10b. Keys a less user expects.

    @Test func lessKeysAndStartCommandsWork() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try bigFile(dir, paragraphs: 600)
        let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget", "+/P000300", file.path])
        try tmux.waitFor("+/pattern opens at the first match") { $0.dropLast().joined().contains("P000300") }
        try tmux.send("?", literal: true)
        try tmux.send("P00010[0-9]", literal: true)
        try tmux.send("Enter")
        try tmux.waitFor("? searches backward, by regular expression") { $0.dropLast().joined().contains("P000109") }
        try tmux.send("/", literal: true)
        try tmux.send("Enter")
        try tmux.waitFor("/ Enter repeats, forward") { screen in
            screen.dropLast().joined().contains("P000100") || screen.dropLast().joined().contains("P00010")
        }
        // In a text scrolled by lines, 41g is line 41 at the top, as in less (paragraph 21).
        try tmux.send("41g", literal: true)
        try tmux.waitFor("41g") { $0.dropFirst().first?.trimmingCharacters(in: .whitespaces).hasPrefix("P000021 ") == true }
        try tmux.send("g", literal: true)
        try tmux.waitFor("g: the first page") { pages($0)?.page == 1 }
        try tmux.send("H", literal: true)
        try tmux.waitFor("H: the help") { $0.joined().contains("search forward, backward") }
        try tmux.send("Escape")
        // q only once the help has gone: sent at once, Esc q reads as Alt-q.
        try tmux.waitFor("the help closed") { !$0.joined().contains("search forward, backward") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        let last = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget", "+G", file.path])
        try last.waitFor(timeout: 30, "+G opens at the end") { pages($0).map { !$0.counting && $0.page == $0.count } ?? false }
        try last.send("q")
    }

    // 11. Small correctness.

    @Test func aNarrowTerminalShortensTheStatusRow() throws {
        let tmux = try Tmux(columns: 24, rows: 10, command: [Folio.binary.path, "--forget", "/usr/share/common-licenses/GPL-3"])
        try tmux.waitFor("the licence") { pages($0) != nil }
        try tmux.send("=")
        let screen = try tmux.waitFor("the info") { status($0).contains("…") }
        let row = status(screen)
        #expect(row.count <= 24)
        #expect(row.contains("… ") || row.contains("…  "), "the message is cut with an ellipsis before the page count: \(row)")
        #expect(pages(screen) != nil, "the page count is whole: \(row)")
        try tmux.send("q")
    }

    @Test func aDumbTerminalGetsPlainText() throws {
        let tmux = try Tmux(columns: 80, rows: 24, command: ["sh", "-c", "TERM=dumb \(Folio.binary.path) --forget /usr/share/common-licenses/GPL-3"])
        #expect(tmux.waitForExit() == 0, "plain text, no reader waiting for keys")
        let screen = try tmux.screen()
        #expect(screen.joined().contains("why-not-lgpl.html"), "the whole licence went by: \(screen)")
    }
}
