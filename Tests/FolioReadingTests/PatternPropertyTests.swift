import Testing
import PropertyBased
import FolioTestSupport
@testable import FolioReading

/// A regular expression in the part of the syntax `Pattern` and Swift's
/// `Regex` share with one meaning, generated and shrunk by the property tests.
indirect enum Expression: CustomStringConvertible, Sendable {
    case literal(String)
    case dot
    case set(String)
    case concatenation([Expression])
    case alternation([Expression])
    case group(Expression, capturing: Bool)
    case repetition(Expression, String, lazy: Bool)
    case anchor(String)

    /// Letters with one-to-one case pairs (and a few without case), digits,
    /// punctuation that needs an escape and some that does not.
    static let literals = ["a", "b", "c", "x", "y", "A", "B", "1", " ", "-", "_", "\\.", "\\*", "\\(", "é", "É", "ж", "σ", "日"]
    static let sets = ["[abc]", "[^a-c]", "[a-c1]", "[^ ]", "[xé]", "[.-]", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "[\\w-]", "[^\\d]"]
    static let quantifiers = ["*", "+", "?", "{2}", "{1,}", "{0,2}", "{1,3}"]
    static let anchors = ["^", "$", "\\b", "\\B"]

    /// A random expression at most `depth` levels deep.
    static func random(_ random: inout SplitMix, depth: Int) -> Expression {
        let leaf = depth <= 0 || random.next(3) == 0
        if leaf {
            switch random.next(10) {
            case 0...4: return .literal(literals[random.next(literals.count)])
            case 5: return .dot
            case 6...8: return .set(sets[random.next(sets.count)])
            default: return .anchor(anchors[random.next(anchors.count)])
            }
        }
        switch random.next(4) {
        case 0: return .concatenation((0..<random.next(3) + 2).map { _ in Self.random(&random, depth: depth - 1) })
        case 1: return .alternation((0..<random.next(2) + 2).map { _ in Self.random(&random, depth: depth - 1) })
        case 2: return .group(Self.random(&random, depth: depth - 1), capturing: random.next(2) == 0)
        default:
            return .repetition(Self.random(&random, depth: depth - 1), quantifiers[random.next(quantifiers.count)], lazy: random.next(3) == 0)
        }
    }

    var description: String {
        switch self {
        case .literal(let s), .set(let s), .anchor(let s): s
        case .dot: "."
        case .concatenation(let parts): parts.map { $0.isAlternation ? "(?:\($0))" : "\($0)" }.joined()
        case .alternation(let branches): branches.map { "\($0)" }.joined(separator: "|")
        case .group(let inner, let capturing): capturing ? "(\(inner))" : "(?:\(inner))"
        case .repetition(let body, let quantifier, let lazy):
            (body.isAtom ? "\(body)" : "(?:\(body))") + quantifier + (lazy ? "?" : "")
        }
    }

    /// Whether the expression can match the empty string.
    var isNullable: Bool {
        switch self {
        case .literal, .dot, .set: false
        case .anchor: true
        case .concatenation(let parts): parts.allSatisfy(\.isNullable)
        case .alternation(let branches): branches.contains(where: \.isNullable)
        case .group(let inner, _): inner.isNullable
        case .repetition(let body, let quantifier, _):
            ["*", "?", "{0,2}"].contains(quantifier) || body.isNullable
        }
    }

    /// Whether an unbounded repetition has a body that can match the empty
    /// string, as in `(?:a*|b)+`: after an empty iteration a backtracking
    /// engine leaves the loop, and a Pike VM, which merges threads at the
    /// same instruction, cannot always tell an empty iteration from a
    /// productive one (see `Pattern`'s "Which match").
    var hasNullableLoop: Bool {
        switch self {
        case .literal, .dot, .set, .anchor: false
        case .concatenation(let parts), .alternation(let parts): parts.contains(where: \.hasNullableLoop)
        case .group(let inner, _): inner.hasNullableLoop
        case .repetition(let body, let quantifier, _):
            (["*", "+", "{1,}"].contains(quantifier) && body.isNullable) || body.hasNullableLoop
        }
    }

    private var isAlternation: Bool { if case .alternation = self { true } else { false } }

    /// Whether a quantifier may follow without a group around.
    private var isAtom: Bool {
        switch self {
        case .literal, .dot, .set, .group: true
        default: false
        }
    }

    /// Smaller expressions to try when this one fails: each child in its
    /// place, a part or branch left out, a part shrunk.
    var shrinks: [Expression] {
        switch self {
        case .literal("a"): return []
        case .literal, .dot, .set, .anchor: return [.literal("a")]
        case .group(let inner, let capturing):
            return [inner] + inner.shrinks.map { .group($0, capturing: capturing) }
        case .repetition(let body, let quantifier, let lazy):
            return [body] + body.shrinks.map { .repetition($0, quantifier, lazy: lazy) }
        case .concatenation(let parts), .alternation(let parts):
            let rebuild: ([Expression]) -> Expression = {
                $0.count == 1 ? $0[0] : self.isAlternation ? .alternation($0) : .concatenation($0)
            }
            var out = parts
            for i in parts.indices {
                var fewer = parts
                fewer.remove(at: i)
                out.append(rebuild(fewer))
            }
            for i in parts.indices {
                for smaller in parts[i].shrinks {
                    var changed = parts
                    changed[i] = smaller
                    out.append(rebuild(changed))
                }
            }
            return out
        }
    }
}

