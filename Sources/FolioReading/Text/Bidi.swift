/// Puts a line holding right-to-left text (Hebrew, Arabic, Syriac, Thaana,
/// N'Ko) in visual order: the basics of Unicode's bidirectional algorithm
/// (UAX #9) for the runs within one line.
///
/// Supported: the line's direction from its first strong character (P2,
/// P3); European and Arabic-Indic numbers kept left to right inside
/// right-to-left text (W2, W7, I1, I2); neutrals between two characters of
/// one direction take it, others the line's (N1, N2); reversal of runs by
/// level (L2), a combining mark staying with its base, and mirrored
/// brackets in right-to-left runs (L4). Not supported: explicit embeddings
/// and isolates (LRE, RLI, …), the paragraph as the unit (each line is
/// resolved on its own), and Arabic shaping (letters keep their nominal
/// forms; a terminal or font that shapes joins them).
public enum Bidi {
    /// A character's direction, as far as this algorithm needs it.
    enum Class { case left, right, arabicLetter, europeanNumber, arabicNumber, neutral, mark }

    static func classify(_ scalar: Unicode.Scalar) -> Class {
        let v = scalar.value
        switch v {
        case 0x30...0x39, 0x06F0...0x06F9: return .europeanNumber
        case 0x0660...0x0669, 0x066B, 0x066C: return .arabicNumber
        case 0x0590...0x05FF, 0x07C0...0x07FF, 0xFB1D...0xFB4F: return .right
        case 0x0600...0x07BF, 0x0860...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabicLetter
        default: break
        }
        if v < 0x80 {
            let isLetter = (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)
            return isLetter ? .left : .neutral
        }
        let properties = scalar.properties
        if properties.generalCategory == .nonspacingMark || properties.generalCategory == .enclosingMark { return .mark }
        if properties.isAlphabetic || properties.isIdeographic { return .left }
        return .neutral
    }

