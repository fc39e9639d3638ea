import Foundation
import Testing
import PropertyBased
import FolioTestSupport
@testable import FolioReading

/// Pieces random documents are made of: words, CJK, emoji, combining
/// marks, whitespace, controls and ill-formed UTF-8 (no escapes or
/// backspaces: the independent reading below does not model styles).
let plainPieces: [[UInt8]] = [
    Array("word".utf8), Array("a".utf8), Array("longerwordthanaline".utf8), Array(" ".utf8), Array("  ".utf8),
    Array("\n".utf8), Array("\r\n".utf8), Array("\t".utf8), Array("\u{0C}".utf8), Array("漢字".utf8),
    Array("\u{1F600}".utf8), Array("e\u{0301}".utf8), Array("\u{200D}".utf8), [0xFF], [0xE6, 0xBC], [0xC3],
    Array("\r".utf8), Array("Ａ".utf8), Array("-".utf8), Array("。".utf8), Array("「".utf8), Array("かな".utf8),
    Array("\u{200B}".utf8), [0x01], Array("well-known".utf8), Array("hy\u{AD}phen\u{AD}ation".utf8), Array("\u{AD}".utf8),
    Array("—".utf8), Array("–".utf8), Array("\u{A0}".utf8), Array("--x".utf8), Array("-5".utf8), Array("a|b".utf8),
]

/// Pieces with styles: SGR sequences (some broken), overstrikes, erase-in-line, hyperlinks.
let styledPieces: [[UInt8]] = plainPieces + [
    Array("\u{1B}[1m".utf8), Array("\u{1B}[31;44m".utf8), Array("\u{1B}[0m".utf8), Array("\u{1B}[38;5;208m".utf8),
    Array("\u{1B}[38:2::1:2:3m".utf8), Array("\u{1B}[K".utf8), Array("\u{1B}[2J".utf8), Array("\u{1B}[".utf8),
    Array("\u{1B}]8;;http://x\u{1B}\\".utf8), Array("a\u{08}a".utf8), Array("_\u{08}b".utf8), [0x08], [0x1B],
    Array("\u{1B}[11m".utf8), Array("\u{1B}[10m".utf8), Array("\u{1B}[66m山路\u{1B}[68m\u{1B}[67m(やまみち)\u{1B}[68m".utf8),
    Array("\u{1B}[66mVA\u{1B}[68m\u{1B}[67m(va To)\u{1B}[68m".utf8),
]

func document(_ tokens: [Int], from pieces: [[UInt8]] = plainPieces) -> [UInt8] {
    tokens.flatMap { pieces[$0 % pieces.count] }
}

/// A document laid out page by page, each page's lines with their glyphs.
struct LaidOutDocument {
    var pages: [(start: Int, lines: [(line: LaidOutLine, glyphs: [Glyph])])] = []
}

func layOut(_ bytes: [UInt8], geometry: PageGeometry, budget: Int = 7) -> (Pagination, LaidOutDocument) {
    let text = StreamText(complete: bytes)
    var pagination = Pagination(layout: TextLayout(geometry: geometry))
    var guard_ = 0
    while !pagination.isComplete && guard_ < 1_000_000 { pagination.extend(text, budget: budget); guard_ += 1 }
    var laid = LaidOutDocument()
    for page in 0..<pagination.knownPages {
        let layout = pagination.layOutPage(page, in: text)
        var lines: [(LaidOutLine, [Glyph])] = []
        text.withWindow(0..<bytes.count) { window in
            for line in layout.lines {
                var glyphs: [Glyph] = []
                pagination.layout.forEachGlyph(of: line, in: window) { glyphs.append($0) }
                lines.append((line, glyphs))
            }
        }
        laid.pages.append((pagination.pageStarts[page], lines))
    }
    return (pagination, laid)
}

/// Every rule of the layout, checked page by page against an independent
/// reading of the bytes. Returns the broken rules.
func audit(_ bytes: [UInt8], geometry: PageGeometry, independent: Bool = true) -> [String] {
    var problems: [String] = []
    let (pagination, laid) = layOut(bytes, geometry: geometry)
    var expectedStart = 0
    for (number, page) in laid.pages.enumerated() {
        if page.start != expectedStart { problems.append("page \(number) starts at \(page.start), not \(expectedStart)") }
        if page.lines.count > geometry.lines { problems.append("page \(number) has \(page.lines.count) lines") }
        var at = page.start
        for (line, glyphs) in page.lines {
            if line.start != at { problems.append("line \(line) does not start at \(at)") }
            at = line.end
            problems += check(line, glyphs, bytes, geometry, independent: independent)
        }
        if !bytes.isEmpty && at == page.start { problems.append("page \(number) is empty") }
        expectedStart = at
    }
    if expectedStart != bytes.count { problems.append("pages end at \(expectedStart) of \(bytes.count) bytes") }
    if pagination.knownPages != laid.pages.count { problems.append("page count") }
    return problems
}

