import Foundation
import Testing

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

    @Test func opensTheGuideWithNoFileWhenStandardInputIsATerminal() throws {
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

    @Test func anEndlessStreamIsWrittenAsItArrives() throws {
        let result = try Folio.shell("yes | head -c 5000000 | \(Folio.binary.path) --width 40 --height 10 | head -c 100000 | wc -c")
        #expect(result.trimmingCharacters(in: .whitespacesAndNewlines) == "100000")
    }

    @Test(arguments: [
        (["/no/such/file"], "no such file", Int32(1)),
        (["/tmp"], "is a directory", 1),
        (["--width", "0"], "--width takes a number from 1, not '0'", 64),
        (["--page", "0"], "--page takes a page number from 1, not '0'", 64),
        (["--page", "abc"], "--page takes a page number from 1, not 'abc'", 64),
        (["--spread=wide"], "--spread takes auto, single or double, not 'wide'", 64),
    ])
    func badInputIsOneClearLine(arguments: [String], message: String, status: Int32) throws {
        let result = try Folio.run(arguments)
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
