import Testing
import FolioTestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import FolioReading

/// The first match of `pattern` in `line` as byte offsets, or nil.
func firstMatch(_ pattern: Pattern, _ line: [UInt8], from start: Int = 0) -> Range<Int>? {
    line.withUnsafeBytes { pattern.firstMatch(in: $0, from: start) }
}

/// The first match of `source` in `line` as byte offsets; nil if none or the pattern is refused.
func find(_ source: String, in line: String, _ caseSensitivity: Pattern.CaseSensitivity = .sensitive) -> Range<Int>? {
    guard let pattern = try? Pattern(source, caseSensitivity: caseSensitivity) else {
        Issue.record("/\(source)/ was refused")
        return nil
    }
    return firstMatch(pattern, Array(line.utf8))
}

/// The text `source` matches first in `line`, or nil.
func text(_ source: String, in line: String, _ caseSensitivity: Pattern.CaseSensitivity = .sensitive) -> String? {
    guard let range = find(source, in: line, caseSensitivity) else { return nil }
    return String(decoding: Array(line.utf8)[range], as: UTF8.self)
}

/// Every match of `source` in `line`, as byte ranges.
func allMatches(_ source: String, in line: [UInt8]) throws -> [Range<Int>] {
    let pattern = try Pattern(source, caseSensitivity: .sensitive)
    var found: [Range<Int>] = []
    line.withUnsafeBytes { bytes in pattern.forEachMatch(in: bytes) { found.append($0); return true } }
    return found
}

/// The message `source` is refused with, or nil if it compiles.
func refusal(_ source: String) -> String? {
    do {
        _ = try Pattern(source)
        return nil
    } catch {
        return error.description
    }
}

@Suite struct PatternTests {
    @Test func literals() {
        #expect(find("needle", in: "haystack with a needle in it") == 16..<22)
        #expect(find("needle", in: "haystack") == nil)
        #expect(find("", in: "abc") == 0..<0)
        #expect(find("café", in: "le café noir") == 3..<8, "non-ASCII literal, byte offsets")
        #expect(find("日本", in: "にっぽん日本語") == 12..<18)
        #expect(find("a+b", in: "a+b aab") == 4..<7, "a regular expression")
        let literal = try! Pattern("a+b", caseSensitivity: .sensitive, isLiteral: true)
        #expect(firstMatch(literal, Array("a+b aab".utf8)) == 0..<3, "a plain string")
        #expect(literal.description == "\"a+b\"")
    }

    /// Every needle length and place in a line long enough for the
    /// eight-at-a-time scan and its tail, against a naive search.
    @Test func plainStringFoundAtEveryPlace() throws {
        let alphabet = Array("zqnEedlé".unicodeScalars)
        for length in 1...10 {
            let needle = String(String.UnicodeScalarView((0..<length).map { alphabet[($0 * 5 + length) % alphabet.count] }))
            for ignoringCase in [false, true] {
                let pattern = try Pattern(needle, caseSensitivity: ignoringCase ? .insensitive : .sensitive, isLiteral: true)
                let bytes = Array((ignoringCase ? needle.uppercased() : needle).utf8)
                for place in 0...40 {
                    var line = Array(repeating: UInt8(ascii: "e"), count: 40)  // a common byte: many near misses
                    line.insert(contentsOf: bytes, at: place)
                    // é and É have one length, so lower-casing keeps offsets.
                    let fold: ([UInt8]) -> [UInt8] = { ignoringCase ? Array(String(decoding: $0, as: UTF8.self).lowercased().utf8) : $0 }
                    let (haystack, wanted) = (fold(line), fold(bytes))
                    let naive = (0...(haystack.count - wanted.count)).first { Array(haystack[$0..<$0 + wanted.count]) == wanted }
                    #expect(firstMatch(pattern, line) == naive.map { $0..<$0 + bytes.count }, "\(pattern) at \(place) in \(line.count) bytes")
                }
            }
        }
    }

