#if canImport(Glibc)
import Glibc
#endif

/// A seeded random fuzzer for when libFuzzer is not available: it mutates the
/// seeds (bit flips, bytes that matter to these parsers, insertions,
/// deletions, repeats, splices) and runs the target's same property checks.
///
/// No coverage guides it, so it finds less than libFuzzer in the same time;
/// a finding replays from its seed (printed first) or from the input it
/// writes. It stops after `--seconds`, or after `--runs` inputs if sooner.
/// On a crash, a broken property or an input running past `--timeout`
/// seconds, the input is written to `PREFIX crash-SEED-N` (or `timeout-…`)
/// before the process dies. Memory is left to the caller (`ulimit -v`).
enum RandomDriver {
    /// Runs `target` as `arguments` say; returns the exit status (0: nothing found).
    static func run(_ target: any FuzzTarget.Type, arguments: [String]) -> Int32 {
        var seconds = 10.0, seed = UInt64(time(nil)), timeout: UInt32 = 10, prefix = "./", maximumLength = 65536
        var limit = Int.max
        var sources: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : ""
            switch argument {
            case "--seconds": seconds = Double(value) ?? seconds; index += 1
            case "--seed": seed = UInt64(value) ?? seed; index += 1
            case "--runs": limit = Int(value) ?? limit; index += 1
            case "--timeout": timeout = UInt32(value) ?? timeout; index += 1
            case "--artifact-prefix": prefix = value; index += 1
            case "--max-length": maximumLength = Int(value) ?? maximumLength; index += 1
            default: sources.append(argument)
            }
            index += 1
        }
        var corpus = sources.flatMap(readInputs)
        if corpus.isEmpty { corpus = [[]] }
        printError("random driver: target \(target.name), seed \(seed), \(corpus.count) seeds, \(seconds) s")

