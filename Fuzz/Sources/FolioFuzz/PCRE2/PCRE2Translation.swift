/// A ``Pattern`` source read on its own, from the syntax `Pattern`'s
/// documentation gives, and written as a PCRE2 expression that means the same
/// when compiled with `PCRE2_UTF | PCRE2_DOTALL` (and `PCRE2_CASELESS` when
/// the pattern ignores case), without `PCRE2_UCP`.
///
/// A second reading of the syntax, written without looking at the parser's
/// choices, so the pattern target also checks that both readings accept and
/// refuse the same sources. The translation spells out what the two engines
/// would otherwise read differently:
///
/// | Pattern | PCRE2 | why |
/// | --- | --- | --- |
/// | `^` `$` | `\A` `\z` | PCRE2's `$` also matches before a final line feed |
/// | `.` | `.` | with `PCRE2_DOTALL`, a line feed too |
/// | literal characters, escapes `\t \v \0 \x41 \x{1F600} \.` | `\x{…}` | PCRE2's `\v` is a class and `\0` starts an octal escape (`\012`) |
/// | `\w` and `\b \B \< \>` | a class of Unicode properties, lookarounds on it | PCRE2's `\w` is ASCII without `PCRE2_UCP` and differs from Pattern's with it; `\<` `\>` are literals to PCRE2 |
/// | `\d` `[:digit:]` `[:xdigit:]` | `[0-9]`, `[0-9A-Fa-f]` | with `PCRE2_UCP`, `\d` would be any decimal number |
/// | `\s` and POSIX classes | `\p{White_Space}`, `\p{Alphabetic}`, … | Pattern's classes are ASCII's "C" locale plus Unicode properties (``Pattern``'s table) |
/// | `[ab\W]`, `[^…]` | an alternation of classes, a negative lookahead before `.` | a PCRE2 class cannot hold the complement of a union |
/// | `a{,2}`, `x{y` | `a\x{7b}\x{2c}2\x{7d}`, `x\x{7b}y` | literal in both, spelled out |
///
/// Every class is a union of PCRE2 properties that equals Pattern's class on
/// every scalar assigned in Unicode 14.0 (PCRE2 10.42's version), measured over
/// all of them; the pattern target keeps newer characters, and the few older
/// ones whose properties changed since, out of the subject.
struct PCRE2Translation {
    /// The PCRE2 expression.
    let expression: String
    /// Whether an unbounded repetition (`*`, `+`, `{m,}`) has a body that can
    /// match the empty string (counting zero-width assertions as empty), where
    /// Pattern's VM may run one more iteration than a backtracking engine.
    let hasNullableLoop: Bool
    /// Whether the pattern names `[:upper:]` or `[:lower:]`, which Pattern
    /// folds when ignoring case (`[[:lower:]]` matches `B`) and PCRE2 does not.
    let hasCaseClass: Bool

    /// Why the syntax is refused, as this reading sees it.
    struct Refusal: Error, CustomStringConvertible {
        /// What is wrong.
        let reason: String
        /// Whether it is one of Pattern's size limits rather than the syntax:
        /// counts over 1,000, groups nested over 200 deep.
        let isLimit: Bool

        var description: String { reason }
    }

    /// Reads `source` as Pattern's syntax (or as one plain string when
    /// `isLiteral`) and writes it for PCRE2.
    ///
    /// - Throws: ``Refusal`` for a source Pattern's syntax does not allow.
    init(_ source: String, isLiteral: Bool) throws(Refusal) {
        if isLiteral {
            expression = source.unicodeScalars.map { Self.literal($0.value) }.joined()
            hasNullableLoop = false
            hasCaseClass = false
            return
        }
        var reader = Reader(Array(source.unicodeScalars))
        let whole = try reader.alternation()
        if reader.index < reader.scalars.count {
            throw Refusal(reason: "unmatched ) at \(reader.index)", isLimit: false)
        }
        expression = whole.text
        hasNullableLoop = reader.hasNullableLoop
        hasCaseClass = reader.hasCaseClass
    }