private func check(_ line: LaidOutLine, _ glyphs: [Glyph], _ bytes: [UInt8], _ geometry: PageGeometry, independent: Bool) -> [String] {
    var problems: [String] = []
    var body = Array(bytes[line.start..<line.end])
    switch line.ending {
    case .newline:
        guard body.last == 0x0A else { return ["\(line) ends with a newline it lacks"] }
        body.removeLast()
        if body.last == 0x0D { body.removeLast() }
    case .space:
        guard body.last == 0x20 else { return ["\(line) ends with a space it lacks"] }
        body.removeLast()
    case .formFeed:
        guard body.last == 0x0C else { return ["\(line) ends with a form feed it lacks"] }
        body.removeLast()
    case .wrap, .hyphen, .end: break
    }
    if line.contentEnd != line.start + body.count { problems.append("\(line) content ends at \(line.contentEnd)") }
    let drawn = glyphs.reduce(0) { $0 + $1.width }
    if drawn != line.width { problems.append("\(line) claims width \(line.width), glyphs take \(drawn)") }
    if line.width > geometry.width && glyphs.filter({ $0.width > 0 }).count > 1 {
        problems.append("\(line) is \(line.width) wide in \(geometry.width)")
    }
    // Glyphs cover the line's content bytes in order, without gaps but for escapes.
    var next = line.start
    for glyph in glyphs {
        if glyph.offset < next { problems.append("\(line): glyph \(glyph) overlaps"); break }
        next = glyph.offset + glyph.length
    }
    for glyph in glyphs where glyph.scalar.value < 0x20 || glyph.scalar == "\u{1B}" || (0x80..<0xA0).contains(glyph.scalar.value) {
        problems.append("\(line): a raw control \(glyph.scalar.value) would reach the screen")
    }
    guard independent else { return problems }
    // The independent reading: the standard library's decoding, tabs to stops, controls to pictures.
    var expected = ""
    var column = 0
    let scalars = Array(String(decoding: body, as: UTF8.self).unicodeScalars)
    for (k, scalar) in scalars.enumerated() {
        if scalar == "\u{AD}" {
            // A soft hyphen shows only at the end of a line that breaks after it, as a hyphen.
            if line.ending == .hyphen && k == scalars.count - 1 { expected += "-"; column += 1 }
        } else if scalar == "\t" {
            let stop = min(geometry.width, (column / geometry.tabStop + 1) * geometry.tabStop)
            expected += String(repeating: " ", count: stop - column)
            column = stop
        } else {
            let shown: Unicode.Scalar = scalar.value < 0x20 ? Unicode.Scalar(0x2400 + scalar.value)!
                : scalar.value == 0x7F ? "\u{2421}" : (0x80..<0xA0).contains(scalar.value) ? "\u{FFFD}" : scalar
            expected.unicodeScalars.append(shown)
            column += DisplayWidth.columns(of: shown) ?? 1
        }
    }
    var shown = ""
    for glyph in glyphs {
        if glyph.scalar == " " && glyph.width > 1 {
            shown += String(repeating: " ", count: glyph.width)
        } else {
            shown.unicodeScalars.append(glyph.scalar)
        }
    }
    if shown != expected { problems.append("\(line) shows \(shown.debugDescription), bytes say \(expected.debugDescription)") }
    return problems
}

func lines(_ text: String, columns: Int, rows: Int = 50) -> [String] {
    let (_, laid) = layOut(Array(text.utf8), geometry: PageGeometry(columns: columns, rows: rows))
    return laid.pages.flatMap { $0.lines.map { line in String(String.UnicodeScalarView(line.glyphs.map(\.scalar))) } }
}

