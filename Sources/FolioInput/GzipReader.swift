#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CFolioZlib

/// A gzip file inflated as it is read, through zlib: the host asks for up to
/// so many bytes of text, and gets them without the whole file ever being in
/// memory, so a `.gz` reads like a pipe (the first screen at once, the rest as
/// the reader needs it).
///
/// Multi-member files (`cat a.gz b.gz > c.gz`) are read whole, member after
/// member, as `zcat` reads them; zero bytes after the last member (tar's
/// padding) are ignored silently, anything else after it is ignored with
/// ``GzipProblem/trailingGarbage``. A truncated or damaged file gives what
/// inflated before the damage, then ends with ``problem`` set: never a trap.
///
/// Memory: a 64 KB buffer for compressed bytes and zlib's 32 KB window, whatever
/// the file's size; the text goes straight into the room the host hands over.
///
/// ```swift
/// let reader = GzipReader(descriptor: open("log.gz", O_RDONLY))
/// var room = [UInt8](repeating: 0, count: 65536)
/// while true {
///     let (count, ended) = room.withUnsafeMutableBytes { reader.read(into: $0) }
///     write(1, room, count)
///     if ended { break }
/// }
/// if let problem = reader.problem { print("log.gz \(problem)") }
/// ```
public final class GzipReader {
    /// The descriptor compressed bytes are read from (a file, or a non-blocking pipe). Not closed by the reader.
    public let descriptor: Int32
    /// Why the text ended early, or what was odd about the file; nil while all is well.
    public private(set) var problem: GzipProblem?
    /// Whether the text has ended (every member read, or a problem stopped it).
    public private(set) var isFinished = false
    /// The bytes of text inflated so far.
    public private(set) var inflatedCount = 0
    /// The members read to their end so far.
    public private(set) var completeMembers = 0

    /// How many compressed bytes one `read(2)` asks for.
    public static let inputChunk = 64 * 1024

    private let stream: UnsafeMutablePointer<z_stream>
    private let input: UnsafeMutablePointer<UInt8>
    private var phase = Phase.member
    private var sawEndOfInput = false

    private enum Phase {
        /// Inflating a member (or about to start one).
        case member
        /// A member has ended: the next byte says whether another member follows.
        case betweenMembers
        /// Reading what follows the last member, to tell zero padding from garbage.
        case trailing(nonZero: Bool)
    }

    /// A reader of the gzip data on `descriptor`.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        input = .allocate(capacity: Self.inputChunk)
        // 15 + 16: a 32 KB window and a gzip header and trailer (not zlib's, not raw deflate).
        let code = inflateInit2_(stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        if code != Z_OK { finish(.damaged(Self.reason(code, stream))) }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        input.deallocate()
    }

    /// Whether `prefix` (a file's first bytes) starts as gzip data does: 1f 8b.
    public static func startsAsGzip(_ prefix: some Collection<UInt8>) -> Bool {
        prefix.starts(with: [0x1F, 0x8B])
    }

    /// Whether the regular file at `path` starts with gzip's magic bytes.
    /// False for anything else: a missing file, a directory, a FIFO (whose bytes cannot be peeked).
    public static func fileStartsAsGzip(path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var magic: [UInt8] = [0, 0]
        let n = magic.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 2, 0) }
        return n == 2 && startsAsGzip(magic)
    }

    /// Inflates into `room` what can be had without waiting: returns the bytes
    /// written (at most `room.count`) and whether the text has ended. A count of 0
    /// with `ended` false means a pipe has nothing ready yet; poll ``descriptor``
    /// and call again. Each call reads the descriptor 64 KB at a time until the room
    /// is full, the input would block, or the text ends.
    public func read(into room: UnsafeMutableRawBufferPointer) -> (count: Int, ended: Bool) {
        guard !isFinished else { return (0, true) }
        guard let base = room.baseAddress, room.count > 0 else { return (0, false) }
        var produced = 0
        while produced < room.count && !isFinished {
            if stream.pointee.avail_in == 0 {
                if sawEndOfInput {
                    endOfInput()
                    break
                }
                let n = Glibc.read(descriptor, input, Self.inputChunk)
                if n > 0 {
                    stream.pointee.next_in = input
                    stream.pointee.avail_in = UInt32(n)
                } else if n == 0 {
                    sawEndOfInput = true
                    continue
                } else if errno == EINTR {
                    continue
                } else if errno == EAGAIN || errno == EWOULDBLOCK {
                    break
                } else {
                    finish(.unreadable(String(cString: strerror(errno))))
                    break
                }
            }
            switch phase {
            case .member:
                produced += inflateSome(into: base + produced, count: room.count - produced)
            case .betweenMembers:
                if stream.pointee.next_in.pointee == 0x1F {  // another member: `cat a.gz b.gz`
                    inflateReset(stream)
                    phase = .member
                } else {
                    phase = .trailing(nonZero: false)
                }
            case .trailing(let nonZero):
                let rest = UnsafeBufferPointer(start: stream.pointee.next_in, count: Int(stream.pointee.avail_in))
                phase = .trailing(nonZero: nonZero || rest.contains { $0 != 0 })
                stream.pointee.avail_in = 0
            }
        }
        inflatedCount += produced
        return (produced, isFinished)
    }

    /// One call of `inflate`: its output goes to `output`; returns the bytes written.
    private func inflateSome(into output: UnsafeMutableRawPointer, count: Int) -> Int {
        stream.pointee.next_out = output.assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_out = UInt32(min(count, Int(UInt32.max)))
        let before = stream.pointee.avail_out
        let code = inflate(stream, Z_NO_FLUSH)
        let written = Int(before - stream.pointee.avail_out)
        switch code {
        case Z_STREAM_END:
            completeMembers += 1
            phase = .betweenMembers
        case Z_OK, Z_BUF_ERROR:
            break  // more input or more room wanted: the loop brings either
        default:
            // Z_DATA_ERROR (damage, or a first member that is not gzip), Z_MEM_ERROR, Z_NEED_DICT.
            // The first two bytes are not gzip's magic: zlib stops on them ("incorrect header check").
            let noHeader = completeMembers == 0 && inflatedCount == 0 && written == 0
                && stream.pointee.total_in <= 2 && code == Z_DATA_ERROR
            finish(noHeader ? .notGzip : .damaged(Self.reason(code, stream)))
        }
        return written
    }

    /// The compressed input has ended: complete after a whole member, truncated inside one.
    private func endOfInput() {
        switch phase {
        case .member:
            // Nothing at all is an empty text (an empty pipe), not a damaged one.
            let empty = completeMembers == 0 && stream.pointee.total_in == 0
            finish(empty ? nil : .truncated)
        case .betweenMembers:
            finish(nil)
        case .trailing(let nonZero):
            finish(nonZero ? .trailingGarbage : nil)
        }
    }

    private func finish(_ problem: GzipProblem?) {
        self.problem = problem
        isFinished = true
    }

    /// zlib's message for `code`, or a phrase of ours when it gives none.
    private static func reason(_ code: Int32, _ stream: UnsafeMutablePointer<z_stream>) -> String {
        if let message = stream.pointee.msg { return String(cString: message) }
        switch code {
        case Z_MEM_ERROR: return "out of memory"
        case Z_NEED_DICT: return "needs a preset dictionary"
        case Z_VERSION_ERROR: return "zlib version mismatch"
        default: return "zlib error \(code)"
        }
    }
}
