import Foundation

/// The real programs the input pieces are checked against: gzip and zcat, /bin/sh, less.
enum Reference {
    /// Runs `arguments[0]` (looked up on PATH) with `input` on standard input; returns its standard output and status.
    @discardableResult
    static func run(_ arguments: [String], input: Data = Data(), environment: [String: String]? = nil) throws -> (out: Data, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let environment { process.environment = environment }
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Feed standard input from another thread: a big input would fill the pipe while the output waits.
        let feeder = Thread {
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
        }
        feeder.start()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (out, process.terminationStatus)
    }

    /// `data` compressed by gzip (`level` 1…9) as one member.
    static func gzip(_ data: Data, level: Int = 6) throws -> Data {
        try run(["gzip", "-c", "-\(level)", "-n"], input: data).out
    }

    /// What zcat writes for `compressed`, and its status.
    static func zcat(_ compressed: Data) throws -> (out: Data, status: Int32) {
        try run(["zcat"], input: compressed)
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-input-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A small seeded generator (SplitMix64), so a failing case can be made again from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
