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

            Keys (less's keys where they do not take a paging key away):
            \(FolioCommand.keyList)
              Ctrl-Z                    suspend (fg comes back)
            Mouse: the wheel turns pages; click the outer thirds, a dot or a chapter; drag a page sideways.
            """,
        version: "0.2.0"
    )

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
        let width = ReadingSession.keyHelp.map { $0.keys.count }.max() ?? 0
        return ReadingSession.keyHelp.map { keys, action in
            "  " + keys + String(repeating: " ", count: max(1, width - keys.count + 2)) + action
        }.joined(separator: "\n")
    }

    mutating func validate() throws {
        guard width >= 1, height >= 1 else { throw ValidationError("--width and --height must be at least 1.") }
        if let page, page < 1 { throw ValidationError("--page counts from 1.") }
        if files.count > 1 { throw ValidationError("Give one file (folio reads one document at a time).") }
    }

    /// The file argument, if any (`-` is standard input).
    var files: [String] { inputs.filter { !$0.hasPrefix("+") || $0 == "+" } }
    /// The `+COMMAND` arguments, without their `+`.
    var startCommands: [String] { inputs.filter { $0.hasPrefix("+") && $0 != "+" }.map { String($0.dropFirst()) } }

    var options: ReadingOptions {
        ReadingOptions(spread: spread, rightToLeft: rtl, vertical: vertical)
    }

    func run() throws {
        let input: ReaderInput
        do {
            input = try ReaderInput.open(files.first)
        } catch {
            StandardStreams.error("\(error)")
            throw ExitCode(1)
        }
        let term = getenv("TERM").map { String(cString: $0) }
        if isatty(STDOUT_FILENO) == 0 || term == "dumb" {
            PlainOutput(width: width, height: height).write(input)
            return
        }
        let reader = InteractiveReader(input: input, options: options, mouse: !noMouse, forget: forget,
                                       page: page, startKeys: startCommands)
        do {
            try reader.run()
        } catch ExitCodeError.failure {
            throw ExitCode(1)
        }
    }
}

extension ReadingOptions.SpreadChoice: ExpressibleByArgument {}

/// The reader's exit statuses.
enum ExitCodeError: Error {
    /// The terminal could not be set up (the message is already on stderr).
    case failure
}