    @Test func dotMatchesOneCharacter() {
        #expect(text("a.c", in: "xxabc") == "abc")
        #expect(text("a.c", in: "aéc") == "aéc", "é is two bytes, one character")
        #expect(text("a.c", in: "a😀c") == "a😀c")
        #expect(find("a.c", in: "ac") == nil)
        #expect(text("^.$", in: "€") == "€")
    }

    @Test func bracketExpressions() {
        #expect(text("[abc]+", in: "xxcabz") == "cab")
        #expect(text("[^a-z]+", in: "abcDEF1ghi") == "DEF1")
        #expect(text("[]x]+", in: "a]x]b") == "]x]", "] first is literal")
        #expect(text("[^]x]+", in: "]]ab]") == "ab")
        #expect(text("[a-]+", in: "b-a-c") == "-a-", "- last is literal")
        #expect(text("[-a]+", in: "b-a-c") == "-a-", "- first is literal")
        #expect(text("[à-ÿ]+", in: "Voilà déjà") == "à")
        #expect(text("[\\]]", in: "a]") == "]")
        #expect(text("[\\d.]+", in: "v1.25b") == "1.25")
        #expect(text("[^\\W_]+", in: "__ab_") == "ab")
        #expect(text("[\\t ]+", in: "a \t b") == " \t ")
        #expect(text("[é]", in: "eé") == "é")
    }

    @Test(arguments: [
        ("[[:alpha:]]+", "12abé3", "abé"),
        ("[[:digit:]]+", "ab123c", "123"),
        ("[[:alnum:]]+", "--a1é--", "a1é"),
        ("[[:space:]]+", "a \t\u{0B}b", " \t\u{0B}"),
        ("[[:upper:]]+", "abCDÉf", "CDÉ"),
        ("[[:lower:]]+", "ABcdéF", "cdé"),
        ("[[:punct:]]+", "ab!?-c", "!?-"),
        ("[[:xdigit:]]+", "xyz0fAg", "0fA"),
        ("[[:blank:]]+", "a \t\nb", " \t"),
        ("[[:cntrl:]]+", "a\u{01}\u{1F}b", "\u{01}\u{1F}"),
        ("[[:print:]]+", "\u{01}a b\u{02}", "a b"),
        ("[[:graph:]]+", " ab! ", "ab!"),
        ("[^[:alpha:][:space:]]+", "ab 12 c", "12"),
    ])
    func posixClasses(source: String, line: String, expected: String) {
        #expect(text(source, in: line) == expected)
    }

    #if canImport(Glibc)
    /// Every ASCII character against the C library's classification in the
    /// "C" locale, for each POSIX class and its negation.
    @Test func posixClassesFollowTheCLocaleOnASCII() throws {
        let reference: [(String, (Int32) -> Int32)] = [
            ("alpha", isalpha), ("digit", isdigit), ("alnum", isalnum), ("space", isspace),
            ("upper", isupper), ("lower", islower), ("punct", ispunct), ("xdigit", isxdigit),
            ("blank", isblank), ("cntrl", iscntrl), ("print", isprint), ("graph", isgraph),
        ]
        for (name, isMember) in reference {
            let positive = try Pattern("[[:\(name):]]", caseSensitivity: .sensitive)
            let negative = try Pattern("[^[:\(name):]]", caseSensitivity: .sensitive)
            for b in UInt8(0)..<0x80 {
                let expected = isMember(Int32(b)) != 0
                #expect((firstMatch(positive, [b]) != nil) == expected, "[:\(name):] and byte \(b)")
                #expect((firstMatch(negative, [b]) != nil) == !expected, "[^[:\(name):]] and byte \(b)")
            }
        }
        let classEscapes: [(String, (Int32) -> Int32)] = [("\\d", isdigit), ("\\s", isspace), ("\\w", { isalnum($0) != 0 || $0 == 0x5F ? 1 : 0 })]
        for (escape, isMember) in classEscapes {
            let pattern = try Pattern(escape, caseSensitivity: .sensitive)
            for b in UInt8(0)..<0x80 {
                #expect((firstMatch(pattern, [b]) != nil) == (isMember(Int32(b)) != 0), "\(escape) and byte \(b)")
            }
        }
    }
    #endif

