import Glibc

/// Why the terminal could not be opened, read or written.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No terminal to read keys from: standard input is not a terminal and
    /// `path` (usually `/dev/tty`) could not be opened; `errno` says why.
    case noTerminal(path: String, errno: Int32)
    /// `path` was opened but is not a terminal.
    case notATerminal(path: String)
    /// Another ``Terminal`` in this process is started; stop it first.
    case alreadyStarted
    /// This terminal was stopped; start a new one.
    case stopped
    /// The terminal went away (hang-up or end of input).
    case closed
    /// The system call `call` failed with `errno`.
    case systemCall(String, errno: Int32)

    /// A sentence saying what went wrong and what to do.
    public var description: String {
        switch self {
        case .noTerminal(let path, let code):
            "No terminal to read keys from: standard input is not a terminal and \(path) could not be opened (\(Self.message(code))). Run from a terminal, or redirect the output to a file to print plain text."
        case .notATerminal(let path):
            "\(path) is not a terminal."
        case .alreadyStarted:
            "A terminal session is already started in this process; stop it before starting another."
        case .stopped:
            "The terminal session was stopped; start a new one."
        case .closed:
            "The terminal closed (hang-up or end of input)."
        case .systemCall(let call, let code):
            "\(call) failed on the terminal: \(Self.message(code))."
        }
    }

    private static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
