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
/// group. Where they appear, the group's first scalars are checked byte by
/// byte (as many as have one spelling, or two of one length that differ in
/// one byte: `a`/`A`, `é`/`É`), the rest of the needle scalar by scalar,
/// forward, and the scalars before the group backward (UTF-8 reads either
/// way). A needle of plain ASCII letters other than `k` and `s` is one
/// group checked byte by byte, as when case matters.
struct LiteralSearcher: Sendable {
    /// Four slots per scalar of the needle: each spelling it matches, its
    /// UTF-8 bytes packed in the low 32 bits (the first byte lowest) and
    /// its length in bytes above them; 0 when unused.
    private let slots: [UInt64]
    /// The bytes of the scalars checked byte by byte from the group's start
    /// as written, then with each one's other spelling (as written again
    /// where it has none): twice as many bytes as those scalars take.
    private let bytewise: [UInt8]
    /// The first scalar after those checked byte by byte.
    private let bytewiseEnd: Int
    /// Whether the whole needle is checked byte by byte (one group, every scalar as ``bytewise`` allows).
    private let isBytewise: Bool
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
        var slots: [UInt64] = []
        for scalar in scalars {
            let members = ignoresCase ? CaseFolding.members(of: scalar.value) : [scalar.value]
            for slot in 0..<CaseFolding.largestClass {
                guard slot < members.count, let member = Unicode.Scalar(members[slot]) else {
                    slots.append(0)
                    continue
                }
                var word = UInt64(member.utf8.count) << 32
                for (k, byte) in member.utf8.enumerated() { word |= UInt64(byte) << (8 * k) }
                slots.append(word)
            }
        }
        self.init(slots: slots)
    }

    /// The empty needle, found at once wherever a search starts.
    init() {
        self.init(slots: [])
    }

    private init(slots: [UInt64]) {
        self.slots = slots
        let units = slots.count / CaseFolding.largestClass
        /// The spellings of scalar `u`: (bytes, length).
        func spellings(_ u: Int) -> [(bytes: UInt32, length: Int)] {
            slots[u * CaseFolding.largestClass..<(u + 1) * CaseFolding.largestClass].filter { $0 != 0 }
                .map { (UInt32(truncatingIfNeeded: $0), Int($0 >> 32)) }
        }
        func shortest(_ u: Int) -> Int { spellings(u).map(\.length).min() ?? 0 }
        func isRigid(_ u: Int) -> Bool { Set(spellings(u).map(\.length)).count == 1 }
        /// The different bytes the spellings of `u` have `k` bytes in, ascending.
        func bytes(_ u: Int, _ k: Int) -> [UInt8] {
            Array(Set(spellings(u).map { UInt8(truncatingIfNeeded: $0.bytes >> (8 * k)) })).sorted()
        }
        func score(_ set: [UInt8]) -> Int { set.reduce(0) { $0 + ByteFrequency.score($1) } }
        /// Whether `u` can be checked byte by byte: one spelling, or two of one length that differ in one byte.
        func bytewiseOK(_ u: Int) -> Bool {
            let all = spellings(u)
            return all.count == 1 || (all.count == 2 && isRigid(u) && (0..<all[0].length).filter { bytes(u, $0).count > 1 }.count <= 1)
        }

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

        // The group's first scalars that can be checked byte by byte.
        var end = groupStart
        var written: [UInt8] = [], other: [UInt8] = []
        while end < units && bytewiseOK(end) && (end == groupStart || isRigid(end - 1)) {
            let all = spellings(end)
            for k in 0..<all[0].length {
                written.append(UInt8(truncatingIfNeeded: all[0].bytes >> (8 * k)))
                other.append(UInt8(truncatingIfNeeded: all[all.count - 1].bytes >> (8 * k)))
            }
            end += 1
        }
        bytewiseEnd = end
        bytewise = written + other
        isBytewise = groupStart == 0 && end == units
    }

    /// The first occurrence at or after `start` (the leftmost, and the only
    /// one starting there), or nil.
    func find(in bytes: UnsafeRawBufferPointer, from start: Int) -> Range<Int>? {
        guard minimumLength > 0 else { return start <= bytes.count ? start..<start : nil }
        guard let base = bytes.baseAddress, start >= 0, bytes.count - start >= minimumLength else { return nil }
        return bytewise.withUnsafeBufferPointer { bytewise in
            // A needle checked byte by byte (most) never reads its slots.
            if isBytewise { return find(base, count: bytes.count, from: start, Needle(slots: .init(start: nil, count: 0), bytewise: bytewise)) }
            return slots.withUnsafeBufferPointer { slots in
                find(base, count: bytes.count, from: start, Needle(slots: slots, bytewise: bytewise))
            }
        }
    }

    /// The needle's tables where a search reads them.
    private struct Needle {
        let slots: UnsafeBufferPointer<UInt64>
        let bytewise: UnsafeBufferPointer<UInt8>
    }

    @inline(__always)
    private func find(_ base: UnsafeRawPointer, count: Int, from start: Int, _ needle: Needle) -> Range<Int>? {
        // Candidates are where the anchor's group starts, from `first` to `last`. The first
        // that matches starts the leftmost match: UTF-8 synchronises itself, so a later one
        // starting further left would spell the scalars before its group with more scalars.
        let first = start + prefixBytes, last = count - restBytes
        guard let secondOffset, anchorScore > Self.rareScore else {
            // A rare anchor (or the only byte of its group): scan for it alone, sixteen bytes a step.
            var i = first + anchorOffset
            while let hit = scanAnchor(base, from: i, to: last + anchorOffset + 1) {
                if let found = match(at: hit - anchorOffset, base, count, from: start, needle) { return found }
                i = hit + 1
            }
            return nil
        }
        // A common anchor: eight candidates at a time, those where both the
        // anchor and the second byte sit in place.
        var c = first
        let farther = Swift.max(anchorOffset, secondOffset)
        let pair = (anchor.0, anchor.1)
        let a0 = SIMD32<UInt8>(repeating: anchor.0), a1 = SIMD32<UInt8>(repeating: anchor.1)
        let s0 = SIMD32<UInt8>(repeating: second.0), s1 = SIMD32<UInt8>(repeating: second.1)
        while c + farther + 8 <= count {
            // Skip 32 places at a time where no place has both bytes...
            while c + farther + 32 <= count {
                let x = base.loadUnaligned(fromByteOffset: c + anchorOffset, as: SIMD32<UInt8>.self)
                let y = base.loadUnaligned(fromByteOffset: c + secondOffset, as: SIMD32<UInt8>.self)
                if ByteScan.any(((x .== a0) .| (x .== a1)) .& ((y .== s0) .| (y .== s1))) { break }
                c += 32
            }
            // ...then find which, eight places at a time, up to 32 places on.
            let blockEnd = c + 32
            while c < blockEnd && c + farther + 8 <= count {
                var candidates = ByteScan.lanes(equalTo: pair, in: base, at: c + anchorOffset)
                    & ByteScan.lanes(equalTo: second, in: base, at: c + secondOffset)
                while candidates != 0 {
                    let candidate = c + candidates.trailingZeroBitCount >> 3
                    if candidate > last { return nil }
                    if let found = match(at: candidate, base, count, from: start, needle) { return found }
                    candidates &= candidates &- 1
                }
                c += 8
            }
        }
        // The last few places, each checked for the pair first.
        while c <= last {
            let x = base.load(fromByteOffset: c + anchorOffset, as: UInt8.self)
            let y = base.load(fromByteOffset: c + secondOffset, as: UInt8.self)
            if (x == pair.0 || x == pair.1) && (y == second.0 || y == second.1),
               let found = match(at: c, base, count, from: start, needle) {
                return found
            }
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

    /// The match whose anchor's group starts at `c`, or nil: the group's
    /// first scalars byte by byte, the rest of the needle scalar by scalar
    /// forward, the scalars before the group backward, none before `start`.
    @inline(__always)
    private func match(at c: Int, _ base: UnsafeRawPointer, _ count: Int, from start: Int, _ needle: Needle) -> Range<Int>? {
        let checked = needle.bytewise.count &>> 1
        for k in 0..<checked {
            let t = base.load(fromByteOffset: c &+ k, as: UInt8.self)
            if t != needle.bytewise[k] && t != needle.bytewise[checked &+ k] { return nil }
        }
        if isBytewise { return c..<c &+ checked }
        return matchRest(at: c, base, count, from: start, needle)
    }

    /// ``match(at:_:_:from:_:)`` past the scalars checked byte by byte: the
    /// rest forward, the scalars before the group backward. Kept apart so
    /// that the scanning loops stay small where every scalar is checked byte by byte.
    @inline(never)
    private func matchRest(at c: Int, _ base: UnsafeRawPointer, _ count: Int, from start: Int, _ needle: Needle) -> Range<Int>? {
        var end = c &+ needle.bytewise.count &>> 1
        var u = bytewiseEnd
        let units = needle.slots.count / CaseFolding.largestClass
        while u < units {
            guard let length = spelling(u, at: end, base, count, needle.slots) else { return nil }
            end &+= length
            u &+= 1
        }
        var begin = c
        u = groupStart
        while u > 0 {
            u &-= 1
            guard let length = spelling(u, endingAt: begin, base, from: start, needle.slots) else { return nil }
            begin &-= length
        }
        return begin..<end
    }

    /// The length of the spelling of scalar `u` that the bytes at `p` begin with, or nil.
    @inline(__always)
    private func spelling(_ u: Int, at p: Int, _ base: UnsafeRawPointer, _ count: Int, _ slots: UnsafeBufferPointer<UInt64>) -> Int? {
        let available = count &- p
        guard available > 0 else { return nil }
        var word: UInt32 = 0
        if available >= 4 {
            word = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt32.self))
        } else {
            for k in 0..<available { word |= UInt32(base.load(fromByteOffset: p &+ k, as: UInt8.self)) << (8 &* k) }
        }
        let first = u &* CaseFolding.largestClass
        for slot in first..<first &+ CaseFolding.largestClass {
            let length = Int(truncatingIfNeeded: slots[slot] &>> 32)
            if length == 0 { break }
            if length <= available && word & Self.mask(length) == UInt32(truncatingIfNeeded: slots[slot]) { return length }
        }
        return nil
    }

    /// The length of the spelling of scalar `u` that the bytes before `q`
    /// end with, or nil (none starting before `start`).
    @inline(__always)
    private func spelling(_ u: Int, endingAt q: Int, _ base: UnsafeRawPointer, from start: Int,
                          _ slots: UnsafeBufferPointer<UInt64>) -> Int? {
        let available = q &- start
        guard available > 0 else { return nil }
        // The four bytes before q, the last highest (bytes before the buffer read as zeros).
        var word: UInt32 = 0
        if q >= 4 {
            word = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: q &- 4, as: UInt32.self))
        } else {
            for k in 1...q { word |= UInt32(base.load(fromByteOffset: q &- k, as: UInt8.self)) << (32 &- 8 &* k) }
        }
        let first = u &* CaseFolding.largestClass
        for slot in first..<first &+ CaseFolding.largestClass {
            let length = Int(truncatingIfNeeded: slots[slot] &>> 32)
            if length == 0 { break }
            if length <= available && word &>> UInt32(32 &- 8 &* length) == UInt32(truncatingIfNeeded: slots[slot]) { return length }
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
    /// sign's first byte), 32 bytes a step, the place found in the block's mask.
    @inline(__always)
    static func first(anyOf bytes: (UInt8, UInt8, UInt8, UInt8), in base: UnsafeRawPointer, from: Int, to end: Int) -> Int? {
        var i = from
        let v0 = SIMD32<UInt8>(repeating: bytes.0), v1 = SIMD32<UInt8>(repeating: bytes.1)
        let v2 = SIMD32<UInt8>(repeating: bytes.2), v3 = SIMD32<UInt8>(repeating: bytes.3)
        while i + 32 <= end {
            let v = base.loadUnaligned(fromByteOffset: i, as: SIMD32<UInt8>.self)
            let words = unsafeBitCast((v .== v0) .| (v .== v1) .| (v .== v2) .| (v .== v3), to: (UInt64, UInt64, UInt64, UInt64).self)
            if words.0 != 0 { return i + words.0.trailingZeroBitCount >> 3 }
            if words.1 != 0 { return i + 8 + words.1.trailingZeroBitCount >> 3 }
            if words.2 != 0 { return i + 16 + words.2.trailingZeroBitCount >> 3 }
            if words.3 != 0 { return i + 24 + words.3.trailingZeroBitCount >> 3 }
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
