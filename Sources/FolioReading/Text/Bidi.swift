/// Unicode's bidirectional algorithm (UAX #9), for text that mixes
/// right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko) with
/// left-to-right ones: how the pieces fit, and the character lookups they share.
///
/// The algorithm runs in two steps, with line breaking between them
/// (UAX #9 §3.4):
/// 1. ``BidiParagraph`` resolves a paragraph's embedding levels once: its
///    direction from its first strong character (P2, P3), explicit
///    embeddings, overrides and isolates (X1–X10), weak types (W1–W7),
///    paired brackets (N0), neutrals (N1, N2) and implicit levels (I1, I2).
/// 2. Each line of it is reordered on its own
///    (``BidiParagraph/visualOrder(ofLine:)``): trailing whitespace and
///    separators back to the paragraph's level (L1), then runs reversed by
///    level (L2). Characters at a right-to-left level are drawn with their
///    mirrored glyph (L4, ``mirrored(_:)``).
///
/// ``TextLayout`` does both for display text: it finds a line's paragraph
/// (the bytes between two line feeds), resolves it
/// (``TextLayout/paragraph(of:in:reusing:)``, kept while its lines are
/// drawn), and draws each line in visual order with combining marks after
/// their bases. Text that holds no right-to-left character never gets that
/// far (``mayHoldRightToLeft(_:)``). Arabic shaping is left to the terminal
/// or font (letters keep their nominal forms).
public enum Bidi {
    /// Whether `bytes` (UTF-8) may hold a character that can put text out of
    /// logical order: a right-to-left letter or mark (R, AL), an Arabic
    /// number (AN), or an RLE, RLO or RLI. False means the text reads left to
    /// right as it is, whatever else it holds.
    ///
    /// A cheap scan of lead bytes, eight bytes of ASCII at a time: a true
    /// answer may be wrong (a byte pattern shared with other characters,
    /// such as U+FB00's ligatures), a false one never is.
    @inlinable
    public static func mayHoldRightToLeft(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        var i = 0
        while i < n {
            // Eight bytes of ASCII at a time (most text): no lead byte among them.
            while i + 8 <= n,
                  UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            guard i < n else { return false }
            let b = bytes[i]
            if b >= 0xD6 {
                if b <= 0xDF { return true }  // U+0580 … U+07FF: Hebrew, Arabic, Syriac, Thaana, N'Ko
                let next = i + 1 < n ? bytes[i + 1] : 0, third = i + 2 < n ? bytes[i + 2] : 0
                switch b {
                case 0xE0 where next >= 0xA0 && next <= 0xA3:  // U+0800 … U+08FF: Samaritan, Mandaic, Arabic
                    return true
                case 0xE2 where next == 0x80 && (third == 0x8F || third == 0xAB || third == 0xAE) || next == 0x81 && third == 0xA7:
                    return true  // RLM, RLE, RLO, RLI
                case 0xEF where next >= 0xAC && next <= 0xBB:  // U+FB00 … U+FEFF: Hebrew and Arabic presentation forms
                    return true
                case 0xF0 where (next == 0x90 || next == 0x9E) && third >= 0xA0 && third <= 0xBF:
                    return true  // U+10800 … U+10FFF, U+1E800 … U+1EFFF: historic and other right-to-left scripts
                default:
                    break
                }
            }
            i += 1
        }
        return false
    }

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

extension Bidi {
    /// `text`, one line, in the order it is seen (the bidirectional algorithm, its direction from
    /// its first strong character), with brackets mirrored where they read right to left: for a
    /// host that draws a short string left to right as given, such as a chapter title in the
    /// strip. Text with nothing right to left comes back as it is. O(n) for n characters.
    ///
    /// ```swift
    /// Bidi.displayed("פרק 2: שלום")   // "םולש :2 קרפ"
    /// ```
    public static func displayed(_ text: String) -> String {
        let mayReorder = text.utf8.withContiguousStorageIfAvailable { mayHoldRightToLeft(UnsafeRawBufferPointer($0)) }
            ?? mayHoldRightToLeft(Array(text.utf8).withUnsafeBytes { $0 })
        guard mayReorder else { return text }
        let scalars = Array(text.unicodeScalars)
        let paragraph = BidiParagraph(scalars: scalars)
        let line = 0..<scalars.count
        let levels = paragraph.levels(ofLine: line)
        var shown = String.UnicodeScalarView()
        for index in paragraph.visualOrder(ofLine: line) {
            let scalar = scalars[index]
            shown.append(levels[index] & 1 == 1 ? mirrored(scalar) ?? scalar : scalar)
        }
        return String(shown)
    }
}
