/// A DEFLATE decoder (RFC 1951) for zip entries, written for hostile input:
/// it reads only the bytes it is given, stops at the end of the last block
/// or with an error when they run out, and checks the output's size against
/// a limit as it grows, so a damaged stream cannot hang it and a bomb cannot
/// get past the limit.
///
/// Decoding is canonical Huffman, a bit at a time per code (the method of
/// zlib's `puff.c`): simple enough to trust, fast enough for a book's
/// documents (tens of megabytes a second).
struct Inflater {
    /// Why inflation stopped early.
    enum Failure: Error, Equatable {
        /// The compressed bytes ended before the last block did.
        case truncated
        /// The stream is not valid DEFLATE (a bad block type, code or distance).
        case invalid(String)
        /// The output would pass the caller's limit.
        case tooLarge
        /// The caller's `enough` said to stop: the output so far is what it wanted.
        case enough
    }

    private let input: [UInt8]
    private var position = 0
    private var bitBuffer: UInt32 = 0
    private var bitCount = 0
    private(set) var output: [UInt8] = []
    private let limit: Int
    /// The output size at which `enough` is asked next inside a block (doubling, so asking costs O(output) in all).
    private var nextCheck = Int.max
    private var enough: (([UInt8]) -> Bool)?

    /// Inflates `input` (a raw DEFLATE stream) into at most `limit` bytes.
    /// `enough`, if given, is asked after each block, and within a block
    /// at 1 KB of output and each doubling after it, whether to stop early:
    /// one block of repetitive text can hold megabytes.
    static func inflate(_ input: [UInt8], limit: Int, enough: (([UInt8]) -> Bool)? = nil) throws(Failure) -> [UInt8] {
        var inflater = Inflater(input: input, limit: limit)
        if let enough {
            inflater.enough = enough
            inflater.nextCheck = 1024
        }
        do {
            try inflater.run(enough: enough)
        } catch .enough {
            return inflater.output
        }
        return inflater.output
    }

    private init(input: [UInt8], limit: Int) {
        self.input = input
        self.limit = limit
        output.reserveCapacity(min(limit, max(1024, input.count * 4)))
    }

