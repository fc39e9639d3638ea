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
///
/// A file is complete — its size is the one it had when opened — unless it
/// is followed (`F`): then ``lookForGrowth(name:)`` takes its new bytes into
/// the text, the way a stream grows, and says when the file is no longer the
/// text's continuation (truncated, rewritten, or another file now has its
/// name) so the reader can read it again from its name.
public final class FileText: TextStorage {
    /// The bytes read per block.
    public static let blockSize = 256 * 1024
    /// The bytes of the first read: what the first page and the line survey
    /// need, so the first page is drawn without reading (and copying) more.
    public static let firstBlockSize = LineWidthSurvey.sampleBytes

    /// The file's size when it was opened, or when following it last found it grown: the document's extent.
    public private(set) var count: Int
    /// Whether no more bytes will come: true, except while the file is followed.
    public var isComplete: Bool { !isFollowed }
    /// Whether the file is followed (``startFollowing()``): its growth joins the text.
    public private(set) var isFollowed = false
    /// What happened to the file since it was opened (never its growth while it is followed).
    public private(set) var change: SourceChange?

    private let fd: Int32
    /// The modification time of the size in ``count``.
    private var openedModification: timespec
    /// The file's identity, to tell when its name comes to name another file.
    private let device: UInt64, inode: UInt64
    /// The last bytes before ``count`` while followed: bytes that differ there mean the file
    /// was rewritten, not grown (truncated and written past its old size between two looks).
    private var lastBytes: [UInt8] = []
    /// How many of the last bytes are compared.
    static let comparedBytes = 64
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
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
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

    /// Compares the file's size and time with those it had when opened. Nothing while the file
    /// is followed: ``lookForGrowth(name:)`` looks then.
    public func checkForChange() {
        guard change != .truncated, !isFollowed else { return }
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

// MARK: Following

extension FileText {
    /// What a look at a followed file found.
    public enum Growth: Hashable, Sendable, CustomStringConvertible {
        /// Nothing new.
        case none
        /// This many bytes joined the text at its end.
        case grew(Int)
        /// The file is no longer the text's continuation — truncated, rewritten, or its name now
        /// names another file (a log rotated away): read it again from its name.
        case replaced

        /// `none`, `grew 120 bytes`, `replaced`.
        public var description: String {
            switch self {
            case .none: "none"
            case .grew(let count): "grew \(count) bytes"
            case .replaced: "replaced"
            }
        }
    }

    /// Starts following the file: the text is open at its end (``isComplete`` is false) and
    /// ``lookForGrowth(name:)`` takes in what the file gains. A growth or a new time already
    /// noticed (``SourceChange/modified``) is forgotten: the next look takes the bytes in.
    public func startFollowing() {
        guard !isFollowed else { return }
        isFollowed = true
        if change == .modified { change = nil }
        lastBytes = readLastBytes()
    }

    /// Stops following: the text is complete at ``count`` again, and a later change of the file
    /// is reported in ``change`` as for any file.
    public func stopFollowing() {
        guard isFollowed else { return }
        isFollowed = false
        var info = stat()
        if fstat(fd, &info) == 0 {
            #if canImport(Darwin)
            openedModification = info.st_mtimespec
            #else
            openedModification = info.st_mtim
            #endif
        }
    }

    /// Looks at a followed file — one `fstat`, one `stat` of `name`, and a read of a few bytes
    /// when it grew — and takes its new bytes into the text. With `name` (the path it was opened
    /// by), a different file at that name is a replacement, as `less --follow-name` sees it;
    /// while the name names nothing (a log renamed, its successor not yet created) the open file
    /// is followed. `.none` when the file is not followed.
    public func lookForGrowth(name: String?) -> Growth {
        guard isFollowed else { return .none }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .none }
        let size = Int(info.st_size)
        if size < count { return .replaced }
        if let name {
            var named = stat()
            if stat(name, &named) == 0 && (UInt64(named.st_dev) != device || UInt64(named.st_ino) != inode) { return .replaced }
        }
        guard size > count else { return .none }
        // Grown, unless what ended the text is no longer there: the file was rewritten.
        if !lastBytes.isEmpty && readLastBytes() != lastBytes { return .replaced }
        let grown = size - count
        count = size
        #if canImport(Darwin)
        openedModification = info.st_mtimespec
        #else
        openedModification = info.st_mtim
        #endif
        lastBytes = readLastBytes()
        return .grew(grown)
    }

    /// The last ``comparedBytes`` bytes before ``count``, read now (fewer when the file is shorter).
    private func readLastBytes() -> [UInt8] {
        let length = min(count, Self.comparedBytes)
        guard length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: length)
        let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, length, off_t(count - length)) }
        return got == length ? bytes : []
    }
}
