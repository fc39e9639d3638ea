import CPCRE2
import FolioReading
#if canImport(Glibc)
import Glibc
#endif

/// The search engine, ``Pattern``, against PCRE2 10.42 as a reference: both
/// compile the same pattern and must find the same matches in the same line.
///
/// An input is a flags byte, the pattern up to the first line feed, and the
/// line to search after it (its first 512 bytes). The flags byte's low bits:
/// 1 ignores case, 2 makes it smart (overriding 1), 4 takes the pattern as a
/// plain string (`isLiteral`); so a seed reads `0colou?r\b`, then the line,
/// with `0` case-sensitive, `1` ignoring case, `2` smart, `4`–`6` the same
/// for a plain string.
///
/// Properties, for every input:
/// - a pattern Pattern refuses throws a `PatternError` whose message is one
///   non-empty, printable line (no controls, line breaks or bidi marks: a
///   status line shows it), with a column inside the pattern;
/// - the syntax read a second time, independently (``PCRE2Translation``),
///   accepts what Pattern accepts and refuses what it refuses (Pattern's size
///   limits aside: 20,000 instructions, counts over 1,000, groups 200 deep);
/// - where PCRE2 compiles the translation too, Pattern's first match in the
///   line is PCRE2's, start and end, from the line's start and from a random
///   start inside it; both agree whether the empty line matches;
/// - the matches along the line agree, up to 64: Pattern's `forEachMatch`
///   against PCRE2 searched the way `forEachMatch` documents (from where the
///   last match ended; after an empty match, from the next character; an empty
///   match where the previous one ended skipped);
/// - on the line as given, ill-formed UTF-8 and all, Pattern's matches lie in
///   order inside the line and begin and end between characters (PCRE2 is not
///   asked: it matches no ill-formed byte, where Pattern's `.` does).
///
/// What is compared, and why not more:
/// - **Valid UTF-8 of Unicode 14.0.** PCRE2 is compared on the line with
///   each ill-formed sequence replaced by U+FFFD (one per maximal subpart, as
///   Pattern counts them), and so is every character newer than Unicode 14.0
///   (PCRE2 10.42's tables; Swift's are newer), and the 44 older ones whose
///   properties Swift's newer tables changed (``changedSinceUnicode14``).
///   Against those tables every class Pattern documents agrees with its
///   translation on every scalar, and both engines' case folding puts the
///   same characters together (2,976 pairs checked: Kelvin sign, long s,
///   `ß`/`ẞ`, final sigma, Cherokee; `İ` and `ı` alone in both).
/// - **`[:upper:]` and `[:lower:]` when ignoring case** are not compared:
///   Pattern folds every class (`[[:lower:]]` matches `B`), PCRE2 no
///   property class. Every other class holds whole case classes, so folding
///   changes nothing there.
/// - **Empty loops.** Where an unbounded repetition's body can match the
///   empty string (an assertion counts as empty), Pattern's VM may run one
///   more, non-empty iteration than a backtracking engine (``Pattern``'s "Which
///   match"): only whether there is a first match, and where it starts, is
///   compared then, not its end nor the matches after it.
/// - **PCRE2's limits.** A search that reaches PCRE2's match or depth limit
///   (``PCRE2Expression``) ends the comparison for that input, as does an
///   expression PCRE2 refuses (too large, nested too deeply). Pattern has no
///   such limit to reach: it always finishes, in time linear in the line,
///   within libFuzzer's time limit.
///
/// Set `FOLIO_FUZZ_PATTERN_STATS=1` to print, at exit, how many inputs were
/// compared and why the others were not.
enum PatternTarget: FuzzTarget {
    static let name = "pattern"
    static let summary = "Pattern against PCRE2 10.42: same first match and matches along the line, same refusals, one-line errors"

    /// The longest line searched, in bytes: every search is O(line × pattern).
    static let maximumLine = 512
    /// The most matches along the line compared.
    static let maximumMatches = 64

    /// Characters of Unicode 14.0 whose properties Swift 6.3's newer tables
    /// changed: combining letters that became Alphabetic, modifier letters
    /// that became or stopped being Lowercase. Found by comparing every class
    /// over every scalar, Swift's properties against PCRE2 10.42's.
    static let changedSinceUnicode14: [ClosedRange<UInt32>] = [
        0x0295...0x0295, 0x0363...0x036F, 0x0C04...0x0C04, 0x0F82...0x0F83, 0x10FC...0x10FC,
        0x1DD3...0x1DE6, 0xA7F2...0xA7F4, 0xAB69...0xAB69, 0x11080...0x11081,
    ]