    private mutating func run(enough: (([UInt8]) -> Bool)?) throws(Failure) {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try stored()
            case 1: try codes(Self.fixedLengths, Self.fixedDistances)
            case 2:
                let (lengths, distances) = try dynamicTables()
                try codes(lengths, distances)
            default: throw .invalid("a block of type 3")
            }
            if let enough, enough(output) { throw .enough }
        }
    }

    // MARK: Bits

    private mutating func bits(_ count: Int) throws(Failure) -> Int {
        while bitCount < count {
            guard position < input.count else { throw .truncated }
            bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
            position += 1
            bitCount += 8
        }
        let value = Int(bitBuffer & ((1 << UInt32(count)) - 1))
        bitBuffer >>= UInt32(count)
        bitCount -= count
        return value
    }

    private mutating func append(_ byte: UInt8) throws(Failure) {
        guard output.count < limit else { throw .tooLarge }
        output.append(byte)
    }

    // MARK: Blocks

    /// A stored block: LEN, NLEN, then LEN bytes as they are.
    private mutating func stored() throws(Failure) {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw .truncated }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~complement & 0xFFFF else { throw .invalid("a stored block's length does not match its complement") }
        position += 4
        guard position + length <= input.count else { throw .truncated }
        guard output.count + length <= limit else { throw .tooLarge }
        output.append(contentsOf: input[position..<(position + length)])
        position += length
    }

    /// A Huffman code: how many codes of each length, and the symbols in
    /// canonical order; codes of up to ``fastBits`` bits also sit in a table
    /// indexed by the next bits of the stream, so most symbols decode in one look.
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int]
        /// Indexed by the next ``fastBits`` bits of the stream: symbol << 4 | code length, or 0 for a longer code.
        var fast = [UInt16](repeating: 0, count: 1 << Huffman.fastBits)
        static let fastBits = 9

        /// Builds the code from each symbol's code length (0: unused); nil when the lengths over-subscribe.
        init?(lengths: ArraySlice<Int>) {
            symbols = [Int](repeating: 0, count: lengths.count)
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1..<16 {
                left <<= 1
                left -= counts[length]
                if left < 0 { return nil }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
            // Canonical codes (RFC 1951 §3.2.2); the stream holds a code's first bit lowest, so the table's index is the code reversed.
            var next = [Int](repeating: 0, count: 16)
            var code = 0
            for length in 1..<16 {
                code = (code + (length == 1 ? 0 : counts[length - 1])) << 1
                next[length] = code
            }
            for (symbol, length) in lengths.enumerated() where length != 0 {
                let assigned = next[length]
                next[length] += 1
                guard length <= Self.fastBits else { continue }
                var reversed = 0
                for bit in 0..<length where assigned & (1 << (length - 1 - bit)) != 0 { reversed |= 1 << bit }
                let entry = UInt16(symbol << 4 | length)
                var index = reversed
                while index < fast.count {
                    fast[index] = entry
                    index += 1 << length
                }
            }
        }
    }

    /// The next symbol of `code`: from the table when its code is short and
    /// its bits are here, else bit by bit.
    private mutating func decode(_ code: Huffman) throws(Failure) -> Int {
        while bitCount <= 24 && position < input.count {
            bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
            position += 1
            bitCount += 8
        }
        let entry = Int(code.fast[Int(bitBuffer) & ((1 << Huffman.fastBits) - 1)])
        let length = entry & 15
        if entry != 0 && length <= bitCount {
            bitBuffer >>= UInt32(length)
            bitCount -= length
            return entry >> 4
        }
        var value = 0, first = 0, index = 0
        for length in 1..<16 {
            value |= try bits(1)
            let count = code.counts[length]
            if value - count < first { return code.symbols[index + (value - first)] }
            index += count
            first += count
            first <<= 1
            value <<= 1
        }
        throw .invalid("a code that is not in the table")
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                               4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// The fixed codes of block type 1.
    static let fixedLengths: Huffman = {
        var lengths = [Int](repeating: 8, count: 288)
        for i in 144..<256 { lengths[i] = 9 }
        for i in 256..<280 { lengths[i] = 7 }
        return Huffman(lengths: lengths[...])!
    }()
    static let fixedDistances = Huffman(lengths: [Int](repeating: 5, count: 30)[...])!

    /// Literals, lengths and distances until the end-of-block code.
    private mutating func codes(_ lengths: Huffman, _ distances: Huffman) throws(Failure) {
        while true {
            if output.count >= nextCheck, let enough {
                nextCheck = output.count * 2
                if enough(output) { throw .enough }
            }
            let symbol = try decode(lengths)
            if symbol < 256 {
                try append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < Self.lengthBase.count else { throw .invalid("a length code out of range") }
            let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
            let distanceSymbol = try decode(distances)
            guard distanceSymbol < Self.distanceBase.count else { throw .invalid("a distance code out of range") }
            let distance = Self.distanceBase[distanceSymbol] + (try bits(Self.distanceExtra[distanceSymbol]))
            guard distance <= output.count else { throw .invalid("a distance back before the start") }
            guard output.count + length <= limit else { throw .tooLarge }
            let from = output.count - distance
            for k in 0..<length { output.append(output[from + k]) }
        }
    }

    /// The code tables of a dynamic block (type 2).
    private mutating func dynamicTables() throws(Failure) -> (Huffman, Huffman) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .invalid("too many codes in a dynamic block") }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for i in 0..<codeCount { codeLengths[order[i]] = try bits(3) }
        guard let lengthCode = Huffman(lengths: codeLengths[...]) else { throw .invalid("an over-subscribed code-length code") }
        var lengths = [Int](repeating: 0, count: literalCount + distanceCount)
        var index = 0
        while index < lengths.count {
            let symbol = try decode(lengthCode)
            if symbol < 16 {
                lengths[index] = symbol
                index += 1
                continue
            }
            var repeated = 0, times: Int
            switch symbol {
            case 16:
                guard index > 0 else { throw .invalid("a repeat with nothing before it") }
                repeated = lengths[index - 1]
                times = 3 + (try bits(2))
            case 17: times = 3 + (try bits(3))
            default: times = 11 + (try bits(7))
            }
            guard index + times <= lengths.count else { throw .invalid("code lengths past the end") }
            for _ in 0..<times { lengths[index] = repeated; index += 1 }
        }
        guard lengths[256] != 0 else { throw .invalid("no end-of-block code") }
        guard let literals = Huffman(lengths: lengths[..<literalCount]),
              let distances = Huffman(lengths: lengths[literalCount...]) else {
            throw .invalid("an over-subscribed literal or distance code")
        }
        return (literals, distances)
    }
}

/// The CRC-32 of zip archives (polynomial 0xEDB88320).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The checksum of `bytes`, continuing from `checksum`.
    static func checksum(_ bytes: some Sequence<UInt8>, continuing checksum: UInt32 = 0) -> UInt32 {
        var c = ~checksum
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return ~c
    }
}
