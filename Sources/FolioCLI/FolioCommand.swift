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

/// The `folio` command: reads `less`'s command line, so that it can be `PAGER`,
/// `MANPAGER`, `GIT_PAGER` or `SYSTEMD_PAGER`, and folio's own options.
///
/// The options come from `LESS` (as `less` reads it), then `FOLIO`, then the
/// command line, which wins; ``ReaderRequest`` gathers them. No argument parser
/// library: `less`'s grammar is not one (`-FRX`, `-x8`, `-h 10`, `-Pm…$`), and
/// one read of the command line keeps the start as quick as `less`'s.
@main
enum FolioCommand {
    /// What `--version` prints.
    static let version = "0.2.0"

    /// The exit status for a command line folio cannot use (`--page abc`), as `sysexits.h`'s `EX_USAGE`.
    static let usageStatus: Int32 = 64

    /// Reads the request and does it: the help, the version, or the reader; exits with its status.
    static func main() {
        let request: ReaderRequest
        do {
            request = try ReaderRequest(arguments: Array(CommandLine.arguments.dropFirst()),
                                        environment: { getenv($0).map { String(cString: $0) } })
        } catch {
            StandardStreams.error("folio: \(error)")
            exit(usageStatus)
        }
        switch request.action {
        case .version:
            print(version)
            exit(0)
        case .help:
            print(HelpText.text, terminator: "")
            exit(0)
        case .read:
            exit(request.run())
        }
    }
}

/// What one run of folio was asked to do: the files, the keys to run first,
/// and the options, read from `LESS`, `FOLIO` and the command line.
struct ReaderRequest: Hashable, Sendable, CustomStringConvertible {
    /// What to do.
    enum Action: Hashable, Sendable {
        /// Read the files (or standard input, or the guide).
        case read
        /// Print the help (`--help`, `-?`).
        case help
        /// Print the version (`--version`, `-V`).
        case version
    }

    /// A command line folio cannot use; the message names the option, what it
    /// takes, and where it was given.
    struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
        /// For example `--page takes a page number from 1, not 'abc' (folio --help lists the options)`.
        let message: String
        /// The message.
        var description: String { message }
    }

    /// What to do.
    var action = Action.read
    /// The files to read, in order (`-` is standard input). The reader opens the first that
    /// opens, and `:n`, `:p`, `:x` the others; none means standard input when it is a pipe,
    /// else the guide.
    var files: [String] = []
    /// The `+COMMAND`s (and `-p PATTERN` as `/PATTERN`), without their `+`, in order:
    /// keys run at the start (`G`, `/pattern`, `42g`, `50%`).
    var startCommands: [String] = []
    /// The options.
    var options = PagerOptions()

    /// `+F`: follow the end of the input as it grows, as `less +F` does.
    var follows: Bool { startCommands.contains("F") }
    /// The start commands the reader runs, in order, with `F` last (see ``follows``): any key
    /// after it would stop following.
    var startKeys: [String] { startCommands.filter { $0 != "F" } + (follows ? ["F"] : []) }

    /// A request with nothing asked: read standard input or the guide with the default options.
    init() {}

    /// Reads `LESS`, then `FOLIO`, then `arguments` (the command line without
    /// the program's name); `environment` looks a variable up. Throws
    /// ``UsageError`` only for a value of folio's own options it cannot use
    /// (`--page abc`): any option of `less`'s is accepted, those that mean nothing
    /// to folio silently, so that a pager's command line never costs the text piped to it.
    init(arguments: [String], environment: (String) -> String?) throws(UsageError) {
        var parser = LessOptionParser(posixlyCorrect: environment("POSIXLY_CORRECT") != nil)
        if let less = environment("LESS") { try take(parser.scan(less, from: .lessVariable), from: .lessVariable) }
        if let folio = environment("FOLIO") { try take(parser.scan(folio, from: .folioVariable), from: .folioVariable) }
        for argument in arguments { try take(parser.scan(argument: argument), from: .commandLine) }
        try take(parser.finish(), from: .commandLine)
    }

    /// Takes in what one source set, in order.
    private mutating func take(_ settings: [LessOptionParser.Setting], from source: LessOptionParser.Source) throws(UsageError) {
        for setting in settings {
            switch setting {
            case .file(let path):
                files.append(path)
            case .startCommand(let keys, _):
                startCommands.append(keys)
            case .option(.pattern, .string(let pattern)):
                startCommands.append("/" + pattern)
            case .option(.help, .action):
                if action == .read { action = .help }
            case .option(.version, .action):
                if action == .read { action = .version }
            default:
                do {
                    try options.apply(setting)
                } catch {
                    let place = source == .commandLine ? "" : " (in \(source))"
                    throw UsageError(message: "\(error.message)\(place); folio --help lists the options")
                }
            }
        }
    }

    /// `read notes.md +G -F -X`: the action, the files, the start commands and the options that are not the defaults.
    var description: String {
        ([action == .read ? "read" : "\(action)"] + files + startCommands.map { "+" + $0 } + [options.description])
            .joined(separator: " ")
    }

    /// Reads the files — in the terminal, the first that opens and the others
    /// with `:n`, `:p`, `:x`; or one after another as plain text when standard
    /// output is not a terminal or `TERM` is `dumb` — and returns the exit status.
    func run() -> Int32 {
        let term = getenv("TERM").map { String(cString: $0) }
        let plain = isatty(STDOUT_FILENO) == 0 || term == "dumb"
        if plain && files.count > 1 { return writeEach() }
        let (opened, failures) = ReaderFiles.start(files, lessopen: options.lessopen, force: options.force, photos: !plain)
        guard let files = opened else {
            for failure in failures { StandardStreams.error(failure) }
            return 1
        }
        defer { files.close() }  // LESSCLOSE
        let input = files.current
        if plain {
            return PlainOutput(width: options.width, height: options.height).write(input) ? 0 : 1
        }
        if !options.force && !BinaryQuestion.allows(input) { return 0 }
        // -F: a text that fits on one screen is printed and folio quits, as less does (not with several files).
        if options.quitIfOneScreen && self.files.count <= 1 && OneScreen.printIfItFits(input, options: options) {
            return 0
        }
        // Several files: the first notice names the file and its place in the list, as less's first
        // prompt does (`a.txt (file 1 of 3)`), or says which files did not open.
        let skipped = failures.map { $0.hasPrefix("folio: ") ? String($0.dropFirst("folio: ".count)) : $0 }
        let notice = skipped.isEmpty ? nil : Notice(skipped.joined(separator: "; "), kind: .problem)
        let reader = InteractiveReader(files: files, options: options.readingOptions, terminalOptions: options.terminalOptions,
                                       forget: options.forget, pictureMode: options.pictures, page: options.page, startKeys: startKeys, startNotice: notice)
        do {
            try reader.run()
        } catch {
            return 1
        }
        return 0
    }
}

extension ReaderRequest {
    /// Several files to output that is not a terminal: each in turn, as `less a b | cat` writes
    /// them; one that does not open is said on standard error and the rest still written
    /// (exit status 1, as `cat`'s).
    func writeEach() -> Int32 {
        var status: Int32 = 0
        for file in files {
            let input: ReaderInput
            do {
                input = try ReaderInput.open(file, lessopen: options.lessopen)
            } catch {
                StandardStreams.error("\(error)")
                status = 1
                continue
            }
            defer { input.close() }
            if !PlainOutput(width: options.width, height: options.height).write(input) { status = 1 }
        }
        return status
    }
}

/// The reader's exit statuses.
enum ExitCodeError: Error {
    /// The terminal could not be set up (the message is already on stderr).
    case failure
}