@Suite struct TextLayoutTests {
    @Test func wrapsWordsAndBreaksLongOnes() {
        #expect(lines("the quick brown fox jumps over\nabcdefghijklmnop", columns: 10)
            == ["the quick ", "brown fox ", "jumps over", "abcdefghij", "klmnop"])
        let (_, laid) = layOut(Array("abcde fghij".utf8), geometry: PageGeometry(columns: 5, rows: 3))
        #expect(laid.pages[0].lines.map(\.line.ending) == [.space, .end], "a full line ends on the space after it")
    }

    /// A file cut short after its pages were laid out: drawing a kept line
    /// with a window that now ends before (or inside) it shows what is left
    /// and never reads past the window.
    @Test func aLineBeyondAShortWindowDrawsWhatIsLeft() {
        let layout = TextLayout(geometry: PageGeometry(columns: 20, rows: 5))
        let text = Array("first line\nsecond line\nthird line\n".utf8)
        let page = text.withUnsafeBytes { raw in
            layout.page(in: TextWindow(bytes: raw, base: 0, isFinal: true), from: 0, style: .plain, collect: true)
        }
        guard let lines = page?.lines, lines.count == 3 else { Issue.record("three lines expected"); return }
        let cut = 14  // inside "second line"
        let drawn = text.withUnsafeBytes { raw in
            let window = TextWindow(bytes: UnsafeRawBufferPointer(rebasing: raw[..<cut]), base: 0, isFinal: true)
            return lines.map { line in
                var shown = ""
                layout.forEachGlyph(of: line, in: window) { shown.unicodeScalars.append($0.scalar) }
                return shown
            }
        }
        #expect(drawn == ["first line", "sec", ""])
    }

    @Test func tabsWideCharactersAndControls() {
        let (_, laid) = layOut(Array("a\tb\n漢字漢字漢\u{1B}x\r\n".utf8), geometry: PageGeometry(columns: 9, rows: 10))
        #expect(laid.pages[0].lines.map(\.line.width) == [9, 8, 4])
        #expect(lines("a\tb\n漢字漢字漢\u{1B}x\r\n", columns: 9).last == "漢\u{241B}x")
    }

    @Test func chineseAndJapaneseBreakBetweenCharactersButNotBeforeClosingPunctuation() {
        // No spaces at all: a line holds as many characters as fit.
        #expect(lines("春眠不覺曉處處聞啼鳥", columns: 8) == ["春眠不覺", "曉處處聞", "啼鳥"])
        // 。 and 」 never start a line: the character before them moves down with them.
        #expect(lines("吾輩は猫である。名前はまだ無い。", columns: 14) == ["吾輩は猫であ", "る。名前はまだ", "無い。"])
        #expect(lines("「あいう」えお", columns: 8) == ["「あい", "う」えお"])
        // Opening punctuation stays with what follows it.
        #expect(lines("あいう「えお」", columns: 8) == ["あいう", "「えお」"])
        // Latin words inside CJK text still do not break.
        #expect(lines("漢字Swift漢字", columns: 8) == ["漢字", "Swift漢", "字"])
    }

    @Test func aZeroWidthSpaceIsABreakOpportunity() {
        #expect(lines("alpha\u{200B}beta", columns: 7) == ["alpha\u{200B}", "beta"])
    }

    @Test func aFormFeedBreaksThePage() {
        let text = StreamText(complete: Array("one\u{0C}two\nthree".utf8))
        var pagination = Pagination(layout: TextLayout(geometry: PageGeometry(columns: 20, rows: 10)))
        pagination.extend(text, budget: 100)
        #expect(Array(pagination.pageStarts) == [0, 4])
        #expect(pagination.isComplete)
        #expect(pagination.page(containing: 5) == 1)
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        let bytes: [UInt8] = [0x61, 0xFF, 0xE6, 0xBC, 0x62, 0xC3]
        let (_, laid) = layOut(bytes, geometry: PageGeometry(columns: 20, rows: 1))
        #expect(String(String.UnicodeScalarView(laid.pages[0].lines[0].glyphs.map(\.scalar))) == "a\u{FFFD}\u{FFFD}b\u{FFFD}")
    }

    @Test func anEmptyDocumentHasOneEmptyPage() {
        var pagination = Pagination(layout: TextLayout(geometry: PageGeometry(columns: 80, rows: 24)))
        pagination.extend(StreamText(complete: []), budget: 100)
        #expect(pagination.knownPages == 1 && pagination.isComplete)
    }

    @Test func colourAndOverstrikeBecomeStylesAndTakeNoRoom() {
        let text = "\u{1B}[1;31mred\u{1B}[0m N\u{08}NA\u{08}A _\u{08}u\u{1B}[K \u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\"
        let (_, laid) = layOut(Array(text.utf8), geometry: PageGeometry(columns: 40, rows: 2))
        let glyphs = laid.pages[0].lines[0].glyphs
        #expect(String(String.UnicodeScalarView(glyphs.map(\.scalar))) == "red NA u link")
        #expect(glyphs[0].style == TextStyle(foreground: .red, bold: true))
        #expect(glyphs[3].style == .plain)
        #expect(glyphs[4].style.bold && glyphs[5].style.bold, "X BS X is bold")
        #expect(glyphs[7].style.underline && glyphs[7].scalar == "u", "_ BS X is underlined")
        #expect(laid.pages[0].lines[0].line.width == 13)
    }

    @Test func aStyleCarriesAcrossLinesAndPages() {
        let text = "\u{1B}[32mgreen one\ngreen two\ngreen three\u{1B}[0m\nplain"
        let (pagination, laid) = layOut(Array(text.utf8), geometry: PageGeometry(columns: 20, rows: 2))
        #expect(pagination.style(ofPage: 1) == TextStyle(foreground: .green))
        #expect(laid.pages[1].lines[0].glyphs.first?.style == TextStyle(foreground: .green))
        #expect(laid.pages[1].lines[1].glyphs.first?.style == .plain)
    }

    @Test func otherEscapesShowAsPictures() {
        #expect(lines("a\u{1B}[2Jb\u{1B}(Bc", columns: 40) == ["a\u{241B}[2Jb\u{241B}(Bc"])
    }

    @Test func aGrowingStreamKeepsItsLastPageOpen() {
        let stream = StreamText()
        var pagination = Pagination(layout: TextLayout(geometry: PageGeometry(columns: 10, rows: 2)))
        stream.append(Array("one\ntwo\nthr".utf8))
        pagination.extend(stream, budget: 1_000)
        #expect(Array(pagination.pageStarts) == [0, 8], "the first page is full; the second is open")
        #expect(!pagination.isComplete)
        #expect(pagination.lookup(9).isFinal == false, "a byte on the open page may still move")
        stream.append(Array("ee\nfour\n".utf8))
        pagination.extend(stream, budget: 1_000)
        #expect(Array(pagination.pageStarts) == [0, 8], "page 1 is full but ends where the text does: more may join its last line")
        stream.append(Array("five".utf8))
        pagination.extend(stream, budget: 1_000)
        #expect(Array(pagination.pageStarts) == [0, 8, 19])
        stream.finish()
        pagination.extend(stream, budget: 1_000)
        #expect(pagination.isComplete && pagination.knownPages == 3)
    }

    /// Found by `Fuzz/run` (the pagination target: a stream's pages against the
    /// whole text's). The last character that has arrived may still be overstruck
    /// by the next read, into a character of another width: the line must wait.
    @Test func aStreamedOverstrikeBreaksPagesAsTheWholeTextDoes() {
        let bytes = Array("ab日\u{08}x".utf8)  // 日 overstruck by x: "abx", 3 columns
        let layout = TextLayout(geometry: PageGeometry(columns: 3, rows: 1))
        var whole = Pagination(layout: layout)
        whole.extend(StreamText(complete: bytes), budget: 1_000)
        #expect(Array(whole.pageStarts) == [0])

        let stream = StreamText()
        var streamed = Pagination(layout: layout)
        stream.append(bytes[..<5])  // "ab日": 日 does not fit, but a backspace may follow
        streamed.extend(stream, budget: 1_000)
        stream.append(bytes[5...])
        stream.finish()
        streamed.extend(stream, budget: 1_000)
        #expect(Array(streamed.pageStarts) == Array(whole.pageStarts))

        var decoder = TextDecoder()
        let unit = Array("日".utf8).withUnsafeBytes { decoder.unit(in: $0, at: 0, isFinal: false) }
        #expect(unit == nil, "a character at the end of unfinished text may yet be overstruck")
    }

    @Test func paginationIsLosslessOnRandomUnicode() async {
        let tokens = Gen.int(in: 0...(plainPieces.count - 1)).array(of: 0...300)
        await propertyCheck(count: 400, input: tokens, Gen.int(in: 1...30), Gen.int(in: 1...6)) { tokens, columns, rows in
            let problems = audit(document(tokens), geometry: PageGeometry(columns: columns, rows: rows))
            #expect(problems.isEmpty, "\(columns)×\(rows): \(problems.prefix(3))")
        }
    }

    @Test func paginationIsLosslessWithStylesAndNothingRawReachesTheScreen() async {
        let tokens = Gen.int(in: 0...(styledPieces.count - 1)).array(of: 0...300)
        await propertyCheck(count: 400, input: tokens, Gen.int(in: 1...30), Gen.int(in: 1...6)) { tokens, columns, rows in
            let problems = audit(document(tokens, from: styledPieces), geometry: PageGeometry(columns: columns, rows: rows),
                                 independent: false)
            #expect(problems.isEmpty, "\(columns)×\(rows): \(problems.prefix(3))")
        }
    }

    @Test func paginationIsLosslessOnRealFiles() throws {
        var checked = 0
        for path in ["/usr/share/unicode/NamesList.txt", "/usr/share/common-licenses/GPL-3", "/work/shared/SPEC.md"] {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let bytes = Array(data.prefix(200_000))
            for geometry in [PageGeometry(columns: 80, rows: 22), PageGeometry(columns: 37, rows: 9)] {
                let problems = audit(bytes, geometry: geometry)
                #expect(problems.isEmpty, "\(path) at \(geometry): \(problems.prefix(3))")
                checked += 1
            }
        }
        #expect(checked >= 2, "no real text file found to check")
    }

    @Test func aPageNeverHoldsMoreThanItsByteCap() {
        let marks = [UInt8]("a".utf8) + Array(repeating: Array("\u{0301}".utf8), count: 40_000).flatMap { $0 }
        let (pagination, _) = layOut(marks, geometry: PageGeometry(columns: 10, rows: 3), budget: 1 << 20)
        #expect(pagination.knownPages == 2, "80,001 bytes of one character are cut at the 64 KiB cap")
        #expect(pagination.pageStarts[1] <= PageGeometry.maximumPageBytes + 4, "cut at the first character boundary after the cap")
        #expect(audit(marks, geometry: PageGeometry(columns: 10, rows: 3), independent: false).isEmpty)
    }
}