    @Test func classEscapes() {
        #expect(text("\\d+", in: "abc 2024 x") == "2024")
        #expect(text("\\D+", in: "12ab34") == "ab")
        #expect(text("\\w+", in: "  hello_world1 ") == "hello_world1")
        #expect(text("\\w+", in: "  Ελλάδα ") == "Ελλάδα", "letters of every script")
        #expect(text("\\w+", in: "e\u{301}t\u{301}e") == "e\u{301}t\u{301}e", "combining marks belong to the word")
        #expect(text("\\W+", in: "ab, cd") == ", ")
        #expect(text("\\s+", in: "a \t b") == " \t ")
        #expect(text("\\s", in: "a\u{A0}b") == "\u{A0}", "no-break space is white space")
        #expect(text("\\S+", in: "  ab  ") == "ab")
        #expect(find("\\d", in: "٣") == nil, "\\d is 0-9 only")
    }

    @Test func repetition() {
        #expect(text("ab*c", in: "xacx") == "ac")
        #expect(text("ab*c", in: "xabbbc") == "abbbc")
        #expect(text("ab+c", in: "ac abc") == "abc")
        #expect(text("colou?r", in: "color colour") == "color")
        #expect(text("a{3}", in: "aa aaaa") == "aaa")
        #expect(text("a{2,}", in: "a aaaaa") == "aaaaa")
        #expect(text("a{2,3}", in: "aaaaa") == "aaa")
        #expect(text("a{0}b", in: "aab") == "b")
        #expect(text("(ab){2}", in: "ab abab") == "abab")
        #expect(text("x{1,2}?", in: "xx") == "x", "lazy interval")
    }

    @Test func lazyRepetition() {
        #expect(text("<.*>", in: "<a><b>") == "<a><b>")
        #expect(text("<.*?>", in: "<a><b>") == "<a>")
        #expect(text("a+?", in: "aaa") == "a")
        #expect(text("a??b", in: "ab") == "ab")
        #expect(text("a??", in: "a") == "")
        #expect(text("\\d+?5", in: "12345") == "12345")
    }

    @Test func braceThatIsNoCountIsLiteral() {
        #expect(text("a{,2}", in: "a{,2}") == "a{,2}")
        #expect(text("x{y", in: "x{y") == "x{y")
        #expect(text("{", in: "a{b") == "{")
        #expect(text("a{1", in: "a{1") == "a{1")
        #expect(text("}", in: "}") == "}")
        #expect(text("a{2}}", in: "aa}") == "aa}")
    }

    @Test func alternationPrefersTheFirstBranch() {
        #expect(text("cat|dog", in: "hotdog cat") == "dog")
        #expect(text("a|ab", in: "ab") == "a", "leftmost-first, not longest")
        #expect(text("ab|a", in: "ab") == "ab")
        #expect(text("x(a|ab)(c|bcd)", in: "xabcd") == "xabcd", "a, then bcd")
        #expect(text("(ab|a)(c|bcd)?", in: "abcd") == "abc")
        #expect(text("(|a)+", in: "aa") == "", "an empty iteration ends the loop, as in backtracking engines")
        #expect(text("(a|)+b", in: "aab") == "aab")
        #expect(text("a||b", in: "b") == "")
        #expect(text("(?:(?:\\B|[^a-c])+?)+", in: "xσ") == "x", "nested loops each end on an empty iteration")
        #expect(text("(?:\\S*| )+", in: "B ") == "B ", "the documented difference: PCRE and Regex stop at \"B\"")
    }

    @Test func groups() {
        #expect(text("(ab)+", in: "xababa") == "abab")
        #expect(text("(?:ab)+", in: "xababa") == "abab")
        #expect(text("()", in: "a") == "")
        #expect(text("((a)(b(c)))", in: "abc") == "abc")
    }

    @Test func anchors() {
        #expect(find("^ab", in: "ab ab") == 0..<2)
        #expect(find("^b", in: "ab") == nil)
        #expect(find("ab$", in: "ab ab") == 3..<5)
        #expect(find("^$", in: "") == 0..<0)
        #expect(find("^$", in: "x") == nil)
        #expect(find("a|^b", in: "b") == 0..<1)
        let caret = try! Pattern("^a")
        #expect(firstMatch(caret, Array("aa".utf8), from: 1) == nil, "^ is the line's start, not the search's")
        let dollar = try! Pattern("$")
        #expect(firstMatch(dollar, Array("abc".utf8), from: 1) == 3..<3)
    }