    /// Whether `bytes` may hold a right-to-left character (a cheap scan of UTF-8 lead bytes).
    @inlinable
    public static func mayHoldRightToLeft(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        // Eight bytes of ASCII at a time (most text): no lead byte among them.
        while i + 8 <= bytes.count,
              UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) & 0x8080_8080_8080_8080 == 0 {
            i += 8
        }
        while i < bytes.count {
            let b = bytes[i]
            if b >= 0xD6 && b <= 0xDF { return true }  // U+0580 … U+07FF
            if b == 0xE0, i + 1 < bytes.count, bytes[i + 1] == 0xA1 || bytes[i + 1] == 0xA2 || bytes[i + 1] == 0xA3 { return true }
            if b == 0xEF, i + 1 < bytes.count, (0xAC...0xBB).contains(bytes[i + 1]) { return true }
            i += 1
        }
        return false
    }

    /// Reorders `glyphs` (one line, in logical order, `x` from the line's start)
    /// into visual order, left to right, with `x` recomputed.
    public static func reorder(_ glyphs: inout [Glyph]) {
        guard !glyphs.isEmpty else { return }
        var classes = glyphs.map { classify($0.scalar) }
        guard classes.contains(where: { $0 == .right || $0 == .arabicLetter }) else { return }
        // A mark takes its base's class.
        for i in classes.indices where classes[i] == .mark { classes[i] = i > 0 ? classes[i - 1] : .neutral }
        let base = classes.first { $0 == .left || $0 == .right || $0 == .arabicLetter }.map { $0 == .left ? 0 : 1 } ?? 0
        // W2, W7: a number after an Arabic letter is Arabic; after a left letter it is left.
        var lastStrong: Class = base == 0 ? .left : .right
        for i in classes.indices {
            switch classes[i] {
            case .left, .right, .arabicLetter: lastStrong = classes[i]
            case .europeanNumber:
                if lastStrong == .arabicLetter { classes[i] = .arabicNumber } else if lastStrong == .left { classes[i] = .left }
            default: break
            }
        }
        // N1, N2: neutrals between two of one direction take it (numbers count as right); others the line's.
        func direction(_ c: Class) -> Int? {
            switch c {
            case .left: 0
            case .right, .arabicLetter, .europeanNumber, .arabicNumber: 1
            case .neutral, .mark: nil
            }
        }
        var i = 0
        while i < classes.count {
            guard direction(classes[i]) == nil else { i += 1; continue }
            var j = i
            while j < classes.count && direction(classes[j]) == nil { j += 1 }
            let before = i > 0 ? direction(classes[i - 1])! : base
            let after = j < classes.count ? direction(classes[j])! : base
            let resolved: Class = before == after ? (before == 0 ? .left : .right) : (base == 0 ? .left : .right)
            for k in i..<j { classes[k] = resolved }
            i = j
        }
        // I1, I2: levels.
        let levels: [Int] = classes.map { c in
            switch (base, c) {
            case (0, .left): 0
            case (0, .right), (0, .arabicLetter): 1
            case (0, _): 2
            case (_, .right), (_, .arabicLetter): 1
            default: 2
            }
        }
        // L2: reverse runs from the highest level down to the lowest odd level, marks staying after their base.
        var order = Array(glyphs.indices)
        let highest = levels.max() ?? 0
        for level in stride(from: highest, through: 1, by: -1) {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else { start += 1; continue }
                var end = start
                while end < order.count && levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
        }
        // Keep each base before its marks again: a reversed run put the marks first.
        var k = 0
        while k < order.count {
            var m = k
            while m < order.count && glyphs[order[m]].width == 0 { m += 1 }
            if m > k && m < order.count && levels[order[m]] % 2 == 1 {
                let base = order[m]
                order.replaceSubrange(k...m, with: [base] + order[k..<m])
                k = m + 1
            } else {
                k = max(m, k + 1)
            }
        }
        // L4 and x: mirror brackets in right-to-left runs, then lay the line out again left to right.
        var x = 0
        var visual: [Glyph] = []
        visual.reserveCapacity(glyphs.count)
        for index in order {
            var glyph = glyphs[index]
            if levels[index] % 2 == 1, let mirrored = mirror[glyph.scalar] { glyph.scalar = mirrored }
            glyph.x = x
            x += glyph.width
            visual.append(glyph)
        }
        glyphs = visual
    }

    /// Characters drawn mirrored in a right-to-left run.
    static let mirror: [Unicode.Scalar: Unicode.Scalar] = [
        "(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<",
        "«": "»", "»": "«", "‹": "›", "›": "‹",
    ]

    /// The character drawn for `scalar` at a right-to-left level (rule L4):
    /// its Bidi_Mirroring_Glyph (`(` for `)`, `»` for `«`), or nil when it
    /// has none. O(log m) in the table's 428 pairs.
    public static func mirrored(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let found = pairedValue(of: scalar.value, in: BidiTables.mirrors)
        return found == 0 ? nil : Unicode.Scalar(found)
    }

    /// `scalar`'s paired bracket (rule BD16), as the pair's name (its opening
    /// bracket, canonically decomposed) or'ed with 1 << 31 for a closing
    /// bracket; 0 when it is not a paired bracket.
    static func pairedBracket(_ scalar: Unicode.Scalar) -> UInt32 {
        pairedValue(of: scalar.value, in: BidiTables.brackets)
    }

    /// The value paired with `key` in `table` (flat pairs: key, value, sorted by key), or 0.
    private static func pairedValue(of key: UInt32, in table: [UInt32]) -> UInt32 {
        table.withUnsafeBufferPointer { table in
            var low = 0, high = table.count / 2
            while low < high {
                let mid = (low &+ high) &>> 1
                if table[2 &* mid] < key { low = mid &+ 1 } else { high = mid }
            }
            return low < table.count / 2 && table[2 &* low] == key ? table[2 &* low &+ 1] : 0
        }
    }
}
