extension Pattern {
    /// Turns pattern source into a ``Node`` tree, or says what is wrong and where.
    ///
    /// Recursive descent over the source's Unicode scalars: alternation,
    /// then concatenation, then a repeated atom. Nesting deeper than
    /// ``maximumDepth`` is refused rather than risking the stack.
    struct Parser {
        /// Groups may nest this deep.
        static let maximumDepth = 200
        /// `{m,n}` counts above this are refused.
        static let maximumCount = 1_000

        let scalars: [Unicode.Scalar]
        var index = 0
        var depth = 0

        init(_ source: String) { scalars = Array(source.unicodeScalars) }

        /// The whole source as one node.
        static func parse(_ source: String) throws(PatternError) -> Node {
            var parser = Parser(source)
            let node = try parser.alternation()
            if parser.index < parser.scalars.count {
                // Only a `)` stops an alternation early.
                throw PatternError("unmatched )", column: parser.index + 1)
            }
            return node
        }

        /// Whether `source` has an upper-case letter outside escapes, the smart-case test.
        static func hasUpperCase(_ source: String, isLiteral: Bool) -> Bool {
            var escaped = false
            for scalar in source.unicodeScalars {
                if escaped { escaped = false; continue }
                if scalar == "\\" && !isLiteral { escaped = true; continue }
                if scalar.properties.isUppercase { return true }
            }
            return false
        }

