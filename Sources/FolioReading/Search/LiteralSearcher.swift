/// Finds a fixed string in bytes, optionally ignoring case, the way a plain
/// search (the usual kind) runs.
///
/// It skips 32 bytes at a time with the standard library's SIMD vectors
/// and then finds the place in a word-wide test (SWAR: "is this byte here"
/// on eight bytes at once), looking for the needle's rarest byte by a
/// frequency table of typical text (a letter and its case partner count
/// as one); when even that byte is common, it looks for the two rarest
/// bytes each in its place. The whole needle is checked only where they
/// appear. A search costs O(n) in the haystack's length and allocates
/// nothing.
///
/// When ignoring case, each scalar of the needle matches every scalar of
/// its class under ``CaseFolding``, and those may differ in UTF-8 length
/// (`k` also matches the three bytes of U+212A KELVIN SIGN, `ß` those of
/// `ẞ`), so a match covers as many bytes as the text spells it with. The
/// needle is cut into *groups*, each ending after a scalar whose spellings
/// differ in length: inside a group every byte lies at a fixed distance
/// from the group's start. The anchor and the second byte lie in one
/// group; where they appear, the group and what follows are checked
/// forward and the scalars before it backward (UTF-8 reads either way).
/// A needle of plain ASCII letters other than `k` and `s` has one group and
/// is checked byte by byte, as when case matters.
struct LiteralSearcher: Sendable {
    /// Four slots per scalar of the needle: each spelling it matches, its
    /// UTF-8 bytes packed in a word (the first byte lowest); 0 when unused.
    private let spellings: [UInt32]
    /// Each slot's spelling's length in bytes; 0 for an unused slot.
    private let lengths: [UInt8]
    /// The needle's bytes as written, when a byte-by-byte check suffices:
    /// every scalar has one spelling, or two of one length that differ in
    /// one byte. Empty otherwise (each scalar is then checked whole).
    private let primary: [UInt8]
    /// The needle's bytes with each scalar's other spelling (the bytes as
    /// written where it has none), when ``primary`` is not empty.
    private let alternate: [UInt8]
    /// The needle's first scalar in the anchor's group.
    private let groupStart: Int
    /// The fewest bytes the scalars before the group take.
    private let prefixBytes: Int
    /// The fewest bytes from the group's start to the needle's end.
    private let restBytes: Int
    /// Where the anchor sits, in bytes from the group's start.
    private let anchorOffset: Int
    /// The bytes scanned for at the anchor, the last repeated up to four.
    private let anchor: (UInt8, UInt8, UInt8, UInt8)
    /// How many different bytes ``anchor`` holds: 1 to 4.
    private let anchorWidth: Int
    /// Where the second byte of the pair sits, in bytes from the group's
    /// start; nil when the anchor is scanned for alone.
    private let secondOffset: Int?
    /// The second byte(s) of the pair (equal when only one).
    private let second: (UInt8, UInt8)

    /// The fewest bytes a match covers (the needle's length, when case matters).
    let minimumLength: Int

    /// How common the anchor is in typical text (see ``ByteFrequency``): lower scans faster.
    let anchorScore: Int

    /// Anchors this rare or rarer (capitals, digits, most punctuation, `z`
    /// and `q` alone) are scanned for alone, since near misses are few.
    static let rareScore = 80

    /// A searcher for `scalars`, or nil if the needle is empty.
    init?(_ scalars: [Unicode.Scalar], ignoresCase: Bool) {
        guard !scalars.isEmpty else { return nil }
        var spellings: [UInt32] = [], lengths: [UInt8] = []
        for scalar in scalars {
            let members = ignoresCase ? CaseFolding.members(of: scalar.value) : [scalar.value]
            for slot in 0..<CaseFolding.largestClass {
                guard slot < members.count, let member = Unicode.Scalar(members[slot]) else {
                    spellings.append(0)
                    lengths.append(0)
                    continue
                }
                var word: UInt32 = 0
                for (k, byte) in member.utf8.enumerated() { word |= UInt32(byte) << (8 * k) }
                spellings.append(word)
                lengths.append(UInt8(member.utf8.count))
            }
        }
        self.init(spellings: spellings, lengths: lengths)
    }