@Suite struct BidiTests {
    func visual(_ text: String) -> String { lines(text, columns: 80).first ?? "" }

    /// The scan for right-to-left lead bytes (eight ASCII bytes at a time)
    /// answers as a byte-by-byte scan does, wherever the lead byte falls.
    @Test func theRightToLeftScanAgreesWithAByteByByteOne() async {
        func reference(_ bytes: [UInt8]) -> Bool {
            for i in bytes.indices {
                let b = bytes[i], next = i + 1 < bytes.count ? bytes[i + 1] : 0, third = i + 2 < bytes.count ? bytes[i + 2] : 0
                if (0xD6...0xDF).contains(b) || (b == 0xE0 && (0xA0...0xA3).contains(next)) || (b == 0xEF && (0xAC...0xBB).contains(next))
                    || (b == 0xE2 && [[0x80, 0x8F], [0x80, 0xAB], [0x80, 0xAE], [0x81, 0xA7]].contains([next, third]))
                    || (b == 0xF0 && (next == 0x90 || next == 0x9E) && (0xA0...0xBF).contains(third)) {
                    return true
                }
            }
            return false
        }
        let pieces: [[UInt8]] = [Array("plain".utf8), [0x20], Array("שלום".utf8), Array("é".utf8), [0xE0, 0xA2], [0xEF, 0xAD], [0xE0], [0xEF],
                                 [0xD6], Array("\u{2067}".utf8), Array("\u{2066}".utf8), Array("“".utf8), [0xE2, 0x80], Array("\u{10900}".utf8),
                                 Array("\u{1F600}".utf8), [0xF0, 0x9E]]
        await propertyCheck(count: 2_000, input: Gen.int(in: 0...(pieces.count - 1)).array(of: 0...40)) { tokens in
            let bytes = tokens.flatMap { pieces[$0] }
            let scanned = bytes.withUnsafeBytes { Bidi.mayHoldRightToLeft($0) }
            #expect(scanned == reference(bytes), "\(bytes)")
        }
    }

