/// The lines of a text that a filter keeps (`&pattern`), held in memory as a
/// text of their own, with the offset each came from.
///
/// A ``LineFilter`` scan appends the kept lines a slice at a time, in order,
/// so the text grows the way a stream does until the scan has been through
/// the whole source (``isComplete``): a reading session over it shows the
/// first lines kept at once, paginates and searches them like any text, and
/// waits for more where a stream's reader would. Each kept line keeps its
/// line break; a piece of a line too long to match whole (over
/// ``TextSearch/maximumLine`` bytes, as search takes it) is given one, so
/// that the next line kept starts a line of its own.
///
/// Offsets map both ways, for the reader's place: ``sourceOffset(of:)`` says
/// where a byte of this text came from, and ``offset(ofSource:)`` where the
/// first kept line at or after a byte of the source is. Memory: the kept
/// bytes and two offsets (16 bytes) a line.
///
/// ```swift
/// let kept = FilteredText(source: log.text, rules: [FilterRule("status=500")])
/// var scan = try LineFilter(rules: kept.rules)
/// while scan.canScan(log.text) { scan.scan(log.text, budget: 1 << 20, into: kept) }
/// kept.sourceOffset(of: 0)   // where the first line with status=500 starts in the log
/// ```
public final class FilteredText: TextStorage, CustomStringConvertible {
    /// The text the lines are kept from.
    public let source: any TextStorage
    /// The rules every kept line passes, in the order they were typed.
    public let rules: [FilterRule]
    /// How far through the source the scan has looked (a line start, an offset of the source).
    public private(set) var scanned = 0
    /// Whether the scan has been through the whole source: no more lines will come.
    public private(set) var isComplete = false

    private var bytes: [UInt8] = []
    /// The offset in this text each kept line starts at, ascending.
    private var starts: [Int] = []
    /// The offset in the source each kept line starts at, ascending.
    private var sourceStarts: [Int] = []

    /// An empty text of the lines of `source` that pass `rules`, to be filled by a scan.
    public init(source: any TextStorage, rules: [FilterRule]) {
        self.source = source
        self.rules = rules
    }

    /// The bytes kept so far.
    public var count: Int { bytes.count }
    /// The kept lines do not change under the reader: always nil (the scan reads the source's changes).
    public var change: SourceChange? { nil }
    /// Nothing to look at: the kept lines are in memory.
    public func checkForChange() {}

    /// The bytes of `range`, clamped to those kept.
    public func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let low = min(max(0, range.lowerBound), bytes.count)
        let high = min(max(low, range.upperBound), bytes.count)
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[low..<high])) }
    }

    /// How many lines are kept so far.
    public var lineCount: Int { starts.count }

    // MARK: Filling (the scan's)

    /// Keeps `line` (its bytes, with its line break if it has one) that starts at `sourceOffset`
    /// in the source; `breaking` adds a line break after it (a piece of a longer line).
    func keep(_ line: UnsafeRawBufferPointer, from sourceOffset: Int, breaking: Bool) {
        starts.append(bytes.count)
        sourceStarts.append(sourceOffset)
        bytes.append(contentsOf: line)
        if breaking { bytes.append(0x0A) }
    }

    /// Notes that the scan has looked as far as `offset` of the source.
    func scanned(to offset: Int) { scanned = max(scanned, offset) }

    /// Marks the text complete: the scan has been through the source.
    func finish() { isComplete = true }

    // MARK: Places

    /// The offset in the source that byte `offset` of this text came from: the same byte of the
    /// kept line that holds it (0 while nothing is kept). O(log lines).
    public func sourceOffset(of offset: Int) -> Int {
        guard !starts.isEmpty else { return 0 }
        let line = self.line(holding: offset)
        return sourceStarts[line] + min(max(0, offset - starts[line]), length(ofLine: line))
    }

    /// The offset in this text of the first kept line that holds byte `offset` of the source or
    /// comes after it; nil while no such line has been kept (the scan may find one later, or
    /// has found none). O(log lines).
    public func offset(ofSource offset: Int) -> Int? {
        // The first line whose source bytes end after `offset`.
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if sourceStarts[mid] + length(ofLine: mid) <= offset { low = mid + 1 } else { high = mid }
        }
        return low < starts.count ? starts[low] : nil
    }

    /// The kept line that holds byte `offset` of this text (the last one from past the end).
    private func line(holding offset: Int) -> Int {
        var low = 0, high = starts.count
        while low + 1 < high {
            let mid = (low + high) / 2
            if starts[mid] <= offset { low = mid } else { high = mid }
        }
        return low
    }

    /// The bytes of kept line `line` in this text, its line break included.
    private func length(ofLine line: Int) -> Int {
        (line + 1 < starts.count ? starts[line + 1] : bytes.count) - starts[line]
    }

    // MARK: Words

    /// The rules as typed, for the status row: `&error`, `&error &!debug` (shortened past 24 characters).
    public var label: String {
        let full = rules.map(\.description).joined(separator: " ")
        return full.count > 24 ? String(full.prefix(23)) + "…" : full
    }

    /// How far the scan is, for the status row: `Filtering… 40%`, or `Filtering… 3 MB read` while
    /// the source is a stream still arriving.
    public var progress: String {
        guard source.isComplete else { return "Filtering… \(ReadingSession.size(source.count)) read" }
        let origin = source.origin, total = max(1, source.count - origin)
        return "Filtering… \(min(99, max(0, scanned - origin) * 100 / total))%"
    }

    /// `&error: 120 lines, 9 KB (through 3 MB of 4 MB)`.
    public var description: String {
        "\(rules.map(\.description).joined(separator: " ")): \(starts.count) lines, \(ReadingSession.size(bytes.count))"
            + (isComplete ? "" : " (through \(ReadingSession.size(scanned)) of \(ReadingSession.size(source.count)))")
    }
}
