/// A character's Bidi_Class: what the bidirectional algorithm (UAX #9)
/// knows of its direction.
///
/// Strong classes give a direction (``leftToRight``, ``rightToLeft``,
/// ``arabicLetter``); weak ones take it from their neighbours (numbers and
/// their separators, marks); neutral ones from the text around them
/// (spaces, punctuation); explicit ones are formatting characters that
/// open and close embeddings, overrides and isolates. The raw values are
/// the order of the generated table (`Scripts/generate-bidi-tables.py`).
///
/// ```swift
/// BidiClass(of: "א")   // .rightToLeft
/// BidiClass(of: "7")   // .europeanNumber
/// ```
public enum BidiClass: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// L: Latin, CJK and most scripts.
    case leftToRight
    /// R: Hebrew, N'Ko, Samaritan and other right-to-left scripts.
    case rightToLeft
    /// AL: Arabic, Syriac, Thaana.
    case arabicLetter
    /// EN: digits 0–9 and their forms in other scripts.
    case europeanNumber
    /// ES: plus and minus signs.
    case europeanSeparator
    /// ET: degree, currency and percent signs that go with a number.
    case europeanTerminator
    /// AN: Arabic-Indic digits and Arabic number separators.
    case arabicNumber
    /// CS: colon, comma, full stop, no-break space between numbers.
    case commonSeparator
    /// NSM: a combining mark, which takes its base's direction.
    case nonspacingMark
    /// BN: controls and format characters ignored by the algorithm (ZWJ, BOM).
    case boundaryNeutral
    /// B: a paragraph separator (line feed, U+2029).
    case paragraphSeparator
    /// S: a segment separator (tab).
    case segmentSeparator
    /// WS: a space.
    case whitespace
    /// ON: other neutrals: punctuation, symbols.
    case otherNeutral
    /// LRE: U+202A LEFT-TO-RIGHT EMBEDDING.
    case leftToRightEmbedding
    /// LRO: U+202D LEFT-TO-RIGHT OVERRIDE.
    case leftToRightOverride
    /// RLE: U+202B RIGHT-TO-LEFT EMBEDDING.
    case rightToLeftEmbedding
    /// RLO: U+202E RIGHT-TO-LEFT OVERRIDE.
    case rightToLeftOverride
    /// PDF: U+202C POP DIRECTIONAL FORMATTING, which ends an embedding or override.
    case popDirectionalFormat
    /// LRI: U+2066 LEFT-TO-RIGHT ISOLATE.
    case leftToRightIsolate
    /// RLI: U+2067 RIGHT-TO-LEFT ISOLATE.
    case rightToLeftIsolate
    /// FSI: U+2068 FIRST STRONG ISOLATE, whose direction is its first strong character's.
    case firstStrongIsolate
    /// PDI: U+2069 POP DIRECTIONAL ISOLATE, which ends an isolate.
    case popDirectionalIsolate

    /// The class of `scalar`, from the Unicode Character Database (unassigned
    /// code points take the defaults of their blocks). O(log r) in the table's
    /// ranges (about 1,200); ASCII letters and spaces answer at once.
    public init(of scalar: Unicode.Scalar) {
        let v = scalar.value
        if v >= 0x61 && v <= 0x7A || v >= 0x41 && v <= 0x5A {
            self = .leftToRight
            return
        }
        if v == 0x20 {
            self = .whitespace
            return
        }
        let packed = BidiTables.classes.withUnsafeBufferPointer { table in
            // The last entry whose first code point is at most v (entry 0 starts at U+0000).
            let key = v << 5 | 0x1F
            var low = 0, high = table.count
            while high - low > 1 {
                let mid = (low &+ high) &>> 1
                if table[mid] <= key { low = mid } else { high = mid }
            }
            return table[low]
        }
        self = BidiClass(rawValue: UInt8(truncatingIfNeeded: packed & 0x1F)) ?? .leftToRight
    }

    /// Whether two classes are the same: their raw values compared, in a
    /// concrete function (the synthesised one was called through the
    /// Equatable witness in the algorithm's inner loops, unspecialised: half its time).
    @inlinable
    public static func == (lhs: BidiClass, rhs: BidiClass) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Whether two classes differ (concrete, as ``==(_:_:)``).
    @inlinable
    public static func != (lhs: BidiClass, rhs: BidiClass) -> Bool { lhs.rawValue != rhs.rawValue }

    /// The short name UAX #9 and the Unicode Character Database use: "L", "AL", "RLI".
    public var description: String {
        switch self {
        case .leftToRight: "L"
        case .rightToLeft: "R"
        case .arabicLetter: "AL"
        case .europeanNumber: "EN"
        case .europeanSeparator: "ES"
        case .europeanTerminator: "ET"
        case .arabicNumber: "AN"
        case .commonSeparator: "CS"
        case .nonspacingMark: "NSM"
        case .boundaryNeutral: "BN"
        case .paragraphSeparator: "B"
        case .segmentSeparator: "S"
        case .whitespace: "WS"
        case .otherNeutral: "ON"
        case .leftToRightEmbedding: "LRE"
        case .leftToRightOverride: "LRO"
        case .rightToLeftEmbedding: "RLE"
        case .rightToLeftOverride: "RLO"
        case .popDirectionalFormat: "PDF"
        case .leftToRightIsolate: "LRI"
        case .rightToLeftIsolate: "RLI"
        case .firstStrongIsolate: "FSI"
        case .popDirectionalIsolate: "PDI"
        }
    }

    /// Whether rule X9 takes characters of this class out of the algorithm
    /// (embeddings, overrides, their pop, boundary neutrals): they get no level
    /// of their own and are drawn at their neighbour's.
    @inlinable
    public var isRemovedByX9: Bool {
        switch self {
        case .leftToRightEmbedding, .rightToLeftEmbedding, .leftToRightOverride, .rightToLeftOverride,
             .popDirectionalFormat, .boundaryNeutral: true
        default: false
        }
    }

    /// Whether this class opens an isolate (LRI, RLI, FSI).
    @inlinable
    var isIsolateInitiator: Bool {
        self == .leftToRightIsolate || self == .rightToLeftIsolate || self == .firstStrongIsolate
    }
}
