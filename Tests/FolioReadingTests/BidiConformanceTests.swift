import Foundation
import Testing
import FolioTestSupport
@testable import FolioReading

/// Unicode's own conformance tests of the bidirectional algorithm (Debian's
/// unicode-data package puts them in /usr/share/unicode), every case of
/// both files: levels and visual order, for every paragraph direction a
/// case lists. The files are parsed here, byte by byte (the test target is
/// not optimised, and BidiTest.txt has some 490,000 lines).
@Suite(.needs(.unicodeData)) struct BidiConformanceTests {
    static let ucd = "/usr/share/unicode"

    /// The cases of one file run so far: how many, how many pass, and the first failures.
    struct Tally {
        var cases = 0, passed = 0
        var failures: [String] = []

        /// Counts a case that `passes`, or fails as `failure` says (said for the first 20 only).
        mutating func count(_ passes: Bool, _ failure: @autoclosure () -> String) {
            cases += 1
            if passes {
                passed += 1
            } else if failures.count < 20 {
                failures.append(failure())
            }
        }

        /// Prints the pass count and expects every case of `file` to pass, and more than `minimum` of them.
        func report(_ file: String, minimum: Int) {
            print("\(file): \(passed) of \(cases) cases pass (\(String(format: "%.2f", 100 * Double(passed) / Double(max(1, cases)))) %)")
            #expect(cases > minimum, "\(file) looks cut short")
            #expect(passed == cases, "\(cases - passed) cases fail, first:\n\(failures.joined(separator: "\n"))")
        }
    }

    /// Every code point's class is the one DerivedBidiClass.txt gives it
    /// (read here on its own: its @missing defaults, then its listed ranges),
    /// and every mirrored pair of BidiMirroring.txt is drawn mirrored.
    @Test func everyCodePointHasItsBidiClassAndMirror() throws {
        var expected = [BidiClass](repeating: .leftToRight, count: 0x110000)
        let names = Dictionary(uniqueKeysWithValues: BidiClass.allCases.map { ($0.description, $0) })
        let long: [String: String] = ["Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL",
                                      "European_Terminator": "ET", "Boundary_Neutral": "BN"]
        let derived = try String(decoding: Self.contents(of: "extracted/DerivedBidiClass.txt"), as: UTF8.self)
        func assign(_ field: Substring, _ name: String) throws {
            let bounds = field.split(separator: ".").compactMap { UInt32($0.filter { !$0.isWhitespace }, radix: 16) }
            guard let first = bounds.first, let last = bounds.last, let bidiClass = names[long[name] ?? name] else {
                throw Problem("DerivedBidiClass.txt: cannot read \(field); \(name)")
            }
            for v in first...last { expected[Int(v)] = bidiClass }
        }
        let lines = derived.split(separator: "\n")
        for line in lines where line.hasPrefix("# @missing:") {
            let fields = line.dropFirst(11).split(separator: ";")
            try assign(fields[0], fields[1].trimmingCharacters(in: .whitespaces))
        }
        for line in lines where !line.hasPrefix("#") {
            let fields = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].split(separator: ";")
            guard fields.count >= 2 else { continue }
            try assign(fields[0], fields[1].trimmingCharacters(in: .whitespaces))
        }
        var wrong: [String] = []
        for v in 0..<0x110000 {
            guard let scalar = Unicode.Scalar(UInt32(v)) else { continue }
            let found = BidiClass(of: scalar)
            if found != expected[v] && wrong.count < 10 { wrong.append("U+\(String(v, radix: 16, uppercase: true)): \(found), not \(expected[v])") }
        }
        #expect(wrong.isEmpty, "\(wrong)")

        var mirrors = 0
        for line in try String(decoding: Self.contents(of: "BidiMirroring.txt"), as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].split(separator: ";")
            guard fields.count >= 2, let a = UInt32(fields[0].trimmingCharacters(in: .whitespaces), radix: 16),
                  let b = UInt32(fields[1].trimmingCharacters(in: .whitespaces), radix: 16) else { continue }
            #expect(Bidi.mirrored(Unicode.Scalar(a)!) == Unicode.Scalar(b), "U+\(String(a, radix: 16))")
            // The layout looks for mirrors among other neutrals only.
            #expect(BidiClass(of: Unicode.Scalar(a)!) == .otherNeutral, "U+\(String(a, radix: 16)) is ON")
            mirrors += 1
        }
        #expect(mirrors > 400)
        #expect(Bidi.mirrored("a") == nil)
    }

    /// BidiTest.txt: sequences of classes, with a bitset of paragraph directions
    /// (1 auto, 2 left to right, 4 right to left) sharing the `@Levels` and
    /// `@Reorder` lines above them.
    @Test func bidiTestPassesEveryCase() throws {
        let bytes = try Self.contents(of: "BidiTest.txt")
        var names: [Int: BidiClass] = [:]
        for bidiClass in BidiClass.allCases {
            var key = 0
            for byte in bidiClass.description.utf8 { key = key << 8 | Int(byte) }
            names[key] = bidiClass
        }
        var levels: [Int] = []  // -1 for x
        var order: [Int] = []
        var classes: [BidiClass] = []
        var tally = Tally()
        try bytes.withUnsafeBufferPointer { bytes in
            var text = Text(bytes: bytes)
            while let line = text.nextLine() {
                guard line.count > 0, bytes[line.lowerBound] != UInt8(ascii: "#") else { continue }
                if bytes[line.lowerBound] == UInt8(ascii: "@") {
                    if text.starts(line, with: "@Levels:") {
                        levels = text.numbers(in: (line.lowerBound + 8)..<line.upperBound)
                    } else if text.starts(line, with: "@Reorder:") {
                        order = text.numbers(in: (line.lowerBound + 9)..<line.upperBound)
                    }
                    continue
                }
                classes.removeAll(keepingCapacity: true)
                var at = line.lowerBound
                while let word = text.word(from: &at, in: line) {
                    guard let bidiClass = names[text.key(word)] else { throw Problem("line \(text.lineNumber): unknown class") }
                    classes.append(bidiClass)
                }
                let bitset = text.numbers(in: at..<line.upperBound).first ?? 0
                for (bit, direction) in [(1, nil), (2, TextDirection.leftToRight), (4, .rightToLeft)] as [(Int, TextDirection?)]
                where bitset & bit != 0 {
                    let paragraph = BidiParagraph(classes: classes, direction: direction)
                    tally.count(Self.matches(paragraph, levels: levels, order: order), """
                        line \(text.lineNumber): \(classes.map(\.description).joined(separator: " ")) (\(direction.map(\.description) ?? "auto")): \
                        expected levels \(levels) order \(order), found \(Self.levelsAndOrder(paragraph))
                        """)
                }
            }
        }
        tally.report("BidiTest.txt", minimum: 700_000)
    }

    /// BidiCharacterTest.txt: code points (brackets included), the paragraph
    /// direction (0 left to right, 1 right to left, 2 auto), the paragraph's
    /// level, the levels and the visual order.
    @Test func bidiCharacterTestPassesEveryCase() throws {
        let bytes = try Self.contents(of: "BidiCharacterTest.txt")
        var tally = Tally()
        var scalars: [Unicode.Scalar] = []
        try bytes.withUnsafeBufferPointer { bytes in
            var text = Text(bytes: bytes)
            while let line = text.nextLine() {
                guard line.count > 0, bytes[line.lowerBound] != UInt8(ascii: "#") else { continue }
                var fields: [Range<Int>] = []
                var start = line.lowerBound
                for i in line where bytes[i] == UInt8(ascii: ";") {
                    fields.append(start..<i)
                    start = i + 1
                }
                fields.append(start..<line.upperBound)
                guard fields.count == 5 else { continue }
                scalars.removeAll(keepingCapacity: true)
                var at = fields[0].lowerBound
                while let word = text.word(from: &at, in: fields[0]) {
                    guard let scalar = Unicode.Scalar(UInt32(text.number(word, radix: 16))) else {
                        throw Problem("line \(text.lineNumber): bad code point")
                    }
                    scalars.append(scalar)
                }
                let direction: TextDirection? = switch text.numbers(in: fields[1]).first {
                case 0: .leftToRight
                case 1: .rightToLeft
                default: nil
                }
                let paragraphLevel = text.numbers(in: fields[2]).first ?? -1
                let levels = text.numbers(in: fields[3]), order = text.numbers(in: fields[4])
                let paragraph = BidiParagraph(scalars: scalars, direction: direction)
                let passes = Int(paragraph.direction.level) == paragraphLevel && Self.matches(paragraph, levels: levels, order: order)
                tally.count(passes, """
                    line \(text.lineNumber): \(scalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")) \
                    (\(direction.map(\.description) ?? "auto")): expected paragraph \(paragraphLevel) levels \(levels) order \(order), \
                    found paragraph \(paragraph.direction.level) \(Self.levelsAndOrder(paragraph))
                    """)
            }
        }
        tally.report("BidiCharacterTest.txt", minimum: 90_000)
    }

    /// Whether the paragraph, as one line, has the `levels` (after L1; -1 for
    /// a character X9 removes) and the visual `order` (without those characters) the files give.
    static func matches(_ paragraph: BidiParagraph, levels: [Int], order: [Int]) -> Bool {
        let lineLevels = paragraph.levels(ofLine: 0..<paragraph.count)
        guard levels.count == lineLevels.count else { return false }
        for i in 0..<levels.count {
            let expected = paragraph.classes[i].isRemovedByX9 ? -1 : Int(lineLevels[i])
            if levels[i] != expected { return false }
        }
        var k = 0
        for i in BidiParagraph.visualOrder(levels: lineLevels) where !paragraph.classes[i].isRemovedByX9 {
            if k >= order.count || order[k] != i { return false }
            k += 1
        }
        return k == order.count
    }

    /// The paragraph as one line: its levels after L1 (-1 for a character X9
    /// removes) and its visual order without those characters, for a failure's message.
    static func levelsAndOrder(_ paragraph: BidiParagraph) -> (levels: [Int], order: [Int]) {
        let lineLevels = paragraph.levels(ofLine: 0..<paragraph.count)
        let levels = paragraph.classes.indices.map { paragraph.classes[$0].isRemovedByX9 ? -1 : Int(lineLevels[$0]) }
        let order = BidiParagraph.visualOrder(levels: lineLevels).filter { !paragraph.classes[$0].isRemovedByX9 }
        return (levels, order)
    }

    // MARK: Parsing

    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func contents(of name: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: "\(ucd)/\(name)") else {
            throw Problem("\(ucd)/\(name) is missing: install Debian's unicode-data package (.ci/run does)")
        }
        return [UInt8](data)
    }

    /// A data file read line by line and word by word, by index (quick in an unoptimised build).
    struct Text {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0
        /// The number of the line last returned, from 1.
        var lineNumber = 0

        /// The next line, without its line feed; nil at the end.
        mutating func nextLine() -> Range<Int>? {
            guard at < bytes.count else { return nil }
            let start = at
            while at < bytes.count && bytes[at] != UInt8(ascii: "\n") { at += 1 }
            let end = at > start && bytes[at - 1] == UInt8(ascii: "\r") ? at - 1 : at
            at += 1
            lineNumber += 1
            return start..<end
        }

        func starts(_ line: Range<Int>, with prefix: StaticString) -> Bool {
            guard line.count >= prefix.utf8CodeUnitCount else { return false }
            for k in 0..<prefix.utf8CodeUnitCount where bytes[line.lowerBound + k] != prefix.utf8Start[k] { return false }
            return true
        }

        /// The next word at or after `at` in `range`, up to a space, tab or semicolon (left at `at`); nil at a semicolon or the end.
        func word(from at: inout Int, in range: Range<Int>) -> Range<Int>? {
            while at < range.upperBound && (bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\t")) { at += 1 }
            guard at < range.upperBound else { return nil }
            if bytes[at] == UInt8(ascii: ";") {
                at += 1
                return nil
            }
            let start = at
            while at < range.upperBound, bytes[at] != UInt8(ascii: " "), bytes[at] != UInt8(ascii: "\t"), bytes[at] != UInt8(ascii: ";") {
                at += 1
            }
            return start..<at
        }

        /// The numbers in `range`, an `x` as -1.
        func numbers(in range: Range<Int>) -> [Int] {
            var found: [Int] = []
            var at = range.lowerBound
            while let word = word(from: &at, in: range) {
                found.append(bytes[word.lowerBound] == UInt8(ascii: "x") ? -1 : number(word, radix: 10))
            }
            return found
        }

        func number(_ word: Range<Int>, radix: Int) -> Int {
            var value = 0
            for i in word {
                let byte = bytes[i]
                value = value * radix + (byte <= UInt8(ascii: "9") ? Int(byte) - 48 : Int(byte | 0x20) - 87)
            }
            return value
        }

        /// A word's bytes packed into an integer (a class name's key).
        func key(_ word: Range<Int>) -> Int {
            var value = 0
            for i in word { value = value << 8 | Int(bytes[i]) }
            return value
        }
    }
}
