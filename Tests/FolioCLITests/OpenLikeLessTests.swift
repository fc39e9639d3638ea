import Foundation
import Testing
import FolioTestSupport

/// folio opens what less opens: `.gz` files through zlib, LESSOPEN and LESSCLOSE
/// as less runs them (with Debian's real lesspipe), and binary files only after
/// asking. The real binary, through pipes and in tmux; zcat is the reference.
@Suite(.serialized, .needs(.tmux, .less, .liveManual)) struct OpenLikeLessTests {
    /// Lines of numbered text, about `count` bytes; no form feeds (folio's plain output puts
    /// one between pages, so the comparisons below take those out).
    static func logText(bytes count: Int, seed: Int = 1) -> Data {
        var text = ""
        var n = 0
        while text.utf8.count < count {
            n += 1
            text += "line \(n): request \(n * 7919 % 10007 + seed) took \(n * 31 % 997) ms — ok\n"
        }
        return Data(text.utf8)
    }

    static func gzip(_ data: Data) throws -> Data {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("x")
        try data.write(to: file)
        _ = try Folio.shell("gzip -n \(Tmux.quote(file.path))")
        return try Data(contentsOf: dir.appendingPathComponent("x.gz"))
    }

    static func zcat(_ file: URL) throws -> Data {
        Data(try Folio.shell("zcat \(Tmux.quote(file.path))").utf8)
    }

    /// Runs folio with an environment (LESSOPEN and LESSCLOSE unset unless given); returns its status and bytes.
    static func run(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil) throws -> (status: Int32, out: Data, err: String) {
        let process = Process()
        process.executableURL = Folio.binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["LESSOPEN"] = nil
        env["LESSCLOSE"] = nil
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let input = Pipe()
            process.standardInput = input
            try process.run()
            let feeder = Thread {
                try? input.fileHandleForWriting.write(contentsOf: stdin)
                try? input.fileHandleForWriting.close()
            }
            feeder.start()
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, outData, String(decoding: errData, as: UTF8.self))
    }

    static func withoutFormFeeds(_ data: Data) -> Data { data.filter { $0 != 0x0C } }

    // MARK: - .gz

    /// Plain output of a .gz is what zcat writes: byte for byte for a file of one page
    /// (a tall page: no form feed), and for a multi-member file of 3 MB (64 KB reads of
    /// compressed bytes, many pages) once folio's page separators are taken out.
    @Test func plainOutputOfAGzIsWhatZcatWrites() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let small = dir.appendingPathComponent("notes.txt.gz")
        try Self.gzip(Data("first line\nsecond line, naïve café\nno newline at the end".utf8)).write(to: small)
        let one = try Self.run([small.path, "--height", "1000"])
        #expect(one.status == 0 && one.err.isEmpty, "\(one.err)")
        #expect(one.out == (try Self.zcat(small)))

        let parts = [Self.logText(bytes: 1_500_000, seed: 1), Data("a small member in the middle\n".utf8), Self.logText(bytes: 1_500_000, seed: 2)]
        let multi = dir.appendingPathComponent("server.log.gz")
        try parts.map { try Self.gzip($0) }.reduce(Data(), +).write(to: multi)
        #expect(try Data(contentsOf: multi).count > 64 * 1024, "more than one read of compressed bytes")
        let whole = try Self.run([multi.path])
        let reference = try Self.zcat(multi)
        #expect(reference == parts.reduce(Data(), +))
        #expect(whole.status == 0 && whole.err.isEmpty, "\(whole.err)")
        #expect(whole.out.contains(0x0C), "pages, as for any text")
        #expect(Self.withoutFormFeeds(whole.out) == reference, "\(whole.out.count) bytes against zcat's \(reference.count)")
    }

    /// A file that starts as gzip is inflated whatever its name; a `.gz` that is not gzip is shown as it is.
    @Test func gzipIsKnownByItsMagicBytes() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let unnamed = dir.appendingPathComponent("download")
        try Self.gzip(Data("inflated anyway\n".utf8)).write(to: unnamed)
        #expect(try Self.run([unnamed.path]).out == Data("inflated anyway\n".utf8))
        let misnamed = dir.appendingPathComponent("plain.gz")
        try Data("just text\n".utf8).write(to: misnamed)
        let result = try Self.run([misnamed.path])
        #expect(result.status == 0 && result.out == Data("just text\n".utf8) && result.err.isEmpty)
    }

    /// A truncated or damaged .gz: the text that inflated, then one line on standard error and status 1, as zcat.
    @Test func aDamagedGzWritesWhatInflatedAndSaysWhy() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Self.logText(bytes: 200_000)
        let compressed = try Self.gzip(text)
        let truncated = dir.appendingPathComponent("cut.gz")
        try compressed.prefix(compressed.count / 2).write(to: truncated)
        let cut = try Self.run([truncated.path])
        #expect(cut.status == 1)
        #expect(cut.err == "folio: \(truncated.path) is truncated: the text ends where the compressed data does\n")
        let shown = Self.withoutFormFeeds(cut.out)
        #expect(shown.count > 50_000 && text.starts(with: shown), "what inflated: \(shown.count) bytes")

        var bad = compressed
        bad[bad.count - 6] ^= 0xFF  // the CRC-32 in the trailer
        let damaged = dir.appendingPathComponent("bad.gz")
        try bad.write(to: damaged)
        let result = try Self.run([damaged.path])
        #expect(result.status == 1)
        #expect(result.err == "folio: \(damaged.path) is damaged (incorrect data check): the text stops where the damage starts\n")
        #expect(!result.err.contains("Fatal") && !result.err.contains("Swift"))
    }

    /// In the terminal: the first page of the inflated text at once, the name on the strip.
    @Test func aGzIsReadInTheTerminal() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("server.log.gz")
        try Self.gzip(Self.logText(bytes: 2_000_000)).write(to: file)
        let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget", file.path])
        let screen = try tmux.waitFor("the first lines, inflated") { $0.joined().contains("line 1: request") }
        #expect(screen.first?.contains("server.log.gz") == true, "\(screen.first ?? "")")
        #expect(screen.joined().contains("line 2: request"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    /// 256 MB of text in a 250 KB .gz: the first page at once, and only the session's read-ahead
    /// inflated (as for `yes | folio`), not the whole text.
    @Test func aHugeGzIsReadOnlyAsFarAsTheReaderLooks() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bomb.gz")
        _ = try Folio.shell("yes 'a line of text' | head -c 268435456 | gzip -1 > \(Tmux.quote(file.path))")
        let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget", file.path])
        try tmux.waitFor(timeout: 5, "a page") { $0.dropFirst().prefix(5).allSatisfy { $0.contains("a line of text") } }
        Thread.sleep(forTimeInterval: 3)
        let pid = try #require(try tmux.pid(of: "folio"))
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let rss = Int(line.split(separator: " ").dropFirst().first ?? "") ?? .max
        #expect(rss < 64 * 1024, "folio holds \(rss) KB of a 256 MB text")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    /// A truncated .gz in the terminal: what inflated, then the notice on a line of its own.
    @Test func aTruncatedGzShowsANoticeWhereTheTextStops() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let compressed = try Self.gzip(Data("the only line that survives\n".utf8) + Self.logText(bytes: 100))
        let file = dir.appendingPathComponent("cut.gz")
        try compressed.prefix(compressed.count - 10).write(to: file)
        let tmux = try Tmux(columns: 100, rows: 24, command: [Folio.binary.path, "--forget", file.path])
        let screen = try tmux.waitFor("the notice") { $0.joined().contains("is truncated") }
        #expect(screen.joined().contains("the only line that survives"))
        let notice = "folio: \(file.path) is truncated: the text ends where the compressed data does"
        #expect(screen.joined().filter { $0 != " " }.contains(notice.filter { $0 != " " }), "the notice, wrapped to the page")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    // MARK: - LESSOPEN and LESSCLOSE

    /// Debian's lesspipe, as LESSOPEN='|lesspipe %s': a tar archive shows tar's listing.
    @Test func lesspipeShowsATarArchivesListing() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/lesspipe") else {
            Issue.record("/usr/bin/lesspipe is missing: apt-get install less (Scripts/test does)")
            return
        }
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data("inside\n".utf8).write(to: dir.appendingPathComponent("docs/readme.txt"))
        let archive = dir.appendingPathComponent("archive.tar")
        _ = try Folio.shell("cd \(Tmux.quote(dir.path)) && tar cf archive.tar docs")
        let plain = try Self.run([archive.path], environment: ["LESSOPEN": "|lesspipe %s"])
        let listing = String(decoding: plain.out, as: UTF8.self)
        #expect(plain.status == 0, "\(plain.err)")
        #expect(listing.contains("docs/readme.txt") && listing.contains("docs/"), "\(listing)")
        #expect(!listing.contains("inside"), "the listing, not the archive's bytes")

        let tmux = try Tmux(columns: 100, rows: 24, command: [Folio.binary.path, "--forget", archive.path],
                            environment: ["LESSOPEN": "|lesspipe %s"])
        let screen = try tmux.waitFor("tar's listing") { $0.joined().contains("docs/readme.txt") }
        #expect(screen.first?.contains("archive.tar") == true)
        #expect(!screen.joined().contains("may be a binary file"), "a pipe's text is not asked about")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    /// A preprocessor that writes nothing leaves the file as it is; with `||` and status 0 it is empty.
    @Test func aPreprocessorThatWritesNothingShowsTheFile() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("notes.txt")
        try Data("the file itself\n".utf8).write(to: file)
        for (lessopen, expected) in [("|true %s", "the file itself\n"), ("||false %s", "the file itself\n"), ("||true %s", ""),
                                     ("true %s", "the file itself\n"), ("|tr a-z A-Z < %s", "THE FILE ITSELF\n")] {
            let result = try Self.run([file.path], environment: ["LESSOPEN": lessopen])
            #expect(result.status == 0 && result.err.isEmpty, "\(lessopen): \(result.err)")
            #expect(String(decoding: result.out, as: UTF8.self) == expected, "LESSOPEN='\(lessopen)'")
        }
    }

    /// LESSOPEN without a pipe prints a replacement file's name; that file is shown, and LESSCLOSE
    /// is run at the end with both names. After a pipe, LESSCLOSE gets `-` for the replacement.
    @Test func aReplacementFileIsShownAndLesscloseRuns() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("my notes.txt")
        try Data("lower case\n".utf8).write(to: file)
        let replacement = dir.appendingPathComponent("replacement.txt").path
        let marker = dir.appendingPathComponent("closed").path
        let open = dir.appendingPathComponent("open.sh")
        try Data("tr a-z A-Z < \"$1\" > \(Tmux.quote(replacement)) && echo \(Tmux.quote(replacement))\n".utf8).write(to: open)
        let close = dir.appendingPathComponent("close.sh")
        try Data("printf '%s|%s\\n' \"$1\" \"$2\" >> \(Tmux.quote(marker)); rm -f \"$2\"\n".utf8).write(to: close)
        let environment = ["LESSOPEN": "sh \(open.path) %s", "LESSCLOSE": "sh \(close.path) %s %s"]
        let result = try Self.run([file.path], environment: environment)
        #expect(result.status == 0, "\(result.err)")
        #expect(String(decoding: result.out, as: UTF8.self) == "LOWER CASE\n")
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "\(file.path)|\(replacement)\n")
        #expect(!FileManager.default.fileExists(atPath: replacement), "LESSCLOSE removed it")

        try FileManager.default.removeItem(atPath: marker)
        let piped = try Self.run([file.path], environment: ["LESSOPEN": "|cat %s", "LESSCLOSE": "sh \(close.path) %s %s"])
        #expect(String(decoding: piped.out, as: UTF8.self) == "lower case\n")
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "\(file.path)|-\n")

        // In the terminal, LESSCLOSE runs when the reader quits.
        try FileManager.default.removeItem(atPath: marker)
        let tmux = try Tmux(columns: 80, rows: 24, command: [Folio.binary.path, "--forget", file.path], environment: environment)
        let screen = try tmux.waitFor("the replacement's text") { $0.joined().contains("LOWER CASE") }
        #expect(screen.first?.contains("my notes.txt") == true, "shown under the file's own name: \(screen.first ?? "")")
        #expect(!FileManager.default.fileExists(atPath: marker), "not before the end")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "\(file.path)|\(replacement)\n")
    }

    /// A replacement that does not exist is one line, status 1, and LESSCLOSE still runs.
    @Test func aMissingReplacementIsAnError() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("notes.txt")
        try Data("text\n".utf8).write(to: file)
        let marker = dir.appendingPathComponent("closed").path
        let result = try Self.run([file.path], environment: ["LESSOPEN": "echo /no/such/replacement; : %s",
                                                             "LESSCLOSE": "touch \(marker); : %s %s"])
        #expect(result.status == 1 && result.out.isEmpty)
        #expect(result.err == "folio: \(file.path): LESSOPEN named a replacement file, /no/such/replacement, that does not exist; check the LESSOPEN command, or unset LESSOPEN\n")
        #expect(FileManager.default.fileExists(atPath: marker))
    }

    /// Standard input goes through LESSOPEN only when it says so with `-` (`|-cmd %s`), as in less.
    @Test func standardInputIsPreprocessedOnlyWithADash() throws {
        let withDash = try Self.run([], environment: ["LESSOPEN": "|-tr a-z A-Z; : %s"], stdin: Data("from a pipe\n".utf8))
        #expect(String(decoding: withDash.out, as: UTF8.self) == "FROM A PIPE\n")
        let without = try Self.run(["-"], environment: ["LESSOPEN": "|tr a-z A-Z; : %s"], stdin: Data("from a pipe\n".utf8))
        #expect(String(decoding: without.out, as: UTF8.self) == "from a pipe\n")
    }

    /// folio's own formats come first: a book and a .gz never go through LESSOPEN.
    @Test func booksAndGzAreReadBeforeLessopen() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let environment = ["LESSOPEN": "|echo preprocessed %s"]
        let gz = dir.appendingPathComponent("x.gz")
        try Self.gzip(Data("inflated by folio\n".utf8)).write(to: gz)
        #expect(try Self.run([gz.path], environment: environment).out == Data("inflated by folio\n".utf8))
        let manual = "/usr/share/doc/live-manual/epub/live-manual.en.epub"
        if FileManager.default.fileExists(atPath: manual) {
            let book = try Self.run([manual, "--height", "1000"], environment: environment)
            #expect(book.status == 0)
            #expect(!String(decoding: book.out, as: UTF8.self).contains("preprocessed"))
        }
    }

    /// A LESSOPEN less would ignore is ignored, with one line saying why.
    @Test func anUnusableLessopenIsIgnoredWithAWarning() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("notes.txt")
        try Data("text\n".utf8).write(to: file)
        let result = try Self.run([file.path], environment: ["LESSOPEN": "|lesspipe"])
        #expect(result.status == 0 && result.out == Data("text\n".utf8))
        #expect(result.err == "folio: LESSOPEN is ignored: it needs exactly one %s for the file name, and no other % but %% (it is \"|lesspipe\")\n")
    }

    /// `--no-lessopen` (parsed with the other options) reads the file itself.
    @Test
    func noLessopenReadsTheFileItself() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("notes.txt")
        try Data("the file itself\n".utf8).write(to: file)
        let result = try Self.run(["--no-lessopen", file.path], environment: ["LESSOPEN": "|echo preprocessed %s"])
        #expect(result.out == Data("the file itself\n".utf8))
    }

    // MARK: - Binary files

    static func binaryFile(in dir: URL) throws -> (url: URL, bytes: Data) {
        let file = dir.appendingPathComponent("program.bin")
        var generator = SystemRandomNumberGenerator()
        let bytes = Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + (0..<4000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try bytes.write(to: file)
        return (file, bytes)
    }

    /// In the terminal, before anything is shown: the question on the bottom row, and nothing else.
    @Test func aBinaryFileAsksFirstAndNoLeavesWithStatusZero() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (file, _) = try Self.binaryFile(in: dir)
        let tmux = try Tmux(columns: 200, rows: 20, command: [Folio.binary.path, "--forget", file.path])
        let screen = try tmux.waitFor("the question") { $0.last?.contains("may be a binary file") == true }
        #expect(screen.count == 20)
        #expect(screen.last == "\"\(file.path)\" may be a binary file.  See it anyway? (y/n)")
        #expect(screen.dropLast().allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }, "nothing shown yet")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try tmux.screen() == screen, "it waits for an answer")
        try tmux.send("n")
        #expect(tmux.waitForExit() == 0)
        let after = try tmux.screen().joined()
        #expect(!after.contains("Fatal") && !after.contains("error"), "\(after)")
    }

    @Test func yesShowsTheBinaryFile() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (file, _) = try Self.binaryFile(in: dir)
        // 60 columns: the long temporary path is shortened from the left, the question stays one line.
        let tmux = try Tmux(columns: 60, rows: 20, command: [Folio.binary.path, "--forget", file.path])
        let question = try tmux.waitFor("the question") { $0.last?.contains("may be a binary file") == true }
        #expect(question.last?.hasPrefix("\"…") == true && question.last?.contains("program.bin\" may be") == true, "\(question.last ?? "")")
        #expect(question.dropLast().allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty })
        try tmux.send("y")
        let screen = try tmux.waitFor("the reader") { $0.last?.contains(" / ") == true }
        #expect(screen.first?.contains("program.bin") == true)
        #expect(screen.joined().contains("ELF"), "the bytes, control characters as pictures")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    /// A text file, UTF-8 and escapes included, is not asked about.
    @Test func textIsNotAskedAbout() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("colours.txt")
        try Data("\u{1B}[1;31mred\u{1B}[0m naïve 日本語\ttab\r\nback\u{8}k\n".utf8).write(to: file)
        let tmux = try Tmux(columns: 80, rows: 20, command: [Folio.binary.path, "--forget", file.path])
        let screen = try tmux.waitFor("the text") { $0.joined().contains("naïve") }
        #expect(!screen.joined().contains("binary"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    /// Not a terminal: the bytes, exactly, with no question (less 679 and later cat the file).
    @Test func plainOutputOfABinaryFileIsItsBytes() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (file, bytes) = try Self.binaryFile(in: dir)
        let result = try Self.run([file.path, "--height", "100000"])
        #expect(result.status == 0 && result.err.isEmpty)
        #expect(result.out == bytes)
    }

    /// `-f`/`--force` (parsed with the other options) skips the question.
    @Test
    func forceSkipsTheQuestion() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (file, _) = try Self.binaryFile(in: dir)
        let tmux = try Tmux(columns: 100, rows: 20, command: [Folio.binary.path, "--forget", "--force", file.path])
        let screen = try tmux.waitFor("the reader") { $0.last?.contains(" / ") == true }
        #expect(!screen.joined().contains("may be a binary file"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