    @Test func wordBoundaries() {
        #expect(find("\\bcat\\b", in: "concat cat") == 7..<10)
        #expect(find("\\Bcat", in: "cat concat") == 7..<10)
        #expect(find("\\<is", in: "this is") == 5..<7)
        #expect(find("is\\>", in: "island this") == 9..<11)
        #expect(find("\\bcafé\\b", in: "un café, merci") == 3..<8, "é is a letter")
        #expect(find("\\bé", in: "café") == nil)
        #expect(find("\\b", in: "  ") == nil)
        #expect(find("\\B", in: "  ") == 0..<0)
        let boundary = try! Pattern("\\bb")
        #expect(firstMatch(boundary, Array("ab b".utf8), from: 1) == 3..<4, "the byte before start still counts")
        let afterAccent = try! Pattern("\\Bx")
        #expect(firstMatch(afterAccent, Array("éx".utf8), from: 2) == 2..<3, "a two-byte letter before start")
    }

    @Test func escapes() {
        #expect(text("a\\.b", in: "axb a.b") == "a.b")
        #expect(text("\\\\", in: "a\\b") == "\\")
        #expect(text("\\t", in: "a\tb") == "\t")
        #expect(text("\\/usr", in: "/usr") == "/usr")
        #expect(text("\\(x\\)", in: "(x)") == "(x)")
        #expect(text("\\x41", in: "zA") == "A")
        #expect(text("\\x{1F600}", in: "a😀") == "😀")
        #expect(text("\\*\\+\\?\\{\\}\\[\\]\\|\\^\\$", in: "*+?{}[]|^$") == "*+?{}[]|^$")
        #expect(text("\\é", in: "é") == "é")
    }

    @Test(arguments: [
        ("ab(c", "unmatched ( at column 3"),
        ("abc(", "unmatched ( at column 4"),
        ("a)", "unmatched ) at column 2"),
        ("*a", "nothing to repeat before * at column 1"),
        ("a|+", "nothing to repeat before + at column 3"),
        ("(*)", "nothing to repeat before * at column 2"),
        ("a**", "nothing to repeat before * at column 3"),
        ("^*", "nothing to repeat before * at column 2"),
        ("\\b+", "nothing to repeat before + at column 3"),
        ("{2}", "nothing to repeat before {2} at column 1"),
        ("a{3,2}", "counts out of order in {3,2} at column 2"),
        ("a{1001}", "pattern too large: {1001} counts over 1000 at column 2"),
        ("a{2,5000}", "pattern too large: {2,5000} counts over 1000 at column 2"),
        ("(a{1000}){1000}", "pattern too large"),
        ("[abc", "unmatched [ at column 1"),
        ("x[", "unmatched [ at column 2"),
        ("[z-a]", "range out of order z-a at column 2"),
        ("[[:alfa:]]", "unknown class [:alfa:] at column 2"),
        ("[[:alpha:]", "unmatched [ at column 1"),
        ("[[=a=]]", "[=a=] is not supported, list the characters instead at column 2"),
        ("[a-\\d]", "a range cannot end in a class at column 4"),
        ("ab\\", "trailing \\ at column 3"),
        ("\\q", "unknown escape \\q at column 1"),
        ("(a)\\1", "back-references such as \\1 are not supported at column 4"),
        ("\\xZZ", "bad hex escape, use \\x41 at column 1"),
        ("\\x{110000}", "\\x{110000} is not a character at column 1"),
        ("(?=a)", "unsupported group (?= (only (?: is known) at column 1"),
        ("é(", "unmatched ( at column 2"),
    ])
    func refusals(source: String, message: String) {
        #expect(refusal(source) == message)
    }

