/// What a character allows around it when a line is broken: the classes of
/// Unicode's line-breaking algorithm (UAX #14) that folio tells apart,
/// generated from `LineBreak.txt` (``LineBreakTable``, written by
/// `Scripts/generate-line-break-classes.py`).
///
/// Lines break after spaces and tabs (the layout's own rule) and, through
/// these classes:
/// - between Chinese, Japanese and Korean characters, and between one and a
///   letter, but never before closing punctuation and small kana
///   (`。、」ー っ`, `) . , ! ?`) and never after opening punctuation
///   (`「（`, `( [`);
/// - after a hyphen (`well-` `known`), but not before a digit (`-5`,
///   `2024-06`) nor after hyphens that begin a word (`-v`, `--verbose`);
/// - after the characters UAX #14 lets a line break after (en dash `–`,
///   `‐`, `|`, the spaces U+2000…U+200A, the ideographic space), before
///   those it breaks before (`´`), and on both sides of an em dash `—`;
/// - at a zero-width space, and after a soft hyphen (U+00AD), which is
///   invisible unless the line breaks there and then shows as `-`.
///
/// Never around a no-break space, a word joiner or a quotation mark that
/// is neither opening nor closing (`"` `'`), and never before a combining
/// mark, which stays with its base. Everything else — letters,
/// digits, symbols, Thai and the other scripts UAX #14 breaks by
/// dictionary — is ``other`` or ``numeric``: no break inside a run of it.
///
/// | class | UAX #14 classes |
/// | --- | --- |
/// | ``other`` | AL HL SA AI XX SG CB PR PO SY BK CR LF NL |
/// | ``numeric`` | NU |
/// | ``ideographic`` | ID H2 H3 JL JV JT EB EM RI |
/// | ``opening`` | OP, QU that opens (Pi: `‘ “ « ‹`) |
/// | ``closing`` | CL CP NS EX IS CJ (as NS: the strict choice) IN, QU that closes (Pf) |
/// | ``zeroWidthSpace`` | ZW |
/// | ``hyphen`` | HY |
/// | ``breakAfter`` | BA but U+00AD |
/// | ``softHyphen`` | U+00AD |
/// | ``breakBefore`` | BB |
/// | ``breakBoth`` | B2 |
/// | ``combining`` | CM ZWJ |
/// | ``glue`` | GL WJ |
/// | ``space`` | SP |
/// | ``quotation`` | QU that is neither side (`"` `'`) |
///
/// Not supported: the rules after spaces (`( a`, `a )` break at the space),
/// numbers with their prefixes and suffixes (`$5`, `5%`, `1.5` are letters
/// to folio: no break, as UAX #14 says), breaks after `/` and `)` before
/// letters, emoji modifiers and regional-indicator pairs (each breaks as an
/// ideograph), Hebrew after hyphens, and dictionary breaks (Thai). The
/// README's "Unicode conformance" lists the measured rate.
public enum LineBreakClass: UInt8, Sendable, CustomStringConvertible {
    /// Letters, symbols and the rest: no break inside a run of them.
    case other
    /// Digits: as ``other``, and no break after a hyphen before one.
    case numeric
    /// Ideographs, kana, Hangul, emoji: a break is allowed before and after.
    case ideographic
    /// Opening punctuation: no break after it.
    case opening
    /// Closing punctuation, small kana, iteration marks: no break before it.
    case closing
    /// A zero-width space: a break is allowed after it.
    case zeroWidthSpace
    /// A hyphen-minus: a break is allowed after it, not before.
    case hyphen
    /// A dash, bar or space a line may end with: a break is allowed after it, not before.
    case breakAfter
    /// U+00AD SOFT HYPHEN: as ``breakAfter``; it shows as `-` where the line breaks, nothing elsewhere.
    case softHyphen
    /// A character that starts what follows (`´`): a break is allowed before it, not after.
    case breakBefore
    /// An em dash: a break is allowed before and after, not between two.
    case breakBoth
    /// A combining mark or joiner: it stays with the character before it.
    case combining
    /// A no-break space or word joiner: no break before or after it.
    case glue
    /// The space U+0020 (the layout breaks after spaces and tabs itself).
    case space
    /// A quotation mark that is neither opening nor closing (`"` `'`): no break before or after it.
    case quotation

