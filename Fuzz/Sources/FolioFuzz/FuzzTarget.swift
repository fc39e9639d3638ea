import Folio
#if canImport(Glibc)
import Glibc
#endif

/// A parser fuzzed through its public API, and the properties every input must keep.
///
/// ``check(_:)`` runs once per input and stops the process through
/// ``require(_:_:file:line:)`` when a property breaks, so libFuzzer saves
/// the input as a finding.
protocol FuzzTarget: Sendable {
    /// The name `Fuzz/run` and `FolioFuzz` take, e.g. `input-decoder`.
    static var name: String { get }
    /// One line: what is fuzzed and what is checked.
    static var summary: String { get }
    /// Work done once before the first input (a scratch directory, say).
    static func prepare()
    /// Runs one input and checks the target's properties on it.
    static func check(_ input: UnsafeRawBufferPointer)
}

extension FuzzTarget {
    static func prepare() {}
}

/// Every target, in the order `--list` prints them.
let allTargets: [any FuzzTarget.Type] = [
    InputDecoderTarget.self,
    PaginationTarget.self,
    TextDecoderTarget.self,
    ChapterScannerTarget.self,
    EPUBTarget.self,
    PositionFileTarget.self,
    PictureTarget.self,
    ZipTarget.self,
    ComicTarget.self,
    PDFTarget.self,
    PatternTarget.self,
]

/// Stops the run when a property does not hold: prints which and why, then
/// aborts, which libFuzzer reports as a crash and saves the input for.
func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if condition() { return }
    printError("property broken at \(file):\(line): \(message())")
    abort()
}

/// A scratch path for this process: `folio-fuzz-PID` and `suffix`, in /dev/shm when there is one
/// (written for every input, it then never touches a disk), else in /tmp.
func scratchPath(_ suffix: String) -> String {
    let directory = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    return "\(directory)/folio-fuzz-\(getpid())\(suffix)"
}

/// Writes `bytes` to the file at `path` (created or emptied first), stopping
/// the run if it cannot: the EPUB and position-file targets read from disk.
func writeScratch(_ bytes: UnsafeRawBufferPointer, to path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    require(descriptor >= 0, "cannot write the scratch file \(path)")
    var written = 0
    while written < bytes.count {
        let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
        require(count > 0, "cannot write the scratch file \(path)")
        written += count
    }
    close(descriptor)
}

/// A small, fast random generator (SplitMix64), seeded from an input so
/// that the choices it makes (where to split, how much to scan) are part of
/// the input and a finding replays exactly.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator seeded with `seed`.
    init(seed: UInt64) { state = seed }

    /// A generator seeded with the FNV-1a hash of `bytes`.
    init(seededBy bytes: UnsafeRawBufferPointer) {
        state = FNV1a64.hash(bytes)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// The lengths of consecutive reads that cover `count` bytes: empty
    /// reads, single bytes, short and long runs, mixed.
    mutating func readLengths(covering count: Int) -> [Int] {
        var lengths: [Int] = []
        var covered = 0
        while covered < count {
            let length: Int
            switch next() % 8 {
            case 0: length = 0
            case 1, 2: length = 1
            case 3, 4: length = 2 + Int(next() % 6)
            case 5, 6: length = 8 + Int(next() % 56)
            default: length = 64 + Int(next() % 1024)
            }
            let taken = min(length, count - covered)
            lengths.append(taken)
            covered += taken
        }
        return lengths
    }
}

/// Writes `message` and a line feed to standard error, unbuffered.
func printError(_ message: String) {
    var line = Array((message + "\n").utf8)
    var written = 0
    while written < line.count {
        let count = line.withUnsafeMutableBytes { write(2, $0.baseAddress! + written, $0.count - written) }
        if count <= 0 { return }
        written += count
    }
}
