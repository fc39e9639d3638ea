/// A search pattern compiled for matching lines of UTF-8 bytes, with the
/// syntax `less` users type: POSIX extended regular expressions plus the
/// common Perl escapes.
///
/// ```swift
/// let pattern = try Pattern(#"colou?r\b"#)
/// line.withUnsafeBytes { bytes in
///     pattern.forEachMatch(in: bytes) { range in highlight(range); return true }
/// }
/// ```
///
/// ## Syntax
///
/// | | |
/// | --- | --- |
/// | `a` `é` | the character itself; `\.` `\\` `\/` `\(` any escaped punctuation too |
/// | `\t \n \r \f \v \a \e \0` `\x41` `\x{1F600}` | control characters, characters by code |
/// | `.` | any one character |
/// | `[abc]` `[^a-z]` `[]a]` `[[:alpha:]]` | bracket expressions, with ranges and the POSIX classes `alpha digit alnum space upper lower punct xdigit blank cntrl print graph` |
/// | `\d \D \w \W \s \S` | digit, word and space classes and their complements, also inside brackets |
/// | `* + ?` `{m} {m,} {m,n}` | repetition (counts up to 1,000), as many as possible |
/// | `*? +? ?? {m,n}?` | lazy repetition, as few as possible |
/// | `a|b` `(a)` `(?:a)` | alternation and grouping (nothing is captured) |
/// | `^ $` | the start and end of the line |
/// | `\b \B \< \>` | a word boundary, not a boundary, a word's start, a word's end |
///
/// A `{` that does not begin a valid count is itself (`a{,2}` and `x{y`
/// are literal). Escaped letters and digits that mean nothing are refused
/// rather than guessed (`\q`, back-references `\1`). With `isLiteral`, the
/// whole source is one plain string.
///
/// ## Semantics
///
/// - **Bytes.** A line is UTF-8 bytes. `.`, bracket expressions and classes
///   match one Unicode scalar; an ill-formed sequence counts as one
///   character (U+FFFD, one per maximal subpart, as ``UTF8Scanner``
///   decodes), which `.`, negated classes and `\W` match and a literal
///   never does. Literals match their exact bytes.
/// - **Classes** follow POSIX's "C" locale on ASCII. Beyond ASCII, letters
///   are Unicode's (so `\bcafé\b` finds a word and `[[:upper:]]` finds
///   `É`), digits stay `0-9`, and the rest follow the Unicode property of
///   the same name:
///
///   | class | beyond ASCII |
///   | --- | --- |
///   | `\w` (and so `\b \< \>`) | Alphabetic, marks (Mn Mc Me), decimal numbers (Nd), connector punctuation (Pc), join controls |
///   | `\d` `[:digit:]` `[:xdigit:]` | nothing |
///   | `\s` `[:space:]` | White_Space |
///   | `[:blank:]` | space separators (Zs) |
///   | `[:alpha:]` / `[:alnum:]` | Alphabetic / Alphabetic or Nd |
///   | `[:upper:]` / `[:lower:]` | Uppercase / Lowercase |
///   | `[:punct:]` | punctuation (P*) |
///   | `[:cntrl:]` | controls (Cc) |
///   | `[:graph:]` | anything but controls, separators, surrogates and unassigned |
///   | `[:print:]` | `[:graph:]` and space separators |
///
/// - **Case.** Ignoring case compares characters by Unicode's simple case
///   folding (``CaseFolding``: the mappings of status C and S in
///   `CaseFolding.txt`), so every letter matches the letters that fold as it
///   does: `é`/`É`, `ǆ`/`ǅ`/`Ǆ`, `σ`/`ς`/`Σ`, `ж`/`Ж`, Armenian, Cherokee,
///   Deseret, fullwidth `ａ`/`Ａ`. Some fold to a character of another length
///   in UTF-8: `k` matches U+212A KELVIN SIGN (three bytes), `ω` the ohm
///   sign, `ß` the capital `ẞ`, `s` the long `ſ`; a match covers the bytes
///   the text spells it with. Full foldings that change the number of
///   characters (`ß` and `ss`) and the Turkic rules for dotted `İ` and
///   dotless `ı` are not applied. Classes fold too: a bracket expression
///   matches a character when it lists any character that folds alike, so
///   `[a-c]` and `[[:lower:]]` match `B`, and `[k]` the Kelvin sign.
/// - **Which match.** The leftmost match, and among those starting there,
///   the one a backtracking engine (Perl, PCRE, Swift's `Regex`) reports
///   first: alternatives in order, greedy repetition as long as it can, lazy
///   as short. A loop stops after an iteration that matched nothing, with
///   one known difference: when a loop's body can match the empty string
///   along a path another thread has already taken at that position
///   (`(?:\S*| )+`), the VM merges the two threads and may run one more,
///   non-empty iteration where a backtracking engine stops (`(?:\S*| )+`
///   matches all of "B " where PCRE and Swift's `Regex` match "B"). The
///   match starts at the same place either way.
///
/// ## Cost
///
/// Matching runs in time linear in the line: a Pike VM (Thompson's NFA
/// simulation) advances every alive thread one character at a time, so a
/// search costs O(line length × pattern size) for any pattern, `(a*)*b`
/// and `(a|aa)*c` included. A lazy DFA would be faster on hard patterns but
/// needs a state cache with its own memory policy; the Pike VM is small,
/// allocation-free per line, and reports leftmost-first matches directly.
/// Fast paths cover the common searches:
///
/// - A plain string (no operators, or `isLiteral`) skips the VM: it skips
///   32 bytes at a time with SIMD vectors to where the string's rarest
///   bytes appear, then checks the string there (about 10 GB/s over a
///   whole buffer and 1.3 GB/s line by line on 70-byte lines of English,
///   release build).
/// - A pattern that starts with a literal (`chapter \d+`), or only with a
///   few possible bytes, jumps to the next place that literal or byte
///   occurs whenever no thread is alive.
/// - A pattern whose every match contains a literal (`ing` in
///   `[A-Z][a-z]+ing\b`) first scans the line for it, and passes over a
///   line without it at the plain-string speed.
///
/// Elsewhere the VM runs at roughly 100–500 MB/s on such text, depending
/// on how many threads stay alive (`e.*z` is the slow kind).
///
/// Compiled programs are limited to 20,000 instructions ("pattern too
/// large"). The scratch space is about 100 bytes per instruction, allocated
/// once when the pattern compiles: a few kilobytes for a typical pattern,
/// under 2 MB at the limit.
///
/// ## Threads
///
/// A pattern is `Sendable`, but its copies share one scratch space that
/// every search reuses, so that searching allocates nothing. **Search with
/// a pattern and its copies from one thread at a time**; to search from two
/// threads at once, compile the source twice.
public struct Pattern: Sendable, CustomStringConvertible {
    /// When letters match regardless of case.
    public enum CaseSensitivity: Hashable, Sendable, CustomStringConvertible {
        /// Letters match only themselves.
        case sensitive
        /// Letters match their case partners too.
        case insensitive
        /// Insensitive unless the pattern has an upper-case letter (escapes
        /// such as `\W` `\S` `\D` do not count), as `less -i` does.
        case smart