/// Greedily shrinks a failing (expression, line) pair: tries smaller
/// expressions and shorter lines while `fails` still holds.
func shrink(_ expression: Expression, _ line: [Character], while fails: (Expression, [Character]) -> Bool) -> (Expression, [Character]) {
    var (e, l) = (expression, line)
    var progressed = true
    var rounds = 0
    while progressed && rounds < 500 {
        progressed = false
        rounds += 1
        for i in l.indices {
            var shorter = l
            shorter.remove(at: i)
            if fails(e, shorter) { l = shorter; progressed = true; break }
        }
        if progressed { continue }
        for smaller in e.shrinks where fails(smaller, l) {
            e = smaller
            progressed = true
            break
        }
    }
    return (e, l)
}

/// Seeded property tests: each case draws a seed and builds its patterns
/// and lines from it with `SplitMix`, so a failure message's `seed N`
/// replays by putting `Gen.always(N)` in place of the seed generator.
@Suite struct PatternPropertyTests {
    static let lineCharacters: [Character] = ["a", "a", "b", "c", "x", "y", "A", "B", "1", "2", " ", " ", "-", "_", ".", "*", "(", "é", "É", "ж", "Ж", "σ", "Σ", "日"]

    static func randomLine(_ random: inout SplitMix) -> [Character] {
        (0..<random.next(14)).map { _ in lineCharacters[random.next(lineCharacters.count)] }
    }

    /// The first match as UTF-8 offsets, by Swift's `Regex` with the same
    /// meaning as ours: scalar semantics, simple word boundaries (lines hold
    /// no digits beyond ASCII, so `\d` means the same to both).
    ///
    /// Nil for the outer optional when `Regex` refuses the pattern, or where
    /// Swift 6.3's `Regex` is known to be wrong about word characters: its
    /// simple word boundaries do not count digits (`\b1` does not match
    /// "1", though `\w` matches "1"), and its `\w` and `\W` misjudge `_` or
    /// a digit followed by a non-ASCII character (`\w` skips the "1" of
    /// "1ж"; `\W` finds "_" in "_日" but not in "_").
    static func oracle(_ source: String, _ line: String, ignoringCase: Bool) -> Range<Int>?? {
        let usesBoundaries = source.contains("\\b") || source.contains("\\B")
        let usesWords = source.contains("\\w") || source.contains("\\W")
        if usesBoundaries && line.contains(where: \.isNumber) { return .none }
        let scalars = Array(line.unicodeScalars)
        let misjudged = zip(scalars, scalars.dropFirst()).contains { ($0 == "_" || $0.properties.numericType != nil) && !$1.isASCII }
        if usesWords && misjudged { return .none }
        guard let regex = try? Regex(source) else { return .none }
        let configured = regex.matchingSemantics(.unicodeScalar).wordBoundaryKind(.simple).ignoresCase(ignoringCase)
        guard let match = try? configured.firstMatch(in: line) else { return .some(nil) }
        let utf8 = line.utf8
        return .some(utf8.distance(from: utf8.startIndex, to: match.range.lowerBound)..<utf8.distance(from: utf8.startIndex, to: match.range.upperBound))
    }

    /// Ours, or a description of the refusal.
    static func ours(_ source: String, _ line: String, ignoringCase: Bool) -> Result<Range<Int>?, PatternError> {
        Result { () throws(PatternError) in
            let pattern = try Pattern(source, caseSensitivity: ignoringCase ? .insensitive : .sensitive)
            return firstMatch(pattern, Array(line.utf8))
        }
    }

