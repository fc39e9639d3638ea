/// Scanning runs of printable ASCII, the bulk of most text, sixteen bytes at a time.
enum ASCIIScan {
    /// Where the run of printable ASCII (0x20 … 0x7E) starting at `start`
    /// ends, at `limit` at the latest (`start` ≤ `limit` ≤ `bytes.count`).
    @inline(__always)
    static func printableEnd(in bytes: UnsafeRawBufferPointer, from start: Int, to limit: Int) -> Int {
        guard let base = bytes.baseAddress, start < limit else { return start }
        // Offsets stay within 0 … limit ≤ bytes.count, so the arithmetic below cannot overflow.
        var end = start
        // Sixteen bytes a step (SSE2: a subtract, a compare, a mask test) while they are all printable.
        let low = SIMD16<UInt8>(repeating: 0x20), span = SIMD16<UInt8>(repeating: 0x5F)
        while end &+ 16 <= limit {
            let block = (base + end).loadUnaligned(as: SIMD16<UInt8>.self)
            if any(block &- low .>= span) { break }
            end &+= 16
        }
        // Then a word at a time, the first other byte found exactly.
        while end &+ 8 <= limit {
            let word = UInt64(littleEndian: (base + end).loadUnaligned(as: UInt64.self))
            // A byte below 0x20 borrows into its top bit; one above 0x7E (0x7F, or any with
            // the top bit set) reaches or keeps it when one is added. A borrow or a carry only
            // runs upward from such a byte, so the lowest flag is the first byte outside the run.
            let below = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
            let above = ((word &+ 0x0101_0101_0101_0101) | word) & 0x8080_8080_8080_8080
            let flags = below | above
            if flags != 0 { return end &+ flags.trailingZeroBitCount &>> 3 }
            end &+= 8
        }
        while end < limit && base.load(fromByteOffset: end, as: UInt8.self) &- 0x20 < 0x5F { end &+= 1 }
        return end
    }
}
