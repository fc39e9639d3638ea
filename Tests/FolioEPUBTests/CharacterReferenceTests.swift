import Foundation
import Testing
@testable import FolioEPUB

/// Character references decoded as HTML5 decodes them, checked against
/// Python's `html.unescape` (whose `html.entities.html5` is the WHATWG list).
@Suite struct CharacterReferenceTests {
    /// `text` decoded as text of a content document.
    static func decoded(_ text: String, context: CharacterReferences.Context = .text) -> String {
        var out: [UInt8] = []
        CharacterReferences.append(Array(text.utf8)[...], context: context, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The binary search needs the names in strict byte order, and the table must be Python's, whole.
    @Test func theTableIsWHATWGsListInByteOrder() throws {
        let json = try runPython("import html.entities, json; print(json.dumps(html.entities.html5))", arguments: [])
        let python = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
        #expect(HTMLEntities.count == 2_231 && python.count == 2_231)
        var previous: [UInt8] = []
        var missing: [String] = []
        for k in 0..<HTMLEntities.count {
            let name = Array(HTMLEntities.nameBytes(at: k))
            #expect(previous.lexicographicallyPrecedes(name), "\(String(decoding: name, as: UTF8.self)) out of order")
            previous = name
            let value = HTMLEntities.value(at: k)
            let text = String(String.UnicodeScalarView([value.first] + (value.second.map { [$0] } ?? [])))
            if python[String(decoding: name, as: UTF8.self)] != text { missing.append(String(decoding: name, as: UTF8.self)) }
        }
        #expect(missing.isEmpty, "differ from Python: \(missing.prefix(10))")
        #expect(HTMLEntities.value(of: Array("amp".utf8)) != nil && HTMLEntities.value(of: Array("ampx".utf8)) == nil)
    }

    /// Every name alone, followed by a letter, by `=` and by `;`, the tricky
    /// cases, and numbers across every kind of code point, as `html.unescape` reads them.
    @Test func everyReferenceDecodesAsPythonsUnescape() throws {
        let json = try runPython(#"""
            import html, html.entities, json
            pieces = []
            for name in html.entities.html5:
                pieces += ["&" + name, "&" + name + "x", "&" + name + "=", "&" + name + ";", "a&" + name + " b"]
            pieces += ["&notit;", "&notin;", "&not", "&amp", "&AMP;", "&AMP", "&Amp;", "&aMp;", "&nbsp", "&nbsp;x",
                       "&nbspx", "&amp;amp;", "&&amp;", "&", "&;", "& amp;", "&#", "&#;", "&#x;", "&#xZ;", "&#65", "&#x41",
                       "&#X41;", "&#00000065;", "&#99999999999999999999;", "&#xFFFFFFFFFFFF;", "AT&T", "&copy2024",
                       "&ampx", "&amp-x", "&ampé", "&lt&gt", "&frac34y", "&frac3", "&sup", "&sup1", "&sup;", "&supe;",
                       "&supex", "&ampamp;", "&CounterClockwiseContourIntegral;", "&CounterClockwiseContourIntegralx;",
                       "&acE;", "&fjlig;", "&nvlt;", "&#x41;&#x42", "x&#13;y", "&#9;&#10;&#12;&#11;"]
            numbers = set(range(0, 0x300)) | set(range(0xD7F0, 0xE010)) | set(range(0xFDC0, 0x10000))
            numbers |= set(range(0, 0x110000, 251)) | {0x10FFFF, 0x110000, 0x110001, 0xFFFFFFFF, 0x100000000}
            for plane in range(17):
                numbers |= set(range(plane << 16 | 0xFFF0, (plane << 16) + 0x10002))
            for n in sorted(numbers):
                pieces += ["&#%d;" % n, "&#x%X;" % n, "&#x%xg" % n, "&#%da" % n]
            print(json.dumps([[p, html.unescape(p)] for p in pieces]))
            """#, arguments: [])
        let cases = try JSONDecoder().decode([[String]].self, from: Data(json.utf8))
        #expect(cases.count > 20_000)
        #expect(cases.contains(["&notit;", "¬it;"]) && cases.contains(["&#x80;", "€"]) && cases.contains(["&#1;", ""]))
        var failures: [String] = []
        for pair in cases where Self.decoded(pair[0]) != pair[1] {
            failures.append("\(pair[0].debugDescription) → \(Self.decoded(pair[0]).debugDescription), Python \(pair[1].debugDescription)")
        }
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(12).joined(separator: "; "))")
    }

    /// In an attribute a legacy name without `;` followed by `=` or a letter or digit stays as written (HTML5 13.2.5.73).
    @Test func attributesKeepLegacyNamesThatRunOn() {
        let cases: [(String, String)] = [
            ("?a=1&copy=2", "?a=1&copy=2"), ("&copy 2024", "© 2024"), ("&copy2024", "&copy2024"),
            ("&notit;", "&notit;"), ("&notin;", "∉"), ("&not;it", "¬it"), ("&amp;copy=2", "&copy=2"), ("&amp", "&"),
            ("&nbsp.", "\u{A0}."), ("&#65x", "Ax"), ("&#x41;", "A"), ("&bogus;", "&bogus;"), ("&lt;b&gt;", "<b>"),
            ("&AMP=", "&AMP="), ("&AMP;=", "&="),
        ]
        for (input, expected) in cases {
            #expect(Self.decoded(input, context: .attribute) == expected, "\(input)")
        }
        let a = MarkupParser.parse(Array("<a href=\"?a=1&copy=2&amp;b=&lt;\" title=&notin;x alt='&not it'>t</a>".utf8), mode: .html)
            .first("a")!
        #expect(a["href"] == "?a=1&copy=2&b=<" && a["title"] == "∉x" && a["alt"] == "¬ it")
    }

    /// The package document, NCX and container keep XML's rule: a reference ends in `;`.
    @Test func xmlNeedsTheSemicolon() {
        #expect(Self.decoded("A &amp B &amp; C &#65 &#66; &nbsp; &nbsp &hellip; &notin;", context: .xml)
                == "A &amp B & C &#65 B \u{A0} &nbsp … ∉")
        let title = MarkupParser.parse(Array("<title>Tom &amp Jerry &amp; &mdash;</title>".utf8), mode: .xml).first("title")!
        #expect(title.text == "Tom &amp Jerry & —")
    }

    /// A content document's text through the parser and the renderer.
    @Test func contentDocumentsDecodeHTML5Names() throws {
        let item = try render(body: "<p>&nbsp&lang;x&rang; &Bfr; &fjlig; AT&T &copy2024 &notit; &#x1F600;</p>")
        #expect(item.plain.contains("\u{A0}⟨x⟩ 𝔅 fj AT&T ©2024 ¬it; 😀"), "\(item.plain)")
    }
}
