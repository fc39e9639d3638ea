import Foundation
import Testing

/// `folio` when standard output is not a terminal, and its errors: the real binary.
@Suite struct PlainOutputTests {
    @Test func writesPagesSeparatedByFormFeeds() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("words.txt")
        let words = (1...500).map { "w\($0)" }.joined(separator: " ")
        try Data(words.utf8).write(to: file)
        let result = try Folio.run([file.path, "--width", "30", "--height", "5"])
        #expect(result.status == 0, "\(result.err)")
        let pages = result.out.split(separator: "\u{0C}", omittingEmptySubsequences: false)
        #expect(pages.count > 10)
        for page in pages {
            let lines = page.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count <= 5)
            #expect(lines.allSatisfy { $0.count <= 30 }, "\(lines)")
        }
        // Nothing lost: the words come back in order.
        let back = result.out.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\u{0C}" }).map(String.init)
        #expect(back == words.split(separator: " ").map(String.init))
    }

    @Test func readsStandardInputWhenItIsAPipe() throws {
        let result = try Folio.run([], stdin: Data("from a pipe\n".utf8))
        #expect(result.status == 0)
        #expect(result.out == "from a pipe\n")
    }

    @Test func opensTheGuideWithNoFile() throws {
        let result = try Folio.run(["--height", "1000"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("# Welcome to Folio"))
    }

    @Test func anEmptyFileIsAnEmptyPage() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("empty.txt")
        try Data().write(to: file)
        let result = try Folio.run([file.path])
        #expect(result.status == 0)
        #expect(result.out == "(empty)\n")
    }

    @Test func binaryDataShowsReplacementCharacters() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("blob.bin")
        try Data((0...255).map { UInt8($0) } + [0xFF, 0xFE, 0x00]).write(to: file)
        let result = try Folio.run([file.path])
        #expect(result.status == 0)
        #expect(result.out.contains("\u{FFFD}"))
        #expect(!result.out.unicodeScalars.contains { $0.value == 0x1B }, "no escape reaches the output")
    }

    @Test(arguments: [
        (["/no/such/file"], "no such file"),
        (["/tmp"], "is a directory"),
        (["--width", "0"], "at least 1"),
        (["--page", "0"], "counts from 1"),
    ])
    func badInputIsOneClearLineAndStatusOne(arguments: [String], message: String) throws {
        let result = try Folio.run(arguments)
        #expect(result.status != 0)
        #expect(result.err.contains(message), "\(result.err)")
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
