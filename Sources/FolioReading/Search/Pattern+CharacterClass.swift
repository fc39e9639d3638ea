extension Pattern {
    /// A named class of characters: `\w`, `\d`, `\s` and the POSIX
    /// bracket classes. POSIX "C" locale on ASCII, Unicode properties beyond
    /// (the table is in ``Pattern``'s documentation).
    enum CharacterClass: String, CaseIterable, Sendable {
        case word, digit, space, alpha, alnum, upper, lower, punct, cntrl, print, graph, xdigit, blank

        /// Whether `v` (a scalar value) belongs to the class.
        func contains(_ v: UInt32) -> Bool {
            if v < 0x80 { return containsASCII(UInt8(v)) }
            guard let scalar = Unicode.Scalar(v) else { return false }
            let properties = scalar.properties
            switch self {
            case .digit, .xdigit: return false
            case .space: return properties.isWhitespace
            case .blank: return properties.generalCategory == .spaceSeparator
            case .alpha: return properties.isAlphabetic
            case .alnum: return properties.isAlphabetic || properties.generalCategory == .decimalNumber
            case .upper: return properties.isUppercase
            case .lower: return properties.isLowercase
            case .cntrl: return properties.generalCategory == .control
            case .word:
                switch properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
                default: return properties.isAlphabetic || properties.isJoinControl
                }
            case .punct:
                switch properties.generalCategory {
                case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                     .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
                default: return false
                }
            case .graph, .print:
                switch properties.generalCategory {
                case .control, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator: return false
                case .spaceSeparator: return self == .print
                default: return true
                }
            }
        }

        /// Whether the ASCII byte `b` belongs to the class (POSIX "C" locale).
        func containsASCII(_ b: UInt8) -> Bool {
            let isUpper = b >= 0x41 && b <= 0x5A, isLower = b >= 0x61 && b <= 0x7A
            let isDigit = b >= 0x30 && b <= 0x39
            switch self {
            case .word: return isUpper || isLower || isDigit || b == 0x5F
            case .digit: return isDigit
            case .space: return b == 0x20 || (b >= 0x09 && b <= 0x0D)
            case .blank: return b == 0x20 || b == 0x09
            case .alpha: return isUpper || isLower
            case .alnum: return isUpper || isLower || isDigit
            case .upper: return isUpper
            case .lower: return isLower
            case .punct: return b > 0x20 && b < 0x7F && !(isUpper || isLower || isDigit)
            case .cntrl: return b < 0x20 || b == 0x7F
            case .print: return b >= 0x20 && b < 0x7F
            case .graph: return b > 0x20 && b < 0x7F
            case .xdigit: return isDigit || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
            }
        }
    }

    /// The characters a bracket expression or class escape matches.
    ///
    /// ASCII lives in a 128-bit map (case partners already added when the
    /// pattern ignores case); the rest is a list of scalar ranges and named
    /// classes, asked only for non-ASCII characters.
    struct ScalarSet: Equatable, Sendable {
        /// Bits 0–63 and 64–127 of the ASCII map.
        var low: UInt64 = 0, high: UInt64 = 0
        /// Non-ASCII scalar ranges (ASCII parts are in the map).
        var ranges: [ClosedRange<UInt32>] = []
        /// Named classes; `negated` for `\W \D \S` inside brackets.
        var classes: [NamedClass] = []
        /// `[^...]`, `\W`, `\D`, `\S`: everything not listed.
        var isNegated = false

        /// A named class as a member of a set.
        struct NamedClass: Equatable, Sendable {
            var name: CharacterClass
            var isNegated: Bool
        }

        /// A set holding only `name` (or everything but, for `\W \D \S`).
        init(_ name: CharacterClass, negated: Bool) {
            add(name, negated: false)
            isNegated = negated
        }

        /// An empty set, to add members to.
        init() {}

        /// Adds the scalars `lower...upper`.
        mutating func add(_ lower: UInt32, _ upper: UInt32) {
            var v = lower
            while v <= upper && v < 0x80 { setBit(UInt8(v)); v += 1 }
            if v <= upper { ranges.append(v...upper) }
        }

        /// Adds a named class (or its complement).
        mutating func add(_ name: CharacterClass, negated: Bool) {
            for b in 0..<UInt8(0x80) where name.containsASCII(b) != negated { setBit(b) }
            classes.append(NamedClass(name: name, isNegated: negated))
        }

        /// Readies the set for a pattern that ignores case: an ASCII letter
        /// goes in the map when any scalar of its class (``CaseFolding``) is
        /// listed (`K` when a range holds the Kelvin sign), and the non-ASCII
        /// scalars of a listed ASCII letter's class go in the ranges (the
        /// Kelvin sign and long `ſ` for `[k-s]`). Other non-ASCII scalars
        /// are folded as they are met (``matches(_:ignoringCase:)``).
        mutating func foldCase() {
            var letters: [UInt32] = []
            for v in UInt32(0x41)...0x7A where v <= 0x5A || v >= 0x61 {
                let listed = !CaseFolding.forEachMember(of: v) { m in !(m < 0x80 ? hasBit(UInt8(m)) : listsNonASCII(m)) }
                if listed { letters.append(v) }
            }
            for v in letters {
                CaseFolding.forEachMember(of: v) { m in
                    if m < 0x80 { setBit(UInt8(m)) } else if !listsNonASCII(m) { ranges.append(m...m) }
                    return true
                }
            }
        }

        private mutating func setBit(_ b: UInt8) {
            if b < 64 { low |= 1 << UInt64(b) } else { high |= 1 << UInt64(b - 64) }
        }

        /// Whether the ASCII byte `b` is in the map (before any negation).
        func hasBit(_ b: UInt8) -> Bool {
            b < 64 ? low & (1 << UInt64(b)) != 0 : high & (1 << UInt64(b &- 64)) != 0
        }

        /// Whether a non-ASCII scalar value `v` is listed (before negation).
        func listsNonASCII(_ v: UInt32) -> Bool {
            // Index loops: a debug build's array iterator can allocate.
            for i in ranges.indices where ranges[i].contains(v) { return true }
            for i in classes.indices where classes[i].name.contains(v) != classes[i].isNegated { return true }
            return false
        }

        /// Whether the set can match a non-ASCII character at all.
        var mayMatchNonASCII: Bool { isNegated || !ranges.isEmpty || !classes.isEmpty }

        /// Whether the scalar `v` matches; when `ignoringCase` (the set
        /// readied by ``foldCase()``), whether any scalar of its class under
        /// ``CaseFolding`` is listed.
        @inline(__always)
        func matches(_ v: UInt32, ignoringCase: Bool) -> Bool {
            if v < 0x80 { return hasBit(UInt8(truncatingIfNeeded: v)) != isNegated }
            var listed = listsNonASCII(v)
            if !listed && ignoringCase {
                listed = !CaseFolding.forEachMember(of: v) { m in
                    m == v || !(m < 0x80 ? hasBit(UInt8(truncatingIfNeeded: m)) : listsNonASCII(m))
                }
            }
            return listed != isNegated
        }
    }
}