    static func prepare() {
        if getenv("FOLIO_FUZZ_PATTERN_STATS") != nil {
            atexit { PatternTarget.tally.print() }
        }
    }

    static func check(_ input: UnsafeRawBufferPointer) {
        guard let flags = input.first else { return }
        let rest = input[1...]
        let lineFeed = rest.firstIndex(of: 0x0A) ?? rest.endIndex
        let source = String(decoding: rest[..<lineFeed], as: UTF8.self)
        let given = Array(rest[lineFeed...].dropFirst().prefix(maximumLine))
        let isLiteral = flags & 4 != 0
        let caseSensitivity: Pattern.CaseSensitivity = flags & 2 != 0 ? .smart : flags & 1 != 0 ? .insensitive : .sensitive

        let pattern: Pattern
        do {
            pattern = try Pattern(source, caseSensitivity: caseSensitivity, isLiteral: isLiteral)
        } catch {
            checkRefusal(error, of: source, isLiteral: isLiteral)
            return
        }
        let translation: PCRE2Translation
        do {
            translation = try PCRE2Translation(source, isLiteral: isLiteral)
        } catch {
            require(false, "Pattern compiles \(pattern) but a second reading of the syntax refuses it: \(error)")
            return
        }
        var random = SplitMix64(seededBy: input)
        checkAlone(pattern, on: given, random: &random)

        if pattern.ignoresCase && translation.hasCaseClass {
            tally.caseClasses += 1
            return
        }
        let reference: PCRE2Expression
        do {
            reference = try PCRE2Expression(translation.expression, options: PCRE2_DOTALL | (pattern.ignoresCase ? PCRE2_CASELESS : 0))
        } catch {
            tally.refusedByPCRE2[PCRE2Expression.message(error.code), default: 0] += 1
            return
        }
        let line = comparable(given)
        let comparison = Comparison(pattern: pattern, reference: reference, translation: translation, line: line)
        if comparison.run(random: &random) {
            if translation.hasNullableLoop { tally.startsOnly += 1 } else { tally.compared += 1 }
        } else {
            tally.limitReached += 1
        }
    }