    /// Every character that can put text out of order — a right-to-left
    /// letter, an Arabic number, RLE, RLO or RLI — is caught by the scan, so
    /// text it passes really reads left to right as it is.
    @Test func theRightToLeftScanCatchesEveryCharacterThatReorders() {
        var caught = 0
        var missed: [String] = []
        for v in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            switch BidiClass(of: scalar) {
            case .rightToLeft, .arabicLetter, .arabicNumber, .rightToLeftEmbedding, .rightToLeftOverride, .rightToLeftIsolate:
                let flagged = Array(String(scalar).utf8).withUnsafeBytes { Bidi.mayHoldRightToLeft($0) }
                if flagged { caught += 1 } else if missed.count < 10 { missed.append("U+\(String(v, radix: 16, uppercase: true))") }
            default:
                continue
            }
        }
        #expect(missed.isEmpty, "missed \(missed)")
        #expect(caught > 5_000)
        for text in ["plain ASCII", "café “quoted” — dash", "漢字かな", "\u{1F600}", "\u{2066}isolated\u{2069}"] {
            #expect(!Array(text.utf8).withUnsafeBytes { Bidi.mayHoldRightToLeft($0) }, "\(text)")
        }
    }

    @Test func hebrewAndArabicRunsShowInVisualOrder() {
        // Logical order: alef bet gimel; shown right to left.
        #expect(visual("אבג") == "גבא")
        #expect(visual("abc אבג def") == "abc גבא def", "a Hebrew word inside English")
        #expect(visual("שלום world!") == "!world םולש", "a Hebrew line reads right to left; the final ! belongs to the line, so it ends up leftmost")
        #expect(visual("مرحبا") == "ابحرم")
    }

    @Test func numbersStayLeftToRightAndBracketsMirror() {
        #expect(visual("עמוד 123") == "123 דומע")
        #expect(visual("(אב)") == "(בא)", "the brackets mirror, so they still enclose")
    }

    @Test func aMarkStaysWithItsBase() {
        // Hebrew bet with a dagesh (U+05BC), then gimel.
        let shown = visual("ב\u{05BC}ג")
        #expect(Array(shown.unicodeScalars) == ["ג", "ב", "\u{05BC}"])
        // A mark on a Latin letter inside a right-to-left line stays after it too.
        #expect(Array(visual("אב e\u{0301}x").unicodeScalars) == ["e", "\u{0301}", "x", " ", "ב", "א"])
    }

    /// A version number in Hebrew text keeps its digits in order: "2.5", not "5.2".
    @Test func aNumberWithAFullStopKeepsItsOrder() {
        #expect(visual("גרסה 2.5") == "2.5 הסרג")
        #expect(visual("גרסה 2.5.1 יצאה") == "האצי 2.5.1 הסרג")
        #expect(visual("עלות: 1,000.50 ₪") == "₪ 1,000.50 :תולע")
    }

    /// A Hebrew paragraph is resolved whole, then each of its lines reordered:
    /// every line reads right to left — the last one too, though it starts
    /// with an English word (which a line on its own would read left to
    /// right) — and the paragraph's full stop ends at the left. A full line's
    /// trailing space goes to the paragraph's level (L1), at the left.
    @Test func aWrappedHebrewParagraphKeepsItsDirectionOnEveryLine() {
        let text = "זוהי פסקה ארוכה בעברית שנשברת לכמה שורות של Folio 2."
        let shown = lines(text, columns: 12)
        #expect(shown.count > 3, "\(shown)")
        #expect(shown == [" הקספ יהוז", "תירבעב הכורא", " המכל תרבשנש", " לש תורוש", ".Folio 2"])
        // Each line's paragraph says right to left, so a host sets it flush right; the next paragraph is English.
        let bytes = Array((text + "\nAnd then English.").utf8)
        let (_, laid) = layOut(bytes, geometry: PageGeometry(columns: 12, rows: 20))
        let layout = TextLayout(geometry: PageGeometry(columns: 12, rows: 20))
        let directions = bytes.withUnsafeBytes { raw in
            let window = TextWindow(bytes: raw, base: 0, isFinal: true)
            var paragraph: TextParagraph?
            return laid.pages.flatMap(\.lines).map { line, _ in
                paragraph = layout.paragraph(of: line, in: window, reusing: paragraph)
                return paragraph!.direction
            }
        }
        #expect(directions == Array(repeating: .rightToLeft, count: shown.count) + [.leftToRight, .leftToRight], "\(directions)")
    }

    /// An isolate (RLI … PDI) inside English is reordered on its own and
    /// leaves the text around it alone: the number after it stays left to
    /// right with the English, where without the isolate it joins the Hebrew.
    @Test func anIsolateKeepsItsNeighboursApart() {
        func withoutMarks(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.filter { BidiClass(of: $0) != .rightToLeftIsolate && BidiClass(of: $0) != .popDirectionalIsolate }))
        }
        #expect(visual("Title שלום 5 pages") == "Title 5 םולש pages", "no isolate: the number joins the Hebrew run")
        #expect(withoutMarks(visual("Title \u{2067}שלום\u{2069} 5 pages")) == "Title םולש 5 pages")
        #expect(withoutMarks(visual("He said \u{2067}(שלום עולם)\u{2069}!")) == "He said (םלוע םולש)!", "the brackets mirror and enclose")
        // An override turns Latin letters right to left; its PDF ends it.
        #expect(visual("a\u{202E}bcd\u{202C}e").unicodeScalars.filter { $0.value < 0x2000 }.map(String.init).joined() == "adcbe")
    }

    /// On random mixed text — Hebrew and Arabic with marks, digits, brackets,
    /// isolates, embeddings, tabs, escapes — every line drawn in visual order
    /// holds exactly the glyphs of its logical order, side by side from 0 to
    /// the line's width, each mark right after a base.
    @Test func reorderedLinesKeepEveryGlyphOnce() async {
        let pieces = plainPieces + ["שלום", "مرحبا", "ב\u{05BC}", "\u{064E}", "2.5", "١٢", "(", ")", "[א]", "\u{2067}", "\u{2066}",
                                    "\u{2068}", "\u{2069}", "\u{202B}", "\u{202E}", "\u{202C}", "\u{200F}", ".", "\u{1B}[1m", "\u{1B}[0m"]
            .map { Array($0.utf8) }
        await propertyCheck(count: 300, input: Gen.int(in: 0...(pieces.count - 1)).array(of: 0...120), Gen.int(in: 1...30)) { tokens, columns in
            let bytes = document(tokens, from: pieces)
            let logical = TextLayout(geometry: PageGeometry(columns: columns, rows: 8))
            let (_, laid) = layOut(bytes, geometry: PageGeometry(columns: columns, rows: 8))
            for (line, glyphs) in laid.pages.flatMap(\.lines) {
                let where_ = "\(columns) columns, line \(line) of \(bytes)"
                var plain: [Glyph] = []
                bytes.withUnsafeBytes { raw in
                    logical.forEachGlyph(of: line, in: TextWindow(bytes: raw, base: 0, isFinal: true), paragraph: nil) { plain.append($0) }
                }
                #expect(glyphs.map(\.offset).sorted() == plain.map(\.offset), "the same glyphs: \(where_)")
                var x = 0
                for (k, glyph) in glyphs.enumerated() {
                    #expect(glyph.x == x, "side by side: \(where_)")
                    x += glyph.width
                    // A mark with a glyph before it on the line (its base, or a mark on that base) stays right after it.
                    if glyph.width == 0, let index = plain.firstIndex(where: { $0.offset == glyph.offset }), index > 0 {
                        #expect(k > 0 && glyphs[k - 1].offset == plain[index - 1].offset, "a mark after its base: \(where_)")
                    }
                }
                #expect(x == plain.reduce(0) { $0 + $1.width }, "as wide: \(where_)")
            }
        }
    }

    /// A line with nothing right to left in a paragraph with nothing right to
    /// left is drawn as it is, and never resolved.
    @Test func leftToRightTextIsNotResolved() {
        let bytes = Array("plain text\nשלום".utf8)
        let layout = TextLayout(geometry: PageGeometry(columns: 80, rows: 5))
        bytes.withUnsafeBytes { raw in
            let window = TextWindow(bytes: raw, base: 0, isFinal: true)
            guard let page = layout.page(in: window, from: 0, style: .plain, collect: true), page.lines.count == 2 else {
                Issue.record("two lines expected")
                return
            }
            let plain = layout.paragraph(of: page.lines[0], in: window)
            #expect(!plain.isBidirectional && plain.direction == .leftToRight && plain.bytes == 0..<10)
            let hebrew = layout.paragraph(of: page.lines[1], in: window, reusing: plain)
            #expect(hebrew.isBidirectional && hebrew.direction == .rightToLeft && hebrew.bytes == 11..<bytes.count)
        }
    }
}

