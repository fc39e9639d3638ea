import Testing
import FolioTestSupport
@testable import FolioReading

/// Folio's text handling against Unicode's own conformance tests
/// (`/usr/share/unicode/auxiliary`): the clusters the layout draws as cells
/// against GraphemeBreakTest.txt, and the places the layout may end a line
/// against LineBreakTest.txt. Folio supports only part of UAX #14 (see
/// ``LineBreakClass``) on purpose, so each test measures a pass rate, prints
/// every failing pair of classes with the rule it breaks and how often, and
/// fails when the rate falls below the figure the README gives.
///
/// ```sh
/// swift test --filter UnicodeConformanceTests   # the rates and the failing rules
/// ```
@Suite(.needs(.unicodeData)) struct UnicodeConformanceTests {
    /// The lines that passed when the README's "Unicode conformance" was
    /// measured (Unicode 15.0's files): a change that passes fewer fails; one
    /// that passes more should raise these and the README's rates.
    static let graphemeLinesPassed = 425
    static let lineBreakLinesPassed = 5_368

    /// One line of a break test: the scalars, whether each inner place (1 ..< count) breaks,
    /// the rule the file names there, and each scalar's class as the file names it.
    struct Case {
        var scalars: [Unicode.Scalar]
        var breaks: [Bool]
        var rules: [String]
        var classes: [String]
        var text: String { String(String.UnicodeScalarView(scalars)) }
    }

    /// The cases of `file`: `× 0023 ÷ 0020 ÷	#  × [0.3] NUMBER SIGN (AL) ÷ [999.0] SPACE (SP) ÷ [0.3]`.
    static func cases(_ file: String) throws -> [Case] {
        try UnicodeData.lines(file).compactMap { line -> Case? in
            guard !line.hasPrefix("#") else { return nil }
            let parts = line.split(separator: "#", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            var scalars: [Unicode.Scalar] = [], breaks: [Bool] = []
            for token in parts[0].split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                if token == "÷" || token == "×" { breaks.append(token == "÷") } else { scalars += UnicodeData.scalars(token) }
            }
            // The comment: a mark and its rule before each scalar and at the end, the scalar's class last in its name.
            var rules: [String] = [], classes: [String] = []
            for piece in parts[1].split(separator: "[").dropFirst() {
                let rule = piece.prefix { $0 != "]" }
                rules.append(String(rule))
                let name = piece.dropFirst(rule.count + 1)
                if let open = name.lastIndex(of: "("), let close = name.lastIndex(of: ")"), open < close {
                    classes.append(Self.baseClass(name[name.index(after: open)..<close]))
                }
            }
            guard breaks.count == scalars.count + 1, rules.count == breaks.count, classes.count == scalars.count else { return nil }
            return Case(scalars: scalars, breaks: Array(breaks.dropFirst().dropLast()),
                        rules: Array(rules.dropFirst().dropLast()), classes: classes)
        }
    }

    /// `CM` for `CM1_CM`, `OP` for `OP_OP30`, `Extend` for `Extend_ExtCccZwj`: the class without the test's refinements.
    static func baseClass(_ label: Substring) -> String {
        String(label.prefix { $0 != "_" }.reversed().drop { $0.isNumber }.reversed())
    }

    /// How a run of cases went: the cases passed, and every wrong place by
    /// `before mark after [rule]`, with how often and the first case that shows it.
    struct Tally: CustomStringConvertible {
        var name: String
        var passed = 0, total = 0
        var places = 0, wrongPlaces = 0
        var wrong: [String: Int] = [:]
        /// The first case with each wrong pair: its classes, the place, its code points.
        var examples: [String: String] = [:]

        var rate: Double { Double(passed) / Double(max(total, 1)) }

        mutating func add(_ test: Case, found: [Bool]) {
            total += 1
            places += found.count
            var ok = true
            for i in found.indices where found[i] != test.breaks[i] {
                ok = false
                wrongPlaces += 1
                let key = "\(test.classes[i]) \(test.breaks[i] ? "÷" : "×") \(test.classes[i + 1]) [\(test.rules[i])]"
                wrong[key, default: 0] += 1
                if examples[key] == nil {
                    let codes = test.scalars.map { UnicodeData.codePoint($0.value) }.joined(separator: " ")
                    examples[key] = "\(test.classes.joined(separator: " ")) at \(i + 1): \(codes)"
                }
            }
            if ok { passed += 1 }
        }

        /// `LineBreakTest.txt, folio's layout: 5368 of 7654 lines (70.1 %), …`, then each wrong pair on a line of its own.
        var description: String {
            let percent = (rate * 1000).rounded(.down) / 10
            let lines = wrong.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                .map { "  \($0.value)\t\($0.key)   e.g. \(examples[$0.key] ?? "")" }
            return "\(name): \(passed) of \(total) lines (\(percent) %), \(places - wrongPlaces) of \(places) places; "
                + "wrong places by the classes around them (the file's mark, its rule):\n" + lines.joined(separator: "\n")
        }
    }

    // MARK: Graphemes

    /// The cells the layout draws `scalars` in, as one cell number per
    /// scalar: on one wide line, a glyph that takes columns starts a cell and
    /// a zero-width one joins the cell before it on its line (the frame
    /// attaches it there; a line's first stands alone); what draws nothing —
    /// a line break (CR LF together), a soft hyphen where no line breaks — stands alone.
    static func cells(_ scalars: [Unicode.Scalar]) -> [Int] {
        var bytes: [UInt8] = [], offsets: [Int] = []
        for s in scalars { offsets.append(bytes.count); bytes += Array(String(s).utf8) }
        var glyphs: [Int: Glyph] = [:], lineStarts: Set<Int> = []
        let (_, laid) = layOut(bytes, geometry: PageGeometry(columns: 1_000, rows: 1_000))
        for page in laid.pages {
            for (line, drawn) in page.lines {
                lineStarts.insert(line.start)
                for glyph in drawn { glyphs[glyph.offset] = glyph }
            }
        }
        var cells: [Int] = [], cell = -1, lastDrawn = -1, coveredTo = 0
        for (i, offset) in offsets.enumerated() {
            if let glyph = glyphs[offset] {
                if glyph.width > 0 || lastDrawn < 0 || lineStarts.contains(offset) { cell += 1; lastDrawn = cell }
                cells.append(glyph.width > 0 || lineStarts.contains(offset) ? cell : lastDrawn)
                coveredTo = offset + glyph.length
            } else if offset < coveredTo || (i > 0 && scalars[i - 1] == "\r" && scalars[i] == "\n") {
                cells.append(cell)  // the rest of a glyph's bytes (an overstrike), or CR LF's LF
            } else {
                cell += 1
                cells.append(cell)
                if lineStarts.contains(offset) { lastDrawn = -1 }
            }
        }
        return cells
    }

    @Test func graphemeClustersAsFolioDrawsThem() throws {
        var folio = Tally(name: "GraphemeBreakTest.txt, folio's cells")
        var swift = Tally(name: "GraphemeBreakTest.txt, Swift's Character")
        for test in try Self.cases("auxiliary/GraphemeBreakTest.txt") {
            let cells = Self.cells(test.scalars)
            folio.add(test, found: (1..<test.scalars.count).map { cells[$0] != cells[$0 - 1] })
            // Swift's String, for comparison: where its characters start.
            var starts: Set<Int> = [], at = 0
            for character in test.text { starts.insert(at); at += character.unicodeScalars.count }
            swift.add(test, found: (1..<test.scalars.count).map { starts.contains($0) })
        }
        print(folio)
        print("\(swift.name): \(swift.passed) of \(swift.total) lines")
        #expect(folio.total > 600)
        #expect(folio.passed >= Self.graphemeLinesPassed, "\(folio)")
        #expect(swift.total - swift.passed <= 1, "Swift's String passed all but one line: \(swift)")
    }

    // MARK: Line breaks

    /// Where the layout may end a line in `scalars` (places 1 ..< count:
    /// before scalar i): after a space or tab, after a line or page break,
    /// just after a soft hyphen, and before a character wherever
    /// ``LineBreaker`` allows — the careful path of `TextLayout.line`, whose
    /// fast paths agree with it (`LayoutFastPathTests`), read with the same
    /// decoder and breaker. ``theLayoutEndsLinesWhereTheBreaksSay()`` checks this reading against the layout.
    static func breaks(_ scalars: [Unicode.Scalar]) -> [Bool] {
        var found = [Bool](repeating: false, count: scalars.count + 1)
        for unit in units(scalars) {
            switch unit.kind {
            case .space, .tab, .lineBreak, .pageBreak: found[unit.scalars.upperBound] = true
            case .glyph, .control: break
            }
            if let at = unit.breakBefore { found[at] = true }
        }
        return Array(found[1..<max(1, scalars.count)])
    }

    /// A unit of display text as the layout reads it, with the place the breaker allows a line to end at when it reaches it.
    struct Unit {
        var kind: TextUnit
        var scalars: Range<Int>
        var bytes: Range<Int>
        var width: Int
        /// Where a line may end as this unit is read (before it, or just after a soft hyphen before it), if anywhere.
        var breakBefore: Int?
        /// The byte offset of `breakBefore`.
        var breakByte: Int?
        /// Whether that break is just after a soft hyphen (where the line shows a hyphen).
        var afterSoftHyphen = false
    }

    static func units(_ scalars: [Unicode.Scalar]) -> [Unit] {
        var bytes: [UInt8] = [], offsets: [Int] = []
        for s in scalars { offsets.append(bytes.count); bytes += Array(String(s).utf8) }
        offsets.append(bytes.count)
        let layout = TextLayout(geometry: PageGeometry(columns: 1_000, rows: 1))
        var decoder = TextDecoder()
        var breaker = LineBreaker()
        var units: [Unit] = []
        var lineStart = 0, softHyphenEnd = 0
        var i = 0
        bytes.withUnsafeBytes { raw in
            while i < raw.count, let (unit, length) = decoder.unit(in: raw, at: i, isFinal: true) {
                let first = offsets.firstIndex(of: i)!, end = offsets.firstIndex { $0 >= i + length }!
                var item = Unit(kind: unit, scalars: first..<end, bytes: i..<i + length, width: 0)
                switch unit {
                case .space(let style): item.width = layout.width(of: " ", style: style); breaker.readSpace()
                case .tab: breaker.readSpace()
                case .lineBreak, .pageBreak: breaker = LineBreaker(); lineStart = i + length
                case .control: break
                case .glyph(let scalar, let style):
                    let cls = LineBreakClass.of(scalar)
                    if i > lineStart && breaker.allowsBreak(before: cls) {
                        item.afterSoftHyphen = breaker.previous == .softHyphen
                        item.breakByte = item.afterSoftHyphen ? softHyphenEnd : i
                        item.breakBefore = offsets.firstIndex(of: item.breakByte!)
                    }
                    breaker.read(cls)
                    if cls == .softHyphen { softHyphenEnd = i + length } else { item.width = layout.width(of: scalar, style: style) }
                }
                units.append(item)
                i += length
            }
        }
        return units
    }

    /// Where the layout's first line ends at `width` columns, by the units
    /// and their breaks: greedy, the last break before the first character
    /// that does not fit (a soft hyphen's only where its hyphen fits), the
    /// word cut there when there is none, a space that does not fit consumed.
    static func firstLineEnd(_ units: [Unit], width: Int) -> Int {
        var x = 0, last: Int?
        for unit in units {
            if let at = unit.breakByte, at > 0 {
                if x + (unit.afterSoftHyphen ? 1 : 0) <= width { last = at }
            }
            switch unit.kind {
            case .lineBreak, .pageBreak: return unit.bytes.upperBound
            case .space:
                if x + unit.width > width && x > 0 { return unit.bytes.upperBound }
                x += unit.width
                last = unit.bytes.upperBound
            case .tab:
                if x >= width { return unit.bytes.lowerBound }
                x = min(width, (x / 8 + 1) * 8)
                last = unit.bytes.upperBound
            case .control: break
            case .glyph:
                if unit.width > 0 && x + unit.width > width && x > 0 { return last ?? unit.bytes.lowerBound }
                x += unit.width
            }
        }
        return units.last?.bytes.upperBound ?? 0
    }

    /// The reading of breaks above is the layout's: on every case of
    /// LineBreakTest.txt, at every width up to the text's, the layout's
    /// first line ends where the greedy rule over those breaks says.
    @Test func theLayoutEndsLinesWhereTheBreaksSay() throws {
        var checked = 0, problems: [String] = []
        for test in try Self.cases("auxiliary/LineBreakTest.txt") {
            let units = Self.units(test.scalars)
            let bytes = Array(test.text.utf8)
            let total = units.reduce(0) { $0 + max($1.width, $1.kind == .tab(.plain) ? 8 : 0) }
            for width in 1...max(1, total) {
                let layout = TextLayout(geometry: PageGeometry(columns: width, rows: 1))
                var decoder = TextDecoder()
                let line = bytes.withUnsafeBytes { raw in
                    layout.line(in: TextWindow(bytes: raw, base: 0, isFinal: true), from: 0, decoder: &decoder)
                }
                let expected = Self.firstLineEnd(units, width: width)
                if line?.end != expected, problems.count < 10 {
                    problems.append("\(test.scalars.map { UnicodeData.codePoint($0.value) }) at \(width): the layout ends at \(String(describing: line?.end)), the breaks say \(expected)")
                }
                checked += 1
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(checked > 20_000)
    }

    @Test func lineBreaksAsFolioMakesThem() throws {
        var folio = Tally(name: "LineBreakTest.txt, folio's layout")
        for test in try Self.cases("auxiliary/LineBreakTest.txt") {
            folio.add(test, found: Self.breaks(test.scalars))
        }
        print(folio)
        #expect(folio.total > 7_000)
        #expect(folio.passed >= Self.lineBreakLinesPassed, "\(folio)")
    }
}
