#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file read on demand with `pread`, a block at a time.
///
/// Nothing is memory-mapped, so a file truncated by another program while
/// it is open cannot crash the reader (a mapped page past the new end would
/// raise `SIGBUS`): a short read just ends the text there, and ``change``
/// says what happened. Two blocks of ``blockSize`` bytes are cached, so
/// paging and background pagination each keep their own; memory stays at
/// about half a megabyte whatever the file's size.
public final class FileText: TextStorage {
    /// The bytes read per block.
    public static let blockSize = 256 * 1024
    /// The bytes of the first read: what the first page and the line survey
    /// need, so the first page is drawn without reading (and copying) more.
    public static let firstBlockSize = LineWidthSurvey.sampleBytes

    /// The file's size when it was opened: the document's extent.
    public let count: Int
    /// A file is complete: always true.
    public var isComplete: Bool { true }
    /// What happened to the file since it was opened.
    public private(set) var change: SourceChange?

    private let fd: Int32
    private let openedModification: timespec
    private var blocks: [Block] = [Block(), Block()]
    private var lastUsed = 0

    private struct Block {
        var bytes: [UInt8] = []
        var start = 0
        var used = 0
    }

    /// Takes ownership of the open descriptor `fd` of a regular file whose
    /// `stat` was `info`; closes it on deinit.
    public init(descriptor fd: Int32, info: stat) {
        self.fd = fd
        count = Int(info.st_size)
        #if canImport(Darwin)
        openedModification = info.st_mtimespec
        #else
        openedModification = info.st_mtim
        #endif
    }

    deinit { close(fd) }

    /// The bytes of `range`, from a cached block or read now; shorter than
    /// asked if the file shrank (``change`` is then ``SourceChange/truncated``).
    public func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let low = min(max(0, range.lowerBound), count)
        let high = min(max(low, range.upperBound), count)
        for k in blocks.indices where blocks[k].start <= low && high <= blocks[k].start + blocks[k].used {
            lastUsed = k
            let offset = blocks[k].start
            return try blocks[k].bytes.withUnsafeBytes { raw in
                try body(UnsafeRawBufferPointer(rebasing: raw[(low - offset)..<(high - offset)]))
            }
        }
        // Read into the block used less recently, from `low`, at least a block's worth.
        let victim = 1 - lastUsed
        let firstRead = blocks[0].bytes.isEmpty && blocks[1].bytes.isEmpty
        let size = max(high - low, min(firstRead ? Self.firstBlockSize : Self.blockSize, count - low))
        var block = blocks[victim]
        blocks[victim] = Block()  // the only reference, so the buffer is written in place
        if block.bytes.count < size {
            // Left unset: `read` fills what it reports, and only that is ever handed out.
            block.bytes = [UInt8](unsafeUninitializedCapacity: size) { _, initialized in initialized = size }
        }
        block.start = low
        block.used = read(into: &block.bytes, at: low, count: size)
        blocks[victim] = block
        lastUsed = victim
        let available = min(high, low + block.used)
        return try blocks[victim].bytes.withUnsafeBytes { raw in
            try body(UnsafeRawBufferPointer(rebasing: raw[0..<(available - low)]))
        }
    }

    /// Reads up to `count` bytes at `offset`; notes a short read or a change of the file.
    private func read(into buffer: inout [UInt8], at offset: Int, count wanted: Int) -> Int {
        var got = 0
        buffer.withUnsafeMutableBytes { raw in
            while got < wanted {
                let n = pread(fd, raw.baseAddress! + got, wanted - got, off_t(offset + got))
                if n > 0 { got += n; continue }
                if n < 0 && errno == EINTR { continue }
                if n < 0 { change = .unreadable(String(cString: strerror(errno))) }
                break
            }
        }
        if got < wanted { change = .truncated }
        checkForChange()
        return got
    }

    /// Compares the file's size and time with those it had when opened.
    public func checkForChange() {
        guard change != .truncated else { return }
        var info = stat()
        if fstat(fd, &info) == 0 {
            #if canImport(Darwin)
            let modified = info.st_mtimespec
            #else
            let modified = info.st_mtim
            #endif
            if Int(info.st_size) < count {
                change = .truncated
            } else if change == nil, Int(info.st_size) != count || modified.tv_sec != openedModification.tv_sec
                        || modified.tv_nsec != openedModification.tv_nsec {
                change = .modified
            }
        }
    }
}
