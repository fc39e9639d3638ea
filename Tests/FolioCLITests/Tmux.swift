import Foundation
import Testing

/// A real terminal for end-to-end tests: a tmux server of its own (its own
/// socket), one window of a fixed size running a command.
final class Tmux {
    let socket: String
    let columns: Int, rows: Int

    /// Starts `command` (argv) in a detached session of `columns` × `rows`.
    init(columns: Int, rows: Int, command: [String], environment: [String: String] = [:]) throws {
        socket = "folio-test-\(UUID().uuidString.prefix(8))"
        self.columns = columns
        self.rows = rows
        var shellCommand = command.map(Self.quote).joined(separator: " ")
        if !environment.isEmpty {
            shellCommand = "env " + environment.map { "\($0)=\(Self.quote($1))" }.joined(separator: " ") + " " + shellCommand
        }
        // Keep the pane after the program exits so its last screen and status can be read.
        // The server this starts inherits our descriptors: give it none to hold open.
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "sh", "-c",
                  "stty -g > \(sttyBefore); \(shellCommand); status=$?; stty -g > \(sttyAfter); echo \"exit=$status\" > \(exitFile); sleep 30"],
                 captureOutput: false)
    }

    deinit {
        _ = try? tmux(["kill-server"])
        for file in [sttyBefore, sttyAfter, exitFile] { try? FileManager.default.removeItem(atPath: file) }
    }

    private var sttyBefore: String { "/tmp/\(socket).stty-before" }
    private var sttyAfter: String { "/tmp/\(socket).stty-after" }
    private var exitFile: String { "/tmp/\(socket).exit" }

    /// The terminal settings before the program ran and after it exited (nil until it has).
    var terminalSettings: (before: String, after: String)? {
        guard let before = try? String(contentsOfFile: sttyBefore, encoding: .utf8),
              let after = try? String(contentsOfFile: sttyAfter, encoding: .utf8) else { return nil }
        return (before, after)
    }

    /// The program's exit status, once it has exited.
    var exitStatus: Int? {
        guard let text = try? String(contentsOfFile: exitFile, encoding: .utf8) else { return nil }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst("exit=".count))
    }

    /// Types keys (tmux key names such as "Right", "Space", "C-c", or literal text with `literal`).
    func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys", "-t", "0"] + (literal ? ["-l"] : []) + keys)
    }

    /// Sends raw bytes to the program, e.g. an SGR mouse report.
    func sendBytes(_ text: String) throws {
        let hex = text.utf8.map { String(format: "%02x", $0) }
        try tmux(["send-keys", "-t", "0", "-H"] + hex)
    }

    /// The visible screen, one string per row.
    func screen() throws -> [String] {
        let text = try tmux(["capture-pane", "-p", "-t", "0"])
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Waits until `condition` holds for the screen (checking every 50 ms, up to `timeout` seconds);
    /// with `styled`, for the screen with its colours (``styledScreen()``).
    @discardableResult
    func waitFor(timeout: Double = 10, _ what: String = "", styled: Bool = false, _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < deadline {
            last = try styled ? styledScreen() : screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("timed out waiting for \(what); screen:\n\(last.joined(separator: "\n"))")
        return last
    }

    /// Waits until the screen stops changing (two captures 100 ms apart agree): an animation has settled.
    @discardableResult
    func waitForStillScreen(timeout: Double = 10) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try screen()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            let now = try screen()
            if now == last { return now }
            last = now
        }
        Issue.record("the screen kept changing for \(timeout) s")
        return last
    }

    /// Waits until the program has exited.
    func waitForExit(timeout: Double = 10) -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let status = exitStatus { return status }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// Resizes the window.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The process id of the program running in the pane's shell.
    func programPID() throws -> pid_t? {
        let shell = try tmux(["display-message", "-p", "-t", "0", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let listing = "/tmp/\(socket).pids"
        defer { unlink(listing) }
        _ = spawn(["pgrep", "-P", shell], stdout: listing)
        let children = (try? String(contentsOfFile: listing, encoding: .utf8)) ?? ""
        return children.split(separator: "\n").compactMap { pid_t($0) }.first
    }

    /// The process id of the program called `name` among the pane shell's descendants (a pipeline's part).
    func pid(of name: String) throws -> pid_t? {
        let shell = try tmux(["display-message", "-p", "-t", "0", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let root = pid_t(shell) else { return nil }
        let listing = "/tmp/\(socket).ps"
        defer { unlink(listing) }
        _ = spawn(["ps", "-e", "-o", "pid=,ppid=,comm="], stdout: listing)
        let rows = ((try? String(contentsOfFile: listing, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { row -> (pid_t, pid_t, String)? in
            let fields = row.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 3, let pid = pid_t(fields[0]), let parent = pid_t(fields[1]) else { return nil }
            return (pid, parent, String(fields[2]))
        }
        var family: Set<pid_t> = [root]
        var grew = true
        while grew {
            grew = false
            for (pid, parent, _) in rows where family.contains(parent) && !family.contains(pid) {
                family.insert(pid)
                grew = true
            }
        }
        return rows.first { family.contains($0.0) && $0.2 == name }?.0
    }

    /// The screen with its colours and attributes, as SGR sequences (tmux's `capture-pane -e`).
    func styledScreen() throws -> [String] {
        let text = try tmux(["capture-pane", "-p", "-e", "-t", "0"])
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Runs a tmux command and returns its output. Spawned and reaped by hand:
    /// Foundation's Process waits for descriptors the tmux server inherits.
    @discardableResult
    func tmux(_ arguments: [String], captureOutput: Bool = true) throws -> String {
        let outputPath = "/tmp/\(socket).out"
        defer { unlink(outputPath) }
        let status = spawn(["tmux", "-L", socket] + arguments, stdout: outputPath)
        guard status == 0 || !captureOutput else { return "" }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

/// Runs `argv` (looked up on PATH) with standard input and error on /dev/null and
/// standard output into the file at `stdout`; returns its exit status.
///
/// The child starts with no signal blocked and every signal's default action: the test
/// runner's threads block most signals, and a tmux server that inherited that mask could
/// neither reap its panes nor honour `kill-server`, so every test's server (and the folio
/// in it) lived on after the test.
func spawn(_ argv: [String], stdout path: String) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t(), all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid = pid_t()
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    guard posix_spawnp(&pid, argv[0], &actions, &attributes, cArguments, environ) == 0 else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return (status >> 8) & 0xFF
}

extension Process {
    /// Runs a program to its end and returns its standard output ("" when not captured).
    static func output(_ path: String, _ arguments: [String], captureOutput: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = captureOutput ? pipe : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = captureOutput ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// The reader's status row on a captured screen, and the page count on it.
enum StatusRow {
    /// The status row (the last).
    static func status(_ screen: [String]) -> String { screen.last ?? "" }

    /// "3 / 120" or "3 / 120+" from the status row: the page, the count, and whether it is still counting.
    static func pages(_ screen: [String]) -> (page: Int, count: Int, counting: Bool)? {
        let row = status(screen)
        guard let slash = row.range(of: " / ") else { return nil }
        let before = row[..<slash.lowerBound].split(separator: " ").last.flatMap { Int($0) }
        let rest = row[slash.upperBound...]
        let digits = rest.prefix { $0.isNumber }
        guard let page = before, let count = Int(digits) else { return nil }
        return (page, count, rest.dropFirst(digits.count).first == "+")
    }
}

