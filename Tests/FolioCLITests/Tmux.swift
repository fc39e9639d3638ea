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
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "sh", "-c",
                  "stty -g > \(sttyBefore); \(shellCommand); echo \"exit=$?\" > \(exitFile); stty -g > \(sttyAfter); sleep 30"])
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

    /// Waits until `condition` holds for the screen (checking every 50 ms, up to `timeout` seconds).
    @discardableResult
    func waitFor(timeout: Double = 10, _ what: String = "", _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("timed out waiting for \(what); screen:\n\(last.joined(separator: "\n"))")
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
        let children = try Process.output("/usr/bin/pgrep", ["-P", shell])
        return children.split(separator: "\n").compactMap { pid_t($0) }.first
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try Process.output("/usr/bin/env", ["tmux", "-L", socket] + arguments)
    }

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

extension Process {
    /// Runs a program and returns its standard output; throws on a non-zero status.
    static func output(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
