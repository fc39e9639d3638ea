import Foundation
import Testing
import FolioTestSupport
import FolioInput

/// LESSOPEN and LESSCLOSE as less reads them, file names quoted as less
/// quotes them, checked against the real /bin/sh.
@Suite(.needs(.less)) struct InputPreprocessorTests {
    @Test(arguments: [
        ("|lesspipe %s", InputPreprocessor.Output.text(emptyMeansEmpty: false), false, "lesspipe %s"),
        ("||lesspipe %s", .text(emptyMeansEmpty: true), false, "lesspipe %s"),
        ("|||x %s", .text(emptyMeansEmpty: true), false, "x %s"),
        ("|-lesspipe %s", .text(emptyMeansEmpty: false), true, "lesspipe %s"),
        ("lesspipe.sh %s", .replacementName, false, "lesspipe.sh %s"),
        ("-x %s", .replacementName, true, "x %s"),
        ("| lesspipe %s", .text(emptyMeansEmpty: false), false, " lesspipe %s"),
        ("|printf '100%%' %s", .text(emptyMeansEmpty: false), false, "printf '100%%' %s"),
    ])
    func readsLessopen(setting: String, output: InputPreprocessor.Output, standardInput: Bool, template: String) throws {
        let preprocessor = try InputPreprocessor(setting)
        #expect(preprocessor.output == output)
        #expect(preprocessor.acceptsStandardInput == standardInput)
        #expect(preprocessor.template == template)
    }

    /// less ignores LESSOPEN unless it has exactly one %s and no other % escape (num_pct_s).
    @Test(arguments: ["lesspipe", "|lesspipe", "|x %s %s", "|x %d %s", "|x %s 100%", "", "|"])
    func ignoresLessopenWithoutOneFileName(setting: String) {
        #expect(throws: InputPreprocessorError.lessopenNeedsOneFileName(setting)) { try InputPreprocessor(setting) }
    }

    @Test func theCommandHasTheQuotedNameAndPercentSigns() throws {
        let preprocessor = try InputPreprocessor("|printf '100%%: %%s' %s")
        #expect(preprocessor.command(for: "my notes (1).txt") == "printf '100%: %s' my\\ notes\\ \\(1\\).txt")
        #expect(preprocessor.command(for: "-") == nil, "standard input is for |- preprocessors only")
        #expect(try InputPreprocessor("|-cat %s").command(for: "-") == "cat -")
    }

    @Test func lesscloseTakesUpToTwoNames() throws {
        let closer = try InputCloser("rm -f %s %s")
        #expect(closer.command(file: "a b.tar", replacement: "/tmp/x y") == "rm -f a\\ b.tar /tmp/x\\ y")
        #expect(try InputCloser("touch %s").command(file: "a", replacement: "b") == "touch a")
        #expect(try InputCloser("true").command(file: "a", replacement: "b") == "true")
        #expect(throws: InputPreprocessorError.self) { try InputCloser("x %s %s %s") }
        #expect(throws: InputPreprocessorError.self) { try InputCloser("rm %2$s") }
    }

    /// The reference: /bin/sh prints each name back unchanged from its quoted form.
    @Test func quotedNamesComeBackFromTheShellUnchanged() throws {
        var names = [
            "plain.txt", "two words.txt", "tab\there", "new\nline", "it's", "say \"hi\"", "a\\b", "$HOME", "`date`",
            "$(echo no)", "semi;colon", "pipe|and&", "<in>out", "glob*?[a]", "{a,b}", "~user", "#hash", "%s%%", "a=b",
            "^caret", "!bang", "-dash-first", "ünïcödé 日本.txt", "e\u{301} combining", "\r\n", "",
        ]
        // Every printable ASCII character and every control but NUL, one at a time and all together.
        let all = (1...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        names += all
        names.append(all.joined())
        for name in names {
            let quoted = ShellQuote.quote(name)
            let result = try Reference.run(["/bin/sh", "-c", "printf %s " + quoted])
            #expect(String(decoding: result.out, as: UTF8.self) == name, "\(name.debugDescription) quoted as \(quoted.debugDescription)")
        }
    }
}

/// Commands run through /bin/sh as popen runs them.
@Suite(.needs(.less)) struct ShellCommandTests {
    @Test func outputStatusAndTheFirstByte() throws {
        let command = try ShellCommand.start("printf 'abc\\ndef'; exit 3")
        #expect(command.readByte() == UInt8(ascii: "a"))
        #expect(command.readLine() == "bc")
        #expect(command.wait() == 3)
        #expect(command.status == 3)
    }

    @Test func nothingWrittenIsEndOfFileAtOnce() throws {
        let command = try ShellCommand.start("true")
        #expect(command.readByte() == nil)
        #expect(command.wait() == 0)
    }

    /// A command still writing when the reader stops (a LESSOPEN pipe of `yes`) ends when its pipe closes.
    @Test func aCommandStillWritingEndsWhenThePipeCloses() throws {
        let command = try ShellCommand.start("yes")
        #expect(command.readByte() == UInt8(ascii: "y"))
        let status = command.wait()
        #expect(status == 128 + SIGPIPE, "yes ends by SIGPIPE, as under a shell: \(status)")
    }

    @Test func runWaitsAndTheEnvironmentIsInherited() throws {
        let dir = try Reference.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let marker = dir.appendingPathComponent("marker").path
        setenv("FOLIO_TEST_MARKER", "from the parent", 1)
        #expect(try ShellCommand.run("printf %s \"$FOLIO_TEST_MARKER\" > \(ShellQuote.quote(marker))") == 0)
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "from the parent")
    }
}
