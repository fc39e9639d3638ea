/// Text that arrives over time — standard input, a pipe, a FIFO, or a
/// book converted chapter by chapter — kept in memory as it comes.
///
/// The host reads its source (never this type: it does no I/O) and
/// appends; the reading session decides how far ahead to read, so an
/// endless stream costs only what the reader has looked at.
public final class StreamText: TextStorage {
    private var bytes: [UInt8] = []
    /// The document offset of `bytes[0]`: bytes before it were let go.
    public private(set) var origin = 0
    /// Whether the stream has ended.
    public private(set) var isComplete = false

    /// An empty stream, still open, with room for its first megabyte made
    /// at once (untouched pages cost no memory), so the first screen's bytes
    /// are not copied again and again as the buffer doubles.
    public init() {
        bytes.reserveCapacity(1 << 20)
    }

    /// A stream that has already ended with `bytes`.
    public init(complete bytes: [UInt8]) {
        self.bytes = bytes
        isComplete = true
    }

    /// The bytes received so far (including any let go).
    public var count: Int { origin + bytes.count }
    /// Streams do not change under the reader: always `nil`.
    public var change: SourceChange? { nil }
    /// Nothing to check: a stream only grows.
    public func checkForChange() {}

    /// Adds bytes at the end. Ignored once the stream has ended.
    public func append(_ chunk: some Collection<UInt8>) {
        guard !isComplete else { return }
        // Contiguous bytes (an array or a slice of one, what a host reads into) are copied as
        // a buffer: the generic append, unspecialised across modules, looks up the chunk's
        // associated types at run time (0.18 M instructions the first time, before the first screen).
        if chunk.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: chunk)
        }
    }

    /// Marks the end of the stream.
    public func finish() { isComplete = true }

    /// Lets go of the bytes before document offset `offset`, for a reader
    /// that will not come back to them (plain output of an endless stream).
    public func discard(before offset: Int) {
        let drop = min(max(0, offset - origin), bytes.count)
        guard drop > 0 else { return }
        bytes.removeFirst(drop)
        origin += drop
    }

    /// The bytes of `range`, clamped to those received and kept.
    public func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let low = min(max(0, range.lowerBound - origin), bytes.count)
        let high = min(max(low, range.upperBound - origin), bytes.count)
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[low..<high])) }
    }
}
