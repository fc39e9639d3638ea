/// A text search through a document's bytes, run a budget at a time so a
/// huge file never freezes the screen.
///
/// Matches are byte offsets, found in order. A query in lower case matches
/// ASCII letters of either case ("smart case", as in `less -i`); any
/// capital makes the search exact.
public struct Search: Hashable, Sendable {
    /// What is searched for.
    public let query: String
    /// The offsets of the matches found so far, ascending.
    public private(set) var matches: [Int] = []
    /// How far the scan has reached, in bytes.
    public private(set) var scanned = 0
    /// Whether the whole document has been scanned.
    public var isComplete: Bool { scanned >= byteCount }
    /// The number of matches kept at most (the rest are still counted as found).
    public static let matchLimit = 1_000_000

    let needle: [UInt8]
    let ignoresCase: Bool
    let byteCount: Int

    /// Starts a search for `query` in a document of `byteCount` bytes.
    public init(query: String, byteCount: Int) {
        self.query = query
        let folding = !query.contains { $0.isUppercase }
        ignoresCase = folding
        needle = Array(query.utf8).map { folding ? Self.lower($0) : $0 }
        self.byteCount = byteCount
        if needle.isEmpty { scanned = byteCount }
    }

    /// Scans about `budget` more bytes. O(budget · query length) at worst.
    public mutating func scan(_ bytes: UnsafeRawBufferPointer, budget: Int) {
        guard !isComplete, !needle.isEmpty else { return }
        let stop = min(bytes.count, scanned + max(1, budget))
        let last = bytes.count - needle.count
        var at = scanned
        let first = needle[0]
        while at < stop {
            if at > last { at = bytes.count; break }
            if fold(bytes[at]) == first && matchesAt(bytes, at) {
                if matches.count < Self.matchLimit { matches.append(at) }
                at += needle.count
            } else {
                at += 1
            }
        }
        scanned = min(bytes.count, max(at, stop))
    }

    /// The first match at or after `offset` (`forward`), or the last one before it.
    /// With `including` false a match exactly at `offset` does not count. O(log matches).
    public func match(from offset: Int, forward: Bool, including: Bool) -> Int? {
        var low = 0, high = matches.count
        while low < high {
            let mid = (low + high) / 2
            if matches[mid] < offset || (!including && forward && matches[mid] == offset) { low = mid + 1 } else { high = mid }
        }
        if forward { return low < matches.count ? matches[low] : nil }
        return low > 0 ? matches[low - 1] : nil
    }

    /// The matches that start in `range`. O(log matches + result).
    public func matches(in range: Range<Int>) -> ArraySlice<Int> {
        var low = 0, high = matches.count
        while low < high {
            let mid = (low + high) / 2
            if matches[mid] < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < matches.count && matches[end] < range.upperBound { end += 1 }
        return matches[low..<end]
    }

    /// The length of a match in bytes.
    public var length: Int { needle.count }

    private func matchesAt(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> Bool {
        for k in 1..<needle.count where fold(bytes[at + k]) != needle[k] { return false }
        return true
    }

    @inline(__always) private func fold(_ b: UInt8) -> UInt8 { ignoresCase ? Self.lower(b) : b }

    @inline(__always) static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }
}
