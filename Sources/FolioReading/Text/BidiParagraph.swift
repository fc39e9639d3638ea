/// One paragraph's embedding levels, resolved by Unicode's bidirectional
/// algorithm (UAX #9, rules P2–I2), ready to reorder any line of it.
///
/// A paragraph is resolved once; line breaking comes after (UAX #9 §3.4),
/// and each line is reordered on its own with ``visualOrder(ofLine:)``
/// (rules L1, L2). Levels are small integers: even reads left to right, odd
/// right to left; a left-to-right paragraph is level 0, a right-to-left one 1.
///
/// ```swift
/// let paragraph = BidiParagraph(scalars: "גרסה 2.5".unicodeScalars)
/// paragraph.direction                    // .rightToLeft: its first strong letter is Hebrew
/// paragraph.levels                       // [1, 1, 1, 1, 1, 2, 2, 2]
/// paragraph.visualOrder(ofLine: 0..<8)   // [5, 6, 7, 4, 3, 2, 1, 0]: "2.5 הסרג"
/// ```
///
/// The input is one paragraph: a paragraph separator (class B) inside it
/// ends every embedding, override and isolate open before it and takes the
/// paragraph's level (X8), but does not start a paragraph with a direction
/// of its own (split the text there for that, as rule P1 does).
///
/// Cost: O(n) for n characters, plus O(n · d) for d nested levels when
/// reordering a line; the explicit stack holds at most 125 levels and the
/// bracket stack 63 pairs, as the algorithm bounds them.
public struct BidiParagraph: Sendable, CustomStringConvertible {
    /// Each character's Bidi_Class, as given.
    public let classes: [BidiClass]
    /// The paragraph's direction: given, or from its first strong character
    /// outside isolates (left to right when it has none).
    public let direction: TextDirection
    /// Each character's resolved level (rules X1–I2, before L1). A character
    /// rule X9 removes (``BidiClass/isRemovedByX9``) has no level of its own
    /// and takes the one of the character before it (the paragraph's at the
    /// start), so that it stays next to it when reordered.
    public let levels: [UInt8]

    /// Resolves the paragraph of `classes`, treating no character as a paired
    /// bracket (as `BidiTest.txt` assumes); `direction` nil takes the first
    /// strong character's (P2, P3).
    public init(classes: [BidiClass], direction: TextDirection? = nil) {
        self.init(classes: classes, brackets: [], direction: direction)
    }

    /// Resolves the paragraph of `scalars`, their classes and paired brackets
    /// from the Unicode Character Database; `direction` nil takes the first
    /// strong character's (P2, P3).
    public init(scalars: some Sequence<Unicode.Scalar>, direction: TextDirection? = nil) {
        var classes: [BidiClass] = [], brackets: [UInt32] = []
        classes.reserveCapacity(scalars.underestimatedCount)
        brackets.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars {
            let bidiClass = BidiClass(of: scalar)
            classes.append(bidiClass)
            brackets.append(bidiClass == .otherNeutral ? Bidi.pairedBracket(scalar) : 0)
        }
        self.init(classes: classes, brackets: brackets, direction: direction)
    }

    /// Resolves the paragraph of `classes`; `brackets` holds each character's
    /// ``Bidi/pairedBracket(_:)`` (empty: no brackets at all).
    init(classes: [BidiClass], brackets: [UInt32], direction: TextDirection?) {
        var resolver = BidiResolver(classes: classes, brackets: brackets, direction: direction)
        resolver.resolve()
        self.classes = classes
        self.direction = resolver.direction
        self.levels = resolver.levels
    }

    /// The number of characters.
    public var count: Int { classes.count }

    /// A compact, readable form for logs and test failures: the direction and the levels.
    public var description: String {
        "\(direction) " + levels.map(String.init).joined(separator: " ")
    }
}
