/// Text that arrives over time — standard input, a pipe, a FIFO, or a
/// book converted chapter by chapter — kept in memory as it comes.
///
/// The host reads its source (never this type: it does no I/O) and
/// appends; the reading session decides how far ahead to read, so an
/// endless stream costs only what the reader has looked at.
public final class StreamText: TextStorage {
    /// The bytes kept: `stored` of them at `storage`, which has room for `capacity`.
    /// (Managed by hand rather than an array, so a host can read straight into the room
    /// after them: ``append(upTo:from:)``.)
    private var storage: UnsafeMutableRawPointer
    private var stored = 0
    private var capacity: Int
    /// How far the room has been touched by ``prepareRoom(for:)`` (an offset into `storage`).
    private var prepared = 0
    /// The document offset of the first byte kept: bytes before it were let go.
    public private(set) var origin = 0
    /// Whether the stream has ended.
    public private(set) var isComplete = false

    /// An empty stream, still open, with room for its first megabyte made
    /// at once (untouched pages cost no memory), so the first screen's bytes
    /// are not copied again and again as the room doubles.
    public init() {
        capacity = 1 << 20
        storage = .allocate(byteCount: capacity, alignment: 16)
    }

    /// Touches the room for the next `count` bytes now, for a host about to wait
    /// for its source: the read that fills it then finds its pages there instead
    /// of waiting for fresh ones (some 2 µs each on a virtual machine), which
    /// for a pipe's first bytes is time before the first screen. Room touched
    /// once is not touched again. O(count) the first time.
    public func prepareRoom(for count: Int) {
        guard !isComplete, count > 0 else { return }
        reserve(stored + count)
        let end = stored + count
        guard end > prepared else { return }
        let from = max(prepared, stored)
        (storage + from).initializeMemory(as: UInt8.self, repeating: 0, count: end - from)
        prepared = end
    }

    /// A stream that has already ended with `bytes`.
    public init(complete bytes: [UInt8]) {
        capacity = max(bytes.count, 1)
        storage = .allocate(byteCount: capacity, alignment: 16)
        bytes.withUnsafeBytes { if let base = $0.baseAddress { storage.copyMemory(from: base, byteCount: $0.count) } }
        stored = bytes.count
        isComplete = true
    }

    deinit { storage.deallocate() }

    /// The bytes received so far (including any let go).
    public var count: Int { origin + stored }
    /// Streams do not change under the reader: always `nil`.
    public var change: SourceChange? { nil }
    /// Nothing to check: a stream only grows.
    public func checkForChange() {}

    /// Adds bytes at the end. Ignored once the stream has ended.
    public func append(_ chunk: some Collection<UInt8>) {
        guard !isComplete else { return }
        // Contiguous bytes (an array or a slice of one, what a host reads into) are copied as
        // a buffer: the generic path, unspecialised across modules, looks up the chunk's
        // associated types at run time (0.18 M instructions the first time, before the first screen).
        if chunk.withContiguousStorageIfAvailable({ buffer in
            _ = append(upTo: buffer.count) { room in
                room.copyMemory(from: UnsafeRawBufferPointer(buffer))
                return buffer.count
            }
        }) == nil {
            let bytes = Array(chunk)
            append(bytes)
        }
    }

    /// Adds up to `limit` bytes that `fill` writes straight into the room after the
    /// last byte — a host's `read(2)` — and returns how many it wrote (what `fill`
    /// returned, 0 when that is negative or the stream has ended). The host needs no
    /// buffer of its own: no copy, and no fresh pages of its own to fault in.
    ///
    /// `fill` gets exactly `limit` bytes of room and must write only there; the bytes
    /// past the count it returns are not kept.
    public func append(upTo limit: Int, from fill: (UnsafeMutableRawBufferPointer) -> Int) -> Int {
        guard !isComplete, limit > 0 else { return 0 }
        reserve(stored + limit)
        let written = min(max(fill(UnsafeMutableRawBufferPointer(start: storage + stored, count: limit)), 0), limit)
        stored += written
        return written
    }

    /// Makes room for `total` bytes, at least doubling what there is.
    private func reserve(_ total: Int) {
        guard total > capacity else { return }
        let grown = max(total, capacity * 2)
        let larger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
        larger.copyMemory(from: storage, byteCount: stored)
        storage.deallocate()
        storage = larger
        capacity = grown
        prepared = stored
    }

    /// Marks the end of the stream.
    public func finish() { isComplete = true }

    /// Lets go of the bytes before document offset `offset`, for a reader
    /// that will not come back to them: plain output of an endless stream, or
    /// a reader past the session's ``ReadingSession/streamLimit``. Offsets stay
    /// absolute; ``origin`` moves to `offset`. O(bytes kept): they move down.
    public func discard(before offset: Int) {
        let drop = min(max(0, offset - origin), stored)
        guard drop > 0 else { return }
        storage.copyMemory(from: storage + drop, byteCount: stored - drop)  // a memmove: the ranges overlap
        stored -= drop
        origin += drop
        prepared = max(stored, prepared - drop)
    }

    /// The bytes of `range`, clamped to those received and kept.
    public func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let low = min(max(0, range.lowerBound - origin), stored)
        let high = min(max(low, range.upperBound - origin), stored)
        return try body(UnsafeRawBufferPointer(start: storage + low, count: high - low))
    }
}