    /// The empty needle, found at once wherever a search starts.
    init() {
        self.init(spellings: [], lengths: [])
    }

    private init(spellings: [UInt32], lengths: [UInt8]) {
        self.spellings = spellings
        self.lengths = lengths
        let slots = CaseFolding.largestClass
        let units = lengths.count / slots
        func used(_ u: Int) -> Range<Int> {
            let first = u * slots
            var end = first
            while end < first + slots && lengths[end] > 0 { end += 1 }
            return first..<end
        }
        func shortest(_ u: Int) -> Int { used(u).map { Int(lengths[$0]) }.min() ?? 0 }
        func longest(_ u: Int) -> Int { used(u).map { Int(lengths[$0]) }.max() ?? 0 }
        func isRigid(_ u: Int) -> Bool { shortest(u) == longest(u) }
        /// The different bytes the spellings of `u` have `k` bytes in, ascending.
        func bytes(_ u: Int, _ k: Int) -> [UInt8] {
            Array(Set(used(u).map { UInt8(truncatingIfNeeded: spellings[$0] >> (8 * k)) })).sorted()
        }
        func score(_ set: [UInt8]) -> Int { set.reduce(0) { $0 + ByteFrequency.score($1) } }

        // Byte by byte: at most two spellings of one length, differing in one byte.
        let bytewise = (0..<units).allSatisfy { u in
            let slots = used(u)
            guard slots.count == 2 else { return slots.count == 1 }
            let differing = (0..<Int(lengths[slots.lowerBound])).filter { bytes(u, $0).count > 1 }.count
            return isRigid(u) && differing <= 1
        }
        var primary: [UInt8] = [], alternate: [UInt8] = []
        if bytewise {
            for u in 0..<units {
                let slots = used(u)
                for k in 0..<shortest(u) {
                    primary.append(UInt8(truncatingIfNeeded: spellings[slots.lowerBound] >> (8 * k)))
                    alternate.append(UInt8(truncatingIfNeeded: spellings[slots.upperBound - 1] >> (8 * k)))
                }
            }
        }
        self.primary = primary
        self.alternate = alternate

        // Every byte that lies at a fixed distance from its group's start: (score, scalar, byte in it, group start, distance, bytes).
        typealias Place = (score: Int, unit: Int, k: Int, group: Int, offset: Int, bytes: [UInt8])
        var places: [Place] = []
        var group = 0, offset = 0
        for u in 0..<units {
            for k in 0..<shortest(u) {
                let set = bytes(u, k)
                places.append((score(set), u, k, group, offset + k, set))
            }
            offset += shortest(u)
            if !isRigid(u) { group = u + 1; offset = 0 }
        }
        // The rarest byte that is one or two bytes wide (four at most: a scalar's first byte), then the rarest other in its group.
        func rank(_ p: Place) -> (Int, Int, Int, Int) { (p.bytes.count > 2 ? 1 : 0, p.score, p.unit, p.k) }
        let best = places.min { rank($0) < rank($1) }
        let pair = best.flatMap { a in
            places.filter { $0.group == a.group && ($0.unit, $0.k) != (a.unit, a.k) && $0.bytes.count <= 2 }
                .min { rank($0) < rank($1) }
        }
        groupStart = best?.group ?? 0
        anchorOffset = best?.offset ?? 0
        anchorScore = best?.score ?? Int.max
        let set = best?.bytes ?? [0]
        anchorWidth = set.count
        anchor = (set[0], set[min(1, set.count - 1)], set[min(2, set.count - 1)], set[min(3, set.count - 1)])
        secondOffset = set.count <= 2 ? pair?.offset : nil
        second = pair.map { ($0.bytes[0], $0.bytes[$0.bytes.count - 1]) } ?? (0, 0)
        prefixBytes = (0..<groupStart).reduce(0) { $0 + shortest($1) }
        restBytes = (groupStart..<units).reduce(0) { $0 + shortest($1) }
        minimumLength = (0..<units).reduce(0) { $0 + shortest($1) }
    }

