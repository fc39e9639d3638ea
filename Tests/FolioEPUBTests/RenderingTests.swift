import Testing
@testable import FolioEPUB

/// Renders `body` without a zip (the markup and CSS go straight to the renderer).
func quick(_ body: String, css: String = "", path: String = "OEBPS/ch1.xhtml") -> EPUBRenderedItem {
    let document = MarkupParser.parse(Array(EPUBFixture.xhtml(body).utf8), mode: .html)
    return ContentRenderer.render(document, path: path, stylesheet: Stylesheet(parsing: css))
}

let esc = "\u{1B}["

/// The display text conventions, one by one, as exact strings.
@Suite struct RenderingTests {
    @Test func paragraphsAreOneLineEachSeparatedByOneEmptyLine() {
        let item = quick("""
            <p>One
               paragraph,   wrapped.</p>
            <p>Two<br>lines</p>

            <div>Div text <p>inner</p> tail</div>
            <p></p><p>  </p><p>Last<br/></p>
            """)
        #expect(item.string == "One paragraph, wrapped.\n\nTwo\nlines\n\nDiv text\n\ninner\n\ntail\n\nLast")
    }

    /// Found by the random-markup property (seed 4rujuxKSxzpM6rr/JXXiNYGKeO+0I87QJNazh4sJ9FE=):
    /// a run of line breaks made two empty lines.
    /// Ruby (furigana) reads after its base in brackets, the book's own `<rp>` brackets when it
    /// has them, instead of running into the words.
    @Test func rubyReadsAfterItsBaseInBrackets() {
        #expect(quick("<p><ruby>山路<rt>やまみち</rt></ruby>を登りながら</p>").plain == "山路(やまみち)を登りながら")
        #expect(quick("<p><ruby>漢<rp>（</rp><rt>かん</rt><rp>）</rp>字<rp>（</rp><rt>じ</rt><rp>）</rp></ruby></p>").plain
                == "漢（かん）字（じ）")
        #expect(quick("<p><ruby><rb>東</rb><rb>京</rb><rtc><rt>とう</rt><rt>きょう</rt></rtc></ruby></p>").plain == "東京(とうきょう)")
    }

    @Test func aRunOfLineBreaksLeavesOneEmptyLineAtMost() {
        #expect(quick("<p>word<br><br><br>word</p>").string == "word\n\nword")
        #expect(quick("<p>verse<br/>line<br/><br/>stanza</p>").string == "verse\nline\n\nstanza")
    }

    @Test func headingsAreBoldAndTheFirstTwoLevelsUnderlined() {
        let item = quick("<h1>Big</h1><h2>Mid</h2><h3>Small <em>it</em></h3>")
        #expect(visible(item.string) == "⟨1⟩⟨4⟩Big⟨22⟩⟨24⟩\n\n⟨1⟩⟨4⟩Mid⟨22⟩⟨24⟩\n\n⟨1⟩Small ⟨3⟩it⟨22⟩⟨23⟩")
        #expect(item.headings.map(\.title) == ["Big", "Mid", "Small it"])
        #expect(item.headings.map(\.level) == [1, 2, 3])
        #expect(item.headings.map(\.offset) == [0, 23, 46], "line starts, before the style codes")
        for heading in item.headings { #expect(item.lineStarts.contains(heading.offset), "\(heading)") }
    }

    @Test func nestedStylesRestoreOnlyWhenTheAttributeReallyTurnsOff() {
        let item = quick("<p><b>a<i>b<strong>c</strong>d</i>e</b>f <code>x <a href='#n'>y</a> z</code></p>")
        // The spaces inside code stay cyan and monospace; the link's blue gives way to cyan again.
        #expect(visible(item.string) == "⟨1⟩a⟨3⟩bcd⟨23⟩e⟨22⟩f ⟨36⟩⟨11⟩x ⟨4⟩⟨34⟩y⟨24⟩⟨36⟩ z⟨39⟩⟨10⟩")
    }

    @Test func spacesAroundAStyledRunAreNotStyledByIt() {
        let item = quick("<p>see <a href='x.xhtml'>this</a> and <code>that</code> now</p>")
        #expect(visible(item.string) == "see ⟨4⟩⟨34⟩this⟨24⟩⟨39⟩ and ⟨36⟩⟨11⟩that⟨39⟩⟨10⟩ now")
    }

    @Test func linksRecordTheirRangeAndResolvedTarget() {
        let item = quick("""
            <p>Go <a href="../Text/ch2.xhtml#sec%201">there</a>, <a href="https://example.org/a?b#c">out</a>, <a href="#top">up</a>.</p>
            """, path: "OEBPS/Text/ch1.xhtml")
        #expect(item.links.map(\.target) == [
            .book(path: "OEBPS/Text/ch2.xhtml", fragment: "sec 1"),
            .external("https://example.org/a?b#c"),
            .book(path: "OEBPS/Text/ch1.xhtml", fragment: "top"),
        ])
        let texts = item.links.map { stripSGR(String(decoding: item.text[$0.range], as: UTF8.self)) }
        #expect(texts == ["there", "out", "up"])
    }

    @Test func footnoteReferencesAreBracketedInsideTheirLink() {
        let item = quick("""
            <p>Text<a href="#n1"><sup>1</sup></a> more<sup><a href="#n2">2</a></sup> and <a epub:type="noteref" href="#n3">3</a> x<sup>2</sup></p>
            """)
        #expect(item.plain == "Text[1] more[2] and [3] x2")
        let texts = item.links.map { stripSGR(String(decoding: item.text[$0.range], as: UTF8.self)) }
        #expect(texts == ["[1]", "[2]", "[3]"])
    }

    @Test func struckText() {
        #expect(visible(quick("<p>a <del>b</del> <s>c </s>d</p>").string) == "a ⟨9⟩b⟨29⟩ ⟨9⟩c ⟨29⟩d")
    }

    @Test func listsHaveBulletsNumbersAndIndentPerLevel() {
        let item = quick("""
            <ul><li>one</li><li>two<ul><li>inner <b>b</b></li></ul></li></ul>
            <ol start="4"><li>four</li><li><p>five</p><p>again</p></li><li value="9">nine</li><li>ten</li></ol>
            """)
        #expect(item.plain == """
            • one

            • two

              • inner b

            4. four

            5. five

               again

            9. nine

            10. ten
            """)
    }

    @Test func blockQuotesPrefixEveryLineDimly() {
        let item = quick("<blockquote><p>a<br/>b</p><p>c</p></blockquote><p>d</p>")
        let bar = "\(esc)2m│ \(esc)22m"
        #expect(item.string == "\(bar)a\n\(bar)b\n\n\(bar)c\n\nd")
    }

    @Test func tablesAreOneLinePerRowWithABoldHeader() {
        let item = quick("""
            <table><thead><tr><th>Key</th><th>Does</th></tr></thead>
            <tbody><tr><td>q</td><td><p>quit</p></td></tr><tr><td>g</td><td>go <i>to</i></td></tr></tbody></table>
            """)
        #expect(visible(item.string) == "⟨1⟩Key⟨22⟩ │ ⟨1⟩Does⟨22⟩\nq │ quit\ng │ go ⟨3⟩to⟨23⟩")
    }

    @Test func decorationsAreNeverStyledByTheTextAroundThem() {
        // Found by the property test: a rule inside <del> was struck.
        #expect(quick("<del>a<hr/>b</del>").string == "\(esc)9ma\(esc)29m\n\n───\n\n\(esc)9mb\(esc)29m")
        #expect(visible(quick("<table><tr><td><b>a</b></td><td><b>b</b></td></tr></table>").string) == "⟨1⟩a⟨22⟩ │ ⟨1⟩b⟨22⟩")
    }

    @Test func rulesAndImagesHaveLinesOfTheirOwn() {
        let item = quick("<p>a</p><hr/><p>b <img src='../img/x.png' alt=' A  cat '/> c</p><img src='y.jpg'/>")
        #expect(item.string == "a\n\n───\n\nb\n\n[image: A cat]\n\nc\n\n[image: y.jpg]")
        #expect(item.images == [
            EPUBImage(offset: item.plainOffset(of: "[image: A"), path: "img/x.png", alt: "A cat"),
            EPUBImage(offset: item.plainOffset(of: "[image: y"), path: "OEBPS/y.jpg", alt: nil),
        ])
        #expect(item.images.allSatisfy { !$0.isStandalone })
    }

    @Test func aDocumentOfImagesOnlyShowsThemStandalone() {
        let item = quick("<div><svg xmlns:xlink='http://www.w3.org/1999/xlink'><image xlink:href='cover.jpg'/></svg></div>")
        #expect(item.string == "[image: cover.jpg]")
        #expect(item.images == [EPUBImage(offset: 0, path: "OEBPS/cover.jpg", alt: nil, isStandalone: true)])
    }

    @Test func preformattedTextKeepsItsLines() {
        let item = quick("<p>x</p><pre>\nline  one\n\tindented\n  two</pre><p style='white-space: pre'>a  b</p>")
        #expect(visible(item.string) == "x\n\n⟨36⟩⟨11⟩line  one⟨39⟩⟨10⟩\n⟨36⟩⟨11⟩        indented⟨39⟩⟨10⟩\n⟨36⟩⟨11⟩  two⟨39⟩⟨10⟩\n\na  b")
    }

    @Test func anchorsPointAtTheStartOfTheirContent() {
        let item = quick("<h2 id='c1'>Chapter</h2><p id='p1'>Para <span id='s1'>span</span><a name='old'></a> end</p><p id='empty'></p>")
        #expect(item.anchors["c1"] == 0, "before the heading's style codes")
        #expect(item.anchors["p1"] == item.plainOffset(of: "Para"))
        #expect(item.anchors["s1"] == item.plainOffset(of: "span"))
        #expect(item.anchors["old"] == item.plainOffset(of: "end") - 1 || item.anchors["old"] == item.plainOffset(of: "end"))
        #expect(item.anchors["empty"] == item.text.count)
    }

    @Test func cssPageBreaksAreRecordedAtLineStarts() {
        let css = ".chapter { page-break-before: always } h2 { break-after: page } p.x { page-break-before: avoid }"
        let item = quick("<p>a</p><div class='chapter'><p>b</p></div><h2>c</h2><p class='x'>d</p><p style='break-before: page'>e</p>", css: css)
        #expect(item.pageBreaks == ["b", "d", "e"].map { item.plainOffset(of: $0) })
    }

    @Test func displayNoneHidesBySelectorKind() {
        let css = """
            .gone, #away, aside.note, div.related h3 { display: none }
            @media print { p { display: none } }
            p:first-child, a[href] { display: none }
            """
        let item = quick("""
            <p>1</p><p class="gone">x</p><p id="away">x</p><aside class="note">x</aside><aside>2</aside>
            <div class="related"><h3>x</h3><p>3</p></div><h3>4</h3><p hidden="">x</p><p style="display:none">x</p>
            """, css: css)
        #expect(item.plain == "1\n\n2\n\n3\n\n4")
    }

    @Test func rightToLeftBlocksAreRecorded() {
        let item = quick("<p>ltr</p><p dir='rtl'>שלום</p><div style='direction: rtl'><p>مرحبا</p></div><p>end</p>")
        let ranges = item.rightToLeftRanges.map { String(decoding: item.text[$0], as: UTF8.self) }
        #expect(ranges == ["שלום", "مرحبا"])
    }

    @Test func entitiesHTMLDefinesAndXMLDoesNotAreDecoded() {
        let item = quick("<p>a&nbsp;b&mdash;c&hellip; &eacute;&Omega;&#233;&#x1F600;&#151;&amp;&lt;&apos;</p>")
        #expect(item.plain == "a\u{A0}b—c… éΩé😀—&<'")
    }

    @Test func strayAmpersandsAndUnknownEntitiesStayLiteral() {
        // `&amp` without its `;` is one of HTML5's legacy names, so it is an ampersand.
        let item = quick("<p>AT&T &foo; & &#xZZ; &amp</p>")
        #expect(item.plain == "AT&T &foo; & &#xZZ; &")
    }

    @Test func brokenMarkupStillShowsTheText() {
        let item = quick("<p>one<p>two<br>three<li>four</li><div>five</span></div><p>6 < 7 <b>bold")
        #expect(item.plain == "one\n\ntwo\nthree\n\n• four\n\nfive\n\n6 < 7 bold")
        #expect(item.string.hasSuffix("\(esc)1mbold\(esc)22m"))
    }

    /// Control characters in the text are spaces; references to them (`&#27;`) are dropped, as `html.unescape` drops them.
    @Test func controlCharactersBecomeSpacesAndNoOtherEscapeAppears() {
        let item = quick("<p>a\u{1B}[31mb&#27;c&#7;d\u{85}e\u{2028}f</p><pre>x\u{0}y\u{7F}z</pre>")
        #expect(visible(item.string) == "a [31mbcd e f\n\n⟨36⟩⟨11⟩x y z⟨39⟩⟨10⟩")
        #expect(sgrProblems(item.text).isEmpty, "\(sgrProblems(item.text))")
    }
}

/// Anything wrong with the escapes in `text`: an escape that is not one of
/// the SGR codes the conventions allow, a control character other than
/// newline, or a style still open at the end.
func sgrProblems(_ text: [UInt8]) -> [String] {
    let allowed: Set<String> = ["1", "22", "2", "3", "23", "4", "24", "9", "29", "34", "36", "39", "11", "10", "66", "67", "68"]
    var problems: [String] = []
    var open: [String: Bool] = [:]
    var k = 0
    while k < text.count {
        let b = text[k]
        if b == 0x1B {
            var j = k + 1
            guard j < text.count, text[j] == UInt8(ascii: "[") else { problems.append("bare ESC at \(k)"); k += 1; continue }
            j += 1
            var code = ""
            while j < text.count, text[j] >= 0x30, text[j] <= 0x39 { code.append(Character(UnicodeScalar(text[j]))); j += 1 }
            guard j < text.count, text[j] == UInt8(ascii: "m"), allowed.contains(code) else {
                problems.append("escape \(code) at \(k)")
                k = j
                continue
            }
            switch code {
            case "1": open["bold"] = true
            case "2": open["dim"] = true
            case "22": open["bold"] = false; open["dim"] = false
            case "3": open["italic"] = true
            case "23": open["italic"] = false
            case "4": open["underline"] = true
            case "24": open["underline"] = false
            case "9": open["strike"] = true
            case "29": open["strike"] = false
            case "34", "36": open["color"] = true
            case "11": open["monospace"] = true
            case "10": open["monospace"] = false
            case "66", "67": open["ruby"] = true
            case "68": open["ruby"] = false
            default: open["color"] = false
            }
            k = j + 1
            continue
        }
        if (b < 0x20 && b != 0x0A) || b == 0x7F { problems.append("control \(b) at \(k)") }
        if b == 0xC2, k + 1 < text.count, (0x80...0x9F).contains(text[k + 1]) { problems.append("C1 control at \(k)") }
        k += 1
    }
    for (style, isOpen) in open where isOpen { problems.append("\(style) still open at the end") }
    return problems
}

extension EPUBRenderedItem {
    /// Byte offset of the first occurrence of `needle` (searched in the raw text).
    func plainOffset(of needle: String) -> Int {
        let n = Array(needle.utf8)
        var k = 0
        while k + n.count <= text.count {
            if text[k..<(k + n.count)].elementsEqual(n) { return k }
            k += 1
        }
        return -1
    }

    /// Offsets at which lines begin.
    var lineStarts: Set<Int> {
        var starts: Set<Int> = [0]
        for (k, b) in text.enumerated() where b == 0x0A { starts.insert(k + 1) }
        return starts
    }
}
