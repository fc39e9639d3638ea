import PropertyBased
import Testing
@testable import FolioEPUB

/// Random markup soup — tags opened and closed anywhere, entities real and
/// bogus, control characters, comments, CDATA and doctypes cut short —
/// always renders to display text that keeps the conventions. A failure
/// prints the seed and the shrunk list of fragments.
@Suite struct PropertyTests {
    static let fragments: [String] = [
        "<p>", "</p>", "<div>", "</div>", "<b>", "</b>", "<i>", "</i>", "<em>", "<strong>", "</strong>", "<code>", "</code>",
        "<a href='x.xhtml#f'>", "<a href='https://e.org'>", "</a>", "<a id='n1'/>", "<sup>", "</sup>", "<del>", "</del>",
        "<pre>", "</pre>", "<ul>", "</ul>", "<ol start='3'>", "</ol>", "<li>", "</li>", "<blockquote>", "</blockquote>",
        "<table>", "</table>", "<tr>", "</tr>", "<td>", "</td>", "<th>", "<thead>", "<h1>", "</h1>", "<h2 id='h'>", "</h2>",
        "<h4>", "<br>", "<br/>", "<hr/>", "<img src='a.png' alt='A'/>", "<img src='b.png'>", "<span style='display:none'>",
        "</span>", "<p dir='rtl'>", "<div style='page-break-before: always'>", "<p class='gone'>", "<dl><dt>", "<dd>",
        "word", "two words", " ", "  ", "\n", "\t", "\r\n", "日本語", "مرحبا", "&nbsp;", "&amp;", "&mdash;", "&#27;", "&#0;",
        "&#x110000;", "&bogus;", "&", "&lt;", "\u{1}", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{2028}", "<!-- c -->", "<!--",
        "<![CDATA[x<y]]>", "<![CDATA[", "<!DOCTYPE x [<!ENTITY e 'boom'>]>", "&e;", "<", ">", "<?pi x?>", "</", "<x", "'", "\"",
        "<script>if (a < b) {}</script>", "<style>p { display: none }</style>", "<svg><image href='s.png'/></svg>",
    ]

    static let soup = Gen.int(in: 0...(fragments.count - 1)).map { fragments[$0] }.array(of: 0...60)

    @Test func randomMarkupKeepsTheDisplayTextConventions() async {
        await propertyCheck(count: 1_500, input: Self.soup) { pieces in
            let body = pieces.joined()
            let item = quick(body, css: ".gone { display: none }")
            let text = item.text
            let string = item.string
            #expect(sgrProblems(text).isEmpty, "\(sgrProblems(text)) in \(visible(string))")
            #expect(!string.contains("\n\n\n"), "more than one empty line: \(visible(string))")
            #expect(!string.hasPrefix("\n") && !string.hasSuffix("\n"), "\(visible(string))")
            #expect(String(validating: text, as: UTF8.self) != nil, "invalid UTF-8")
            let lines = item.lineStarts
            #expect(item.anchors.values.allSatisfy { (0...text.count).contains($0) }, "\(item.anchors)")
            #expect(item.links.allSatisfy { !$0.range.isEmpty && $0.range.upperBound <= text.count }, "\(item.links)")
            #expect(item.headings.allSatisfy { lines.contains($0.offset) && (1...6).contains($0.level) }, "\(item.headings)")
            #expect(item.pageBreaks.allSatisfy { lines.contains($0) } && item.pageBreaks == item.pageBreaks.sorted(), "\(item.pageBreaks)")
            #expect(item.images.allSatisfy { (0..<text.count).contains($0.offset) }, "\(item.images)")
            #expect(item.rightToLeftRanges.allSatisfy { $0.upperBound <= text.count }, "\(item.rightToLeftRanges)")
            #expect(quick(body, css: ".gone { display: none }") == item, "rendering is deterministic")
        }
    }

    /// Random bytes as a chapter never crash the parser and give valid UTF-8.
    @Test func randomBytesParse() async {
        let bytes = Gen.int(in: 0...255).map { UInt8($0) }.array(of: 0...200)
        await propertyCheck(count: 1_500, input: bytes) { bytes in
            let document = MarkupParser.parse(bytes, mode: .html, maximumDepth: 8)
            let item = ContentRenderer.render(document, path: "a.xhtml", stylesheet: Stylesheet())
            #expect(sgrProblems(item.text).isEmpty, "\(bytes)")
            #expect(String(validating: item.text, as: UTF8.self) != nil, "\(bytes)")
        }
    }
}

/// Markup details the property test cannot state exactly.
@Suite struct MarkupTests {
    /// The shortcut for plain relative paths (most of a book's hrefs) resolves
    /// every reference as the careful resolution does, from any base.
    @Test func plainPathsResolveAsTheCarefulWayDoes() async {
        let pieces = ["a", "ch1.xhtml", "Text", "..", ".", "/", "//", "%20", "#note", "?q=1", "é", " ", "c:", "-_~", "x.y.z", "...", "#sec-3.2", "#a:b", "#"]
        let pick = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...6)
        await propertyCheck(count: 3_000, input: pick, pick) { reference, base in
            let r = reference.map { pieces[$0] }.joined(), b = base.map { pieces[$0] }.joined()
            #expect(ArchivePath.resolve(r, from: b) == ArchivePath.resolveCarefully(r, from: b), "\"\(r)\" from \"\(b)\"")
        }
    }

    @Test func deepNestingIsBounded() {
        let deep = String(repeating: "<div><b>", count: 5_000) + "deep" + String(repeating: "</b></div>", count: 5_000)
        let document = MarkupParser.parse(Array(deep.utf8), mode: .html, maximumDepth: 256)
        let item = ContentRenderer.render(document, path: "a.xhtml", stylesheet: Stylesheet())
        #expect(item.plain == "deep")
        #expect(sgrProblems(item.text).isEmpty)
    }

    @Test func attributesAreDecodedAndTolerated() {
        let document = MarkupParser.parse(Array("<a href=x.html?a=1&amp;b=2 title='&lt;q&gt;' data-x alt=\"&bogus;\" =odd>t</a>".utf8), mode: .html)
        let a = document.first("a")!
        #expect(a["href"] == "x.html?a=1&b=2")
        #expect(a["title"] == "<q>")
        #expect(a["data-x"] == "")
        #expect(a["alt"] == "&bogus;")
        #expect(a.text == "t")
    }

    @Test func selectorsBeyondTheSimpleOnesAreDroppedQuietly() {
        let sheet = Stylesheet(parsing: """
            p::before, a:hover, [hidden], p + p, p ~ p, svg|a, .a\\:b { display: none }
            @font-face { font-family: x; src: url(x.otf) }
            @media screen { .m { display: none } }
            div > p.k { display: none }  /* child read as descendant */
            p { color: red }
            """)
        #expect(sheet.rules.count == 1)
        #expect(sheet.rules[0].compounds == [CompoundSelector(tag: "div", id: nil, classes: []), CompoundSelector(tag: "p", id: nil, classes: ["k"])])
    }
}
