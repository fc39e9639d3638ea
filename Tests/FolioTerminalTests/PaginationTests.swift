import FolioReading
import Foundation
import Testing
import PropertyBased
@testable import FolioTerminal

/// Pieces random documents are made of: words, CJK, emoji, combining
/// marks, whitespace, controls and ill-formed UTF-8.
let pieces: [[UInt8]] = [
    Array("word".utf8), Array("a".utf8), Array("longerwordthanaline".utf8), Array(" ".utf8), Array("  ".utf8),
    Array("\n".utf8), Array("\r\n".utf8), Array("\t".utf8), Array("\u{0C}".utf8), Array("漢字".utf8),
    Array("\u{1F600}".utf8), Array("e\u{0301}".utf8), Array("\u{200D}".utf8), [0xFF], [0xE6, 0xBC], [0xC3],
    [0x1B], Array("\r".utf8), Array("Ａ".utf8), Array("-".utf8),
]

func document(_ tokens: [Int]) -> [UInt8] { tokens.flatMap { pieces[$0 % pieces.count] } }

/// Every rule of the layout, checked page by page against an independent
/// reading of the bytes. Returns the broken rules.
func audit(_ bytes: [UInt8], geometry: PageGeometry) -> [String] {
    var problems: [String] = []
    bytes.withUnsafeBytes { raw in
        var pagination = Pagination(geometry: geometry, byteCount: raw.count)
        while !pagination.isComplete { pagination.extend(in: raw, budget: 7) }
        let layout = TextLayout(geometry: geometry)
        var expectedStart = 0
        for page in 0..<pagination.knownPages {
            let start = pagination.pageStarts[page]
            if start != expectedStart { problems.append("page \(page) starts at \(start), not \(expectedStart)") }
            let (lines, end) = layout.page(in: raw, from: start, collect: true)
            if lines.count > geometry.rows { problems.append("page \(page) has \(lines.count) lines") }
            var at = start
            for line in lines {
                if line.bytes.lowerBound != at { problems.append("line \(line) does not start at \(at)") }
                at = line.bytes.upperBound
                problems += check(line, raw, geometry)
            }
            if at != end { problems.append("page \(page) lines end at \(at), page at \(end)") }
            if raw.count > 0 && end == start { problems.append("page \(page) is empty") }
            expectedStart = end
        }
        if expectedStart != raw.count { problems.append("pages end at \(expectedStart) of \(raw.count) bytes") }
    }
    return problems
}

private func check(_ line: LaidOutLine, _ raw: UnsafeRawBufferPointer, _ geometry: PageGeometry) -> [String] {
    var body = Array(raw[line.bytes])
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
    case .wrap, .end: break
    }
    // The independent reading: the standard library's decoding, tabs to stops, controls to pictures.
    var expected = ""
    var column = 0
    for scalar in String(decoding: body, as: UTF8.self).unicodeScalars {
        if scalar == "\t" {
            let stop = min(geometry.columns, (column / geometry.tabWidth + 1) * geometry.tabWidth)
            expected += String(repeating: " ", count: stop - column)
            column = stop
        } else {
            expected.unicodeScalars.append(TextLayout.visible(scalar))
            column += DisplayWidth.columns(of: scalar) ?? 1
        }
    }
    var problems: [String] = []
    if line.text != expected { problems.append("\(line) shows \(line.text.debugDescription), bytes say \(expected.debugDescription)") }
    if line.width != column { problems.append("\(line) claims width \(line.width), is \(column)") }
    if line.width > geometry.columns && line.text.unicodeScalars.filter({ DisplayWidth.columns(of: $0) ?? 1 > 0 }).count > 1 {
        problems.append("\(line) is \(line.width) columns wide in \(geometry.columns)")
    }
    return problems
}

@Suite struct PaginationTests {
    @Test func wrapsWordsAndBreaksLongOnes() {
        let text = Array("the quick brown fox jumps over\nabcdefghijklmnop".utf8)
        let lines = text.withUnsafeBytes { TextLayout(geometry: PageGeometry(columns: 10, rows: 10)).page(in: $0, from: 0, collect: true).lines }
        // A space stays on the line it follows; a full line ends on the space after it.
        #expect(lines.map(\.text) == ["the quick ", "brown fox ", "jumps over", "abcdefghij", "klmnop"])
        #expect(lines.map(\.ending) == [.wrap, .wrap, .newline, .wrap, .end])
        let full = Array("abcde fghij".utf8).withUnsafeBytes { TextLayout(geometry: PageGeometry(columns: 5, rows: 3)).page(in: $0, from: 0, collect: true).lines }
        #expect(full.map(\.ending) == [.space, .end])
    }

    @Test func tabsWideCharactersAndControls() {
        let text = Array("a\tb\n漢字漢字漢\u{1B}x\r\n".utf8)
        let lines = text.withUnsafeBytes { TextLayout(geometry: PageGeometry(columns: 9, rows: 10)).page(in: $0, from: 0, collect: true).lines }
        #expect(lines.map(\.text) == ["a       b", "漢字漢字", "漢\u{241B}x"])
        #expect(lines.map(\.width) == [9, 8, 4])
    }

    @Test func aFormFeedBreaksThePage() {
        let text = Array("one\u{0C}two\nthree".utf8)
        text.withUnsafeBytes { raw in
            var pagination = Pagination(geometry: PageGeometry(columns: 20, rows: 10), byteCount: raw.count)
            pagination.extend(in: raw, budget: 100)
            #expect(pagination.pageStarts == [0, 4])
            #expect(pagination.isComplete)
            #expect(pagination.page(containing: 5) == 1)
        }
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        let text: [UInt8] = [0x61, 0xFF, 0xE6, 0xBC, 0x62, 0xC3]
        let line = text.withUnsafeBytes { TextLayout(geometry: PageGeometry(columns: 20, rows: 1)).line(in: $0, from: 0, collect: true) }
        #expect(line.text == String(decoding: text, as: UTF8.self))
        #expect(line.text == "a\u{FFFD}\u{FFFD}b\u{FFFD}")
    }

    @Test func anEmptyDocumentHasOneEmptyPage() {
        let pagination = Pagination(geometry: PageGeometry(columns: 80, rows: 24), byteCount: 0)
        #expect(pagination.knownPages == 1 && pagination.isComplete)
    }

    @Test func paginationIsLosslessOnRandomUnicode() async {
        let tokens = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...300)
        await propertyCheck(count: 500, input: tokens, Gen.int(in: 1...30), Gen.int(in: 1...6)) { tokens, columns, rows in
            let problems = audit(document(tokens), geometry: PageGeometry(columns: columns, rows: rows))
            #expect(problems.isEmpty, "\(columns)×\(rows): \(problems.prefix(3))")
        }
    }

    @Test func paginationIsLosslessOnRealFiles() throws {
        var checked = 0
        for path in ["/usr/share/unicode/NamesList.txt", "/usr/share/common-licenses/GPL-3", "/work/shared/SPEC.md"] {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let bytes = Array(data.prefix(400_000))
            for geometry in [PageGeometry(columns: 80, rows: 22), PageGeometry(columns: 37, rows: 9)] {
                let problems = audit(bytes, geometry: geometry)
                #expect(problems.isEmpty, "\(path) at \(geometry): \(problems.prefix(3))")
                checked += 1
            }
        }
        #expect(checked >= 2, "no real text file found to check")
    }
}