    /// Random patterns and lines: our first match equals Swift `Regex`'s.
    /// A failure names the seed, the shrunk pattern and line, and both answers.
    @Test func firstMatchAgreesWithSwiftRegex() async {
        var totals = (compared: 0, nonEmpty: 0)
        await propertyCheck(count: 200, input: Gen.uint64(in: 0 ... .max)) { seed in
            var random = SplitMix(seed: seed)
            var failures: [String] = []
            var compared = 0, nonEmpty = 0
            for _ in 0..<50 {
                let expression = Expression.random(&random, depth: 3)
                let line = Self.randomLine(&random)
                let ignoringCase = random.next(4) == 0
                func fails(_ e: Expression, _ l: [Character]) -> Bool {
                    guard !e.hasNullableLoop else { return false }
                    let source = e.description, text = String(l)
                    guard case .some(let expected) = Self.oracle(source, text, ignoringCase: ignoringCase) else { return false }
                    return Self.ours(source, text, ignoringCase: ignoringCase) != .success(expected)
                }
                if !expression.hasNullableLoop, case .some(let expected) = Self.oracle(expression.description, String(line), ignoringCase: ignoringCase) {
                    compared += 1
                    if expected.map({ !$0.isEmpty }) == true { nonEmpty += 1 }
                }
                guard fails(expression, line) else { continue }
                let (e, l) = shrink(expression, line, while: fails)
                let text = String(l)
                let expected = Self.oracle(e.description, text, ignoringCase: ignoringCase)!
                let got = Self.ours(e.description, text, ignoringCase: ignoringCase)
                failures.append("""
                    seed \(seed): /\(e)/\(ignoringCase ? "i" : "") on \"\(text)\": ours \(got), Regex \(String(describing: expected))
                      shrunk from /\(expression)/ on \"\(String(line))\"
                    """)
                break
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
            totals.compared += compared
            totals.nonEmpty += nonEmpty
        }
        // The grammar must keep the oracle busy: most cases compared (not
        // refused or skipped), and many with a real, non-empty match.
        #expect(totals.compared >= 7_000 && totals.nonEmpty >= 2_000, "\(totals.compared) of 10,000 compared, \(totals.nonEmpty) non-empty matches")
    }

    /// Bytes for lines that need not be valid UTF-8: ASCII, case pairs that
    /// share a lead byte and pairs that do not (ÿ/Ÿ), the characters that
    /// mix their bytes (ø, ſ), and stray, truncated and overlong sequences.
    static let byteChunks: [[UInt8]] = [
        [0x61], [0x61], [0x41], [0x62], [0x42], [0x20], [0x5F], [0x31], [0x2E],
        Array("é".utf8), Array("É".utf8), Array("ÿ".utf8), Array("Ÿ".utf8), Array("ø".utf8), Array("ſ".utf8),
        Array("ж".utf8), Array("Ж".utf8), Array("日".utf8), Array("\u{FFFD}".utf8),
        [0xFF], [0x80], [0xC3], [0xE6, 0x97], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98],
    ]

    static func randomBytes(_ random: inout SplitMix, chunks: Int) -> [UInt8] {
        (0..<random.next(chunks)).flatMap { _ in byteChunks[random.next(byteChunks.count)] }
    }