        Crash.prepare(prefix: prefix, capacity: maximumLength)
        var random = SplitMix64(seed: seed)
        var recent: [[UInt8]] = []
        let start = now()
        var runs = 0
        while runs < limit, now() - start < seconds {
            // Mostly seeds, sometimes a recent mutant again, so mutations compound.
            let base = !recent.isEmpty && random.next() % 4 == 0
                ? recent[Int(random.next() % UInt64(recent.count))]
                : corpus[Int(random.next() % UInt64(corpus.count))]
            let input = mutate(base, corpus: corpus, maximumLength: maximumLength, random: &random)
            Crash.hold(input, name: "\(seed)-\(runs)")
            alarm(timeout)
            input.withUnsafeBytes { target.check($0) }
            alarm(0)
            if recent.count < 64 { recent.append(input) } else { recent[runs % 64] = input }
            runs += 1
        }
        let elapsed = max(now() - start, 0.001)
        print("stat::number_of_executed_units: \(runs)")
        print("stat::average_exec_per_sec:     \(Int(Double(runs) / elapsed))")
        return 0
    }

    /// The files under `path` (a file or a directory, not recursive).
    private static func readInputs(_ path: String) -> [[UInt8]] {
        guard let directory = opendir(path) else { return readFile(path).map { [$0] } ?? [] }
        defer { closedir(directory) }
        var inputs: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".") { continue }
            if let bytes = readFile(path + "/" + name) { inputs.append(bytes) }
        }
        return inputs.sorted { $0.lexicographicallyPrecedes($1) }
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Bytes these parsers care about: escapes and their parts, overstrikes,
    /// line ends, Markdown, JSON, zip signatures, UTF-8 lead bytes.
    private static let interesting: [UInt8] = [
        0x00, 0x07, 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x1B, 0x20, 0x23, 0x3B, 0x3C, 0x5B, 0x5D, 0x5C, 0x6D, 0x4D, 0x7E,
        0x22, 0x7B, 0x7D, 0x3A, 0x2D, 0x30, 0x39, 0x50, 0x4B, 0x5F, 0x7F, 0x80, 0xC2, 0xE2, 0xF0, 0xFF,
    ]

    static func mutate(_ base: [UInt8], corpus: [[UInt8]], maximumLength: Int, random: inout SplitMix64) -> [UInt8] {
        var bytes = base
        func position(_ extra: Int = 0) -> Int { Int(random.next() % UInt64(bytes.count + extra)) }
        for _ in 0...(random.next() % 4) {
            switch random.next() % 8 {
            case 0 where !bytes.isEmpty:
                bytes[position()] ^= 1 << (random.next() % 8)
            case 1 where !bytes.isEmpty:
                bytes[position()] = interesting[Int(random.next() % UInt64(interesting.count))]
            case 2:
                let count = 1 + Int(random.next() % 8)
                let new = (0..<count).map { _ in
                    random.next() % 2 == 0 ? UInt8(truncatingIfNeeded: random.next()) : interesting[Int(random.next() % UInt64(interesting.count))]
                }
                bytes.insert(contentsOf: new, at: position(1))
            case 3 where !bytes.isEmpty:
                let from = position()
                bytes.removeSubrange(from..<min(bytes.count, from + 1 + Int(random.next() % 16)))
            case 4 where !bytes.isEmpty:
                let from = position()
                let run = bytes[from..<min(bytes.count, from + 1 + Int(random.next() % 32))]
                bytes.insert(contentsOf: Array(repeating: Array(run), count: 1 + Int(random.next() % 4)).joined(), at: position(1))
            case 5:
                let other = corpus[Int(random.next() % UInt64(corpus.count))]
                guard !other.isEmpty else { break }
                let from = Int(random.next() % UInt64(other.count))
                bytes.insert(contentsOf: other[from..<min(other.count, from + 1 + Int(random.next() % 256))], at: position(1))
            case 6 where !bytes.isEmpty:
                bytes.removeLast(Int(random.next() % UInt64(bytes.count)))
            default:
                if !bytes.isEmpty { bytes[position()] = UInt8(truncatingIfNeeded: random.next()) }
            }
        }
        if bytes.count > maximumLength { bytes.removeLast(bytes.count - maximumLength) }
        return bytes
    }
}

/// Keeps the input being run where a signal handler can write it out: the
/// random driver has no libFuzzer to save the input that crashed.
enum Crash {
    nonisolated(unsafe) static var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    nonisolated(unsafe) static var count = 0
    nonisolated(unsafe) static var crashPath = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
    nonisolated(unsafe) static var timeoutPath = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
    nonisolated(unsafe) static var prefix = ""

    static func prepare(prefix: String, capacity: Int) {
        self.prefix = prefix
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
        crashPath = strdup(prefix + "crash")
        timeoutPath = strdup(prefix + "timeout")
        for signalNumber in [SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE] {
            signal(signalNumber) { signalNumber in
                Crash.write(to: Crash.crashPath)
                signal(signalNumber, SIG_DFL)
                raise(signalNumber)
            }
        }
        signal(SIGALRM) { _ in
            Crash.write(to: Crash.timeoutPath)
            let message = "random driver: an input ran past the time limit\n"
            _ = message.withCString { Glibc.write(2, $0, strlen($0)) }
            _exit(70)
        }
    }

    /// Copies `input` where the handlers find it, and names the file it would be written to.
    static func hold(_ input: [UInt8], name: String) {
        input.withUnsafeBytes { buffer.copyMemory(from: $0) }
        count = input.count
        free(crashPath)
        free(timeoutPath)
        crashPath = strdup(prefix + "crash-" + name)
        timeoutPath = strdup(prefix + "timeout-" + name)
    }

    /// Writes the held input to `path`: only system calls, as a signal handler may.
    static func write(to path: UnsafeMutablePointer<CChar>) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return }
        _ = Glibc.write(descriptor, buffer.baseAddress!, count)
        close(descriptor)
    }
}