    /// A refusal is one printable line: the characters of the pattern it
    /// quotes that are controls or line breaks appear as the escapes that
    /// would type them (found by the pattern fuzz target: a form feed
    /// ending a range out of order broke the message in two).
    @Test(arguments: [
        ("[l-\u{0C}]", "range out of order l-\\x0C at column 2"),
        ("[\u{7F}-\t]", "range out of order \\x7F-\\x09 at column 2"),
        ("(?\n)", "unsupported group (?\\x0A (only (?: is known) at column 1"),
        ("[[:al\rpha:]]", "unknown class [:al\\x0Dpha:] at column 2"),
        ("[[=\u{1B}[1m=]]", "[=\\x1B[1m=] is not supported, list the characters instead at column 2"),
        ("[\u{2029}-\u{85}]", "range out of order \\x{2029}-\\x85 at column 2"),
        ("[é-\u{200F}a-A]", "range out of order a-A at column 5"),
        ("[\u{200F}-é]", "range out of order \\x{200F}-é at column 2"),
    ])
    func refusalsQuoteControlsAsEscapes(source: String, message: String) {
        #expect(refusal(source) == message)
    }

    @Test func deepNestingIsRefusedNotCrashed() {
        let deep = String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000)
        #expect(refusal(deep) == "groups nested too deeply at column 201")
    }

    @Test func smartCase() throws {
        let lower = try Pattern("foo")
        #expect(lower.ignoresCase)
        #expect(firstMatch(lower, Array("a FOO b".utf8)) == 2..<5)
        #expect(firstMatch(lower, Array("Foo".utf8)) == 0..<3)
        let capital = try Pattern("Foo")
        #expect(!capital.ignoresCase)
        #expect(firstMatch(capital, Array("foo".utf8)) == nil)
        #expect(firstMatch(capital, Array("FOO".utf8)) == nil)
        #expect(firstMatch(capital, Array("Foo".utf8)) == 0..<3)
        #expect(try Pattern("\\W\\S\\D\\B").ignoresCase, "escapes do not count as upper case")
        #expect(try !Pattern("Éa").ignoresCase, "a non-ASCII capital counts")
        #expect(try Pattern("a\\W", isLiteral: true).ignoresCase == false, "in a plain string the W is a letter")
        #expect(lower.description == "/foo/i")
        #expect(capital.description == "/Foo/")
    }

    @Test func caseFolding() {
        #expect(text("straße", in: "STRASSE Straße", .insensitive) == "Straße", "ß and ss: full folding is not applied")
        #expect(text("éCOLE", in: "l'École", .insensitive) == "École")
        #expect(text("ÿ", in: "Ÿ", .insensitive) == "Ÿ", "a pair across blocks with different lead bytes")
        #expect(find("ÿ", in: "ø", .insensitive) == nil, "no mixing of the two spellings' bytes")
        #expect(find("ÿ", in: "ſ", .insensitive) == nil)
        #expect(text("σοφία", in: "ΣΟΦΊΑ", .insensitive) == "ΣΟΦΊΑ")
        #expect(text("σ", in: "ς", .insensitive) == "ς", "final sigma folds to sigma")
        #expect(text("привет", in: "ПРИВЕТ", .insensitive) == "ПРИВЕТ")
        #expect(text("ā", in: "Ā", .insensitive) == "Ā", "Latin Extended-A")
        #expect(text("k", in: "\u{212A}", .insensitive) == "\u{212A}", "the Kelvin sign, three bytes for one")
        #expect(text("ƀ", in: "Ƀ", .insensitive) == "Ƀ", "Latin Extended-B")
        #expect(text("ǆ", in: "ǅ", .insensitive) == "ǅ", "title case")
        #expect(text("ա", in: "Ա", .insensitive) == "Ա", "Armenian")
        #expect(text("việt", in: "VIỆT", .insensitive) == "VIỆT")
        #expect(text("ａｂｃ", in: "ＡＢＣ", .insensitive) == "ＡＢＣ", "fullwidth")
        #expect(find("i", in: "İı", .insensitive) == nil, "the Turkic rules are not applied")
        #expect(text("[a-c]+", in: "xABCd", .insensitive) == "ABC")
        #expect(text("[^a]+", in: "AaB", .insensitive) == "B")
        #expect(text("[é]", in: "É", .insensitive) == "É")
        #expect(text("[[:lower:]]+", in: "ABc", .insensitive) == "ABc")
        #expect(text("x[é-ë]", in: "xÊ", .insensitive) == "xÊ")
        #expect(text("[j-l]", in: "\u{212A}", .insensitive) == "\u{212A}", "an ASCII range holds the Kelvin sign")
        #expect(text("[\u{2120}-\u{212F}]", in: "k", .insensitive) == "k", "a range holding the Kelvin sign holds k")
        #expect(text("[^k]", in: "\u{212A}x", .insensitive) == "x")
        #expect(text("a.C", in: "AbC", .insensitive) == "AbC")
        #expect(find("É", in: "é", .sensitive) == nil)
        #expect(find("k", in: "\u{212A}", .sensitive) == nil)
    }

    @Test func illFormedBytesAreOneCharacterEach() throws {
        let dot = try Pattern("a.b")
        #expect(firstMatch(dot, [0x61, 0xFF, 0x62]) == 0..<3)
        #expect(firstMatch(dot, [0x61, 0xE2, 0x82, 0x62]) == 0..<4, "a truncated sequence is one character")
        #expect(firstMatch(dot, [0x61, 0xC3, 0x28, 0x62]) == nil, "C3 then ( is two characters")
        let negated = try Pattern("[^x]+")
        #expect(firstMatch(negated, [0x78, 0xC0, 0x80, 0x78]) == 1..<3)
        let nonWord = try Pattern("\\W")
        #expect(firstMatch(nonWord, [0x61, 0xFE]) == 1..<2)
        let replacement = try Pattern("\u{FFFD}")
        #expect(firstMatch(replacement, [0xFF, 0xEF, 0xBF, 0xBD]) == 1..<4, "a literal matches only its own bytes")
        let regexReplacement = try Pattern("a?\u{FFFD}")
        #expect(firstMatch(regexReplacement, [0xFF, 0xEF, 0xBF, 0xBD]) == 1..<4, "the VM agrees")
        let word = try Pattern("\\w+")
        #expect(firstMatch(word, [0xFF, 0x61, 0x62, 0x80]) == 1..<3)
        let dots = try Pattern("^.{4}$")
        #expect(firstMatch(dots, [0xF0, 0x9F, 0x98, 0x41, 0xED, 0xA0]) == 0..<6, "F0 9F 98 | A | ED | A0")
    }

    @Test func matchesEmpty() throws {
        #expect(try Pattern("^").matchesEmpty)
        #expect(try Pattern("a*").matchesEmpty)
        #expect(try Pattern("").matchesEmpty)
        #expect(try Pattern("\\b|x?").matchesEmpty)
        #expect(try Pattern("x|").matchesEmpty)
        #expect(try !Pattern("a").matchesEmpty)
        #expect(try !Pattern("\\b").matchesEmpty, "no word, no boundary")
        #expect(try !Pattern("a|b+").matchesEmpty)
    }

    @Test func forEachMatchVisitsEachMatchOnce() throws {
        #expect(try allMatches("ab", in: Array("abxabab".utf8)) == [0..<2, 3..<5, 5..<7])
        #expect(try allMatches("a*", in: Array("baa".utf8)) == [0..<0, 1..<3], "no empty match where the last one ended")
        #expect(try allMatches("", in: Array("é!".utf8)) == [0..<0, 2..<2, 3..<3], "empty matches step over whole characters")
        #expect(try allMatches("\\b", in: Array("ab cd".utf8)) == [0..<0, 2..<2, 3..<3, 5..<5])
        #expect(try allMatches("x", in: []) == [])
        let pattern = try Pattern("o")
        var seen: [Range<Int>] = []
        Array("foo boo".utf8).withUnsafeBytes { bytes in
            pattern.forEachMatch(in: bytes) { seen.append($0); return seen.count < 2 }
        }
        #expect(seen == [1..<2, 2..<3], "stops when the body says so")
    }

    @Test func firstMatchFromAnOffset() throws {
        let pattern = try Pattern("ab")
        let line = Array("ab ab".utf8)
        #expect(firstMatch(pattern, line, from: 1) == 3..<5)
        #expect(firstMatch(pattern, line, from: 5) == nil)
        #expect(firstMatch(pattern, line, from: 99) == nil)
        let dot = try Pattern(".")
        #expect(firstMatch(dot, Array("éa".utf8), from: 1) == 2..<3, "from inside é, the search begins after it")
        let stray = try Pattern("^a.")
        #expect(firstMatch(stray, [0x61, 0x80], from: 0) == 0..<2, "a stray continuation byte is a character")
        let regex = try Pattern("a.")
        #expect(firstMatch(regex, line, from: 4) == nil)
        #expect(firstMatch(regex, line, from: 99) == nil)
    }

    /// The empty pattern takes the plain-string path, which must not begin
    /// a match inside a character either (found by the pattern fuzz target:
    /// from byte 15, inside a U+FFFD, it matched at 15 where PCRE2 gives 16).
    @Test func theEmptyPatternNeverMatchesInsideACharacter() throws {
        let line = Array("aé日\u{1F600}".utf8) + [0xE6, 0x97, 0x61]
        for source in ["", "()", "x?"] {
            for isLiteral in [false, true] where !(isLiteral && source != "") {
                let pattern = try Pattern(source, caseSensitivity: .sensitive, isLiteral: isLiteral)
                let starts = [0, 1, 3, 3, 6, 6, 6, 10, 10, 10, 10, 12, 12, 13]
                for (from, expected) in zip(0...line.count, starts) {
                    #expect(firstMatch(pattern, line, from: from) == expected..<expected, "\(pattern) from \(from)")
                }
            }
        }
    }

    /// Backtracking engines take exponential time here; this one walks each
    /// byte once per live thread. The bound is generous: a debug build
    /// finishes each in well under a second.
    @Test(arguments: ["(a*)*b", "(a|aa)*c", "(a+)+b", "(a|a?)+c", "(.*)*x", "(\\w+\\s?)*$x", "a*a*a*a*a*a*b"])
    func pathologicalPatternsRunInLinearTime(source: String) throws {
        let line = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000)
        // The bare VM too: with fast paths, the missing b, c or x alone ends the search.
        for usesFastPaths in [true, false] {
            let pattern = try Pattern(source, caseSensitivity: .sensitive, isLiteral: false, usesFastPaths: usesFastPaths)
            let clock = ContinuousClock()
            let elapsed = clock.measure { #expect(firstMatch(pattern, line) == nil) }
            #expect(elapsed < .seconds(5), "\(pattern) took \(elapsed) on 100,000 a's (fast paths: \(usesFastPaths))")
        }
    }

    @Test func searchingAllocatesNothing() throws {
        let patterns = try ["needle", "Needle", "ne+dle\\b", "(a|b)*c", "\\w+@\\w+", "^x", "[[:upper:]]{2}", "é|ü",
                            "kiss", "ß", "[k-s]+x", "σ[κ]"].map { try Pattern($0) }
        let line = Array("a line of text with NEEDLES, ne needle and someone@example and AB, über".utf8)
        // Indexing rather than `for pattern in patterns`: a debug build's
        // iterator allocates on its own.
        func searchAll(_ bytes: UnsafeRawBufferPointer) {
            for i in patterns.indices {
                for start in stride(from: 0, to: bytes.count, by: 7) { _ = patterns[i].firstMatch(in: bytes, from: start) }
                patterns[i].forEachMatch(in: bytes) { _ in true }
            }
        }
        line.withUnsafeBytes { searchAll($0) }  // warm up: first-use initialisation of shared tables
        let counted = line.withUnsafeBytes { bytes in allocations { searchAll(bytes) } }
        guard let counted else { return }  // no counting malloc on this platform
        #expect(counted == 0, "\(counted) allocations in steady-state searches")
    }

    @Test func errorDescription() {
        #expect(PatternError("unmatched (", column: 4).description == "unmatched ( at column 4")
        #expect(PatternError.tooLarge.description == "pattern too large")
    }
}