        /// `sensitive`, `insensitive` or `smart`.
        public var description: String {
            switch self {
            case .sensitive: "sensitive"
            case .insensitive: "insensitive"
            case .smart: "smart"
            }
        }
    }

    /// The pattern as typed.
    public let source: String

    /// Whether the source is one plain string rather than a regular expression.
    public let isLiteral: Bool

    /// Whether letters match their case partners, after applying the case sensitivity.
    public let ignoresCase: Bool

    /// Whether the pattern matches the empty string (`^`, `a*`, `x|`):
    /// callers skip empty matches rather than highlight nothing.
    public let matchesEmpty: Bool

    private let matcher: Matcher

    /// Compiles `source`.
    ///
    /// - Parameters:
    ///   - source: The pattern as typed, in the syntax described on ``Pattern``.
    ///   - caseSensitivity: When letters match their case partners.
    ///   - isLiteral: Whether `source` is a plain string, every character itself.
    /// - Throws: ``PatternError`` naming the problem and its column, for any
    ///   malformed pattern or one that compiles too large.
    public init(_ source: String, caseSensitivity: CaseSensitivity = .smart, isLiteral: Bool = false) throws(PatternError) {
        try self.init(source, caseSensitivity: caseSensitivity, isLiteral: isLiteral, usesFastPaths: true)
    }