@Suite struct LayoutFastPathTests {
    /// The fast paths (a line of plain ASCII, a run of a word, a space) cut
    /// every line exactly where the careful path does, and draw the same
    /// glyphs — one by one and as runs of ASCII — on random text with every kind of byte.
    @Test func theFastPathsAgreeWithTheCarefulOne() async {
        let tokens = Gen.int(in: 0...(styledPieces.count - 1)).array(of: 0...400)
        await propertyCheck(count: 1_000, input: tokens, Gen.int(in: 1...40), Gen.int(in: 1...8), Gen.bool, Gen.bool) { tokens, columns, rows, kerning, hyphenating in
            let bytes = document(tokens, from: styledPieces + [Array("plain words in a row ".utf8), Array("x".utf8),
                                                               Array("a longer run of plain words\n".utf8), Array("b\u{8}か".utf8),
                                                               Array("AVATAR WAVE To\u{AD}day".utf8)])
            // Cells, or units of a proportional font that kerns (a line is then up to 3 units a column).
            let measurer: any TextMeasurer = kerning ? KerningMeasurer() : CellMeasurer()
            let fast = TextLayout(geometry: PageGeometry(columns: kerning ? 3 * columns : columns, rows: rows), measurer: measurer,
                                  hyphenator: hyphenating ? EveryThirdLetter() : nil)
            var careful = fast
            careful.usesFastPaths = false
            bytes.withUnsafeBytes { raw in
                let window = TextWindow(bytes: raw, base: 0, isFinal: true)
                var at = 0
                var style = TextStyle.plain
                var pages = 0
                while at < raw.count && pages < 10_000 {
                    let a = fast.page(in: window, from: at, style: style, collect: true)
                    let b = careful.page(in: window, from: at, style: style, collect: true)
                    #expect(a == b, "\(columns)×\(rows) page \(pages) at \(at)")
                    guard let a, a == b else { return }
                    // And the glyphs drawn of each line are the same, one by one.
                    for line in a.lines {
                        var fastGlyphs: [Glyph] = [], carefulGlyphs: [Glyph] = []
                        fast.forEachGlyph(of: line, in: window) { fastGlyphs.append($0) }
                        careful.forEachGlyph(of: line, in: window) { carefulGlyphs.append($0) }
                        #expect(fastGlyphs == carefulGlyphs, "\(columns)×\(rows) page \(pages), line at \(line.start)")
                        // Kerned or not, the glyphs drawn are as wide as the line laid out, and each starts where the one before ends.
                        #expect(carefulGlyphs.reduce(0) { $0 + $1.width } == line.width, "width of the line at \(line.start): \(String(decoding: bytes[line.start..<line.end], as: UTF8.self).debugDescription) \(carefulGlyphs.map { "\($0.scalar)\($0.x)+\($0.width)" })")
                        #expect(zip(carefulGlyphs, carefulGlyphs.dropFirst()).allSatisfy { $0.x + $0.width == $1.x },
                                "glyphs side by side on the line at \(line.start)")
                        // Runs of ASCII handed out whole are those glyphs too.
                        var runGlyphs: [Glyph] = []
                        fast.forEachRun(of: line, in: window) { run in
                            switch run {
                            case .glyph(let glyph):
                                runGlyphs.append(glyph)
                            case .ascii(let bytes, let style, let x, let offset):
                                for k in 0..<bytes.count {
                                    runGlyphs.append(Glyph(scalar: Unicode.Scalar(bytes[k]), style: style, x: x + k, width: 1, offset: offset + k, length: 1))
                                }
                            }
                        }
                        #expect(runGlyphs == carefulGlyphs, "runs: \(columns)×\(rows) page \(pages), line at \(line.start)")
                    }
                    at = a.end
                    style = a.endStyle
                    pages += 1
                }
            }
        }
    }
}

