import Foundation
import Testing
import FolioTestSupport

/// The stalls a daily `less` user met (issue 21), end to end: the real
/// binary in a real terminal (tmux) on documents of real size. Each test
/// presses the keys that start the work and then only looks: a wait that
/// never ends fails, whatever the keys after it would have done.
@Suite(.serialized, .needs(.tmux, .man)) struct LiveSessionTests {
    func status(_ screen: [String]) -> String { StatusRow.status(screen) }

    /// "3 / 120" or "3 / 120+" from the status row.
    func pages(_ screen: [String]) -> (page: Int, count: Int, counting: Bool)? { StatusRow.pages(screen) }

    /// The text rows (no strip, no status row).
    func body(_ screen: [String]) -> String { screen.dropFirst().dropLast().joined(separator: "\n") }

    func file(_ dir: URL, _ kind: RealisticText.Kind, megabytes: Int) throws -> URL {
        let url = dir.appendingPathComponent("\(kind)-\(megabytes).txt".replacingOccurrences(of: " ", with: "-"))
        try Data(RealisticText.make(kind, bytes: megabytes << 20, seed: UInt64(megabytes))).write(to: url)
        return url
    }

    @Test(arguments: [3, 20])
    func aSearchToTheEndAndBackLandsWithoutAnotherKey(megabytes: Int) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = try file(dir, .log, megabytes: megabytes)
        let tmux = try Tmux(columns: 120, rows: 40, command: [Folio.binary.path, "--forget", log.path])
        try tmux.waitFor("the first page") { pages($0)?.page == 1 }
        try tmux.send("/NEEDLE-LAST", literal: true)
        try tmux.send("Enter")
        let end = try tmux.waitFor(timeout: 60, "the last line's needle") { body($0).contains("NEEDLE-LAST") }
        #expect(!status(end).contains("Searching"), "\(status(end))")
        try tmux.send("?NEEDLE-FIRST", literal: true)
        try tmux.send("Enter")
        let start = try tmux.waitFor(timeout: 60, "the first line's needle") { body($0).contains("NEEDLE-FIRST") }
        #expect(pages(start)?.page == 1, "\(status(start))")
        try tmux.send("/NEEDLE-MIDDLE", literal: true)
        try tmux.send("Enter")
        try tmux.waitFor(timeout: 60, "the middle's needle") { body($0).contains("NEEDLE-MIDDLE") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    /// `+G` on a large log, no key pressed: its last line shows at once, before its pages are
    /// counted (`? / ?`), and once they are the same lines stay with the final count. A log whose
    /// narrow lines make two pages side by side (measured after the start) waits for the count.
    @Test(arguments: ["single", "auto"])
    func theEndOfALargeLogShowsAtOnceAndItsCountComesAfter(spread: String) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = try file(dir, .log, megabytes: 24)
        let text = try String(contentsOf: log, encoding: .utf8)
        let last = String(text.split(separator: "\n").last?.prefix(40) ?? "")
        let tmux = try Tmux(columns: 120, rows: 40, command: [Folio.binary.path, "--forget", "--spread", spread, "+G", log.path])
        let shown = try tmux.waitFor(timeout: 30, "the last line") { body($0).contains(last) }
        let counted = try tmux.waitFor(timeout: 60, "the final count") { pages($0).map { !$0.counting } ?? false }
        #expect(body(counted).contains(last))
        if spread == "single" {
            #expect(body(counted) == body(shown), "the lines on screen stayed where they were")
            #expect(pages(counted).map { $0.page == $0.count } == true, "\(status(counted))")
        }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func aResizeAtPage400LandsOnTheReadersTextWithoutAnotherKey() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = try file(dir, .log, megabytes: 3)
        let tmux = try Tmux(columns: 120, rows: 40, command: [Folio.binary.path, "--forget", log.path])
        try tmux.waitFor(timeout: 30, "the final count") { pages($0).map { !$0.counting && $0.count > 400 } ?? false }
        try tmux.send("400g", literal: true)
        // Page 400, on its own or as the right-hand page of a spread (the status row names the spread's first).
        let before = try tmux.waitFor("page 400") { [399, 400].contains(pages($0)?.page ?? 0) }
        // The reader's text: the first time stamp on the pages shown (a log line's start, which
        // no re-wrapping splits), on the left-hand page when there are two.
        let left = before.dropFirst().dropLast().map { String($0.split(separator: "│", maxSplits: 1).first ?? "") }
        let stamp = try #require(left.lazy.compactMap { row in
            row.range(of: #"2026-11-26T[0-9:]+ host[0-9]"#, options: .regularExpression).map { String(row[$0]) }
        }.first)
        try tmux.resize(columns: 100, rows: 30)
        let after = try tmux.waitFor(timeout: 30, "the reader's line again, counted") { screen in
            body(screen).contains(stamp) && pages(screen).map { !$0.counting } ?? false
        }
        #expect(!status(after).contains("Paginating"), "\(status(after))")

        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func theNextChapterKeyWalksAWholeBookInTwoPages() throws {
        let book = BookReadingTests.manual
        try #require(FileManager.default.fileExists(atPath: book), "\(book) is missing: bash Scripts/test installs it")
        let tmux = try Tmux(columns: 200, rows: 45, command: [Folio.binary.path, "--forget", "--spread", "double", book])
        var screen = try tmux.waitFor(timeout: 30, "the book, counted") { pages($0).map { !$0.counting } ?? false }
        #expect(screen.dropFirst().contains { $0.contains("│") }, "two pages and a spine")
        var last = pages(screen)?.page ?? 0
        var presses = 0
        while !status(screen).contains("No more chapters") && presses < 400 {
            try tmux.send("]", literal: true)
            presses += 1
            screen = try tmux.waitFor("the next chapter after \(presses) presses") { now in
                (pages(now)?.page ?? 0) > last || status(now).contains("No more chapters")
            }
            let page = pages(screen)?.page ?? 0
            #expect(page > last || status(screen).contains("No more chapters"), "press \(presses) stayed on \(last)")
            last = max(last, page)
            screen = try tmux.waitForStillScreen()
        }
        #expect(presses > 20, "the manual has dozens of chapters; \(presses) presses reached the end")
        #expect(status(screen).contains("No more chapters"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func ampersandStatus500ShowsOnlyThoseLinesAndTheirFinalCountWithoutAnotherKey() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = try file(dir, .log, megabytes: 3)
        let tmux = try Tmux(columns: 120, rows: 40, command: [Folio.binary.path, "--forget", log.path])
        try tmux.waitFor("the first page") { pages($0)?.page == 1 }
        try tmux.send("&status=500", literal: true)
        try tmux.send("Enter")
        let filtered = try tmux.waitFor(timeout: 60, "the kept lines, counted") { screen in
            // The filter's rule before the count (the prompt said it on the left before Enter).
            status(screen).range(of: "&status=500  [0-9]+ / ", options: .regularExpression) != nil
                && !status(screen).contains("Filtering") && pages(screen).map { !$0.counting } ?? false
        }
        // Only such lines: each page (one, or two around a spine) read as one text, every time
        // stamp's line ends in status=500 (lines wrap; a page's last line may go on over the page).
        let rows = filtered.dropFirst().dropLast()
        let columns = rows.first?.contains("│") == true ? 2 : 1
        var stamps = 0
        for column in 0..<columns {
            let page = rows.map { row in String(row.split(separator: "│", omittingEmptySubsequences: false).dropFirst(column).first ?? "") }
                .joined(separator: " ")
            let lines = page.components(separatedBy: "2026-11-26T").dropFirst()
            stamps += lines.count
            #expect(lines.dropLast().allSatisfy { $0.contains("status=500") }, "\(filtered.joined(separator: "\n"))")
        }
        #expect(stamps >= 10, "\(filtered.joined(separator: "\n"))")
        #expect(!body(filtered).contains("status=200") && !body(filtered).contains("status=404"), "\(filtered.joined(separator: "\n"))")
        #expect(pages(filtered)?.page == 1, "from the first page, the first line kept: \(status(filtered))")
        #expect((pages(filtered)?.count ?? 0) > 20, "a quarter of 3 MB of log: \(status(filtered))")

        try tmux.send("&", literal: true)
        try tmux.send("Enter")
        let whole = try tmux.waitFor(timeout: 30, "every line again") { screen in
            !status(screen).contains("&") && (body(screen).contains("status=200") || body(screen).contains("status=404"))
        }
        #expect(pages(whole)?.page == 1, "back at the line the filter's top came from: \(status(whole))")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func plusAmpersandOpensFilteredAndAPipeIsFilteredAsItArrives() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = try file(dir, .log, megabytes: 3)
        // From a pipe, with the filter as a start command: no key at all.
        // Every log line has a status: what is left is the generator's three needles, once the pipe has ended.
        let tmux = try Tmux(columns: 100, rows: 30, command: ["sh", "-c", "cat \(Tmux.quote(log.path)) | \(Tmux.quote(Folio.binary.path)) --forget '+&!status='"])
        let screen = try tmux.waitFor(timeout: 60, "the lines without a status, counted") { screen in
            status(screen).contains("&!status=  1 / 1 ") && body(screen).contains("NEEDLE-LAST")
        }
        let kept = screen.dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(kept.map { String($0.prefix(13)) } == ["NEEDLE-FIRST:", "NEEDLE-MIDDLE", "NEEDLE-LAST: "], "\(kept)")
        try tmux.send("&", literal: true)
        try tmux.send("Enter")
        try tmux.waitFor(timeout: 30, "every line again") { body($0).contains("NEEDLE-FIRST") && !status($0).contains("&") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func manBashThroughMANPAGERIsOnePageOfTheManualsOwnLines() throws {
        try #require(FileManager.default.fileExists(atPath: "/usr/bin/man"), "man is missing: bash Scripts/test installs man-db")
        let tmux = try Tmux(columns: 120, rows: 40, command: ["man", "bash"],
                            environment: ["MANPAGER": Folio.binary.path, "MANWIDTH": "120", "XDG_STATE_HOME": "/nonexistent-folio-state"])
        let screen = try tmux.waitFor(timeout: 30, "the manual") { body($0).contains("NAME") && pages($0) != nil }
        // One page the manual's width: no spine, and its header spans the whole line.
        #expect(!screen.dropFirst().dropLast().contains { $0.contains("│") }, "two pages:\n\(screen.joined(separator: "\n"))")
        let header = try #require(screen.dropFirst().first { $0.contains("BASH(1)") })
        #expect(header.trimmingCharacters(in: .whitespaces).count > 100, "the header line is whole: \(header)")
        try tmux.send("q")
        #expect(tmux.waitForExit(timeout: 10) == 0)
    }

    /// As less: a text shown a page at a time moves a line at a time (j, k), half a screen (d),
    /// ends with its last line on the bottom row (G), and -N numbers its lines, -S chops them
    /// (→ scrolls sideways), Ng goes to line N.
    @Test func linesMoveByLinesAndNumberAndChopAsInLess() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("numbered.txt")
        try Data((1...3_000).map { "entry \($0) " + String(repeating: "x", count: $0 % 7 == 0 ? 150 : 10) + "\n" }.joined().utf8).write(to: file)
        let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget", file.path])
        try tmux.waitFor("the first line") { body($0).hasPrefix("entry 1 ") || body($0).hasPrefix(" entry 1 ") }
        try tmux.send("j", literal: true)
        try tmux.waitFor("one line down") { $0.dropFirst().first?.trimmingCharacters(in: .whitespaces).hasPrefix("entry 2 ") == true }
        try tmux.send("G", literal: true)
        let end = try tmux.waitFor(timeout: 30, "the last line on the bottom row") { screen in
            screen.dropLast().last?.trimmingCharacters(in: .whitespaces).hasPrefix("entry 3000 ") == true
        }
        #expect(pages(end).map { $0.page == $0.count && !$0.counting } == true, "\(status(end))")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)

        let numbered = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget", "-N", "-S", file.path])
        let first = try numbered.waitFor("numbered lines") { $0.dropFirst().first?.contains("1 entry 1 ") == true }
        #expect(first.dropFirst().first?.hasPrefix("       1 entry 1 ") == true, "\(first.dropFirst().first ?? "")")
        #expect(first.dropFirst().dropLast().allSatisfy { $0.count <= 80 }, "chopped, not folded")
        try numbered.send("2100g", literal: true)
        try numbered.waitFor("line 2100 on top") { $0.dropFirst().first?.contains("2100 entry 2100 ") == true }
        try numbered.send("Right")
        try numbered.waitFor("scrolled sideways") { $0.dropFirst().first?.contains("2100 entry") == false && $0.dropFirst().first?.contains("2100") == true }
        try numbered.send("q")
        #expect(numbered.waitForExit() == 0)
    }
}
