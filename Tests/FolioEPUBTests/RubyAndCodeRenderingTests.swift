import FolioReading
import Testing
@testable import FolioEPUB

/// Each visible character of `item`'s text with the style the escapes before it give it.
func styledCharacters(_ item: EPUBRenderedItem) -> [(character: Unicode.Scalar, style: TextStyle)] {
    var found: [(Unicode.Scalar, TextStyle)] = []
    Array(item.string.utf8).withUnsafeBytes { bytes in
        var decoder = TextDecoder()
        var i = 0
        while i < bytes.count, let (unit, length) = decoder.unit(in: bytes, at: i, isFinal: true) {
            switch unit {
            case .glyph(let scalar, let style): found.append((scalar, style))
            case .space(let style): found.append((" ", style))
            default: break
            }
            i += length
        }
    }
    return found
}

/// A book's ruby and code are written once for both hosts: the text a terminal shows
/// (`山路(やまみち)`, code in cyan) with marks a window reads (the ruby's base and reading,
/// monospace), whose escapes the terminal's text keeps and ignores.
@Suite struct RubyAndCodeRenderingTests {
    /// The characters of `item` with `attribute`, as a string.
    func characters(_ item: EPUBRenderedItem, with attribute: TextStyle.Attributes) -> String {
        var text = ""
        for (character, style) in styledCharacters(item) where style.attributes.contains(attribute) {
            text.unicodeScalars.append(character)
        }
        return text
    }

    @Test func aRubysBaseAndItsBracketedReadingAreMarked() {
        let item = quick("<p><ruby>山路<rt>やまみち</rt></ruby>を登りながら</p>")
        #expect(item.plain == "山路(やまみち)を登りながら", "the terminal's text is unchanged")
        #expect(characters(item, with: .rubyBase) == "山路")
        #expect(characters(item, with: .rubyText) == "(やまみち)")
        #expect(styledCharacters(item).filter { $0.style.isPlain }.map { String($0.character) }.joined() == "を登りながら")
        #expect(visible(item.string) == "⟨66⟩山路⟨68⟩⟨67⟩(やまみち)⟨68⟩を登りながら")
    }

    @Test func theBooksOwnBracketsAndAContainersReadingsAreTheReading() {
        let own = quick("<p><ruby>漢<rp>（</rp><rt>かん</rt><rp>）</rp>字<rp>（</rp><rt>じ</rt><rp>）</rp></ruby></p>")
        #expect(own.plain == "漢（かん）字（じ）")
        #expect(characters(own, with: .rubyBase) == "漢字")
        #expect(characters(own, with: .rubyText) == "（かん）（じ）")
        let container = quick("<p><ruby><rb>東</rb><rb>京</rb><rtc><rt>とう</rt><rt>きょう</rt></rtc></ruby></p>")
        #expect(container.plain == "東京(とうきょう)")
        #expect(characters(container, with: .rubyBase) == "東京")
        #expect(characters(container, with: .rubyText) == "(とうきょう)")
    }

    /// A reading with no base before it, first on its line, starts the line: it crashed the
    /// renderer (its bracket was written before any line was), found by the document-start
    /// property test's soup.
    @Test func aReadingWithNoBaseStartsItsLine() {
        let item = quick("<p><ruby><rt>かん</rt></ruby>字</p><p><ruby><rtc><rt>とう</rt></rtc></ruby></p>")
        #expect(item.plain == "(かん)字\n\n(とう)")
        #expect(characters(item, with: .rubyText) == "(かん)(とう)")
    }

    /// A ruby's marks end with it, and a style around it goes on under them.
    @Test func aRubyInsideBoldEndsItsMarksOnly() {
        let item = quick("<p><b>a<ruby>字<rt>じ</rt></ruby>b</b></p>")
        #expect(visible(item.string) == "⟨1⟩a⟨66⟩字⟨68⟩⟨67⟩(じ)⟨68⟩b⟨22⟩")
        #expect(styledCharacters(item).allSatisfy { $0.style.bold })
    }

    @Test func codeIsMonospaceAndStillCyanForTheTerminal() {
        let item = quick("<p>a <code>x y</code> <kbd>k</kbd><samp>s</samp><tt>t</tt> b</p><pre>let z\n  = 1</pre>")
        #expect(item.plain == "a x y kst b\n\nlet z\n  = 1")
        #expect(characters(item, with: .monospace) == "x ykstlet z  = 1")
        for (character, style) in styledCharacters(item) {
            #expect(style.monospace == (style.foreground == .cyan), "\(character): \(style)")
        }
        #expect(visible(item.string).hasPrefix("a ⟨36⟩⟨11⟩x y⟨39⟩⟨10⟩ ⟨36⟩⟨11⟩kst⟨39⟩⟨10⟩ b"))
    }

    /// Monospace and the ruby's marks come back from their escapes, and SGR 0 ends them all.
    @Test func theNewAttributesRoundTripThroughTheirEscapes() {
        var style = TextStyle.plain
        style.apply(sgr: [11, 66])
        #expect(style.attributes == [.monospace, .rubyBase] && style.face == 4)
        style.apply(sgr: [68, 67, 1])
        #expect(style.attributes == [.monospace, .rubyText, .bold] && style.face == 13)
        style.apply(sgr: [10])
        #expect(style.attributes == [.rubyText, .bold] && style.face == 9)
        style.apply(sgr: [0])
        #expect(style.isPlain && style.face == 0)
        for face in 0..<TextStyle.faceCount { #expect(TextStyle(face: face).face == face, "face \(face)") }
    }
}
