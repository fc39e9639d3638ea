import Testing
import FolioTestSupport
@testable import FolioReading

/// Checks the committed width table against Unicode's own data files
/// (Debian's unicode-data package, which .ci/run installs), read here
/// independently of the generator.
@Suite(.needs(.unicodeData)) struct DisplayWidthTests {
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
        var checked = 0
        for (range, property) in try UnicodeData.ranges("EastAsianWidth.txt") where property == "W" || property == "F" {
            for v in range {
                guard let scalar = Unicode.Scalar(v), !isZeroWidthCategory(scalar) else { continue }
                #expect(DisplayWidth.columns(of: scalar) == 2, "\(UnicodeData.codePoint(v)) is \(property)")
                checked += 1
            }
        }
        #expect(checked > 100_000)
    }

    @Test func everyCombiningMarkAndFormatControlTakesNoColumn() throws {
        var checked = 0
        for fields in try UnicodeData.records("UnicodeData.txt") {
            guard fields.count > 2, ["Mn", "Me", "Cf"].contains(fields[2]), fields[0] != "00AD",
                  let v = UInt32(fields[0], radix: 16), let scalar = Unicode.Scalar(v) else { continue }
            #expect(DisplayWidth.columns(of: scalar) == 0, "U+\(fields[0]) is \(fields[2])")
            checked += 1
        }
        #expect(checked > 2_000)
    }

    @Test func narrowAndNeutralLettersTakeOneColumn() throws {
        var checked = 0
        for (range, property) in try UnicodeData.ranges("EastAsianWidth.txt") where property == "Na" || property == "H" {
            for v in range where v >= 0x20 && !(0x7F..<0xA0).contains(v) {
                guard let scalar = Unicode.Scalar(v), !isZeroWidthCategory(scalar) else { continue }
                #expect(DisplayWidth.columns(of: scalar) == 1, "\(UnicodeData.codePoint(v)) is \(property)")
                checked += 1
            }
        }
        #expect(checked > 200)
    }

    /// Marks and format controls per the data files' own version of Unicode.
    private static let zeroWidth: Set<UInt32> = {
        var set = Set<UInt32>()
        for fields in (try? UnicodeData.records("UnicodeData.txt")) ?? []
        where fields.count > 2 && ["Mn", "Me", "Cf"].contains(fields[2]) {
            if let v = UInt32(fields[0], radix: 16) { set.insert(v) }
        }
        return set
    }()

    private func isZeroWidthCategory(_ s: Unicode.Scalar) -> Bool { Self.zeroWidth.contains(s.value) }
}
