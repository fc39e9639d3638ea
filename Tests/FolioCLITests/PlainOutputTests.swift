import Foundation
import Testing
import FolioTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `folio` when standard output is not a terminal, and its errors: the real binary.
@Suite struct PlainOutputTests {
    @Test func writesTheTextExactlyWithAFormFeedBetweenPages() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("words.txt")
        let words = (1...500).map { "w\($0)" }.joined(separator: " ")
        try Data(words.utf8).write(to: file)
        let result = try Folio.run([file.path, "--width", "30", "--height", "5"])
        #expect(result.status == 0, "\(result.err)")
        let pages = result.out.split(separator: "\u{0C}", omittingEmptySubsequences: false)
        #expect(pages.count > 10)
        // Five lines of at most 30 columns each: a page holds at most 5 × 31 characters of one paragraph.
        #expect(pages.allSatisfy { $0.count <= 5 * 31 }, "\(pages.map(\.count))")
        #expect(result.out.replacingOccurrences(of: "\u{0C}", with: "") == words, "nothing added, nothing lost")
    }

    @Test func controlCharactersAndEscapesGoOutAsTheyCame() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("blob.bin")
        let bytes = Data((0...255).map { UInt8($0) } + Array("\u{1B}[31mred\u{1B}[0m N\u{08}N\n".utf8))
        try bytes.write(to: file)
        let process = try Folio.runForBytes([file.path, "--height", "1000"])
        #expect(process.status == 0)
        #expect(process.out == bytes, "the document's bytes, unchanged: pictures such as ␛ are for the screen only")
    }

    /// `--version` and `-V`, `--help` and `-?`; an option folio does not know is accepted, as a pager's must be.
    @Test func versionAndHelp() throws {
        for flag in ["--version", "-V"] {
            let version = try Folio.run([flag])
            #expect(version.status == 0 && version.out == "\(FolioVersion.expected)\n", "\(flag)")
        }
        for flag in ["--help", "-?"] {
            let help = try Folio.run([flag])
            #expect(help.status == 0, "\(flag)")
            #expect(help.out.hasPrefix("USAGE: folio") && help.out.contains("Ctrl-Z") && help.out.contains("--quit-if-one-screen"))
        }
        let unknown = try Folio.run(["--nonsense", "-Z"], stdin: Data("piped text\n".utf8))
        #expect(unknown.status == 0 && unknown.out == "piped text\n" && unknown.err.isEmpty, "\(unknown)")
    }

    /// git's, systemd's and man-db's LESS, less's own command line: the piped text comes through.
    @Test(arguments: [
        (["LESS": "FRX"], [String]()), (["LESS": "FRSXMK"], []), (["LESS": LessStrings.manDb], []),
        ([:], ["-R", "-S", "-N", "-j4", "-x8", "-M", "-h", "10", "-P", "prompt$"]), ([:], ["-FRX", "-+S", "--", "-"]),
    ])
    func lessesOptionsKeepThePipedText(environment: [String: String], arguments: [String]) throws {
        let result = try Folio.run(arguments, stdin: Data("piped text\n".utf8), environment: environment)
        #expect(result.status == 0 && result.out == "piped text\n" && result.err.isEmpty, "\(environment) \(arguments): \(result)")
    }

    @Test func readsStandardInputWhenItIsAPipe() throws {
        let result = try Folio.run([], stdin: Data("from a pipe\n".utf8))
        #expect(result.status == 0)
        #expect(result.out == "from a pipe\n")
    }

    @Test(.needs(.tmux)) func opensTheGuideWithNoFileWhenStandardInputIsATerminal() throws {
        // Standard input must be a terminal for the guide: run it in tmux, output to a pipe.
        let tmux = try Tmux(columns: 80, rows: 24, command: ["sh", "-c", "\(Folio.binary.path) --height 1000 | head -1"])
        #expect(tmux.waitForExit() == 0)
        #expect(try tmux.screen().first == "# Welcome to Folio")
    }

    @Test func emptyInputIsAnEmptyDocumentNotTheGuide() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("empty.txt")
        try Data().write(to: file)
        for arguments in [[file.path], ["/dev/null"], [], ["-"]] {
            let result = try Folio.run(arguments, stdin: Data())
            #expect(result.status == 0, "\(arguments): \(result.err)")
            #expect(result.out.isEmpty && result.err.isEmpty, "\(arguments): \(result.out.prefix(40)) \(result.err)")
        }
    }

    @Test func aDashAndAFIFOAreStreams() throws {
        let viaDash = try Folio.run(["-"], stdin: Data("through a dash\n".utf8))
        #expect(viaDash.out == "through a dash\n")
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // The writer comes late, as a slow producer does: the reader must wait for it, not read an empty FIFO.
        let writer = Thread {
            Thread.sleep(forTimeInterval: 0.3)
            try? Data("through a fifo\n".utf8).write(to: URL(fileURLWithPath: fifo))
        }
        writer.start()
        let viaFIFO = try Folio.run([fifo])
        #expect(viaFIFO.status == 0, "\(viaFIFO.err)")
        #expect(viaFIFO.out == "through a fifo\n")
    }

    /// An endless stream (`yes`, which never ends) is written as it arrives: a reader taking the first
    /// 100,000 bytes gets them, and folio stops when that reader goes, rather than waiting for an end.
    @Test func anEndlessStreamIsWrittenAsItArrives() throws {
        let started = Date()
        let result = try Folio.shell("timeout 30 sh -c 'yes | \(Folio.binary.path) --width 40 --height 10 | head -c 100000 | wc -c'; echo \" status $?\"")
        let parts = result.split(whereSeparator: \.isWhitespace)
        #expect(parts.first == "100000", "\(result)")
        #expect(parts.last == "0", "the pipeline ended by itself (timeout says 124): \(result)")
        #expect(Date().timeIntervalSince(started) < 25)
    }

    /// Each line of a stream that is still open is written when it arrives, not when the stream ends:
    /// a writer that pauses (a build log, `tail -f` through a pipe) has its lines read meanwhile.
    @Test func aStreamStillOpenHasItsLinesWrittenMeanwhile() throws {
        let process = Process()
        process.executableURL = Folio.binary
        process.arguments = ["--width", "40", "--height", "10"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        var seen = ""
        /// What folio has written within five seconds, stopping as soon as it holds `text`.
        func read(until text: String) -> String {
            let fd = output.fileHandleForReading.fileDescriptor
            let deadline = Date().addingTimeInterval(5)
            while !seen.contains(text), Date() < deadline {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = Glibc.read(fd, &buffer, buffer.count)
                guard count > 0 else { break }
                seen += String(decoding: buffer[..<count], as: UTF8.self)
            }
            return seen
        }
        input.fileHandleForWriting.write(Data("the first line\n".utf8))
        #expect(read(until: "the first line").contains("the first line"), "written while the stream is open: \(seen.debugDescription)")
        input.fileHandleForWriting.write(Data("the second line\n".utf8))
        #expect(read(until: "the second line").contains("the second line"), "\(seen.debugDescription)")
        #expect(process.isRunning, "folio waits for more")
    }

    /// Lines written as they arrive still make the pages a whole file makes: the same bytes, with the
    /// form feeds where the file's pages break (wrapped lines crossing a page's end included).
    @Test func aTrickledStreamIsPagedAsTheWholeFileIs() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let lines = (1...40).map { "line \($0) " + String(repeating: "x", count: $0 * 3) }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: dir.appendingPathComponent("whole.txt"))
        let folio = "\(Folio.binary.path) --width 40 --height 10"
        let trickle = lines.map { "echo '\($0)'; sleep 0.02" }.joined(separator: "; ")
        let streamed = try Folio.shell("(\(trickle)) | \(folio) | od -c")
        let whole = try Folio.shell("\(folio) \(dir.path)/whole.txt | od -c")
        #expect(whole.contains("\\f"), "the file has several pages")
        #expect(streamed == whole)
    }

    @Test(arguments: [
        (["/no/such/file"], "no such file", Int32(1)),
        ([Folio.emptyFolder], "is a directory", 1),
        (["--width", "0"], "--width takes a number from 1, not '0'", 64),
        (["--page", "0"], "--page takes a page number from 1, not '0'", 64),
        (["--page", "abc"], "--page takes a page number from 1, not 'abc'", 64),
        (["--spread=wide"], "--spread takes auto, single or double, not 'wide'", 64),
    ])
    func badInputIsOneClearLine(arguments: [String], message: String, status: Int32) throws {
        let folder = arguments == [Folio.emptyFolder] ? try Folio.temporaryDirectory() : nil
        defer { folder.map { try? FileManager.default.removeItem(at: $0) } }
        let result = try Folio.run(folder.map { [$0.path] } ?? arguments)
        #expect(result.status == status)
        #expect(result.err.contains(message), "\(result.err)")
        #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
        #expect(result.out.isEmpty)
    }

    @Test func anUnreadableFileIsAnError() throws {
        guard getuid() != 0 else { return }  // root reads everything; covered where tests run unprivileged
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("secret.txt")
        try Data("x".utf8).write(to: file)
        chmod(file.path, 0)
        let result = try Folio.run([file.path])
        #expect(result.status == 1)
        #expect(result.err.contains("cannot read"))
    }
}

/// The version the package declares, read from the source independently of the binary.
enum FolioVersion {
    static var expected: String {
        let source = (try? String(contentsOfFile: #filePath.replacingOccurrences(of: "Tests/FolioCLITests/PlainOutputTests.swift",
                                                                              with: "Sources/FolioCLI/FolioCommand.swift"), encoding: .utf8)) ?? ""
        guard let line = source.split(separator: "\n").first(where: { $0.contains("static let version = ") }),
              let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else { return "?" }
        return String(line[line.index(after: open)..<close])
    }
}