@Suite struct PaginationMarksTests {
    /// Every page start, laid out again from the marks, is the one the
    /// pagination found; lookups agree with a scan of all starts.
    @Test func blocksLaidOutAgainMatchThePaginationAndLookupsAgree() {
        let text = StreamText(complete: Array(Sample.text(paragraphs: 900).utf8))
        var pagination = Pagination(layout: TextLayout(geometry: PageGeometry(columns: 30, rows: 4)))
        // The reference: every page start, from a layout page after page.
        var all = [0]
        text.withWindow(0..<text.count) { window in
            var at = 0
            var style = TextStyle.plain
            while let page = pagination.layout.page(in: window, from: at, style: style, collect: false), page.end < text.count {
                all.append(page.end)
                at = page.end
                style = page.endStyle
            }
        }
        while !pagination.isComplete { pagination.extend(text, budget: 50_000) }
        #expect(pagination.knownPages == all.count)
        #expect(all.count > 3 * Pagination.pagesPerMark, "several blocks: \(all.count) pages")
        #expect(Array(pagination.pageStarts) == all)
        var random = SplitMix(seed: 7)
        for _ in 0..<500 {
            let anchor = random.next(text.count)
            let expected = all.lastIndex { $0 <= anchor }!
            #expect(pagination.page(containing: anchor) == expected, "byte \(anchor)")
        }
        #expect(pagination.marks.count == (all.count - 1) / Pagination.pagesPerMark + 1, "a mark every 64 pages, and no more")
    }
}

/// Units of a made-up proportional font that kerns: ASCII 2 to 4 units wide, everything
/// else two units a column, and pairs of ASCII letters moved -1, 0 or +1 by a rule of the pair;
/// a ruby's reading takes no room, as a window sets it above its base.
struct KerningMeasurer: TextMeasurer {
    func width(of scalar: Unicode.Scalar, style: TextStyle) -> Int {
        if style.attributes.contains(.rubyText) { return 0 }
        return scalar.value < 0x80 ? 2 + Int(scalar.value) % 3 : 2 * (DisplayWidth.columns(of: scalar) ?? 1)
    }
    var columnWidth: Int { 3 }
    var lineHeight: Int { 1 }
    var unitAspect: Double { 1 }
    var kerns: Bool { true }
    func kerning(between left: Unicode.Scalar, and right: Unicode.Scalar, style: TextStyle) -> Int {
        guard left.properties.isAlphabetic, right.properties.isAlphabetic, left.isASCII, right.isASCII else { return 0 }
        return Int((left.value * 31 + right.value + (style.bold ? 1 : 0)) % 3) - 1
    }
}

@Suite struct KerningLayoutTests {
    /// A pair the font kerns sits closer (or further apart) by the kerning,
    /// both where the line is cut and where its glyphs are drawn; a space,
    /// an escape or a soft hyphen between two letters leaves them unkerned.
    @Test func kerningMovesThePairAndOnlyAdjacentLetters() {
        let measurer = KerningMeasurer()
        let layout = TextLayout(geometry: PageGeometry(columns: 200, rows: 3), measurer: measurer)
        func glyphs(_ text: String) -> [Glyph] {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes { raw in
                let window = TextWindow(bytes: raw, base: 0, isFinal: true)
                guard let page = layout.page(in: window, from: 0, style: .plain, collect: true), let line = page.lines.first else { return [] }
                var found: [Glyph] = []
                layout.forEachGlyph(of: line, in: window) { found.append($0) }
                #expect(found.reduce(0) { $0 + $1.width } == line.width, "\(text): the glyphs fill the line laid out")
                return found
            }
        }
        let kerned = glyphs("AVATAR")
        let k = measurer.kerning(between: "A", and: "V", style: .plain)
        #expect(kerned.count == 6)
        #expect(kerned[1].x == measurer.width(of: "A", style: .plain) + k, "V is set after A's advance, kerned by \(k)")
        let total = zip("AVATAR".unicodeScalars, "AVATAR".unicodeScalars.dropFirst()).reduce(0) {
            $0 + measurer.kerning(between: $1.0, and: $1.1, style: .plain)
        }
        #expect(total != 0, "the rule kerns this word")
        #expect(kerned.last.map { $0.x + $0.width } == "AVATAR".unicodeScalars.reduce(0) { $0 + measurer.width(of: $1, style: .plain) } + total)
        // Nothing kerns across a space, an escape or a soft hyphen.
        for separated in ["A V", "A\u{1B}[0mV", "A\u{AD}V"] {
            let apart = glyphs(separated)
            #expect(apart.last?.x == apart.dropLast().reduce(0) { $0 + $1.width }, "\(separated.debugDescription): unkerned")
            #expect(apart.first?.width == measurer.width(of: "A", style: .plain), "\(separated.debugDescription)")
        }
    }

