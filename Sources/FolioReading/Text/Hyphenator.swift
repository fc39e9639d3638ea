/// Where words of one language may break with a hyphen at a line's end: a
/// host's hyphenation dictionary (a window's libhyphen patterns), given to
/// the layout by its measurer (``TextMeasurer/hyphenator(forLanguage:)``).
///
/// The reading layer asks only about a word that runs past a line, so a
/// dictionary is consulted about once a line. A book's own soft hyphens
/// (U+00AD) are used without asking.
///
/// ```swift
/// struct Syllables: Hyphenator {
///     func breaks(in word: [Unicode.Scalar]) -> [Int] { word.count > 5 ? [3] : [] }
/// }
/// ```
public protocol Hyphenator: Sendable {
    /// The places `word` (letters only, as the text has them, in any case)
    /// may break with a hyphen: for each, how many of its characters come
    /// before the break, ascending, each between 1 and `word.count - 1`.
    /// The answer must depend on the word alone, so pagination stays repeatable.
    func breaks(in word: [Unicode.Scalar]) -> [Int]
}

extension TextLayout {
    /// The longest word looked at for hyphenation, in characters: a longer run
    /// of letters (a hash, a base64 line) is cut where the line is full, and
    /// laying out a line never reads more than this past it.
    public static let longestHyphenatedWord = 64

    /// Where a line that is full at byte `overflow`, inside a word, ends with a
    /// hyphen: the last of the ``hyphenator``'s breaks in that word at which
    /// the part before and a hyphen fit `lineWidth`.
    ///
    /// The word is looked for from `start` (the line's last break, after a
    /// space, or its start), `x` units in, in `style`: letters and marks,
    /// escapes between them taking no room. Returns nil when there is no such
    /// break (the line wraps as without hyphenation), and `needsMore` when the
    /// bytes end inside the word and more are to come.
    func hyphenation(in bytes: UnsafeRawBufferPointer, from start: Int, x: Int, style: TextStyle, overflow: Int,
                     lineWidth: Int, isFinal: Bool) -> (end: Int, width: Int, style: TextStyle, needsMore: Bool)? {
        guard let hyphenator else { return nil }
        var decoder = TextDecoder(style: style)
        var letters: [Unicode.Scalar] = []
        // After each letter of the word: the byte it ends at, the units the line has reached, the style there.
        var ends: [(at: Int, x: Int, style: TextStyle)] = []
        var i = start, x = x, previous: UInt32 = 0
        while true {
            if i >= bytes.count {
                guard isFinal else { return (i, 0, style, true) }
                break
            }
            guard let (unit, length) = decoder.unit(in: bytes, at: i, isFinal: isFinal) else { return (i, 0, style, true) }
            if case .control = unit {
                previous = 0
                i += length
                continue
            }
            // A space, tab or line's end (or an overstrike): after the full line it ends the word; before, there is none.
            guard case .glyph(let scalar, let glyphStyle) = unit, length == scalar.utf8.count else {
                if i >= overflow { break }
                return nil
            }
            // A word with soft hyphens breaks only where the book put them.
            if scalar == "\u{AD}" { return nil }
            let letter = scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark
            if !letter {
                // Punctuation: a word begins after it, or, after the full line, has ended.
                if i >= overflow { break }
                letters.removeAll()
                ends.removeAll()
            }
            // Set as the line was: marks take no room and are not kerned.
            let w = width(of: scalar, style: glyphStyle)
            if w == 0 {
                previous = 0
            } else {
                x += w + kerning(previous, scalar, style: glyphStyle)
                previous = kerns ? scalar.value : 0
            }
            i += length
            if letter {
                guard letters.count < Self.longestHyphenatedWord else { return nil }
                letters.append(scalar)
                ends.append((i, x, decoder.style))
            }
        }
        guard ends.first.map({ $0.at <= overflow }) ?? false else { return nil }
        for count in hyphenator.breaks(in: letters).reversed() where count > 0 && count < letters.count {
            let end = ends[count - 1]
            guard end.at <= overflow else { continue }
            let hyphen = width(of: "-", style: end.style)
            if end.x + hyphen <= lineWidth { return (end.at, end.x + hyphen, end.style, false) }
        }
        return nil
    }
}
