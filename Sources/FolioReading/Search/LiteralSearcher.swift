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
/// When ignoring case, each scalar of the needle also matches its partner
/// under ``CaseFolding`` (which keeps UTF-8 lengths equal, so the needle has
/// one length in bytes).
struct LiteralSearcher: Sendable {
    /// The needle's bytes, as written.
    private let primary: [UInt8]
    /// The needle's bytes with every scalar replaced by its case partner
    /// (equal to `primary` when case matters or nothing has a partner).
    private let alternate: [UInt8]
    /// Byte ranges of scalars whose partner differs in more than one byte:
    /// there a byte-wise check could mix the two spellings, so the scalar is
    /// checked whole.
    private let mixedUnits: [Range<Int>]
    /// Where the anchor sits in the needle.
    private let anchorOffset: Int
    /// The anchor byte(s) scanned for (equal when the anchor has no case partner).
    private let anchor: (UInt8, UInt8)
    /// Where the second byte of the pair sits, checked with the anchor before
    /// the whole needle is (the anchor's offset again for a one-byte needle).
    private let secondOffset: Int
    /// The second byte(s) of the pair.
    private let second: (UInt8, UInt8)

    /// The needle's length in bytes.
    var length: Int { primary.count }

    /// How common the anchor is in typical text (see ``ByteFrequency``): lower scans faster.
    let anchorScore: Int

    /// Anchors this rare or rarer (capitals, digits, most punctuation, `z`
    /// and `q` alone) are scanned for alone, since near misses are few.
    static let rareScore = 80

    /// A searcher for `scalars`, or nil if the needle is empty.
    init?(_ scalars: [Unicode.Scalar], ignoresCase: Bool) {
        guard !scalars.isEmpty else { return nil }
        var primary: [UInt8] = [], alternate: [UInt8] = [], mixed: [Range<Int>] = []
        for scalar in scalars {
            let start = primary.count
            primary += scalar.utf8
            if ignoresCase, let partner = CaseFolding.partner(of: scalar.value), let other = Unicode.Scalar(partner) {
                alternate += other.utf8
                let differing = zip(scalar.utf8, other.utf8).filter { $0 != $1 }.count
                if differing > 1 { mixed.append(start..<primary.count) }
            } else {
                alternate += scalar.utf8
            }
        }
        self.init(primary: primary, alternate: alternate, mixedUnits: mixed)
    }

    /// A searcher for exact bytes (`alternate` equal to `primary` to match case).
    init(primary: [UInt8], alternate: [UInt8], mixedUnits: [Range<Int>] = []) {
        precondition(primary.count == alternate.count, "a needle and its case partner have one length")
        self.primary = primary
        self.alternate = alternate
        self.mixedUnits = mixedUnits
        func score(_ i: Int) -> Int {
            primary[i] == alternate[i]
                ? ByteFrequency.score(primary[i])
                : ByteFrequency.score(primary[i]) + ByteFrequency.score(alternate[i])
        }
        // The rarest byte, then the rarest of the others as the second of the pair.
        let ranked = primary.indices.sorted { (score($0), $0) < (score($1), $1) }
        anchorOffset = ranked.first ?? 0
        secondOffset = ranked.count > 1 ? ranked[1] : anchorOffset
        anchorScore = ranked.first.map(score) ?? Int.max
        anchor = primary.isEmpty ? (0, 0) : (primary[anchorOffset], alternate[anchorOffset])
        second = primary.isEmpty ? (0, 0) : (primary[secondOffset], alternate[secondOffset])
    }

    /// The start of the first occurrence at or after `start`, or nil.
    func find(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let n = primary.count
        guard n > 0 else { return start <= bytes.count ? start : nil }
        guard let base = bytes.baseAddress, start >= 0, bytes.count - start >= n else { return nil }
        let lastStart = bytes.count - n
        return primary.withUnsafeBufferPointer { p in
            alternate.withUnsafeBufferPointer { a in
                if n == 1 || anchorScore <= Self.rareScore {
                    // A rare anchor: scan for it alone, sixteen bytes a step.
                    var i = start + anchorOffset
                    while let hit = ByteScan.first(anchor.0, anchor.1, in: base, from: i, to: lastStart + anchorOffset + 1) {
                        if matches(at: hit - anchorOffset, base, p, a) { return hit - anchorOffset }
                        i = hit + 1
                    }
                    return nil
                }
                // A common anchor: eight candidate starts at a time, those
                // where both the anchor and the second byte sit in place.
                var c = start
                let farther = Swift.max(anchorOffset, secondOffset)
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
                        var candidates = ByteScan.lanes(equalTo: anchor, in: base, at: c + anchorOffset)
                            & ByteScan.lanes(equalTo: second, in: base, at: c + secondOffset)
                        while candidates != 0 {
                            let candidate = c + candidates.trailingZeroBitCount >> 3
                            if candidate > lastStart { return nil }
                            if matches(at: candidate, base, p, a) { return candidate }
                            candidates &= candidates &- 1
                        }
                        c += 8
                    }
                }
                while c <= lastStart {
                    if matches(at: c, base, p, a) { return c }
                    c += 1
                }
                return nil
            }
        }
    }

    @inline(__always)
    private func matches(at position: Int, _ base: UnsafeRawPointer, _ p: UnsafeBufferPointer<UInt8>, _ a: UnsafeBufferPointer<UInt8>) -> Bool {
        let text = base + position
        for k in 0..<p.count {
            let t = text.load(fromByteOffset: k, as: UInt8.self)
            if t != p[k] && t != a[k] { return false }
        }
        for u in mixedUnits.indices {
            var asPrimary = true, asAlternate = true
            for k in mixedUnits[u] {
                let t = text.load(fromByteOffset: k, as: UInt8.self)
                asPrimary = asPrimary && t == p[k]
                asAlternate = asAlternate && t == a[k]
            }
            if !asPrimary && !asAlternate { return false }
        }
        return true
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