    /// The plain-string scanner and the prefilters agree with the bare VM,
    /// on lines with ill-formed bytes, with and without case, from every start.
    @Test func fastPathsAgreeWithTheVM() async {
        let needles = ["a", "ab", "aB", "é", "É", "ÿ", "Ÿa", "жЖ", "日", "\u{FFFD}", "a b", "_1", "ba", "abab"]
        await propertyCheck(count: 200, input: Gen.uint64(in: 0 ... .max)) { seed in
            var random = SplitMix(seed: seed)
            var failures: [String] = []
            for _ in 0..<30 {
                let line = Self.randomBytes(&random, chunks: 16)
                let caseSensitivity: Pattern.CaseSensitivity = random.next(2) == 0 ? .sensitive : .insensitive
                let literal = random.next(2) == 0
                let source = literal
                    ? (0..<random.next(2) + 1).map { _ in needles[random.next(needles.count)] }.joined()
                    : Expression.random(&random, depth: 3).description
                guard let fast = try? Pattern(source, caseSensitivity: caseSensitivity, isLiteral: literal, usesFastPaths: true),
                      let slow = try? Pattern(source, caseSensitivity: caseSensitivity, isLiteral: literal, usesFastPaths: false) else {
                    failures.append("seed \(seed): \(source) refused")
                    break
                }
                for start in 0...line.count {
                    let (f, s) = (firstMatch(fast, line, from: start), firstMatch(slow, line, from: start))
                    if f != s {
                        failures.append("seed \(seed): \(fast) in \(line) from \(start): fast \(String(describing: f)), VM \(String(describing: s))")
                        break
                    }
                }
                if !failures.isEmpty { break }
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        }
    }

    /// A search that passes over the lines without the pattern's literal (grep's way) finds
    /// exactly the matches a search of every line finds: in texts of random lines, some drawn
    /// otherwise than stored (escapes, overstrikes, soft hyphens), some longer than a line is
    /// searched whole, scanned in slices of random sizes across windows.
    @Test func passingOverLinesFindsWhatEveryLineFinds() async {
        let needles = ["a", "ab", "aB", "é", "ÿ", "жЖ", "日", "a b", "_1", "abab"]
        let decorations: [[UInt8]] = [Array("\u{1B}[1m".utf8), [0x08], Array("\u{AD}".utf8), [0x0A], [0x0A, 0x0A]]
        await propertyCheck(count: 150, input: Gen.uint64(in: 0 ... .max)) { seed in
            var random = SplitMix(seed: seed)
            var text: [UInt8] = []
            // Large texts now and then, for windows that end mid-text and a line past the longest searched whole.
            let lines = random.next(6) == 0 ? 6_000 : 60
            for _ in 0..<lines {
                text += Self.randomBytes(&random, chunks: 12)
                if random.next(40) == 0 { text += decorations[random.next(decorations.count)] }
                text.append(0x0A)
            }
            if lines > 60 && random.next(2) == 0 {
                text += Array(repeating: 0x62, count: TextSearch.maximumLine + 100) + Array("ab".utf8) + [0x0A]
            }
            let literal = random.next(2) == 0
            let source = literal
                ? (0..<random.next(2) + 1).map { _ in needles[random.next(needles.count)] }.joined()
                : Expression.random(&random, depth: 3).description
            let caseSensitivity: Pattern.CaseSensitivity = random.next(2) == 0 ? .sensitive : .insensitive
            guard let fast = try? Pattern(source, caseSensitivity: caseSensitivity, isLiteral: literal, usesFastPaths: true),
                  let slow = try? Pattern(source, caseSensitivity: caseSensitivity, isLiteral: literal, usesFastPaths: false) else {
                Issue.record("seed \(seed): \(source) refused")
                return
            }
            let storage = StreamText(complete: text)
            var skipping = TextSearch(pattern: fast, backward: false), everyLine = TextSearch(pattern: slow, backward: false)
            while !skipping.isComplete { skipping.scan(storage, budget: 1 + random.next(200_000)) }
            while !everyLine.isComplete { everyLine.scan(storage, budget: 1 << 20) }
            #expect(skipping.matches == everyLine.matches,
                    "seed \(seed): \(fast) in \(text.count) bytes: \(skipping.matches.count) matches passing over lines, \(everyLine.matches.count) line by line")
        }
    }

    /// Random strings of pattern syntax either compile or are refused with
    /// a column inside the pattern; what compiles searches random bytes
    /// without trapping and reports ranges inside the line, at or after the start.
    @Test func anyStringCompilesOrIsRefused() async {
        let alphabet = Array("()[]{}|*+?^$\\.-:,=<>0123456789aAbBdDwWsSxqé日 ".unicodeScalars)
        let classes = ["[:alpha:]", "[:foo:]", "(?:", "(?=", "{1,2}", "{1001}", "\\x{41}", "\\x4"]
        await propertyCheck(count: 500, input: Gen.uint64(in: 0 ... .max)) { seed in
            var random = SplitMix(seed: seed)
            var problems: [String] = []
            for _ in 0..<40 {
                var source = ""
                for _ in 0..<random.next(16) {
                    if random.next(8) == 0 { source += classes[random.next(classes.count)] }
                    else { source.unicodeScalars.append(alphabet[random.next(alphabet.count)]) }
                }
                let columns = source.unicodeScalars.count
                let pattern: Pattern
                do throws(PatternError) {
                    pattern = try Pattern(source, caseSensitivity: random.next(2) == 0 ? .smart : .insensitive)
                } catch {
                    if let column = error.column, !(1...columns).contains(column) {
                        problems.append("seed \(seed): \(source.debugDescription) refused at column \(column) of \(columns): \(error)")
                    }
                    continue
                }
                do {
                    let line = Self.randomBytes(&random, chunks: 12)
                    let start = random.next(line.count + 1)
                    if let match = firstMatch(pattern, line, from: start), match.lowerBound < start || match.upperBound > line.count {
                        problems.append("seed \(seed): \(pattern) in \(line) from \(start) gave \(match)")
                    }
                    var previous = 0
                    line.withUnsafeBytes { bytes in
                        pattern.forEachMatch(in: bytes) { match in
                            if match.lowerBound < previous || match.upperBound > line.count {
                                problems.append("seed \(seed): \(pattern) in \(line): \(match) after \(previous)")
                            }
                            previous = match.upperBound
                            return true
                        }
                    }
                }
            }
            #expect(problems.isEmpty, "\(problems.prefix(3).joined(separator: "\n"))")
        }
    }
}
