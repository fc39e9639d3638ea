import Testing
import PropertyBased
import FolioTestSupport
@testable import FolioReading

/// Search that ignores case, against Unicode's own CaseFolding.txt, read
/// here independently of `Scripts/generate-case-folding.py`.
@Suite(.needs(.unicodeData)) struct CaseFoldingTests {
    /// The file's simple case folding: statuses C and S, scalar to scalar.
    static let folds: [UInt32: UInt32] = {
        var folds: [UInt32: UInt32] = [:]
        for fields in (try? UnicodeData.records("CaseFolding.txt")) ?? [] where fields.count >= 3 {
            guard fields[1] == "C" || fields[1] == "S", let from = UInt32(fields[0], radix: 16),
                  let to = UInt32(fields[2], radix: 16) else { continue }
            folds[from] = to
        }
        return folds
    }()

    /// A scalar's fold by the file.
    static func fold(_ s: Unicode.Scalar) -> UInt32 { folds[s.value] ?? s.value }

    @Test func theFileIsRead() throws {
        _ = try UnicodeData.lines("CaseFolding.txt")  // says what to install when it is missing
        #expect(Self.folds.count > 1_400, "\(Self.folds.count) simple foldings")
    }

    /// Every code point folds as the file says, and the scalars that fold
    /// alike are each other's class, whole.
    @Test func tableFoldsAsTheFileSays() {
        let name = UnicodeData.codePoint
        var classes: [UInt32: Set<UInt32>] = [:]
        for (from, to) in Self.folds { classes[to, default: [to]].insert(from) }
        var wrong: [String] = []
        for v in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(v) {
            let expected = Self.folds[v] ?? v
            if CaseFolding.folded(v) != expected {
                wrong.append("\(name(v)) folds to \(name(CaseFolding.folded(v))), not \(name(expected))")
            }
            let expectedClass = classes[expected] ?? [v]
            if CaseFolding.hasPartners(v) || expectedClass.count > 1 {
                let members = Set(CaseFolding.members(of: v))
                if members != expectedClass {
                    wrong.append("\(name(v))'s class is \(members.sorted().map(name)), not \(expectedClass.sorted().map(name))")
                }
            }
            if wrong.count > 10 { break }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
        #expect(classes.values.map(\.count).max() == CaseFolding.largestClass)
    }

    /// Every C and S mapping, both ways: the plain-string searcher, the bare
    /// VM, a bracket expression and a literal prefix before the VM find the
    /// other spelling when ignoring case, and none do when case matters.
    @Test func everyMappingIsHonouredByBothEngines() throws {
        var failures: [String] = []
        var checked = 0
        for (from, to) in Self.folds.sorted(by: { $0.key < $1.key }) {
            let a = try #require(Unicode.Scalar(from)), b = try #require(Unicode.Scalar(to))
            for (needle, spelling) in [(a, b), (b, a)] {
                let text = Array("0\(spelling)9".utf8)
                let whole = 1..<(1 + spelling.utf8.count)
                let forms: [(String, Bool, Bool)] = [  // source, is literal, fast paths
                    ("\(needle)", true, true), ("\(needle)", false, false), ("[\(needle)]", false, true),
                    ("\(needle)[\\x{1}]{0}", false, true),
                ]
                for (source, isLiteral, fast) in forms {
                    for ignoring in [true, false] {
                        let pattern = try Pattern(source, caseSensitivity: ignoring ? .insensitive : .sensitive,
                                                  isLiteral: isLiteral, usesFastPaths: fast)
                        let found = firstMatch(pattern, text)
                        if found != (ignoring ? whole : nil) {
                            failures.append("\(pattern) (fast paths: \(fast)) in 0\(spelling)9 [\(UnicodeData.codePoint(from)) → \(UnicodeData.codePoint(to))]: \(String(describing: found))")
                        }
                        checked += 1
                    }
                }
            }
            if failures.count > 10 { break }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(checked > 20_000)
    }

    /// Folds that change a character's length in UTF-8: a match covers the
    /// bytes the text spells it with, whichever side is longer.
    @Test(arguments: [
        ("kelvin", "a \u{212A}ELVIN", 2..<10),      // K: 3 bytes for k's 1
        ("\u{212A}elvin", "a kelvin", 2..<8),
        ("ß", "STRA\u{1E9E}E", 4..<7),             // ẞ: 3 bytes for ß's 2
        ("strasse", "STRA\u{1E9E}E", nil),          // full folding (ß to ss) is not applied
        ("ωhm", "1 \u{2126}HM", 2..<7),
        ("kiss", "\u{212A}i\u{17F}\u{17F}", 0..<8),    // ſ: 2 bytes for s's 1, before and after the anchor
        ("kk", "k\u{212A}k", 0..<4),
        ("kk", "\u{212A}\u{212A}k", 0..<6),
        ("ak", "a\u{212A}", 0..<4),
        ("σς", "ΣΣ", 0..<4),
        ("việt", "VIỆT NAM", 0..<6),
        ("ａｂｃ", "ＡＢＣ", 0..<9),
        ("𐐨", "x𐐀", 1..<5),                      // Deseret
        ("ꭰ", "Ꭰ", 0..<3),                         // Cherokee
    ] as [(String, String, Range<Int>?)])
    func lengthChangingFoldsCoverTheTextsBytes(needle: String, line: String, expected: Range<Int>?) throws {
        for isLiteral in [true, false] {
            for fast in [true, false] {
                let pattern = try Pattern(needle, caseSensitivity: .insensitive, isLiteral: isLiteral, usesFastPaths: fast)
                #expect(firstMatch(pattern, Array(line.utf8)) == expected, "\(pattern) (fast paths: \(fast)) in \(line)")
            }
        }
    }

    /// A match ends where the text's spelling ends, escapes and overstrikes
    /// around it kept out of the visible line and mapped back.
    @Test func matchesMapBackToTheDocumentsBytes() throws {
        let line = "a \u{1B}[1m\u{212A}\u{1B}[0mELVIN b \u{212A}\u{8}\u{212A}elvin\n"
        var search = TextSearch(pattern: try Pattern("kelvin"), backward: false)
        search.scan(StreamText(complete: Array(line.utf8)), budget: 1 << 20)
        let bytes = Array(line.utf8)
        #expect(search.matches.map { String(decoding: bytes[$0], as: UTF8.self) } == [
            "\u{212A}\u{1B}[0mELVIN", "\u{212A}\u{8}\u{212A}elvin",
        ])
    }

    /// Scalars whose folds are unusual: length changes, classes of three and
    /// four, scripts beyond the Basic Multilingual Plane, and letters that
    /// fold to nothing else.
    static let alphabet: [Unicode.Scalar] = [
        "a", "k", "K", "\u{212A}", "s", "S", "\u{17F}", "ß", "\u{1E9E}", "ω", "Ω", "\u{2126}", "σ", "ς", "Σ",
        "θ", "ϑ", "ϴ", "Θ", "ι", "\u{345}", "\u{1FBE}", "Ι", "Ꭰ", "ꭰ", "𐐀", "𐐨", "Ａ", "ａ", "ệ", "Ệ",
        "µ", "μ", "Μ", "İ", "ı", "i", "I", "в", "В", "\u{1C80}", "ǅ", "Ǆ", "ǆ", "Å", "å", "\u{212B}",
        " ", "-", "日", "é",
    ]

    /// Ignoring case, every match a search reports is the one a slow
    /// reference finds: fold needle and text by the file, then compare
    /// scalar by scalar at each place. The plain-string searcher, the bare
    /// VM and the VM after a literal prefix all agree with it. A failure
    /// names the seed and the shrunk needle and text.
    @Test func ignoringCaseAgreesWithFoldingBothSides() async {
        await propertyCheck(count: 200, input: Gen.uint64(in: 0 ... .max)) { seed in
            var random = SplitMix(seed: seed)
            var failures: [String] = []
            for _ in 0..<40 {
                let needle = (0..<1 + random.next(4)).map { _ in Self.alphabet[random.next(Self.alphabet.count)] }
                let text = (0..<random.next(40)).map { _ in Self.alphabet[random.next(Self.alphabet.count)] }
                guard let problem = Self.disagreement(needle, text) else { continue }
                let (n, t) = Self.shrink(needle, text)
                failures.append("""
                    seed \(seed): \(problem)
                      shrunk: \(Self.disagreement(n, t) ?? "?") — needle \(Self.spelled(n)), text \(Self.spelled(t))
                    """)
                break
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        }
    }

    /// Every match of `needle` in `text` by the slow reference, as byte ranges.
    static func reference(_ needle: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> [Range<Int>] {
        let folded = needle.map(fold), foldedText = text.map(fold)
        var offsets = [0]
        for s in text { offsets.append(offsets.last! + s.utf8.count) }
        var found: [Range<Int>] = []
        var i = 0
        while i + folded.count <= text.count {
            if Array(foldedText[i..<i + folded.count]) == folded {
                found.append(offsets[i]..<offsets[i + folded.count])
                i += folded.count
            } else {
                i += 1
            }
        }
        return found
    }

    /// What differs between the reference and the three engines, or nil.
    static func disagreement(_ needle: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> String? {
        let expected = reference(needle, text)
        var source = ""
        source.unicodeScalars.append(contentsOf: needle)
        var line = ""
        line.unicodeScalars.append(contentsOf: text)
        let forms: [(String, Bool, Bool)] = [(source, true, true), (source, false, false), (source + "[\\x{1}]{0}", false, true)]
        for (form, isLiteral, fast) in forms {
            guard let pattern = try? Pattern(form, caseSensitivity: .insensitive, isLiteral: isLiteral, usesFastPaths: fast) else {
                return "/\(form)/ refused"
            }
            var found: [Range<Int>] = []
            Array(line.utf8).withUnsafeBytes { bytes in pattern.forEachMatch(in: bytes) { found.append($0); return true } }
            if found != expected { return "\(pattern) (fast paths: \(fast)) found \(found), the reference \(expected)" }
        }
        return nil
    }

    /// The shortest needle and text found that still disagree: scalars left out, then made `a`.
    static func shrink(_ needle: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> ([Unicode.Scalar], [Unicode.Scalar]) {
        var (n, t) = (needle, text)
        var progressed = true
        while progressed {
            progressed = false
            for variant in variants(t) where disagreement(n, variant) != nil {
                t = variant
                progressed = true
                break
            }
            if progressed { continue }
            for variant in variants(n) where !variant.isEmpty && disagreement(variant, t) != nil {
                n = variant
                progressed = true
                break
            }
        }
        return (n, t)
    }

    /// `scalars` with one left out, then with one made `a`.
    static func variants(_ scalars: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        let fewer = scalars.indices.map { i in scalars.enumerated().filter { $0.offset != i }.map(\.element) }
        let plainer = scalars.indices.filter { scalars[$0] != "a" }.map { i in
            var changed = scalars
            changed[i] = "a"
            return changed
        }
        return fewer + plainer
    }

    /// `"kß" (U+006B U+00DF)`.
    static func spelled(_ scalars: [Unicode.Scalar]) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return "\"\(text)\" (\(scalars.map { UnicodeData.codePoint($0.value) }.joined(separator: " ")))"
    }
}
