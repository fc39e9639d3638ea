@testable import FolioCLI
import FolioReading
import Testing

/// The command line and the environment as `less` reads them: the real
/// strings man-db, git and systemd set, clusters, values attached and apart,
/// `-+`, `--`, unknown options, and every option of the table.
@Suite struct LessOptionParserTests {
    typealias Setting = LessOptionParser.Setting

    /// man-db's LESS in the form other versions of man-db export, with `?x- Next\:` and `%t`.
    static let manLessDocumented = "-ix8RmPm Manual page … ?ltline %lt?L/%L.:byte %bB?s/%s. .?e(END) ?x- Next\\: %x.:?pB%pB\\%..%t$PM Manual page …$"

    func request(_ arguments: [String], less: String? = nil, folio: String? = nil,
                 posixlyCorrect: Bool = false) throws(ReaderRequest.UsageError) -> ReaderRequest {
        let environment = ["LESS": less, "FOLIO": folio, "POSIXLY_CORRECT": posixlyCorrect ? "1" : nil]
        return try ReaderRequest(arguments: arguments, environment: { environment[$0] ?? nil })
    }

    func settings(_ text: String, from source: LessOptionParser.Source = .lessVariable) -> [Setting] {
        var parser = LessOptionParser()
        return parser.scan(text, from: source)
    }

    func problems(_ settings: [Setting]) -> [String] {
        settings.compactMap { if case .problem(let message) = $0 { message } else { nil } }
    }

    // MARK: The real variables