    /// The first occurrence at or after `start` (the leftmost, and the only
    /// one starting there), or nil.
    func find(in bytes: UnsafeRawBufferPointer, from start: Int) -> Range<Int>? {
        guard !lengths.isEmpty else { return start <= bytes.count ? start..<start : nil }
        guard let base = bytes.baseAddress, start >= 0, bytes.count - start >= minimumLength else { return nil }
        // Candidates are where the anchor's group starts, from `first` to `last`. The first
        // that matches starts the leftmost match: UTF-8 synchronises itself, so a later one
        // starting further left would spell the scalars before its group with more scalars.
        let first = start + prefixBytes, last = bytes.count - restBytes
        if secondOffset == nil || anchorScore <= Self.rareScore {
            // A rare anchor (or the only byte of its group): scan for it alone, sixteen bytes a step.
            var i = first + anchorOffset
            while let hit = scanAnchor(base, from: i, to: last + anchorOffset + 1) {
                if let found = match(at: hit - anchorOffset, base, bytes.count, from: start) { return found }
                i = hit + 1
            }
            return nil
        }
        // A common anchor: eight candidates at a time, those where both the
        // anchor and the second byte sit in place.
        let secondOffset = secondOffset ?? anchorOffset
        var c = first
        let farther = Swift.max(anchorOffset, secondOffset)
        let pair = (anchor.0, anchor.1)
        let a0 = SIMD32<UInt8>(repeating: anchor.0), a1 = SIMD32<UInt8>(repeating: anchor.1)
        let s0 = SIMD32<UInt8>(repeating: second.0), s1 = SIMD32<UInt8>(repeating: second.1)
        while c + farther + 8 <= bytes.count {
            // Skip 32 places at a time where no place has both bytes...
            while c + farther + 32 <= bytes.count {
                let x = base.loadUnaligned(fromByteOffset: c + anchorOffset, as: SIMD32<UInt8>.self)
                let y = base.loadUnaligned(fromByteOffset: c + secondOffset, as: SIMD32<UInt8>.self)
                if ByteScan.any(((x .== a0) .| (x .== a1)) .& ((y .== s0) .| (y .== s1))) { break }
                c += 32
            }
            // ...then find which, eight places at a time, up to 32 places on.
            let blockEnd = c + 32
            while c < blockEnd && c + farther + 8 <= bytes.count {
                var candidates = ByteScan.lanes(equalTo: pair, in: base, at: c + anchorOffset)
                    & ByteScan.lanes(equalTo: second, in: base, at: c + secondOffset)
                while candidates != 0 {
                    let candidate = c + candidates.trailingZeroBitCount >> 3
                    if candidate > last { return nil }
                    if let found = match(at: candidate, base, bytes.count, from: start) { return found }
                    candidates &= candidates &- 1
                }
                c += 8
            }
        }
        while c <= last {
            if let found = match(at: c, base, bytes.count, from: start) { return found }
            c += 1
        }
        return nil
    }

    /// The next place in `from..<to` holding one of the anchor's bytes.
    @inline(__always)
    private func scanAnchor(_ base: UnsafeRawPointer, from: Int, to end: Int) -> Int? {
        anchorWidth <= 2
            ? ByteScan.first(anchor.0, anchor.1, in: base, from: from, to: end)
            : ByteScan.first(anyOf: anchor, in: base, from: from, to: end)
    }