    /// The class of `scalar`. O(1) for ASCII and the common CJK blocks; a
    /// binary search of the few runs of ``LineBreakTable`` in its 256 code
    /// points elsewhere in the Basic Multilingual Plane, of all 1,475 beyond.
    public static func of(_ scalar: Unicode.Scalar) -> LineBreakClass {
        let v = scalar.value
        if v < 0x80 { return ascii(UInt8(v)) }
        if v &- 0x4E00 < 0x5200 || v &- 0xAC00 < 0x2BA4 { return .ideographic }  // CJK Unified Ideographs, Hangul syllables
        return LineBreakTable.runs.withUnsafeBufferPointer { runs in
            // The last run starting at or before v: runs[low - 1] after the search.
            var low = 0, high = runs.count
            if v < 0x10000 {
                let block = Int(v &>> 8)
                low = Int(LineBreakTable.blocks[block]) &+ 1
                high = Int(LineBreakTable.blocks[block &+ 1]) &+ 1
            }
            while low < high {
                let mid = (low &+ high) &>> 1
                if runs[mid] &>> 8 <= v { low = mid &+ 1 } else { high = mid }
            }
            return LineBreakClass(rawValue: UInt8(truncatingIfNeeded: runs[low &- 1])) ?? .other
        }
    }

    /// ASCII: `( [ {` open, `) ] } . , : ; ! ?` close, digits are numeric,
    /// `-` a hyphen, `|` and the tab break after, `"` and `'` are quotation marks, controls combine (as
    /// `LineBreak.txt` says; the layout shows them as pictures), the rest is ``other``.
    @inlinable @inline(__always)
    public static func ascii(_ byte: UInt8) -> LineBreakClass {
        switch byte {
        case 0x28, 0x5B, 0x7B: .opening
        case 0x29, 0x5D, 0x7D, 0x2E, 0x2C, 0x3A, 0x3B, 0x21, 0x3F: .closing
        case 0x30...0x39: .numeric
        case 0x2D: .hyphen
        case 0x7C, 0x09: .breakAfter
        case 0x22, 0x27: .quotation
        case 0x20: .space
        case 0x00...0x08, 0x0E...0x1F, 0x7F: .combining
        default: .other
        }
    }

    /// Whether a line may break between a character of class `before` and
    /// one of class `after` with nothing between them: UAX #14's rules for
    /// these classes, in its order (LB7 to LB31), without the state some
    /// rules need (a mark takes its base's class, a hyphen that begins a
    /// word: the layout keeps that, see `LineBreaker`).
    @inlinable
    public static func allowsBreak(between before: LineBreakClass, and after: LineBreakClass) -> Bool {
        if after == .zeroWidthSpace || after == .space { return false }      // LB7
        if before == .zeroWidthSpace { return true }                         // LB8
        if after == .combining { return false }                             // LB9: a mark stays with its base
        if before == .glue { return false }                                  // LB11, LB12
        if after == .glue { return before == .hyphen || before == .breakAfter || before == .softHyphen }  // LB12a
        if after == .closing { return false }                                // LB13, LB16
        if before == .opening { return false }                               // LB14
        if before == .space { return true }                                  // LB18
        if before == .quotation || after == .quotation { return false }     // LB19
        if after == .hyphen || after == .breakAfter || after == .softHyphen || before == .breakBefore {
            return false                                                     // LB21
        }
        if before == .breakBoth && after == .breakBoth { return false }      // LB17
        if before == .hyphen && after == .numeric { return false }           // LB25
        switch before {
        case .hyphen, .breakAfter, .softHyphen, .breakBoth: return true      // LB31
        default: break
        }
        return after == .breakBoth || after == .breakBefore || before == .ideographic || after == .ideographic
    }

    /// The case's name: `other`, `ideographic`, `hyphen`…
    public var description: String {
        switch self {
        case .other: "other"
        case .numeric: "numeric"
        case .ideographic: "ideographic"
        case .opening: "opening"
        case .closing: "closing"
        case .zeroWidthSpace: "zeroWidthSpace"
        case .hyphen: "hyphen"
        case .breakAfter: "breakAfter"
        case .softHyphen: "softHyphen"
        case .breakBefore: "breakBefore"
        case .breakBoth: "breakBoth"
        case .combining: "combining"
        case .glue: "glue"
        case .space: "space"
        case .quotation: "quotation"
        }
    }
}
