import Foundation
import FolioTestSupport
import Testing

/// The real `folio` binary, built beside the tests.
enum Folio {
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("folio")
    }

    /// Runs folio with `arguments` and optional standard input; returns exit status, stdout and stderr.
    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// Runs folio with `arguments`, standard input empty; returns exit status and the bytes it wrote.
    static func runForBytes(_ arguments: [String]) throws -> (status: Int32, out: Data) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    /// Starts folio with `arguments` on the pseudo-terminal `pty` (its standard input, output and
    /// error), with TERM=xterm-256color and neither LESS nor FOLIO set; returns its process id.
    static func spawn(_ arguments: [String], on pty: PseudoTerminal) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 { posix_spawn_file_actions_addopen(&actions, fd, pty.path, O_RDWR, 0) }
        var environment = ProcessInfo.processInfo.environment
        environment["LESS"] = nil
        environment["FOLIO"] = nil
        environment["TERM"] = "xterm-256color"
        let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, binary.path, &actions, nil, argv, envp) == 0 else { throw PseudoTerminal.Failure("spawn") }
        return pid
    }

    /// Runs a shell command line and returns what it printed.
    static func shell(_ line: String) throws -> String {
        try Process.output("/bin/sh", ["-c", line])
    }

    /// Stands in a test's arguments for a fresh empty folder, made when the test runs: a folder
    /// such as `/tmp` can hold pictures, and a folder of pictures opens as photos.
    static let emptyFolder = "<a fresh empty folder>"

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// The variables the pagers' callers set, as they set them.
enum LessStrings {
    /// man-db's, for `man ls` (man-db 2.11).
    static let manDb = "-ix8RmPm Manual page ls(1) ?ltline %lt?L/%L.:byte %bB?s/%s..?e (END):?pB %pB\\%.. "
        + "(press h for help or q to quit)$PM Manual page ls(1) ?ltline %lt?L/%L.:byte %bB?s/%s..?e (END):?pB %pB\\%.. "
        + "(press h for help or q to quit)$"
}
