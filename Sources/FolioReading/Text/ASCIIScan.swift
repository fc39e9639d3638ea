/// Scanning runs of printable ASCII, the bulk of most text, eight bytes at a time.
enum ASCIIScan {
    /// Where the run of printable ASCII (0x20 … 0x7E) starting at `start`
    /// ends, at `limit` at the latest (`start` ≤ `limit` ≤ `bytes.count`).
    @inline(__always)
    static func printableEnd(in bytes: UnsafeRawBufferPointer, from start: Int, to limit: Int) -> Int {
        var end = start
        while end + 8 <= limit {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: end, as: UInt64.self))
            // A byte below 0x20 borrows into its top bit; one above 0x7E (0x7F, or any with
            // the top bit set) reaches or keeps it when one is added.
            let below = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
            let above = ((word &+ 0x0101_0101_0101_0101) | word) & 0x8080_8080_8080_8080
            guard below | above == 0 else { break }
            end += 8
        }
        while end < limit && bytes[end] &- 0x20 < 0x5F { end += 1 }
        return end
    }
}