    /// A scalar that matches itself: ASCII letters and digits as they are, the rest as `\x{…}`.
    static func literal(_ value: UInt32) -> String {
        let isAlphanumeric = (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        return isAlphanumeric ? String(Unicode.Scalar(value)!) : "\\x{\(String(value, radix: 16))}"
    }

    /// What a class holds, as the inside of a PCRE2 character class.
    static func members(of name: String) -> String {
        switch name {
        case "word": #"\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}"#
        case "digit": "0-9"
        case "xdigit": "0-9A-Fa-f"
        case "space": #"\p{White_Space}"#
        case "blank": #"\x{9}\p{Zs}"#
        case "alpha": #"\p{Alphabetic}"#
        case "alnum": #"\p{Alphabetic}\p{Nd}"#
        case "upper": #"\p{Uppercase}"#
        case "lower": #"\p{Lowercase}"#
        // ASCII's punctuation is all its printable non-alphanumerics, symbols ($ + < = > ^ ` | ~) too.
        case "punct": #"\p{P}\x{24}\x{2b}\x{3c}-\x{3e}\x{5e}\x{60}\x{7c}\x{7e}"#
        case "cntrl": #"\p{Cc}"#
        // Not controls, separators, surrogates or unassigned.
        case "graph": #"\p{L}\p{M}\p{N}\p{P}\p{S}\p{Cf}\p{Co}"#
        case "print": #"\p{L}\p{M}\p{N}\p{P}\p{S}\p{Cf}\p{Co}\p{Zs}"#
        default: preconditionFailure("no class named \(name)")
        }
    }

    /// A word character, for the boundaries.
    static let word = "[\(members(of: "word"))]"

    /// One parsed piece: its PCRE2 text (a single atom where it may be
    /// repeated), whether it can match empty, and whether it is a bare assertion.
    struct Piece {
        var text: String
        var isNullable: Bool
        var isAssertion = false
    }

    /// A recursive-descent reader of Pattern's syntax.
    struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0
        var depth = 0
        var hasNullableLoop = false
        var hasCaseClass = false

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
        func peek(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }

        func refuse(_ reason: String, isLimit: Bool = false) -> Refusal {
            Refusal(reason: "\(reason) at \(index)", isLimit: isLimit)
        }

        mutating func alternation() throws(Refusal) -> Piece {
            var branches = [try concatenation()]
            while peek == "|" {
                index += 1
                branches.append(try concatenation())
            }
            return Piece(text: branches.map(\.text).joined(separator: "|"), isNullable: branches.contains { $0.isNullable })
        }

        mutating func concatenation() throws(Refusal) -> Piece {
            var text = ""
            var isNullable = true
            while let c = peek, c != "|", c != ")" {
                let isGroup = c == "("
                var piece = try atom()
                if let (low, high, width) = quantifier() {
                    if piece.isAssertion && !isGroup { throw refuse("nothing to repeat") }
                    if let high, high < low { throw refuse("counts out of order") }
                    if low > 1_000 || (high ?? 0) > 1_000 { throw refuse("counts over 1,000", isLimit: true) }
                    index += width
                    var lazy = ""
                    if peek == "?" { lazy = "?"; index += 1 }
                    if quantifier() != nil { throw refuse("a second quantifier") }
                    let counts = switch (low, high) {
                    case (0, nil): "*"
                    case (1, nil): "+"
                    case (0, 1): "?"
                    case (_, nil): "{\(low),}"
                    case (_, let high?) where high == low: "{\(low)}"
                    case (_, let high?): "{\(low),\(high)}"
                    }
                    if high == nil && piece.isNullable { hasNullableLoop = true }
                    piece = Piece(text: piece.text + counts + lazy, isNullable: piece.isNullable || low == 0)
                }
                text += piece.text
                isNullable = isNullable && piece.isNullable
            }
            return Piece(text: text, isNullable: isNullable)
        }

        /// The quantifier at the cursor, unconsumed: its counts and width in scalars.
        func quantifier() -> (Int, Int?, Int)? {
            switch peek {
            case "*": (0, nil, 1)
            case "+": (1, nil, 1)
            case "?": (0, 1, 1)
            case "{": counts(at: index)
            default: nil
            }
        }

        /// `{m}`, `{m,}` or `{m,n}` at `start`, or nil when the `{` there is a literal.
        func counts(at start: Int) -> (Int, Int?, Int)? {
            var i = start + 1
            func number() -> Int? {
                let first = i
                var value = 0
                while i < scalars.count, ("0"..."9").contains(scalars[i]) {
                    value = min(value * 10 + Int(scalars[i].value - 0x30), 1_000_000)
                    i += 1
                }
                return i > first ? value : nil
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if i < scalars.count, scalars[i] == "," {
                i += 1
                high = number()
            }
            guard i < scalars.count, scalars[i] == "}" else { return nil }
            return (low, high, i + 1 - start)
        }

        mutating func atom() throws(Refusal) -> Piece {
            let c = scalars[index]
            index += 1
            switch c {
            case "(":
                if peek == "?" {
                    guard peek(1) == ":" else { throw refuse("a group other than (?:") }
                    index += 2
                }
                depth += 1
                if depth > 200 { throw refuse("groups nested over 200 deep", isLimit: true) }
                let inner = try alternation()
                depth -= 1
                guard peek == ")" else { throw refuse("unmatched (") }
                index += 1
                return Piece(text: "(?:\(inner.text))", isNullable: inner.isNullable)
            case "[":
                return Piece(text: try bracket(), isNullable: false)
            case ".":
                return Piece(text: ".", isNullable: false)
            case "^":
                return Piece(text: #"\A"#, isNullable: true, isAssertion: true)
            case "$":
                return Piece(text: #"\z"#, isNullable: true, isAssertion: true)
            case "\\":
                return try escape()
            case "*", "+", "?":
                throw refuse("nothing to repeat")
            case "{":
                if counts(at: index - 1) != nil { throw refuse("nothing to repeat") }
                return Piece(text: Self.literalText(c), isNullable: false)
            default:
                return Piece(text: Self.literalText(c), isNullable: false)
            }
        }

        static func literalText(_ c: Unicode.Scalar) -> String { PCRE2Translation.literal(c.value) }

        /// After a `\` outside brackets.
        mutating func escape() throws(Refusal) -> Piece {
            guard let c = peek else { throw refuse("trailing \\") }
            index += 1
            let w = PCRE2Translation.word
            switch c {
            case "b": return Piece(text: "(?:(?<=\(w))(?!\(w))|(?<!\(w))(?=\(w)))", isNullable: true, isAssertion: true)
            case "B": return Piece(text: "(?:(?<=\(w))(?=\(w))|(?<!\(w))(?!\(w)))", isNullable: true, isAssertion: true)
            case "<": return Piece(text: "(?:(?<!\(w))(?=\(w)))", isNullable: true, isAssertion: true)
            case ">": return Piece(text: "(?:(?<=\(w))(?!\(w)))", isNullable: true, isAssertion: true)
            default:
                if let (name, negated) = Self.classEscape(c) {
                    var set = CharacterSet()
                    set.classes.append((name, negated))
                    return Piece(text: set.text, isNullable: false)
                }
                return Piece(text: Self.literalText(try literalEscape(c)), isNullable: false)
            }
        }

        /// `\d \D \w \W \s \S`: the class and whether it is the complement.
        static func classEscape(_ c: Unicode.Scalar) -> (String, Bool)? {
            switch c {
            case "d": ("digit", false)
            case "D": ("digit", true)
            case "w": ("word", false)
            case "W": ("word", true)
            case "s": ("space", false)
            case "S": ("space", true)
            default: nil
            }
        }

        /// The character a literal escape stands for, after its `\` and `c`.
        mutating func literalEscape(_ c: Unicode.Scalar) throws(Refusal) -> Unicode.Scalar {
            switch c {
            case "t": return "\u{09}"
            case "n": return "\u{0A}"
            case "v": return "\u{0B}"
            case "f": return "\u{0C}"
            case "r": return "\u{0D}"
            case "a": return "\u{07}"
            case "e": return "\u{1B}"
            case "0": return "\u{00}"
            case "x": return try hexEscape()
            default:
                let isASCIIAlphanumeric = c.isASCII && (("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c))
                if isASCIIAlphanumeric { throw refuse("unknown escape or back-reference \\\(c)") }
                return c
            }
        }

        /// `HH` or `{H…}` (one to six digits) after `\x`.
        mutating func hexEscape() throws(Refusal) -> Unicode.Scalar {
            func digit(_ s: Unicode.Scalar?) -> UInt32? {
                guard let s else { return nil }
                switch s {
                case "0"..."9": return s.value - 0x30
                case "a"..."f": return s.value - 0x61 + 10
                case "A"..."F": return s.value - 0x41 + 10
                default: return nil
                }
            }
            var value: UInt32 = 0
            if peek == "{" {
                var count = 0
                while let d = digit(peek(1 + count)) {
                    count += 1
                    if count > 6 { throw refuse("more than six hex digits") }
                    value = value * 16 + d
                }
                guard count > 0, peek(1 + count) == "}" else { throw refuse("bad \\x{…}") }
                index += count + 2
            } else {
                guard let high = digit(peek), let low = digit(peek(1)) else { throw refuse("bad \\xHH") }
                value = high * 16 + low
                index += 2
            }
            guard let scalar = Unicode.Scalar(value) else { throw refuse("\\x{\(String(value, radix: 16))} is no character") }
            return scalar
        }

        /// A bracket expression, the cursor after its `[`.
        mutating func bracket() throws(Refusal) -> String {
            var set = CharacterSet()
            if peek == "^" { set.isNegated = true; index += 1 }
            var isFirst = true
            while true {
                guard let c = peek else { throw refuse("unmatched [") }
                if c == "]" && !isFirst { index += 1; break }
                isFirst = false
                if c == "[", let kind = peek(1), kind == ":" || kind == "=" || kind == "." {
                    var end = index + 2
                    while end + 1 < scalars.count && !(scalars[end] == kind && scalars[end + 1] == "]") { end += 1 }
                    guard end + 1 < scalars.count else { throw refuse("unmatched [\(kind)") }
                    let name = String(String.UnicodeScalarView(scalars[index + 2..<end]))
                    index = end + 2
                    let posix = ["alpha", "digit", "alnum", "space", "upper", "lower", "punct", "xdigit", "blank", "cntrl", "print", "graph"]
                    guard kind == ":", posix.contains(name) else { throw refuse("[\(kind)\(name)\(kind)]") }
                    if name == "upper" || name == "lower" { hasCaseClass = true }
                    set.classes.append((name, false))
                    continue
                }
                if c == "\\", let e = peek(1), let (name, negated) = Self.classEscape(e) {
                    index += 2
                    set.classes.append((name, negated))
                    continue
                }
                let low = try bracketScalar()
                guard peek == "-", let after = peek(1), after != "]" else {
                    set.ranges.append(low.value...low.value)
                    continue
                }
                index += 1
                if after == "[", let kind = peek(1), kind == ":" || kind == "=" || kind == "." {
                    throw refuse("a range ending in a class")
                }
                if after == "\\", let e = peek(1), Self.classEscape(e) != nil {
                    throw refuse("a range ending in a class")
                }
                let high = try bracketScalar()
                guard low.value <= high.value else { throw refuse("range out of order") }
                set.ranges.append(low.value...high.value)
            }
            return set.text
        }

        /// One character inside brackets, escapes resolved (`\b` is a backspace there).
        mutating func bracketScalar() throws(Refusal) -> Unicode.Scalar {
            guard let c = peek else { throw refuse("unmatched [") }
            index += 1
            guard c == "\\" else { return c }
            guard let e = peek else { throw refuse("unmatched [") }
            index += 1
            return e == "b" ? "\u{08}" : try literalEscape(e)
        }
    }

    /// A bracket expression or class escape, to write for PCRE2.
    struct CharacterSet {
        var ranges: [ClosedRange<UInt32>] = []
        /// Named classes, each with whether it is the complement (`\W` in `[\W_]`).
        var classes: [(name: String, isComplement: Bool)] = []
        var isNegated = false

        /// The PCRE2 text for one character of the set.
        ///
        /// The ranges and plain classes make one PCRE2 class; each complement
        /// of a class is one more alternative (`[^…]`), since a PCRE2 class
        /// holds no complement of a union. A negated set is the complement
        /// of that alternation: a negative lookahead, then any character.
        var text: String {
            var plain = ranges.map { range in
                range.lowerBound == range.upperBound ? Self.member(range.lowerBound)
                    : "\(Self.member(range.lowerBound))-\(Self.member(range.upperBound))"
            }.joined()
            plain += classes.filter { !$0.isComplement }.map { PCRE2Translation.members(of: $0.name) }.joined()
            let complements = classes.filter(\.isComplement).map { "[^\(PCRE2Translation.members(of: $0.name))]" }
            if complements.isEmpty {
                return isNegated ? "[^\(plain)]" : "[\(plain)]"
            }
            let alternatives = (plain.isEmpty ? [] : ["[\(plain)]"]) + complements
            let union = alternatives.count == 1 ? alternatives[0] : "(?:\(alternatives.joined(separator: "|")))"
            return isNegated ? "(?:(?!\(union)).)" : union
        }

        /// A scalar inside a PCRE2 class.
        static func member(_ value: UInt32) -> String { "\\x{\(String(value, radix: 16))}" }
    }
}
