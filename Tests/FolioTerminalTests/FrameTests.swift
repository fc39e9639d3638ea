import FolioReading
import Testing
import PropertyBased
@testable import FolioTerminal

@Suite struct FrameTests {
    func cells(_ frame: Frame, row: Int = 0) -> [Cell] { (0..<frame.width).map { frame[$0, row] } }

    // MARK: Drawing, example by example

    @Test func aWideCharacterThatDoesNotFitBecomesASpace() {
        var frame = Frame(width: 5, height: 1)
        #expect(frame.draw("ab漢字", atColumn: 0, row: 0) == 5)
        #expect(frame.line(0) == "ab漢 ")
        #expect(cells(frame).map(\.width) == [1, 1, 2, 0, 1])
        var clipped = Frame(width: 9, height: 1)
        #expect(clipped.draw("ab漢字", atColumn: 1, row: 0, maxWidth: 3) == 3)
        #expect(clipped.line(0) == " ab      ", "the wide character at the limit is a space")
        #expect(clipped.draw("漢字", atColumn: 8, row: 0) == 1)
        #expect(clipped[8, 0] == .blank)
    }

    @Test func theLeftEdgeClipsWithoutSplitting() {
        var frame = Frame(width: 4, height: 1)
        #expect(frame.draw("漢ab", atColumn: -1, row: 0, style: Style(bold: true)) == 4)
        #expect(cells(frame) == [Cell(text: " ", width: 1, style: Style(bold: true)),
                                 Cell(text: "a", width: 1, style: Style(bold: true)),
                                 Cell(text: "b", width: 1, style: Style(bold: true)), .blank])
        #expect(frame.draw("xyz", atColumn: -10, row: 0) == 3, "entirely off the left edge")
        #expect(frame.draw("xyz", atColumn: 0, row: 5) == 3, "a row outside the frame draws nothing")
        #expect(frame.line(0) == " ab ")
    }

    @Test func marksJoinTheirCharacterOrASpace() {
        var frame = Frame(width: 6, height: 1)
        #expect(frame.draw("\u{301}e\u{301}\u{302}漢\u{FE0F}", atColumn: 0, row: 0) == 4)
        #expect(cells(frame).map(\.text) == [" \u{301}", "e\u{301}\u{302}", "漢\u{FE0F}", "", " ", " "])
        #expect(Frame.width(of: "\u{301}e\u{301}\u{302}漢\u{FE0F}") == 4)
        #expect(DisplayWidth.columns(of: "\u{301}e\u{301}\u{302}漢\u{FE0F}") == 3, "a leading mark takes no column there")
    }

    @Test func controlCharactersBecomePictures() {
        var frame = Frame(width: 6, height: 1)
        frame.draw("a\u{0}\u{7}\u{1B}\u{7F}\u{85}", atColumn: 0, row: 0)
        #expect(frame.line(0) == "a\u{2400}\u{2407}\u{241B}\u{2421}\u{FFFD}")
    }

    @Test func aJoinerIsKeptOnlyInsideOneCell() {
        var frame = Frame(width: 6, height: 1)
        #expect(frame.draw("👨\u{200D}👩x\u{200D}\u{301}", atColumn: 0, row: 0) == 5)
        #expect(cells(frame).map(\.text) == ["👨", "", "👩", "", "x\u{200D}\u{301}", " "])
    }

    @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
        let red = Style(foreground: .red)
        var frame = Frame(width: 6, height: 1)
        frame.draw("漢字漢", atColumn: 0, row: 0, style: red)
        frame.draw("a", atColumn: 1, row: 0)   // right half of 漢
        frame.draw("b", atColumn: 2, row: 0)   // left half of 字
        frame.draw("字", atColumn: 5, row: 0)  // does not fit: a space, which breaks 漢 at 4
        #expect(cells(frame) == [Cell(text: " ", width: 1, style: red), Cell(text: "a", width: 1),
                                 Cell(text: "b", width: 1), Cell(text: " ", width: 1, style: red),
                                 Cell(text: " ", width: 1, style: red), .blank])
    }

    @Test func fillAndClear() {
        var frame = Frame(width: 5, height: 2)
        frame.fill(columns: -3..<99, rows: 1..<2, with: "漢", style: Style(reverse: true))
        #expect(frame.line(1) == "漢漢 ")
        frame.fill(columns: 1..<2, rows: 0..<9, with: "\u{1B}")
        #expect(frame.line(0) == " \u{241B}   " && frame.line(1) == " \u{241B}漢 ", "a fill over half of 漢 blanks the other half")
        frame.fill(columns: 3..<3, rows: 0..<2, with: "x")  // an empty area: nothing
        frame.clear()
        #expect(frame == Frame(width: 5, height: 2))
        #expect(frame.clusters.isEmpty)
    }

    @Test func sizesAndPositionsOutsideTheFrame() {
        let empty = Frame(width: -4, height: -1)
        #expect(empty.width == 0 && empty.height == 0)
        let frame = Frame(width: 2, height: 2)
        #expect(frame[-1, 0] == .blank && frame[2, 0] == .blank && frame[0, 9] == .blank)
        #expect(frame.line(-1) == "" && frame.line(2) == "")
        var huge = Frame(width: 3, height: 1)
        #expect(huge.draw("abcd", atColumn: 1, row: 0, maxWidth: .max) == 2)
        #expect(huge.draw("abcd", atColumn: .min + 1, row: 0, maxWidth: -3) == 0)
        #expect(huge.draw("abcd", atColumn: .max - 1, row: 0) == 0)
    }

    @Test func clustersAreStoredOnceAndReused() {
        var frame = Frame(width: 3, height: 1)
        for _ in 0..<1_000 {
            frame.draw("e\u{301}o\u{302}", atColumn: 0, row: 0)
            frame.draw("漢", atColumn: 1, row: 0)
        }
        #expect(frame.clusters.count <= 2, "\(frame.clusters.count) cluster slots for 2 live clusters")
        #expect(frame.line(0) == "e\u{301}漢")
        #expect(MemoryLayout<PackedCell>.stride == 8, "a cell stays small: one word, no heap")
        #expect(MemoryLayout<Style>.size == 10 && MemoryLayout<Style>.stride == 12, "two colours and 16 bits of attributes")
    }

    @Test func descriptions() {
        var frame = Frame(width: 3, height: 2)
        frame.draw("漢", atColumn: 0, row: 1, style: Style(foreground: .palette(9), bold: true))
        #expect(frame.description == "Frame 3×2 [\"   \", \"漢 \"]")
        #expect(frame[0, 1].description == "\"漢\" wide bold fg palette 9")
        #expect(frame[1, 1].description == "right half bold fg palette 9")
        #expect(Style.plain.description == "plain")
        #expect(Style(dim: true, underline: true, reverse: true).description == "dim underline reverse")
        #expect(Renderer().description == "Renderer (synchronized updates)")
    }

    @Test func everyColourIsWrittenAsTheShortestSGR() {
        func sgr(_ style: Style) -> String {
            var frame = Frame(width: 1, height: 1)
            frame.draw("x", atColumn: 0, row: 0, style: style)
            let bytes = Renderer(synchronizedUpdates: false).render(from: nil, to: frame)
            // The sequence that sets the style right before the x.
            let text = String(decoding: bytes, as: UTF8.self)
            guard let x = text.range(of: "mx"), let start = text[..<x.lowerBound].range(of: "\u{1B}[", options: .backwards) else { return text }
            return String(text[start.upperBound..<x.lowerBound])
        }
        #expect(sgr(Style(foreground: .palette(1))) == "31")
        #expect(sgr(Style(foreground: .palette(9))) == "91")
        #expect(sgr(Style(foreground: .palette(208))) == "38;5;208")
        #expect(sgr(Style(foreground: .rgb(1, 2, 3))) == "38;2;1;2;3")
        #expect(sgr(Style(background: .palette(4))) == "44")
        #expect(sgr(Style(background: .palette(12))) == "104")
        #expect(sgr(Style(background: .rgb(250, 0, 7))) == "48;2;250;0;7")
        #expect(sgr(Style(italic: true, strikethrough: true)) == "3;9")
    }

    // MARK: Against the plain model

    static let tokens = ["a", "漢", "e\u{301}", "\u{301}", "\u{1}", "a漢b", "漢字", "👨\u{200D}👩"]
    static let limits: [Int?] = [nil, 1, 2]

    /// Every pair of draws of small tokens at columns −2…4 with limits none/1/2 on rows of
    /// width 1…5, checked cell by cell against the model: 141,120 combinations.
    @Test func everyPairOfSmallDrawsMatchesTheModel() {
        var checked = 0
        for width in 1...5 {
            for first in Self.tokens {
                for firstColumn in -2...4 {
                    for firstLimit in Self.limits {
                        var frame = Frame(width: width, height: 1)
                        var model = NaiveScreen(width: width, height: 1)
                        let red = Style(foreground: .red)
                        let used = frame.draw(first, atColumn: firstColumn, row: 0, style: red, maxWidth: firstLimit ?? .max)
                        #expect(used == model.draw(first, atColumn: firstColumn, row: 0, style: red, maxWidth: firstLimit))
                        for second in Self.tokens {
                            for secondColumn in -2...4 {
                                for secondLimit in Self.limits {
                                    var f = frame, m = model
                                    let a = f.draw(second, atColumn: secondColumn, row: 0, maxWidth: secondLimit ?? .max)
                                    let b = m.draw(second, atColumn: secondColumn, row: 0, style: .plain, maxWidth: secondLimit)
                                    let differences = m.differences(from: f)
                                    if a != b || !differences.isEmpty || !Self.invariantsHold(f) {
                                        Issue.record("width \(width): \(first) at \(firstColumn) max \(firstLimit ?? -1), then \(second) at \(secondColumn) max \(secondLimit ?? -1): returned \(a), model \(b); \(differences); \(f)")
                                        return
                                    }
                                    checked += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(checked == 5 * 8 * 7 * 3 * 8 * 7 * 3)
    }

    /// 2,000 random sequences of draws, fills and clears on frames up to 40 × 12 agree with the
    /// model after every operation and keep the frame's invariants.
    @Test func randomDrawingMatchesTheModel() async {
        await propertyCheck(count: 2_000, input: ScreenScene.generator) { scene in
            var frame = Frame(width: scene.width, height: scene.height)
            var model = NaiveScreen(width: scene.width, height: scene.height)
            for (k, op) in (scene.drawing + scene.edits).enumerated() {
                let used = op.apply(to: &model)
                var returned = 0
                if op.kind == .draw {
                    returned = frame.draw(op.text, atColumn: op.column, row: op.row, style: op.style, maxWidth: op.extent ?? .max)
                } else {
                    op.apply(to: &frame)
                }
                let differences = model.differences(from: frame)
                guard returned == used, differences.isEmpty, Self.invariantsHold(frame) else {
                    Issue.record("after op \(k) \(op): returned \(returned), model \(used); \(differences.prefix(4)); \(frame)")
                    return
                }
            }
            // Nothing is lost: a row's line is its cells' text.
            for row in 0..<frame.height {
                #expect(frame.line(row) == model.rows[row].map(\.text).joined())
            }
        }
    }

    /// A continuation exactly right of a wide lead, no wide lead in the last column, a cluster
    /// only for more than one scalar, no control character in any cell, free slots empty.
    static func invariantsHold(_ frame: Frame) -> Bool {
        for row in 0..<frame.height {
            for column in 0..<frame.width {
                let cell = frame.cells[row * frame.width + column]
                let leftIsWide = column > 0 && frame.cells[row * frame.width + column - 1].width == 2
                if (cell.width == 0) != leftIsWide { return false }
                if cell.width == 2 && column == frame.width - 1 { return false }
                if cell.width > 0 {
                    let text = frame.text(of: cell)
                    if cell.isCluster != (text.unicodeScalars.count > 1) { return false }
                    if text.unicodeScalars.contains(where: { DisplayWidth.columns(of: $0) == nil }) { return false }
                }
            }
        }
        return frame.freeClusters.allSatisfy { frame.clusters[Int($0)].isEmpty }
    }
}
