import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Folio
import FolioReading
import FolioStore
import FolioTerminal

@main
struct FolioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "Page through a text or Markdown file in the terminal, as less does, a page at a time.",
        usage: "folio [options] [+COMMAND] [FILE | -]",
        discussion: """
            With no FILE, folio reads standard input when it is a pipe (like less), else opens its guide; - is standard input.
            A FIFO or a device (folio <(cmd), folio /dev/stdin) is read as it arrives.
            +COMMAND runs keys at the start, as in less: +G opens at the end, +/pattern at the first match, +42g at page 42, +50% half way.
            When standard output is not a terminal (or TERM is dumb), folio writes the document's text unchanged, with a form feed between pages.

            Keys (less's keys where they do not take a paging key away; a number before a key counts):
            \(FolioCommand.keyList)
            Mouse: the wheel turns pages; click the outer thirds, a dot, a chapter or a link; drag a page.
            """,
        version: FolioCommand.version
    )

    /// What `--version` prints.
    static let version = "0.2.0"

    @Argument(help: ArgumentHelp("The file to read (- for standard input), and +COMMAND keys to run first.", valueName: "FILE"))
    var inputs: [String] = []

    @Option(help: "Open at this page (1-based).")
    var page: Int?

    @Option(help: "One page, two pages side by side, or whichever fits the text: auto, single or double.")
    var spread: ReadingOptions.SpreadChoice = .auto

    @Flag(help: "Turn pages right to left.")
    var rtl = false

    @Flag(help: "Turn pages vertically.")
    var vertical = false

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal.")
    var noMouse = false

    @Flag(help: "Neither restore nor save the reading position.")
    var forget = false

    @Option(help: "Columns per page when standard output is not a terminal.")
    var width = 80

    @Option(help: "Lines per page when standard output is not a terminal.")
    var height = 24

    /// The key list of `--help`, from the session's bindings.
    static var keyList: String {
        let list = ReadingSession.keyHelp + [("Ctrl-Z", "suspend (fg comes back)")]
        let width = list.map { $0.keys.count }.max() ?? 0
        return list.map { keys, action in
            "  " + keys + String(repeating: " ", count: max(1, width - keys.count + 2)) + action
        }.joined(separator: "\n")
    }

    mutating func validate() throws {
        guard width >= 1, height >= 1 else { throw ValidationError("--width and --height must be at least 1.") }
        if let page, page < 1 { throw ValidationError("--page counts from 1.") }
        if inputs.filter({ !$0.hasPrefix("+") || $0 == "+" }).count > 1 {
            throw ValidationError("Give one file (folio reads one document at a time).")
        }
    }

    /// Starts folio: the usual command lines (a file, `-`, `+COMMAND`, the
    /// simple options) are read directly, so the reader starts without the
    /// argument parser's reflection (some 13 million instructions, half of
    /// folio's start), and so is `--version`; everything else — `--help`, a mistake —
    /// goes through swift-argument-parser, which owns the interface.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"] {
            print(version)  // as the argument parser would, without its start-up cost
            Glibc.exit(0)
        }
        if let request = ReaderRequest(commandLine: arguments) {
            Glibc.exit(request.run())
        }
        main(nil)
    }

    func run() throws {
        let request = ReaderRequest(inputs: inputs, page: page, spread: spread, rightToLeft: rtl, vertical: vertical,
                                    mouse: !noMouse, forget: forget, width: width, height: height)
        let status = request.run()
        if status != 0 { throw ExitCode(status) }
    }
}

/// What one run of folio was asked to do, however the command line was read.
struct ReaderRequest {
    var inputs: [String] = []
    var page: Int?
    var spread: ReadingOptions.SpreadChoice = .auto
    var rightToLeft = false
    var vertical = false
    var mouse = true
    var forget = false
    var width = 80
    var height = 24
    /// Run LESSOPEN (`--no-lessopen` turns it off) and ask before a binary file (`-f`/`--force` does not).
    var lessopen = true
    var force = false

    /// The file argument, if any (`-` is standard input).
    var files: [String] { inputs.filter { !$0.hasPrefix("+") || $0 == "+" } }
    /// The `+COMMAND` arguments, without their `+`.
    var startCommands: [String] { inputs.filter { $0.hasPrefix("+") && $0 != "+" }.map { String($0.dropFirst()) } }

    var options: ReadingOptions {
        ReadingOptions(spread: spread, rightToLeft: rightToLeft, vertical: vertical)
    }

    /// Reads a simple command line — at most one file or `-`, `+COMMAND`s, and
    /// `--page N`, `--spread S`, `--width N`, `--height N` (or `--name=value`),
    /// `--rtl`, `--vertical`, `--no-mouse`, `--forget` — or returns nil for
    /// anything else, which the argument parser then reads and checks.
    init?(commandLine arguments: [String]) {
        var index = 0
        func value(_ argument: String) -> String? {
            if let equals = argument.firstIndex(of: "=") { return String(argument[argument.index(after: equals)...]) }
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            switch name {
            case "--rtl": rightToLeft = true
            case "--vertical": vertical = true
            case "--no-mouse": mouse = false
            case "--forget": forget = true
            case "--page":
                guard let text = value(argument), let n = Int(text), n >= 1 else { return nil }
                page = n
            case "--width", "--height":
                guard let text = value(argument), let n = Int(text), n >= 1 else { return nil }
                if name == "--width" { width = n } else { height = n }
            case "--spread":
                guard let text = value(argument), let choice = ReadingOptions.SpreadChoice(rawValue: text) else { return nil }
                spread = choice
            default:
                guard argument == "-" || !argument.hasPrefix("-") else { return nil }
                inputs.append(argument)
            }
            index += 1
        }
        if files.count > 1 { return nil }
    }

    init(inputs: [String], page: Int?, spread: ReadingOptions.SpreadChoice, rightToLeft: Bool, vertical: Bool,
         mouse: Bool, forget: Bool, width: Int, height: Int) {
        self.inputs = inputs
        self.page = page
        self.spread = spread
        self.rightToLeft = rightToLeft
        self.vertical = vertical
        self.mouse = mouse
        self.forget = forget
        self.width = width
        self.height = height
    }

    /// Reads the document — in the terminal, or as plain text when standard
    /// output is not a terminal or `TERM` is `dumb` — and returns the exit status.
    func run() -> Int32 {
        let input: ReaderInput
        do {
            input = try ReaderInput.open(files.first, lessopen: lessopen)
        } catch {
            StandardStreams.error("\(error)")
            return 1
        }
        defer { input.close() }  // LESSCLOSE
        let term = getenv("TERM").map { String(cString: $0) }
        if isatty(STDOUT_FILENO) == 0 || term == "dumb" {
            return PlainOutput(width: width, height: height).write(input) ? 0 : 1
        }
        if !force && !BinaryQuestion.allows(input) { return 0 }
        let reader = InteractiveReader(input: input, options: options, mouse: mouse, forget: forget,
                                       page: page, startKeys: startCommands)
        do {
            try reader.run()
        } catch {
            return 1
        }
        return 0
    }
}

extension ReadingOptions.SpreadChoice: ExpressibleByArgument {}

/// The reader's exit statuses.
enum ExitCodeError: Error {
    /// The terminal could not be set up (the message is already on stderr).
    case failure
}