    /// A ruby's reading measured as taking no room takes none, where the line is cut and where
    /// its glyphs are drawn, and neither kerns nor is kerned: the base and what follows the
    /// reading sit side by side, as when there is no reading.
    @Test func aReadingOfNoWidthTakesNoRoomAndIsNotKerned() {
        let measurer = KerningMeasurer()
        func glyphs(_ text: String, columns: Int = 200) -> [[Glyph]] {
            let layout = TextLayout(geometry: PageGeometry(columns: columns, rows: 3), measurer: measurer)
            return Array(text.utf8).withUnsafeBytes { raw in
                let window = TextWindow(bytes: raw, base: 0, isFinal: true)
                guard let page = layout.page(in: window, from: 0, style: .plain, collect: true) else { return [] }
                return page.lines.map { line in
                    var found: [Glyph] = []
                    layout.forEachGlyph(of: line, in: window) { found.append($0) }
                    return found
                }
            }
        }
        let without = glyphs("AV A")[0]
        let with = glyphs("\u{1B}[66mAV\u{1B}[68m\u{1B}[67m(VA)\u{1B}[68m A")[0]
        #expect(with.count == without.count + 4)
        #expect(with.filter { $0.style.attributes.contains(.rubyText) }.allSatisfy { $0.width == 0 && $0.x == without[1].x + without[1].width },
                "the reading sits where the base ends: \(with)")
        #expect(with.last?.x == without.last?.x, "the space and A after the reading are where they are without it")
        // Lines as wide as one character: the reading stays after its base's last character.
        let cjk = glyphs("\u{1B}[66m山路\u{1B}[68m\u{1B}[67m(やまみち)\u{1B}[68mを", columns: 2)
        #expect(cjk.map { $0.filter { $0.width > 0 }.count } == [1, 1, 1] && cjk[1].last?.scalar == ")",
                "each line as wide as one character: \(cjk)")
    }

    /// A ruby breaks neither inside its base nor before or inside its reading, in cells (the
    /// terminal's `山路(やまみち)`) as where readings take no room (a window's): the line breaks
    /// before the base instead, or, when nothing before it can, after the ruby as a long word is cut.
    @Test func aRubyIsNotBrokenAcrossLines() {
        func lines(_ text: String, columns: Int, measurer: any TextMeasurer) -> [String] {
            let layout = TextLayout(geometry: PageGeometry(columns: columns, rows: 9), measurer: measurer)
            var careful = layout
            careful.usesFastPaths = false
            return Array(text.utf8).withUnsafeBytes { raw in
                let window = TextWindow(bytes: raw, base: 0, isFinal: true)
                guard let page = layout.page(in: window, from: 0, style: .plain, collect: true) else { return [] }
                #expect(careful.page(in: window, from: 0, style: .plain, collect: true) == page, "the fast paths agree: \(text)")
                return page.lines.map { line in
                    var shown = ""
                    layout.forEachGlyph(of: line, in: window) { shown.unicodeScalars.append($0.scalar) }
                    return shown
                }
            }
        }
        let ruby = "\u{1B}[66m山路\u{1B}[68m\u{1B}[67m(やまみち)\u{1B}[68m"
        #expect(lines("ああ" + ruby + "を", columns: 14, measurer: CellMeasurer()) == ["ああ", "山路(やまみち)", "を"])
        #expect(lines("あ" + ruby + "。", columns: 8, measurer: KerningMeasurer()) == ["あ", "山路(やまみち)", "。"])
        // Two rubies side by side may break between them.
        #expect(lines(ruby + ruby, columns: 14, measurer: CellMeasurer()) == ["山路(やまみち)", "山路(やまみち)"])
    }

    /// A cell grid never kerns: the terminal's layout keeps its fast paths.
    @Test func cellsDoNotKern() {
        #expect(!CellMeasurer().kerns)
        #expect(TextLayout(geometry: PageGeometry(columns: 80, rows: 24)).uniformASCII.allSatisfy { $0 })
        #expect(TextLayout(geometry: PageGeometry(columns: 80, rows: 24), measurer: KerningMeasurer()).uniformASCII.allSatisfy { !$0 })
    }
}

/// Words may break after every third letter (and never in their last two).
struct EveryThirdLetter: Hyphenator {
    func breaks(in word: [Unicode.Scalar]) -> [Int] {
        Array(stride(from: 3, to: word.count - 1, by: 3))
    }
}

@Suite struct HyphenationLayoutTests {
    /// The lines of `text` laid out `columns` wide by `layout`, as the characters they draw.
    func lines(_ text: String, _ layout: TextLayout) -> [(line: LaidOutLine, drawn: String)] {
        Array(text.utf8).withUnsafeBytes { raw in
            let window = TextWindow(bytes: raw, base: 0, isFinal: true)
            var found: [(LaidOutLine, String)] = []
            var at = 0, style = TextStyle.plain
            while at < raw.count, let page = layout.page(in: window, from: at, style: style, collect: true) {
                for line in page.lines {
                    var drawn = ""
                    layout.forEachGlyph(of: line, in: window) { drawn.unicodeScalars.append($0.scalar) }
                    found.append((line, drawn))
                }
                at = page.end
                style = page.endStyle
            }
            return found
        }
    }

    /// A word running past the line breaks at the hyphenator's last break that
    /// fits with its hyphen, which is drawn (it has no bytes); the text is all there.
    @Test func aWordRunningPastTheLineBreaksWithAHyphen() {
        let layout = TextLayout(geometry: PageGeometry(columns: 12, rows: 10), hyphenator: EveryThirdLetter())
        let laid = lines("one extraordinary day", layout)
        // extraordinary breaks as ext-rao-rdi-nary: "extrao-" fits (11 columns), "extraordi-" would not.
        #expect(laid.map(\.drawn) == ["one extrao-", "rdinary day"])
        #expect(laid[0].line.ending == .hyphen && laid[0].line.width == 11)
        // Without a hyphenator the word goes whole to the next line.
        #expect(lines("one extraordinary day", TextLayout(geometry: PageGeometry(columns: 12, rows: 10))).map(\.drawn)
                == ["one ", "extraordinar", "y day"])
        // A book's own soft hyphens are used, not the dictionary's.
        #expect(lines("one extra\u{AD}ordinary day", layout).map(\.drawn) == ["one extra-", "ordinary day"])
        // Escapes inside the word cost nothing and keep their style across the break.
        let styled = lines("one extra\u{1B}[1mordinary\u{1B}[0m day", layout)
        #expect(styled.map(\.drawn) == ["one extrao-", "rdinary day"])
        #expect(styled[1].line.style.bold, "the bold part goes on bold on the next line")
        // A word after a dash is left to it; a word longer than a line is hyphenated rather than cut.
        #expect(lines("one-extraordinary", layout).map(\.drawn) == ["one-", "extraordi-", "nary"])
    }

    /// Laid out from a window that ends inside the word, the line waits for
    /// more text rather than hyphenating a word it has not seen whole.
    @Test func aWordCutByTheWindowWaitsForTheRest() {
        let layout = TextLayout(geometry: PageGeometry(columns: 12, rows: 10), hyphenator: EveryThirdLetter())
        let bytes = Array("one extraordinary day".utf8)
        for cut in 13..<17 {
            bytes[..<cut].withUnsafeBytes { raw in
                var decoder = TextDecoder(style: .plain)
                let line = layout.line(in: TextWindow(bytes: raw, base: 0, isFinal: false), from: 0, decoder: &decoder)
                #expect(line == nil, "cut at \(cut): \(String(describing: line))")
            }
        }
    }
}
