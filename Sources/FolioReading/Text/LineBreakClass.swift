/// What a character allows around it when a line is broken: the basics of
/// Unicode's line-breaking algorithm (UAX #14) that matter for reading.
///
/// Lines break after spaces (the layout's own rule) and, through these
/// classes, between Chinese, Japanese and Korean characters: between two
/// ideographs or kana, and between an ideograph and a letter, but never
/// before closing punctuation and small kana (`。、」ー っ`, `) . , ! ?`) and
/// never after opening punctuation (`「（`, `( [`). A zero-width space is a
/// break opportunity. Everything else (Latin words, digits, marks) is
/// ``other``: no break inside a run of it. Supported: the classes ID, CL,
/// CP, NS, EX, IS, OP, QU (curly quotes, by side), IN, ZW and CJ (treated
/// as NS, the "strict" choice); not supported: hyphenation, BA/BB, SA
/// (Thai and other dictionary scripts), numeric sequences.
public enum LineBreakClass: UInt8, Sendable, CustomStringConvertible {
    /// Letters, digits, marks: no break inside a run of them.
    case other
    /// Ideographs, kana, Hangul, emoji: a break is allowed before and after.
    case ideographic
    /// Opening punctuation: no break after it.
    case opening
    /// Closing punctuation, small kana, iteration marks: no break before it.
    case closing
    /// A zero-width space: a break is allowed after it.
    case zeroWidthSpace

    /// The class of `scalar`. O(1) for ASCII, a few comparisons otherwise.
    @inlinable
    public static func of(_ scalar: Unicode.Scalar) -> LineBreakClass {
        let v = scalar.value
        if v < 0x80 { return ascii(UInt8(v)) }
        if v < 0x2000 {
            switch v {
            case 0xAB: return .opening       // «
            case 0xBB: return .closing       // »
            case 0x1100...0x115F: return .ideographic  // Hangul leading jamo
            default: return .other
            }
        }
        if v < 0x2E80 {
            switch v {
            case 0x200B: return .zeroWidthSpace
            case 0x2018, 0x201C, 0x2039: return .opening   // ‘ “ ‹
            case 0x2019, 0x201D, 0x203A, 0x2024...0x2026, 0x203C, 0x2047...0x2049: return .closing  // ’ ” › ‥ … ‼ ⁇ ⁈ ⁉
            default: return (0x231A...0x231B).contains(v) || (0x2600...0x27BF).contains(v) ? .ideographic : .other
            }
        }
        if v < 0x3000 { return .ideographic }  // CJK radicals, Kangxi radicals, description characters
        if v < 0x3040 { return cjkSymbol(v) }
        if v < 0x3100 { return kana(v) }
        if v < 0xA000 {
            if (0x31F0...0x31FF).contains(v) { return .closing }  // small katakana for Ainu
            return .ideographic   // Bopomofo, Hangul compatibility, CJK strokes, ideographs and extension A
        }
        if (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) { return .ideographic }
        if (0xFE30...0xFE4F).contains(v) { return .other }
        if (0xFF00...0xFFEF).contains(v) { return fullwidth(v) }
        if (0x1F000...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v) { return .ideographic }
        return .other
    }

    /// ASCII: `( [ {` open, `) ] } . , : ; ! ?` close, the rest is ``other``.
    @inlinable
    public static func ascii(_ byte: UInt8) -> LineBreakClass {
        switch byte {
        case 0x28, 0x5B, 0x7B: .opening
        case 0x29, 0x5D, 0x7D, 0x2E, 0x2C, 0x3A, 0x3B, 0x21, 0x3F: .closing
        default: .other
        }
    }

    /// U+3000…U+303F: ideographic space and punctuation.
    @usableFromInline
    static func cjkSymbol(_ v: UInt32) -> LineBreakClass {
        switch v {
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D: .opening
        case 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F,
             0x3005, 0x303B, 0x301C: .closing
        default: .ideographic
        }
    }

    /// Hiragana and katakana: small kana, the prolonged sound mark and iteration marks do not start a line.
    @usableFromInline
    static func kana(_ v: UInt32) -> LineBreakClass {
        switch v {
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
             0x309B...0x309E, 0x30A0, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE,
             0x30F5, 0x30F6, 0x30FB...0x30FE:
            .closing
        default:
            .ideographic
        }
    }

    /// Fullwidth and halfwidth forms.
    @usableFromInline
    static func fullwidth(_ v: UInt32) -> LineBreakClass {
        switch v {
        case 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62: .opening
        case 0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64,
             0xFF65, 0xFF67...0xFF70, 0xFF9E, 0xFF9F: .closing
        default: .ideographic
        }
    }

    /// Whether a line may break between a character of class `before` and
    /// one of class `after` with nothing (no space) between them.
    @inlinable
    public static func allowsBreak(between before: LineBreakClass, and after: LineBreakClass) -> Bool {
        if before == .zeroWidthSpace { return after != .closing }
        if after == .closing || before == .opening { return false }
        return before == .ideographic || after == .ideographic
    }

    /// `other`, `ideographic`, `opening`, `closing` or `zeroWidthSpace`.
    public var description: String {
        switch self {
        case .other: "other"
        case .ideographic: "ideographic"
        case .opening: "opening"
        case .closing: "closing"
        case .zeroWidthSpace: "zeroWidthSpace"
        }
    }
}