        private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        private func peek(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        private mutating func alternation() throws(PatternError) -> Node {
            var branches = [try concatenation()]
            while peek == "|" {
                index += 1
                branches.append(try concatenation())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        private mutating func concatenation() throws(PatternError) -> Node {
            var items: [Node] = []
            while let c = peek, c != "|", c != ")" {
                let isGroup = c == "("
                var node = try atom()
                var repeated = false
                while let (min, max, width) = quantifier() {
                    let column = index + 1
                    let shown = String(String.UnicodeScalarView(scalars[index..<index + width]))
                    if repeated || (!isGroup && !node.canRepeat) {
                        throw PatternError("nothing to repeat before \(shown)", column: column)
                    }
                    if let max, max < min { throw PatternError("counts out of order in \(shown)", column: column) }
                    if min > Self.maximumCount || (max ?? 0) > Self.maximumCount {
                        throw PatternError("pattern too large: \(shown) counts over \(Self.maximumCount)", column: column)
                    }
                    index += width
                    var greedy = true
                    if peek == "?" { greedy = false; index += 1 }
                    node = .repetition(node, min: min, max: max, greedy: greedy)
                    repeated = true
                }
                items.append(node)
            }
            switch items.count {
            case 0: return .empty
            case 1: return items[0]
            default: return .concatenation(items)
            }
        }

        /// The quantifier at the cursor, without consuming it: counts and its width in scalars.
        /// Throws for counts that are out of order or too large.
        private func quantifier() -> (Int, Int?, Int)? {
            switch peek {
            case "*": return (0, nil, 1)
            case "+": return (1, nil, 1)
            case "?": return (0, 1, 1)
            case "{": return interval()
            default: return nil
            }
        }

        /// `{m}`, `{m,}` or `{m,n}` at the cursor, or nil when the `{` is a literal.
        private func interval() -> (Int, Int?, Int)? {
            var i = index + 1
            func number() -> Int? {
                var value: Int?
                while i < scalars.count, scalars[i] >= "0" && scalars[i] <= "9" {
                    value = min((value ?? 0) * 10 + Int(scalars[i].value - 0x30), 1_000_000)
                    i += 1
                }
                return value
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if i < scalars.count && scalars[i] == "," {
                i += 1
                high = number()
            }
            guard i < scalars.count && scalars[i] == "}" else { return nil }
            return (low, high, i + 1 - index)
        }

        private mutating func atom() throws(PatternError) -> Node {
            let column = index + 1
            let c = scalars[index]
            index += 1
            switch c {
            case "(":
                if peek == "?" {
                    guard peek(1) == ":" else {
                        let shown = PatternError.quoted(scalars[index - 1..<min(index + 2, scalars.count)])
                        throw PatternError("unsupported group \(shown) (only (?: is known)", column: column)
                    }
                    index += 2
                }
                depth += 1
                guard depth <= Self.maximumDepth else { throw PatternError("groups nested too deeply", column: column) }
                let inner = try alternation()
                depth -= 1
                guard peek == ")" else { throw PatternError("unmatched (", column: column) }
                index += 1
                return inner
            case "[": return .set(try bracket(column: column))
            case ".": return .any
            case "^": return .assertion(.lineStart)
            case "$": return .assertion(.lineEnd)
            case "\\": return try escape(column: column)
            case "*", "+", "?": throw PatternError("nothing to repeat before \(c)", column: column)
            case "{":
                index -= 1
                if let (_, _, width) = interval() {
                    let shown = String(String.UnicodeScalarView(scalars[index..<index + width]))
                    throw PatternError("nothing to repeat before \(shown)", column: column)
                }
                index += 1
                return .scalar(c)
            default: return .scalar(c)
            }
        }

        /// The escape after a `\` outside brackets.
        private mutating func escape(column: Int) throws(PatternError) -> Node {
            guard let c = peek else { throw PatternError("trailing \\", column: column) }
            index += 1
            switch c {
            case "b": return .assertion(.wordBoundary)
            case "B": return .assertion(.notWordBoundary)
            case "<": return .assertion(.wordStart)
            case ">": return .assertion(.wordEnd)
            default:
                if let (name, negated) = Self.classEscape(c) { return .set(ScalarSet(name, negated: negated)) }
                return .scalar(try literalEscape(c, column: column))
            }
        }

        /// `\d \D \w \W \s \S` as a class and whether it is negated.
        private static func classEscape(_ c: Unicode.Scalar) -> (CharacterClass, Bool)? {
            switch c {
            case "d": (.digit, false)
            case "D": (.digit, true)
            case "w": (.word, false)
            case "W": (.word, true)
            case "s": (.space, false)
            case "S": (.space, true)
            default: nil
            }
        }

        /// The scalar a literal escape stands for (`c` already consumed): `\t`, `\x41`, `\.`.
        private mutating func literalEscape(_ c: Unicode.Scalar, column: Int) throws(PatternError) -> Unicode.Scalar {
            switch c {
            case "t": return "\t"
            case "n": return "\n"
            case "r": return "\r"
            case "f": return "\u{0C}"
            case "v": return "\u{0B}"
            case "a": return "\u{07}"
            case "e": return "\u{1B}"
            case "0": return "\0"
            case "x": return try hexEscape(column: column)
            case "1"..."9": throw PatternError("back-references such as \\\(c) are not supported", column: column)
            default:
                let isAlphanumeric = c.isASCII && (c.properties.isAlphabetic || c.properties.numericType != nil)
                if isAlphanumeric { throw PatternError("unknown escape \\\(c)", column: column) }
                return c
            }
        }

        /// `\xHH` or `\x{H...}` after the `x`.
        private mutating func hexEscape(column: Int) throws(PatternError) -> Unicode.Scalar {
            func hex(_ s: Unicode.Scalar?) -> UInt32? {
                guard let s, s.isASCII, let d = UInt32(String(s), radix: 16) else { return nil }
                return d
            }
            var value: UInt32 = 0
            if peek == "{" {
                index += 1
                var digits = 0
                while let d = hex(peek) {
                    value = value * 16 + d
                    digits += 1
                    index += 1
                    if digits > 6 { break }
                }
                guard digits > 0, digits <= 6, peek == "}" else { throw PatternError("bad hex escape, use \\x{1F600}", column: column) }
                index += 1
            } else {
                guard let d1 = hex(peek), let d2 = hex(peek(1)) else { throw PatternError("bad hex escape, use \\x41", column: column) }
                value = d1 * 16 + d2
                index += 2
            }
            guard let scalar = Unicode.Scalar(value) else { throw PatternError("\\x{\(String(value, radix: 16, uppercase: true))} is not a character", column: column) }
            return scalar
        }

        /// A bracket expression; the cursor is after the `[`.
        private mutating func bracket(column: Int) throws(PatternError) -> ScalarSet {
            var set = ScalarSet()
            if peek == "^" { set.isNegated = true; index += 1 }
            var first = true
            while true {
                guard let c = peek else { throw PatternError("unmatched [", column: column) }
                if c == "]" && !first { index += 1; return set }
                first = false
                let itemColumn = index + 1
                if c == "[", let next = peek(1), next == ":" || next == "=" || next == "." {
                    try namedClass(into: &set, column: itemColumn)
                    continue
                }
                if c == "\\", let e = peek(1), let (name, negated) = Self.classEscape(e) {
                    index += 2
                    set.add(name, negated: negated)
                    continue
                }
                let low = try bracketScalar()
                if peek == "-", let after = peek(1), after != "]" {
                    index += 1
                    if after == "[" && (peek(1) == ":" || peek(1) == "=" || peek(1) == ".") {
                        throw PatternError("a range cannot end in a class", column: index + 1)
                    }
                    if after == "\\", let e = peek(1), Self.classEscape(e) != nil {
                        throw PatternError("a range cannot end in a class", column: index + 1)
                    }
                    let high = try bracketScalar()
                    guard low.value <= high.value else {
                        let shown = PatternError.quoted([low]) + "-" + PatternError.quoted([high])
                        throw PatternError("range out of order \(shown)", column: itemColumn)
                    }
                    set.add(low.value, high.value)
                } else {
                    set.add(low.value, low.value)
                }
            }
        }

        /// One scalar inside brackets, escapes resolved (`\b` is backspace there).
        private mutating func bracketScalar() throws(PatternError) -> Unicode.Scalar {
            guard let c = peek else { throw PatternError("unmatched [", column: index + 1) }
            let column = index + 1
            index += 1
            guard c == "\\" else { return c }
            guard let e = peek else { throw PatternError("unmatched [", column: column) }
            index += 1
            if e == "b" { return "\u{08}" }
            return try literalEscape(e, column: column)
        }

        /// `[:name:]` inside brackets; the cursor is on the inner `[`.
        private mutating func namedClass(into set: inout ScalarSet, column: Int) throws(PatternError) {
            let kind = scalars[index + 1]
            var end = index + 2
            while end + 1 < scalars.count, !(scalars[end] == kind && scalars[end + 1] == "]") { end += 1 }
            guard end + 1 < scalars.count else { throw PatternError("unmatched [\(kind)", column: column) }
            let name = String(String.UnicodeScalarView(scalars[index + 2..<end]))
            index = end + 2
            let shown = PatternError.quoted(name.unicodeScalars)
            guard kind == ":" else {
                throw PatternError("[\(kind)\(shown)\(kind)] is not supported, list the characters instead", column: column)
            }
            let known = name == "digit" ? CharacterClass.digit : CharacterClass(rawValue: name)
            guard let known, known != .word else { throw PatternError("unknown class [:\(shown):]", column: column) }
            set.add(known, negated: false)
        }
    }
}

extension Pattern.Node {
    /// Whether a quantifier may follow outside a group: anything but an assertion.
    var canRepeat: Bool {
        if case .assertion = self { return false }
        return true
    }
}
