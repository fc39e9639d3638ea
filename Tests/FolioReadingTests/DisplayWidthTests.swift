import Foundation
import Testing
import FolioTestSupport
@testable import FolioReading

/// Checks the committed width table against Unicode's own data files
/// (Debian's unicode-data package, which .ci/run installs), read here
/// independently of the generator.
@Suite(.needs(.unicodeData)) struct DisplayWidthTests {
    static let ucd = "/usr/share/unicode"

    @Test func commonCharacters() {
        #expect(DisplayWidth.columns(of: "a") == 1)
        #expect(DisplayWidth.columns(of: "漢") == 2)
        #expect(DisplayWidth.columns(of: "\u{1F600}") == 2, "emoji")
        #expect(DisplayWidth.columns(of: "\u{0301}") == 0, "combining acute")
        #expect(DisplayWidth.columns(of: "\u{200B}") == 0, "zero width space")
        #expect(DisplayWidth.columns(of: "\u{200D}") == 0, "zero width joiner")
        #expect(DisplayWidth.columns(of: Unicode.Scalar(9)) == nil, "tab")
        #expect(DisplayWidth.columns(of: Unicode.Scalar(0x7F)) == nil, "delete")
        #expect(DisplayWidth.columns(of: "ｱ") == 1, "halfwidth katakana")
        #expect(DisplayWidth.columns(of: "Ａ") == 2, "fullwidth A")
        #expect(DisplayWidth.columns(of: "e\u{0301}漢字") == 5)
    }

    @Test func everyWideAndFullwidthCodePointTakesTwoColumns() throws {
        let lines = try readLines("\(Self.ucd)/EastAsianWidth.txt")
        var checked = 0
        for (range, property) in parse(lines) where property == "W" || property == "F" {
            for v in range {
                guard let scalar = Unicode.Scalar(v), !isZeroWidthCategory(scalar) else { continue }
                #expect(DisplayWidth.columns(of: scalar) == 2, "U+\(String(v, radix: 16, uppercase: true)) is \(property)")
                checked += 1
            }
        }
        #expect(checked > 100_000)
    }

    @Test func everyCombiningMarkAndFormatControlTakesNoColumn() throws {
        var checked = 0
        for line in try readLines("\(Self.ucd)/UnicodeData.txt") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count > 2, ["Mn", "Me", "Cf"].contains(fields[2]), fields[0] != "00AD",
                  let v = UInt32(fields[0], radix: 16), let scalar = Unicode.Scalar(v) else { continue }
            #expect(DisplayWidth.columns(of: scalar) == 0, "U+\(fields[0]) is \(fields[2])")
            checked += 1
        }
        #expect(checked > 2_000)
    }

    @Test func narrowAndNeutralLettersTakeOneColumn() throws {
        let lines = try readLines("\(Self.ucd)/EastAsianWidth.txt")
        var checked = 0
        for (range, property) in parse(lines) where property == "Na" || property == "H" {
            for v in range where v >= 0x20 && !(0x7F..<0xA0).contains(v) {
                guard let scalar = Unicode.Scalar(v), !isZeroWidthCategory(scalar) else { continue }
                #expect(DisplayWidth.columns(of: scalar) == 1, "U+\(String(v, radix: 16, uppercase: true)) is \(property)")
                checked += 1
            }
        }
        #expect(checked > 200)
    }

    /// Marks and format controls per the data files' own version of Unicode.
    private static let zeroWidth: Set<UInt32> = {
        guard let text = try? String(contentsOfFile: "\(ucd)/UnicodeData.txt", encoding: .utf8) else { return [] }
        var set = Set<UInt32>()
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            if fields.count > 2, ["Mn", "Me", "Cf"].contains(fields[2]), let v = UInt32(fields[0], radix: 16) { set.insert(v) }
        }
        return set
    }()

    private func isZeroWidthCategory(_ s: Unicode.Scalar) -> Bool { Self.zeroWidth.contains(s.value) }

    private func readLines(_ path: String) throws -> [Substring] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("\(path) is missing: install Debian's unicode-data package (.ci/run does)")
            return []
        }
        return text.split(separator: "\n")
    }

    private func parse(_ lines: [Substring]) -> [(ClosedRange<UInt32>, String)] {
        lines.compactMap { line in
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = content.split(separator: ";").map { $0.trimmingCharacters(in: " ") }
            guard fields.count >= 2 else { return nil }
            let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
            guard let first = bounds.first, let last = bounds.last else { return nil }
            return (first...last, fields[1])
        }
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop(while: { $0 == set }).reversed().drop(while: { $0 == set }).reversed())
    }
}

