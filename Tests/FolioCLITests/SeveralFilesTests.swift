import Foundation
import Testing
import FolioTestSupport

/// Several files, as in less: `folio a b c`, then `:n`, `:p`, `:x`, `:e`,
/// `:d`, each file at its own saved place; and marks kept with the place.
/// The real binary in tmux, each screen read as it comes, without another key.
@Suite(.serialized, .needs(.tmux)) struct SeveralFilesTests {
    /// A file of numbered paragraphs whose words name the file (`B0012 b0012.01 …`), one line each.
    static func file(_ name: String, in dir: URL, paragraphs: Int = 300) throws -> URL {
        let letter = String(name.prefix(1))
        let text = (1...paragraphs).map { p in
            letter.uppercased() + String(format: "%04d ", p)
                + (1...(8 + p * 7 % 49)).map { letter + String(format: "%04d.%02d", p, $0) }.joined(separator: " ")
        }.joined(separator: "\n\n")
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// folio run in `dir` with `arguments` (names as a reader types them: short enough for the status row).
    static func folio(in dir: URL, _ arguments: String...) -> [String] {
        ["sh", "-c", "cd \(Tmux.quote(dir.path)) && exec " + ([Folio.binary.path] + arguments).map(Tmux.quote).joined(separator: " ")]
    }

    /// The status row.
    static func status(_ screen: [String]) -> String { screen.last ?? "" }

    /// The page on the status row (`5 / 69`).
    static func page(_ screen: [String]) -> Int? {
        let status = status(screen)
        guard let slash = status.range(of: " / ") else { return nil }
        return status[..<slash.lowerBound].split(separator: " ").last.flatMap { Int($0) }
    }

    /// Whether `screen` shows `name` on the title row and page `page` of it, with `notice` on the status row.
    static func shows(_ screen: [String], _ name: String, page expected: Int, notice: String? = nil) -> Bool {
        (screen.first ?? "").contains(name) && page(screen) == expected && notice.map { status(screen).contains($0) } ?? true
    }

    @Test func colonNPXEAndDGoFromFileToFileEachAtItsPlace() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["a.txt", "b.txt", "c.txt", "d.txt"] { _ = try Self.file(name, in: dir) }
        let state = ["XDG_STATE_HOME": dir.appendingPathComponent("state").path]
        // Pages side by side (--pages), where 5g is page 5 (in a text scrolled by lines it is line 5).
        let tmux = try Tmux(columns: 80, rows: 24, command: Self.folio(in: dir, "--pages", "a.txt", "b.txt", "c.txt"), environment: state)
        try tmux.waitFor("a.txt, file 1 of 3, as less's first prompt") { Self.shows($0, "a.txt", page: 1, notice: "a.txt (file 1 of 3)") }
        try tmux.send("5g", literal: true)
        try tmux.waitFor("page 5 of a.txt") { Self.page($0) == 5 }

        try tmux.send(":n", literal: true)
        let second = try tmux.waitFor(":n: b.txt from its start") { Self.shows($0, "b.txt", page: 1, notice: "b.txt (file 2 of 3)") }
        #expect(second.joined().contains("B0001"))
        try tmux.send("3g", literal: true)
        try tmux.waitFor("page 3 of b.txt") { Self.page($0) == 3 }

        try tmux.send(":p", literal: true)
        let back = try tmux.waitFor(":p: a.txt at page 5, where it was left") {
            Self.shows($0, "a.txt", page: 5, notice: "a.txt (file 1 of 3)")
        }
        #expect(back.joined().contains("a00"))

        try tmux.send("2:n", literal: true)
        try tmux.waitFor("2:n: c.txt") { Self.shows($0, "c.txt", page: 1, notice: "c.txt (file 3 of 3)") }
        try tmux.send(":n", literal: true)
        try tmux.waitFor(":n on the last file says so") { Self.shows($0, "c.txt", page: 1, notice: "No next file") }

        try tmux.send(":x", literal: true)
        try tmux.waitFor(":x: the first file, at its place") { Self.shows($0, "a.txt", page: 5, notice: "a.txt (file 1 of 3)") }
        try tmux.send("=")
        try tmux.waitFor("= says which file of how many") { Self.status($0).contains("a.txt (file 1 of 3) · page 5 of") }

        try tmux.send(":e", literal: true)
        try tmux.waitFor("the Examine prompt") { Self.status($0).hasPrefix("Examine: ") }
        try tmux.send("missing.txt", literal: true)
        try tmux.send("Enter")
        try tmux.waitFor("a missing file is a notice, and the reader stays") {
            Self.shows($0, "a.txt", page: 5, notice: "missing.txt: no such file")
        }
        try tmux.send(":e", literal: true)
        try tmux.send("d.txt", literal: true)
        try tmux.send("Enter")
        try tmux.waitFor(":e adds the file after the current one") { Self.shows($0, "d.txt", page: 1, notice: "d.txt (file 2 of 4)") }
        try tmux.send(":n", literal: true)
        try tmux.waitFor(":n from d.txt: b.txt at page 3") { Self.shows($0, "b.txt", page: 3, notice: "b.txt (file 3 of 4)") }
        try tmux.send(":d", literal: true)
        try tmux.waitFor(":d: b.txt leaves the list, the previous file is read") {
            Self.shows($0, "d.txt", page: 1, notice: "d.txt (file 2 of 3)")
        }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)

        // Every file left was saved, and quitting saved the last: each opens again at its place.
        for (file, page) in [("a.txt", 5), ("b.txt", 3)] {
            let again = try Tmux(columns: 80, rows: 24, command: Self.folio(in: dir, file), environment: state)
            try again.waitFor("\(file) at page \(page)") { Self.page($0) == page }
            try again.send("q")
            #expect(again.waitForExit() == 0)
        }
    }

    /// Every file goes through what opens the first (ReaderInput.open): a `.gz` is inflated,
    /// LESSOPEN runs for each file, and LESSCLOSE for each file left.
    @Test func everyFileIsOpenedAsTheFirstIs() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try Self.file("a.txt", in: dir), b = try Self.file("b.txt", in: dir)
        _ = try Folio.shell("gzip -n \(Tmux.quote(b.path))")
        let log = dir.appendingPathComponent("closed.log").path
        let environment = [
            "XDG_STATE_HOME": dir.appendingPathComponent("state").path,
            "LESSOPEN": "|tr a-z A-Z < %s",
            "LESSCLOSE": "echo closed %s >> \(Tmux.quote(log))",
        ]
        let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, a.path, b.path + ".gz"], environment: environment)
        try tmux.waitFor("a.txt through LESSOPEN, in capitals") { $0.joined().contains("A0001.01") }
        try tmux.send(":n", literal: true)
        let gz = try tmux.waitFor("b.txt.gz inflated") { Self.shows($0, "b.txt.gz", page: 1, notice: "(file 2 of 2)") }
        #expect(gz.joined().contains("b0001.01"), "a .gz is folio's own format: never through LESSOPEN")
        let closed = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(closed.contains("closed \(a.path)"), "LESSCLOSE ran for the file left: \(closed)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func aFileThatDoesNotOpenAtTheStartIsSkippedWithANotice() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Self.file("b.txt", in: dir)
        let missing = dir.appendingPathComponent("missing.txt").path
        let tmux = try Tmux(columns: 80, rows: 24, command: Self.folio(in: dir, "--forget", "missing.txt", "b.txt"))
        try tmux.waitFor("b.txt, and why missing.txt is not shown") {
            Self.shows($0, "b.txt", page: 1, notice: "missing.txt: no such file")
        }
        try tmux.send(":p", literal: true)
        try tmux.waitFor("missing.txt left the list") { Self.status($0).contains("No previous file") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        // None opens: each reason on standard error, status 1.
        let none = try Folio.run([missing, dir.appendingPathComponent("gone.txt").path])
        #expect(none.status == 1)
        #expect(none.err.split(separator: "\n") == ["folio: \(missing): no such file", "folio: \(dir.path)/gone.txt: no such file"])
    }

    @Test func severalFilesToAPipeAreWrittenOneAfterAnother() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a"), b = dir.appendingPathComponent("b")
        try Data("first\n".utf8).write(to: a)
        try Data("second\n".utf8).write(to: b)
        let both = try Folio.run([a.path, dir.appendingPathComponent("none").path, b.path])
        #expect(both.out == "first\nsecond\n", "as less a b | cat writes them")
        #expect(both.err.contains("none: no such file") && both.status == 1)
    }

    /// `ma`, quit, open again: `'a` lands on the marked page.
    @Test func aMarkIsKeptWithThePlace() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try Self.file("a.txt", in: dir)
        let state = ["XDG_STATE_HOME": dir.appendingPathComponent("state").path]
        var word = ""
        do {
            let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, a.path], environment: state)
            try tmux.waitFor("the first page") { Self.page($0) == 1 }
            // Four hundred lines down (a text scrolled by lines: 400g is line 400, at the top).
            try tmux.send("400g", literal: true)
            let line400 = try tmux.waitFor("line 400") { (Self.page($0) ?? 0) > 10 }
            // The first word on screen: the byte the mark names.
            word = try #require(line400.dropFirst().lazy.compactMap { $0.split(separator: " ").first.map(String.init) }.first)
            try tmux.send("ma", literal: true)
            try tmux.waitFor("the mark set") { Self.status($0).contains("Mark a set") }
            try tmux.send("g")
            try tmux.waitFor("the first page again") { Self.page($0) == 1 }
            try tmux.send("q")
            #expect(tmux.waitForExit() == 0)
        }
        let tmux = try Tmux(columns: 100, rows: 30, command: [Folio.binary.path, a.path], environment: state)
        let first = try tmux.waitFor("the first page, where the reader left") { Self.page($0) == 1 }
        #expect(!first.joined().contains(word))
        try tmux.send("'a", literal: true)
        try tmux.waitFor("'a on the marked text (\(word)), at another size") { $0.dropLast().joined().contains(word) }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