    /// The match whose anchor's group starts at `c`, or nil: the group and
    /// the rest forward, the scalars before it backward, none before `start`.
    @inline(__always)
    private func match(at c: Int, _ base: UnsafeRawPointer, _ count: Int, from start: Int) -> Range<Int>? {
        if !primary.isEmpty {
            return primary.withUnsafeBufferPointer { p in
                alternate.withUnsafeBufferPointer { a in
                    for k in 0..<p.count {
                        let t = base.load(fromByteOffset: c + k, as: UInt8.self)
                        if t != p[k] && t != a[k] { return nil }
                    }
                    return c..<c + p.count
                }
            }
        }
        let slots = CaseFolding.largestClass
        var end = c
        for u in groupStart..<lengths.count / slots {
            guard let length = spelling(u, at: end, base, count) else { return nil }
            end += length
        }
        var begin = c
        var u = groupStart
        while u > 0 {
            u -= 1
            guard let length = spelling(u, endingAt: begin, base, from: start) else { return nil }
            begin -= length
        }
        return begin..<end
    }

    /// The length of the spelling of scalar `u` that the bytes at `p` begin with, or nil.
    @inline(__always)
    private func spelling(_ u: Int, at p: Int, _ base: UnsafeRawPointer, _ count: Int) -> Int? {
        let available = count - p
        guard available > 0 else { return nil }
        var word: UInt32 = 0
        if available >= 4 {
            word = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt32.self))
        } else {
            for k in 0..<available { word |= UInt32(base.load(fromByteOffset: p + k, as: UInt8.self)) << (8 * k) }
        }
        let first = u * CaseFolding.largestClass
        for slot in first..<first + CaseFolding.largestClass {
            let length = Int(lengths[slot])
            if length == 0 { break }
            if length <= available && word & Self.mask(length) == spellings[slot] { return length }
        }
        return nil
    }

    /// The length of the spelling of scalar `u` that the bytes before `q` end with, or nil (none starting before `start`).
    @inline(__always)
    private func spelling(_ u: Int, endingAt q: Int, _ base: UnsafeRawPointer, from start: Int) -> Int? {
        let available = q - start
        guard available > 0 else { return nil }
        // The four bytes before q, the last highest (bytes before the buffer read as zeros).
        var word: UInt32 = 0
        if q >= 4 {
            word = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: q - 4, as: UInt32.self))
        } else {
            for k in 1...q { word |= UInt32(base.load(fromByteOffset: q - k, as: UInt8.self)) << (32 - 8 * k) }
        }
        let first = u * CaseFolding.largestClass
        for slot in first..<first + CaseFolding.largestClass {
            let length = Int(lengths[slot])
            if length == 0 { break }
            if length <= available && word >> (32 - 8 * length) == spellings[slot] { return length }
        }
        return nil
    }

    /// The low `length` bytes of a word set (1 to 4).
    @inline(__always)
    private static func mask(_ length: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: (UInt64(1) << (8 * length)) &- 1)
    }
}