    /// A refusal is one line, inside the pattern, and the second reading refuses the pattern too.
    static func checkRefusal(_ error: PatternError, of source: String, isLiteral: Bool) {
        let message = error.description
        let isPrintable = message.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: false
            default: true
            }
        }
        require(!message.isEmpty && isPrintable,
                "the refusal of \(source.debugDescription) is not one printable line: \(message.debugDescription)")
        let columns = source.unicodeScalars.count
        if let column = error.column {
            require((1...max(columns, 1)).contains(column), "\(source.debugDescription) refused at column \(column) of \(columns): \(message)")
        }
        tally.refused += 1
        let isLimit = error.problem.contains("too large") || error.problem.contains("too deeply")
        if !isLimit, let translation = try? PCRE2Translation(source, isLiteral: isLiteral) {
            require(false, "Pattern refuses \(source.debugDescription) (\(message)) but a second reading accepts it as \(translation.expression)")
        }
    }

    /// Pattern alone on the line as given, ill-formed bytes included: matches
    /// in order, inside the line, between characters.
    static func checkAlone(_ pattern: Pattern, on line: [UInt8], random: inout SplitMix64) {
        var boundaries = Set([0])
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = line.makeIterator()
        var offset = 0
        parsing: while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar): offset += scalar.count
            case .error(let length): offset += length
            case .emptyInput: break parsing
            }
            boundaries.insert(offset)
        }
        line.withUnsafeBytes { bytes in
            var previousEnd = -1
            var count = 0
            pattern.forEachMatch(in: bytes) { match in
                require(match.lowerBound >= max(previousEnd, 0) && match.upperBound <= line.count
                        && !(match.isEmpty && match.lowerBound == previousEnd),
                        "\(pattern) in \(line): \(match) after a match ending at \(previousEnd)")
                require(boundaries.contains(match.lowerBound) && boundaries.contains(match.upperBound),
                        "\(pattern) in \(line): \(match) splits a character")
                previousEnd = match.upperBound
                count += 1
                return count < maximumMatches
            }
            let start = Int(random.next() % UInt64(line.count + 1))
            if let match = pattern.firstMatch(in: bytes, from: start) {
                require(match.lowerBound >= start && match.upperBound <= line.count,
                        "\(pattern) in \(line) from \(start): \(match)")
                require(boundaries.contains(match.lowerBound) && boundaries.contains(match.upperBound),
                        "\(pattern) in \(line) from \(start): \(match) splits a character")
            }
        }
    }

    /// `line` as PCRE2 is compared on: ill-formed sequences, characters newer
    /// than Unicode 14.0 and those in ``changedSinceUnicode14`` replaced by U+FFFD.
    static func comparable(_ line: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(line.count)
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = line.makeIterator()
        let replacement = Array("\u{FFFD}".utf8)
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                let isNewer = scalar.properties.age.map { ($0.major, $0.minor) > (14, 0) } ?? false
                if isNewer || changedSinceUnicode14.contains(where: { $0.contains(scalar.value) }) {
                    out += replacement
                } else {
                    out += encoded
                }
            case .error:
                out += replacement
            case .emptyInput:
                return out
            }
        }
    }

    /// One pattern, its PCRE2 translation and a valid line: the searches compared.
    struct Comparison {
        let pattern: Pattern
        let reference: PCRE2Expression
        let translation: PCRE2Translation
        let line: [UInt8]

        /// Compares them; false when PCRE2 reached a limit first.
        func run(random: inout SplitMix64) -> Bool {
            let empty: [UInt8] = []
            let emptyMatch = empty.withUnsafeBytes { reference.firstMatch(in: $0, from: 0) }
            guard emptyMatch != .limitReached else { return false }
            require(pattern.matchesEmpty == (emptyMatch != .none),
                    "\(pattern) matchesEmpty is \(pattern.matchesEmpty), PCRE2 \(reference.source) on the empty line: \(emptyMatch)")

            var start = Int(random.next() % UInt64(line.count + 1))
            let given = start
            while start < line.count && line[start] & 0xC0 == 0x80 { start += 1 }
            for (from, pcreFrom) in [(0, 0), (given, start)] {
                let ours = line.withUnsafeBytes { pattern.firstMatch(in: $0, from: from) }
                let theirs = line.withUnsafeBytes { reference.firstMatch(in: $0, from: pcreFrom) }
                let expected: Range<Int>?
                switch theirs {
                case .limitReached: return false
                case .none: expected = nil
                case .match(let range): expected = range
                }
                if translation.hasNullableLoop {
                    require(ours?.lowerBound == expected?.lowerBound, describe("first match from \(from)", ours, expected))
                } else {
                    require(ours == expected, describe("first match from \(from)", ours, expected))
                }
            }
            guard !translation.hasNullableLoop else { return true }

            var ours: [Range<Int>] = []
            line.withUnsafeBytes { bytes in
                pattern.forEachMatch(in: bytes) { match in
                    ours.append(match)
                    return ours.count < maximumMatches
                }
            }
            guard let theirs = referenceMatches() else { return false }
            require(ours == theirs, describe("matches along the line", ours, theirs))
            return true
        }

        /// PCRE2's matches along the line, searched as `forEachMatch` documents; nil at a limit.
        func referenceMatches() -> [Range<Int>]? {
            var found: [Range<Int>] = []
            var position = 0
            var previousEnd = -1
            while found.count < maximumMatches {
                let outcome = line.withUnsafeBytes { reference.firstMatch(in: $0, from: position) }
                guard case .match(let match) = outcome else { return outcome == .none ? found : nil }
                if !(match.isEmpty && match.lowerBound == previousEnd) {
                    found.append(match)
                    previousEnd = match.upperBound
                }
                if match.isEmpty {
                    guard match.upperBound < line.count else { return found }
                    position = match.upperBound + Self.characterLength(leadingWith: line[match.upperBound])
                } else {
                    position = match.upperBound
                }
            }
            return found
        }

        /// The length of the valid UTF-8 sequence that starts with `lead`.
        static func characterLength(leadingWith lead: UInt8) -> Int {
            lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        }

        func describe<T>(_ what: String, _ ours: T, _ theirs: T) -> String {
            let text = String(decoding: line, as: UTF8.self)
            return "\(what): \(pattern) gives \(String(describing: ours)), PCRE2 \(String(describing: theirs)) "
                + "(as \(reference.source)) in \(text.debugDescription)"
        }
    }

    /// How inputs ended, for `FOLIO_FUZZ_PATTERN_STATS`.
    struct Tally {
        var compared = 0
        var startsOnly = 0
        var refused = 0
        var caseClasses = 0
        var limitReached = 0
        var refusedByPCRE2: [String: Int] = [:]

        func print() {
            printError("pattern: \(compared) compared, \(startsOnly) starts only (empty loops), \(refused) refused by Pattern, "
                + "\(caseClasses) case classes ignoring case, \(limitReached) at PCRE2's limits")
            for (message, count) in refusedByPCRE2.sorted(by: { $0.value > $1.value }) {
                printError("  refused by PCRE2, \(count): \(message)")
            }
        }
    }

    nonisolated(unsafe) static var tally = Tally()
}