    @Test func manDbsLess() throws {
        let read = settings(LessStrings.manDb)
        let medium = " Manual page ls(1) ?ltline %lt?L/%L.:byte %bB?s/%s..?e (END):?pB %pB\\%.. (press h for help or q to quit)"
        #expect(read == [
            .option(.ignoreCase, .triple(1)), .option(.tabs, .string("8")), .option(.rawControlChars, .triple(2)),
            .option(.longPrompt, .triple(1)), .option(.prompt, .string("m" + medium)), .option(.prompt, .string("M" + medium)),
        ], "\(read)")
        let options = try request([], less: LessStrings.manDb).options
        #expect(options.caseSensitivity == .smart && options.tabStops == [8] && options.controlCharacters == .colourEscapes)
        #expect(options.promptLength == .medium && options.prompts == [.medium: medium, .long: medium])
        #expect(options.alternateScreen && !options.quitIfOneScreen, "man's own LESS keeps the full screen")

        let documented = settings(Self.manLessDocumented)
        #expect(problems(documented).isEmpty, "\(documented)")
        #expect(documented.count == 6)
        #expect(documented[4] == .option(.prompt, .string("m Manual page … ?ltline %lt?L/%L.:byte %bB?s/%s. .?e(END) ?x- Next\\: %x.:?pB%pB\\%..%t")))
        #expect(documented[5] == .option(.prompt, .string("M Manual page …")))
    }

    /// man-db puts the user's `LESS` after its own prompt's `$`: `LESS=FRX man ls` gives `…$FRX`.
    @Test func manDbsLessWithTheUsersAfterIt() throws {
        let options = try request([], less: LessStrings.manDb + "FRX").options
        #expect(options.quitIfOneScreen && !options.alternateScreen && options.controlCharacters == .colourEscapes)
        #expect(options.prompts.count == 2)
    }

    @Test func gitsAndSystemdsLess() throws {
        #expect(settings("FRX") == [.option(.quitIfOneScreen, .flag(true)), .option(.rawControlChars, .triple(2)),
                                    .option(.noInit, .flag(true))])
        let git = try request([], less: "FRX").options
        #expect(git.quitIfOneScreen && !git.alternateScreen && git.controlCharacters == .colourEscapes)
        let systemd = try request([], less: "FRSXMK").options
        #expect(systemd.quitIfOneScreen && !systemd.alternateScreen && systemd.chopsLongLines)
        #expect(systemd.promptLength == .long && systemd.quitsOnInterrupt)
        // The same with dashes and spaces, as people write it.
        #expect(try request([], less: "-F -R -X").options == git)
        #expect(try request([], less: "-FRX").options == git)
        #expect(try request(["-FRX"]).options.quitIfOneScreen)
    }

    // MARK: Grammar

    @Test func clustersOnTheCommandLine() throws {
        let r = try request(["-ix4RmPmMy prompt", "notes.txt"])
        #expect(r.files == ["notes.txt"])
        #expect(r.options.tabStops == [4] && r.options.controlCharacters == .colourEscapes && r.options.promptLength == .medium)
        #expect(r.options.prompts == [.medium: "My prompt"], "-P's string runs to the end of the argument")
    }

    /// Each value-taking option, its value attached, in the next argument, after `=` and after a space,
    /// with a file after it that must stay a file.
    @Test(arguments: [
        (["-x4"], ["-x", "4"], ["--tabs=4"], ["--tabs", "4"]),
        (["-j4"], ["-j", "4"], ["--jump-target=4"], ["--jump-target", "4"]),
        (["-Pshort"], ["-P", "short"], ["--prompt=short"], ["--prompt", "short"]),
        (["-ppattern"], ["-p", "pattern"], ["--pattern=pattern"], ["--pattern", "pattern"]),
        (["-b64"], ["-b", "64"], ["--buffers=64"], ["--buffers", "64"]),
        (["-h10"], ["-h", "10"], ["--max-back-scroll=10"], ["--max-back-scroll", "10"]),
        (["-y5"], ["-y", "5"], ["--max-forw-scroll=5"], ["--max-forw-scroll", "5"]),
        (["-z-3"], ["-z", "-3"], ["--window=-3"], ["--window", "-3"]),
        (["-#8"], ["-#", "8"], ["--shift=8"], ["--shift", "8"]),
        (["-kkeys"], ["-k", "keys"], ["--lesskey-file=keys"], ["--lesskey-file", "keys"]),
        (["-olog"], ["-o", "log"], ["--log-file=log"], ["--log-file", "log"]),
        (["-Olog"], ["-O", "log"], ["--Log-file=log"], ["--Log-file", "log"]),
        (["-ttag"], ["-t", "tag"], ["--tag=tag"], ["--tag", "tag"]),
        (["-Ttags"], ["-T", "tags"], ["--tag-file=tags"], ["--tag-file", "tags"]),
        (["-Dd+r"], ["-D", "d+r"], ["--color=d+r"], ["--color", "d+r"]),
        (["--page=3"], ["--page", "3"], ["--page=3"], ["--page", "3"]),
        (["--width=40"], ["--width", "40"], ["--width=40"], ["--width", "40"]),
    ])
    func valuesAttachedOrApart(attached: [String], apart: [String], equals: [String], spaced: [String]) throws {
        let forms = [attached, apart, equals, spaced]
        let requests = try forms.map { try request($0 + ["notes.txt"]) }
        for (form, r) in zip(forms, requests) {
            #expect(r.files == ["notes.txt"], "\(form): the file after the value stays a file")
            #expect(r == requests[0], "\(form) reads as \(attached)")
        }
        // In LESS, where the next argument is not the value, a space separates.
        if !attached[0].hasPrefix("--page") && !attached[0].hasPrefix("--width") {
            let inLess = try request(["notes.txt"], less: spaced.joined(separator: " "))
            #expect(inLess.options == requests[0].options, "LESS=\(spaced.joined(separator: " "))")
        }
    }

    @Test func theValuesFolioReads() throws {
        #expect(try request(["-x4,8,12"]).options.tabStops == [4, 8, 12])
        #expect(try request(["-j.5"]).options.jumpTarget == .fraction(0.5))
        #expect(try request(["-j-2"]).options.jumpTarget == .line(-2))
        #expect(try request(["--jump-target=7"]).options.jumpTarget == .line(7))
        #expect(try request(["-P=equals", "-Phhelp", "-Pwwait", "-Psshort"]).options.prompts
                == [.equals: "equals", .help: "help", .waiting: "wait", .short: "short"])
        #expect(try request(["-ppattern"]).startCommands == ["/pattern"], "-p is +/pattern")
        #expect(try request(["-x8,4"]).options.tabStops == [8], "stops out of order leave the tabs as they were")
    }

    @Test func plusResetsToTheDefault() throws {
        #expect(try request(["-+X"], less: "FRX").options.alternateScreen)
        #expect(try request(["-+X"], less: "FRX").options.quitIfOneScreen, "only X")
        let both = try request(["-+FX"], less: "FRX").options
        #expect(both.alternateScreen && !both.quitIfOneScreen, "-+ resets every letter up to the next dash")
        #expect(try request(["--+no-init"], less: "X").options.alternateScreen)
        #expect(try request(["-+I"], less: "I").options.caseSensitivity == .smart)
        #expect(try request(["--+rtl"], folio: "--rtl").options.rightToLeft == false)
        #expect(settings("-+F-X") == [.reset(.quitIfOneScreen), .option(.noInit, .flag(true))], "a dash ends -+")
    }

    @Test func doubleDashEndsTheOptions() throws {
        let r = try request(["-F", "--", "-X", "--page=3", "+G", "-"])
        #expect(r.options.quitIfOneScreen && r.options.alternateScreen && r.options.page == nil)
        #expect(r.files == ["-X", "--page=3", "+G", "-"] && r.startCommands.isEmpty)
        #expect(try request(["-", "+"]).files == ["-", "+"], "- and + alone are files")
        #expect(try request(["notes.txt", "-F"]).options.quitIfOneScreen, "options may follow files, as in less")
        let posix = try request(["notes.txt", "-F"], posixlyCorrect: true)
        #expect(posix.files == ["notes.txt", "-F"] && !posix.options.quitIfOneScreen, "POSIXLY_CORRECT: options end at a file")
    }

    @Test func unknownOptionsAreAcceptedSilently() throws {
        for arguments in [["--nonsense"], ["-Z"], ["--nonsense=3"], ["-Z", "--quit"], ["--no-init=1"], ["-h"], ["-x"],
                          ["-bx"], ["-z--3"], ["-b", "many"], ["--tabs="], ["+"], ["-\u{7F}"], ["--é"], ["---"]] {
            let r = try request(arguments + ["notes.txt"])
            #expect(r.action == .read && r.options == PagerOptions(), "\(arguments)")
        }
        // What less says is kept as a problem, and less's rule holds: the rest of that argument is dropped.
        let unknown = settings("-FZX", from: .commandLine)
        #expect(unknown == [.option(.quitIfOneScreen, .flag(true)), .problem("There is no -Z option (\"less --help\" for help)")])
        #expect(problems(settings("--quit", from: .commandLine)) == ["quit is an ambiguous abbreviation (\"less --help\" for help)"])
        #expect(problems(settings("--no-init=1", from: .commandLine)) == ["The --no-init option should not be followed by ="])
        #expect(problems(settings("-b", from: .commandLine)) == [], "a value to come: no problem yet")
        // A less option given last without its value is no error either.
        for last in ["-h", "-x", "-P", "-j", "--tabs", "-b"] {
            let r = try request(["notes.txt", last])
            #expect(r.files == ["notes.txt"] && r.action == .read, "\(last)")
        }
    }

    @Test func dashHIsNotHelp() throws {
        #expect(try request(["-h"]).action == .read)
        #expect(try request(["-h", "10", "notes.txt"]).files == ["notes.txt"], "-h takes a number, as in less")
        #expect(try request(["-?"]).action == .help)
        #expect(try request(["--help"]).action == .help)
        #expect(try request(["--he"]).action == .read, "--he is ambiguous (help, header): accepted, no help")
        #expect(try request(["-V"]).action == .version)
        #expect(try request(["--version"]).action == .version)
        #expect(try request(["--vers"]).action == .version, "long names may be shortened")
        #expect(try request([], less: "V?").action == .read, "LESS asks for no action")
    }

    @Test func longForms() throws {
        let cases: [(String, (PagerOptions) -> Bool)] = [
            ("--quit-if-one-screen", { $0.quitIfOneScreen }),
            ("--quit-if", { $0.quitIfOneScreen }),
            ("--no-init", { !$0.alternateScreen }),
            ("--chop-long-lines", { $0.chopsLongLines }),
            ("--LINE-NUMBERS", { $0.lineNumbers == .shown }),
            ("--line-numbers", { $0.lineNumbers == .off }),
            ("--ignore-case", { $0.caseSensitivity == .smart }),
            ("--IGNORE-CASE", { $0.caseSensitivity == .insensitive }),
            ("--RAW-CONTROL-CHARS", { $0.controlCharacters == .colourEscapes }),
            ("--raw-control-chars", { $0.controlCharacters == .raw }),
            ("--LONG-PROMPT", { $0.promptLength == .long }),
            ("--long-prompt", { $0.promptLength == .medium }),
            ("--quit-on-intr", { $0.quitsOnInterrupt }),
            ("--jump-target=5", { $0.jumpTarget == .line(5) }),
            ("--tabs=4", { $0.tabStops == [4] }),
            ("--follow-name", { $0.followsName }),
            ("--mouse", { $0.mouse }),
            ("--MOUSE", { $0.mouse }),
            ("--no-lessopen", { !$0.lessopen }),
            ("--force", { $0.force }),
            ("--rtl", { $0.rightToLeft }),
            ("--vertical", { $0.vertical }),
            ("--forget", { $0.forget }),
            ("--spread=double", { $0.spread == .double }),
            ("--height=10", { $0.height == 10 }),
        ]
        for (argument, holds) in cases {
            let options = try request([argument]).options
            #expect(holds(options), "\(argument) gave \(options)")
        }
    }

    @Test func folioOptionsAndTheirErrors() throws {
        let r = try request(["--page", "3", "--spread", "single", "--rtl", "--vertical", "--forget", "--width", "40",
                             "--height", "10", "--no-mouse", "a.txt"])
        #expect(r.options.page == 3 && r.options.spread == .single && r.options.rightToLeft && r.options.vertical)
        #expect(r.options.forget && r.options.width == 40 && r.options.height == 10 && !r.options.mouse)
        #expect(try request(["--mouse", "--no-mouse"]).options.mouse == false)
        #expect(try request(["--no-mouse", "--mouse"]).options.mouse == true)
        for (arguments, message) in [(["--page", "abc"], "--page takes a page number from 1, not 'abc'"),
                                     (["--page=0"], "--page takes a page number from 1, not '0'"),
                                     (["--spread", "wide"], "--spread takes auto, single or double, not 'wide'"),
                                     (["--width=0"], "--width takes a number from 1, not '0'"),
                                     (["--height", "-1"], "--height takes a number from 1, not '-1'"),
                                     (["--page"], "--page needs a value")] {
            #expect(throws: ReaderRequest.UsageError.self, "\(arguments)") { try request(arguments) }
            do { _ = try request(arguments) } catch { #expect(error.message.hasPrefix(message), "\(error.message)") }
        }
        #expect(try request(["--pag=abc"]).options.page == nil, "folio's own names are whole: --pag is less's, unknown, ignored")
        #expect(try request([], less: "--page=abc").options.page == nil, "LESS is less's: folio's options are not read there")
    }

    @Test func theEnvironmentComesFirstAndTheCommandLineWins() throws {
        let folio = "--spread single --rtl --forget"
        let fromFolio = try request([], folio: folio).options
        #expect(fromFolio.spread == .single && fromFolio.rightToLeft && fromFolio.forget)
        #expect(try request(["--spread", "double"], folio: folio).options.spread == .double)
        #expect(try request([], less: "-X", folio: "--+no-init").options.alternateScreen, "FOLIO after LESS")
        #expect(try request(["-+F"], less: "FRX").options.quitIfOneScreen == false)
        // A value LESS leaves waiting is the first argument, as in less.
        #expect(try request(["Your prompt", "notes.txt"], less: "-P").options.prompts == [.short: "Your prompt"])
        do {
            _ = try request([], folio: "--spread=wide")
            Issue.record("a bad value in FOLIO is reported")
        } catch {
            #expect(error.message.contains("(in $FOLIO)"), "\(error.message)")
        }
    }

    @Test func rawControlCharsInTheEnvironmentIsCapitalR() throws {
        #expect(try request([], less: "r").options.controlCharacters == .colourEscapes)
        #expect(try request(["-r"]).options.controlCharacters == .raw)
        #expect(try request(["-R"]).options.controlCharacters == .colourEscapes)
    }

    @Test func filesAndStartCommands() throws {
        let r = try request(["+G", "a.txt", "+/needle", "b.txt", "+42g", "+50%", "c.txt", "+F"])
        #expect(r.files == ["a.txt", "b.txt", "c.txt"])
        #expect(r.startCommands == ["G", "/needle", "42g", "50%", "F"])
        #expect(r.follows && r.startKeys == ["G", "/needle", "42g", "50%", "F"], "+F is pressed last")
        #expect(try request(["+F", "+G"]).startKeys == ["G", "F"], "a key after F would stop following")
        #expect(try request(["++G"]).startCommands == ["G"])
        #expect(try request(["-X+G"]).startCommands == ["G"], "+ inside a cluster, as in less")
        #expect(try request(["-5", "a.txt"]).files == ["a.txt"], "-5 is -z5")
    }

    @Test func aBackslashKeepsADollarUnderUseBackslash() throws {
        #expect(try request(["-Pcost$5"]).options.prompts == [.short: "cost"], "$ ends a string, as in less")
        #expect(try request(["--use-backslash", "-Pcost\\$5"]).options.prompts == [.short: "cost$5"])
    }

    // MARK: Every option

    /// A value each kind of option accepts.
    static func value(for option: LessOption) -> String {
        switch option.kind {
        case .number: "3"
        case .string(let valid): valid == nil || valid == "s" ? (option.isFolioOnly ? (option == .spread ? "single" : "3") : "v") : "3"
        default: ""
        }
    }

    /// Every option of both tables, by letter (lower and upper case for triples) and by every long
    /// name (also in upper case for triples), attached and apart, from the command line, LESS and FOLIO,
    /// and reset with -+: exactly one setting of that option, no problem, and the file after it kept.
    @Test func everyOptionInEveryForm() throws {
        for option in LessOption.lessTable + LessOption.folioTable {
            let value = Self.value(for: option)
            var forms: [[String]] = []
            if let letter = option.letter {
                let c = String(Unicode.Scalar(letter))
                forms.append(["-" + c + value])
                if option.takesValue { forms.append(["-" + c, value]) }
                if option.kind.isTriple { forms.append(["-" + c.uppercased()]) }
            }
            // LOG-FILE is skipped: less reads it as log-file in upper case (see theUpperCasePass).
            for name in option.names where name != "LOG-FILE" {
                forms.append(option.takesValue ? ["--\(name)=\(value)"] : ["--\(name)"])
                if option.takesValue { forms.append(["--\(name)", value]) }
                if option.kind.isTriple { forms.append(["--\(name.uppercased())"]) }
            }
            for form in forms {
                let all = LessOptionParser.settings(less: nil, folio: nil, arguments: form + ["notes.txt"])
                let mine = all.filter { if case .option(option, _) = $0.setting { true } else { false } }
                #expect(mine.count == 1 && all.count == 2 && all.last?.setting == .file("notes.txt"),
                        "\(option) as \(form): \(all.map(\.setting))")
                if option.isFolioOnly { continue }
                if form.count == 1 && option.kind != .action {
                    // A space ends a flag or a number in LESS; $ ends a string that would run on.
                    let inLess = settings(form[0] + (option.takesValue ? "$ -X" : " -X"))
                    #expect(inLess.count == 2 && problems(inLess).isEmpty, "\(option) as LESS=\(form[0]) -X: \(inLess)")
                }
            }
            if case .flag = option.kind, let letter = option.letter {
                let reset = settings("-+" + String(Unicode.Scalar(letter)))
                #expect(reset == [.reset(option)], "\(option) reset: \(reset)")
            }
        }
    }

    /// less's quirk, checked against less 590: a name's first pass failing, the upper-case pass
    /// is tried for any option, so a name in capitals is the lower-case option's.
    @Test func theUpperCasePass() {
        #expect(settings("--LOG-FILE=x", from: .commandLine) == [.option(LessOption.lessTable.first { $0.letter == 0x6F }!, .string("x"))])
        #expect(settings("--Log-file=x", from: .commandLine) == [.option(LessOption.lessTable.first { $0.letter == 0x6F }!, .string("x"))],
                "log-file comes first in the table and matches whole in the upper-case pass; LOG-FILE's match is no longer")
        #expect(problems(settings("--LO=x", from: .commandLine)) == ["LO=x is an ambiguous abbreviation (\"less --help\" for help)"])
        #expect(problems(settings("--LOGFILE=x", from: .commandLine)) == ["There is no --LOGFILE option (\"less --help\" for help)"])
        #expect(settings("--QUIT-IF-ONE-SCREEN", from: .commandLine) == [.option(.quitIfOneScreen, .flag(true))])
    }

    /// less's `flip_triple` over its whole domain.
    @Test func flipTriple() {
        let expected = [(0, true, 1), (1, true, 0), (2, true, 1), (0, false, 2), (1, false, 2), (2, false, 0)]
        for (value, lower, result) in expected {
            #expect(LessOptionParser.flipTriple(value, lowerCase: lower) == result, "\(value) \(lower)")
        }
    }

    @Test func theHelpListsEveryOptionAndKey() {
        let help = HelpText.text
        for option in LessOption.lessTable + LessOption.folioTable {
            for name in option.names { #expect(help.contains("--\(name)"), "--\(name)") }
            if let letter = option.letter { #expect(help.contains("-\(Character(Unicode.Scalar(letter)))"), "\(option)") }
        }
        for (keys, _, _) in ReadingSession.keyHelp { #expect(help.contains(keys), "\(keys)") }
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 200 })
    }

    @Test func theTablesAreConsistent() {
        let all = LessOption.lessTable + LessOption.folioTable
        let names = all.flatMap(\.names)
        #expect(Set(names).count == names.count, "no name twice")
        let letters = all.compactMap(\.letter)
        #expect(Set(letters).count == letters.count, "no letter twice")
        for option in LessOption.lessTable {
            if let letter = option.letter { #expect(LessOption.lessOption(letter: letter) == option, "\(option)") }
        }
    }
}