/// Word-at-a-time byte scanning.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// A mask with the high bit set in each of the eight lanes of the word
    /// at `offset` that holds `byte.0` or `byte.1`, and possibly in lanes
    /// above such a lane (the word-wide test can over-report above a hit,
    /// never under-report): callers check every reported lane.
    @inline(__always)
    static func lanes(equalTo byte: (UInt8, UInt8), in base: UnsafeRawPointer, at offset: Int) -> UInt64 {
        let w = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let x = w ^ (ones &* UInt64(byte.0))
        if byte.0 == byte.1 { return (x &- ones) & ~x & highs }
        let y = w ^ (ones &* UInt64(byte.1))
        return ((x &- ones) & ~x | (y &- ones) & ~y) & highs
    }

    /// Whether any lane of `mask` is set: its four words or-ed, which
    /// compiles to a few vector instructions where the standard library's
    /// generic `any(_:)` is a call per block.
    @inline(__always)
    static func any(_ mask: SIMDMask<SIMD32<Int8>>) -> Bool {
        let words = unsafeBitCast(mask, to: (UInt64, UInt64, UInt64, UInt64).self)
        return words.0 | words.1 | words.2 | words.3 != 0
    }

    /// The first index in `from..<to` holding `a` or `b`, or nil.
    @inline(__always)
    static func first(_ a: UInt8, _ b: UInt8, in base: UnsafeRawPointer, from: Int, to end: Int) -> Int? {
        var i = from
        // Skip 32 bytes at a time that hold neither.
        let va = SIMD32<UInt8>(repeating: a), vb = SIMD32<UInt8>(repeating: b)
        while i + 32 <= end {
            let v = base.loadUnaligned(fromByteOffset: i, as: SIMD32<UInt8>.self)
            if Self.any((v .== va) .| (v .== vb)) { break }
            i += 32
        }
        let wa = ones &* UInt64(a), wb = ones &* UInt64(b)
        if a == b {
            while i + 16 <= end {
                let x = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ wa
                let y = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)) ^ wa
                let mx = (x &- ones) & ~x & highs, my = (y &- ones) & ~y & highs
                if mx | my != 0 {
                    return mx != 0 ? i + mx.trailingZeroBitCount >> 3 : i + 8 + my.trailingZeroBitCount >> 3
                }
                i += 16
            }
        } else {
            while i + 8 <= end {
                let w = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let x = w ^ wa, y = w ^ wb
                let m = ((x &- ones) & ~x | (y &- ones) & ~y) & highs
                if m != 0 { return i + m.trailingZeroBitCount >> 3 }
                i += 8
            }
        }
        while i < end {
            let t = base.load(fromByteOffset: i, as: UInt8.self)
            if t == a || t == b { return i }
            i += 1
        }
        return nil
    }

    /// The first index in `from..<to` holding any of the four bytes, or nil:
    /// for an anchor with more than two spellings (`k`, `K` and the Kelvin
    /// sign's first byte), 32 bytes a step, then byte by byte.
    @inline(__always)
    static func first(anyOf bytes: (UInt8, UInt8, UInt8, UInt8), in base: UnsafeRawPointer, from: Int, to end: Int) -> Int? {
        var i = from
        let v0 = SIMD32<UInt8>(repeating: bytes.0), v1 = SIMD32<UInt8>(repeating: bytes.1)
        let v2 = SIMD32<UInt8>(repeating: bytes.2), v3 = SIMD32<UInt8>(repeating: bytes.3)
        while i + 32 <= end {
            let v = base.loadUnaligned(fromByteOffset: i, as: SIMD32<UInt8>.self)
            if Self.any((v .== v0) .| (v .== v1) .| (v .== v2) .| (v .== v3)) { break }
            i += 32
        }
        while i < end {
            let t = base.load(fromByteOffset: i, as: UInt8.self)
            if t == bytes.0 || t == bytes.1 || t == bytes.2 || t == bytes.3 { return i }
            i += 1
        }
        return nil
    }
}

/// How common each byte is in typical text, to pick the rarest byte of a
/// needle to scan for. Higher is more common; the ranks are a rough
/// English-and-code profile, not measured from any one corpus.
enum ByteFrequency {
    /// The commonness of `b`, 0 (rare) to 255 (space).
    static func score(_ b: UInt8) -> Int { Int(table[Int(b)]) }

    private static let table: [UInt8] = (0...255).map { (v: Int) -> UInt8 in
        let b = UInt8(v)
        let common: [UInt8] = Array(" etaoinshrdlcumwfgypbvkjxqz".utf8)
        if let rank = common.firstIndex(of: b) { return UInt8(255 - rank * 7) }
        switch b {
        case 0x0A, 0x09: return 80
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "-"): return 70
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return 50
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 45
        case 0x21...0x7E: return 30
        case 0x80...0xBF: return 35
        case 0xC2...0xEF: return 30
        case 0xF0...0xF4: return 10
        default: return 1
        }
    }
}