    /// Compiles `source`, with or without the fast paths (tests compare the two).
    init(_ source: String, caseSensitivity: CaseSensitivity, isLiteral: Bool, usesFastPaths: Bool) throws(PatternError) {
        self.source = source
        self.isLiteral = isLiteral
        switch caseSensitivity {
        case .sensitive: ignoresCase = false
        case .insensitive: ignoresCase = true
        case .smart: ignoresCase = !Parser.hasUpperCase(source, isLiteral: isLiteral)
        }
        let node: Node = isLiteral ? .concatenation(source.unicodeScalars.map { .scalar($0) }) : try Parser.parse(source)
        if usesFastPaths, let scalars = node.literalScalars {
            let searcher = LiteralSearcher(scalars, ignoresCase: ignoresCase) ?? LiteralSearcher()
            matcher = Matcher(.literal(searcher))
        } else {
            let program = try Program(node, ignoresCase: ignoresCase)
            let prefilter = usesFastPaths ? Prefilter(program, node: node) : .none
            var required: LiteralSearcher?
            if usesFastPaths {
                if case .literal = prefilter {} else {
                    // The one a line most likely lacks: rarest anchor byte, then longest.
                    let fold = ignoresCase
                    required = node.requiredLiterals.compactMap { LiteralSearcher($0, ignoresCase: fold) }
                        .min { ($0.anchorScore, -$0.minimumLength) < ($1.anchorScore, -$1.minimumLength) }
                }
            }
            matcher = Matcher(.program(program, prefilter, required: required))
        }
        let empty = [UInt8]()
        let matcher = self.matcher
        matchesEmpty = empty.withUnsafeBytes { matcher.firstMatch(in: $0, from: 0) != nil }
    }

    /// The leftmost match starting at or after byte `start` of `line`.
    ///
    /// - Parameters:
    ///   - line: The bytes of one line, without its line break. `^` and `$`
    ///     match at its ends; `\b` looks at the bytes before `start` too.
    ///   - start: A byte offset in `0...line.count`. A match never begins
    ///     inside a character: from the middle of one, the search begins
    ///     where it ends.
    /// - Returns: The byte range of the match, possibly empty; nil if there
    ///   is none or `start` is past the end.
    /// - Complexity: O(n × m) for n bytes from `start` and m the pattern's
    ///   compiled size; O(n) for a plain string. Allocates nothing.
    public func firstMatch(in line: UnsafeRawBufferPointer, from start: Int = 0) -> Range<Int>? {
        matcher.firstMatch(in: line, from: Swift.max(start, 0))
    }

    /// Whether ``firstCandidate(in:)`` can pass over the lines that cannot hold a match: the
    /// pattern is a plain string or holds one every match contains, and never matches empty.
    var findsCandidates: Bool { !matchesEmpty && matcher.findsCandidates }

    /// In `bytes` of many lines (drawn as stored), a byte of the first line that may hold a
    /// match, found at scanning speed; nil when no line may. Only when ``findsCandidates``.
    func firstCandidate(in bytes: UnsafeRawBufferPointer) -> Int? {
        matcher.firstCandidate(in: bytes)
    }

    /// Calls `body` with each match in `line`, left to right, until it returns false.
    ///
    /// Matches do not overlap. After an empty match the search moves on one
    /// character; an empty match right where the previous match ended is
    /// skipped (so `a*` in `baa` gives `0..<0` and `1..<3`).
    ///
    /// - Complexity: one ``firstMatch(in:from:)`` per match, and one more
    ///   to find there are no others; allocates nothing.
    public func forEachMatch(in line: UnsafeRawBufferPointer, _ body: (Range<Int>) -> Bool) {
        var position = 0
        var previousEnd = -1
        while position <= line.count, let match = matcher.firstMatch(in: line, from: position) {
            if match.isEmpty && match.lowerBound == previousEnd {
                // Skip it: look again from the next character.
            } else {
                guard body(match) else { return }
                previousEnd = match.upperBound
            }
            if match.isEmpty {
                guard match.upperBound < line.count else { return }
                position = match.upperBound + Self.characterLength(in: line, at: match.upperBound)
            } else {
                position = match.upperBound
            }
        }
    }

    /// The length in bytes of the character at `i` (< count), ill-formed sequences counting as one.
    private static func characterLength(in line: UnsafeRawBufferPointer, at i: Int) -> Int {
        line[i] < 0x80 ? 1 : UTF8Scanner(bytes: line).scalar(at: i).1
    }

    /// The source between slashes for a regular expression (`/colou?r/`),
    /// in quotes for a plain string (`"a+b"`), with `i` after when ignoring case.
    public var description: String {
        let quoted = isLiteral ? "\"\(source)\"" : "/\(source)/"
        return ignoresCase ? quoted + "i" : quoted
    }
}
