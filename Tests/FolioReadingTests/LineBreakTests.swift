import Testing
import PropertyBased
import FolioTestSupport
@testable import FolioReading

/// The line-breaking classes against Unicode's LineBreak.txt, read here
/// independently of `Scripts/generate-line-break-classes.py`, and the
/// hyphen, dash and soft-hyphen rules as the layout applies them.
@Suite(.needs(.unicodeData)) struct LineBreakTests {
    /// Folio's class for a UAX #14 class (`category`: the general category, which sides a quotation mark).
    static func expected(_ uax: String, category: String?, scalar: UInt32) -> LineBreakClass {
        if scalar == 0xAD { return .softHyphen }
        switch uax {
        case "OP": return .opening
        case "QU": return category == "Pi" ? .opening : category == "Pf" ? .closing : .quotation
        case "CL", "CP", "NS", "EX", "IS", "CJ", "IN": return .closing
        case "ID", "H2", "H3", "JL", "JV", "JT", "EB", "EM", "RI": return .ideographic
        case "NU": return .numeric
        case "ZW": return .zeroWidthSpace
        case "HY": return .hyphen
        case "BA": return .breakAfter
        case "BB": return .breakBefore
        case "B2": return .breakBoth
        case "CM", "ZWJ": return .combining
        case "GL", "WJ": return .glue
        case "SP": return .space
        default: return .other
        }
    }

    /// The general category of every code point UnicodeData.txt lists (ranges by their First and Last lines).
    static func categories() throws -> [UInt32: String] {
        var categories: [UInt32: String] = [:]
        var first: UInt32?
        for fields in try UnicodeData.records("UnicodeData.txt") where fields.count > 2 {
            guard let v = UInt32(fields[0], radix: 16) else { continue }
            if fields[1].hasSuffix("First>") { first = v; continue }
            for w in (first ?? v)...v { categories[w] = String(fields[2]) }
            first = nil
        }
        return categories
    }

    @Test func everyCodePointHasTheClassLineBreakTxtGivesIt() throws {
        let categories = try Self.categories()
        var uax = [String](repeating: "XX", count: 0x110000)
        for (range, value) in try UnicodeData.ranges("LineBreak.txt") {
            for v in range { uax[Int(v)] = value }
        }
        var wrong: [String] = []
        for v in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let expected = Self.expected(uax[Int(v)], category: categories[v], scalar: v)
            if LineBreakClass.of(scalar) != expected {
                wrong.append("\(UnicodeData.codePoint(v)) (\(uax[Int(v)])) is \(LineBreakClass.of(scalar)), not \(expected)")
                if wrong.count > 10 { break }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
        for b in UInt8(0)..<0x80 {
            #expect(LineBreakClass.ascii(b) == LineBreakClass.of(Unicode.Scalar(b)), "ASCII \(b)")
        }
    }

    /// The ASCII fast path's backward scan (sixteen bytes a step) finds the
    /// last break that reading the line forward, character by character, finds.
    @Test func theBackwardScanFindsWhatReadingForwardFinds() async {
        let alphabet = Array("ab5-|() ".utf8)
        await propertyCheck(count: 3_000, input: Gen.int(in: 0...(alphabet.count - 1)).array(of: 1...70), Gen.int(in: 0...5)) { tokens, start in
            let bytes = Array(repeating: UInt8(ascii: "x"), count: start) + tokens.map { alphabet[$0] } + [UInt8(ascii: "z")]
            let end = bytes.count - 1
            var breaker = LineBreaker()
            var expected: Int?
            for i in start...end {
                if i > start && (bytes[i - 1] == 0x20 || breaker.allowsBreak(before: .ascii(bytes[i]))) { expected = i }
                if bytes[i] == 0x20 { breaker.readSpace() } else { breaker.read(.ascii(bytes[i])) }
            }
            let found = bytes.withUnsafeBytes { LineBreaker.lastASCIIBreak(in: $0, lineStart: start, end: end) }
            #expect(found == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription) from \(start)")
        }
    }

    @Test func linesBreakAfterAHyphenButNotBeforeADigitNorInsideAnOption() {
        #expect(lines("a well-known fact", columns: 9) == ["a well-", "known ", "fact"])
        #expect(lines("call 555-1234 now", columns: 10) == ["call ", "555-1234 ", "now"], "no break before a digit")
        #expect(lines("run with --verbose flag", columns: 12) == ["run with ", "--verbose ", "flag"],
                "hyphens that begin a word keep it")
        #expect(lines("--verbose", columns: 4) == ["--ve", "rbos", "e"], "an option alone on a line is cut, as any word")
        #expect(lines("x-(y)", columns: 3) == ["x-", "(y)"])
        #expect(lines("a-)b", columns: 3) == ["a-)", "b"], "never before closing punctuation")
        #expect(lines("long|pipe", columns: 6) == ["long|", "pipe"], "a bar breaks after it (BA)")
    }

    @Test func linesBreakAroundDashes() {
        #expect(lines("one—two—three", columns: 8) == ["one—two—", "three"], "after an em dash")
        #expect(lines("one—two—three", columns: 6) == ["one—", "two—", "three"])
        #expect(lines("pages 10–20", columns: 9) == ["pages 10–", "20"], "after an en dash")
        #expect(lines("ab——cd", columns: 3) == ["ab", "——", "cd"], "not between two em dashes")
        #expect(lines("漢字\u{A0}漢字", columns: 5) == ["漢", "字\u{A0}漢", "字"], "never around a no-break space")
    }

    @Test func aSoftHyphenShowsOnlyWhereTheLineBreaks() {
        #expect(lines("hy\u{AD}phen\u{AD}ation", columns: 8) == ["hyphen-", "ation"])
        #expect(lines("hy\u{AD}phen\u{AD}ation", columns: 40) == ["hyphenation"], "invisible where no line breaks")
        #expect(lines("abcdefg\u{AD}hij", columns: 7) == ["abcdefg", "hij"], "no room for the hyphen: the word is cut")
        #expect(lines("abc\u{AD}def ghi", columns: 8) == ["abcdef ", "ghi"], "a space later wins")
        let (_, laid) = layOut(Array("hy\u{AD}phen\u{AD}ation".utf8), geometry: PageGeometry(columns: 8, rows: 3))
        let first = laid.pages[0].lines[0]
        #expect(first.line.ending == .hyphen && first.line.width == 7, "\(first.line)")
        let hyphen = first.glyphs.last
        #expect(hyphen?.scalar == "-" && hyphen?.offset == 8 && hyphen?.length == 2, "the hyphen is the soft hyphen's bytes: \(String(describing: hyphen))")
    }
}
