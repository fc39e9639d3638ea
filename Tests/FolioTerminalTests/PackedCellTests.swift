import FolioReading
import PropertyBased
import Testing

@testable import FolioTerminal

/// A cell packed into two words gives back what it was made of, and its quick
/// checks (a plain space? text that joins a run?) agree with the parts.
@Suite struct PackedCellTests {
    static func color(_ kind: Int, _ value: Int) -> Style.Color {
        switch kind {
        case 0: .default
        case 1: .palette(UInt8(value & 0xFF))
        default: .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
        }
    }

    /// Codes near the edges that matter: a space, ASCII, the first non-ASCII, the last scalar, a cluster.
    static let codes: [UInt32] = [0, 0x20, 0x41, 0x7F, 0x80, 0x301, 0x6F22, 0x10FFFF, PackedCell.clusterTag | 3]

    static let cells = zip(
        Gen.int(in: 0...(codes.count - 1)), Gen.int(in: 0...2), Gen.int(in: 0...2), Gen.int(in: 0...0xFF_FFFF),
        Gen.int(in: 0...2), Gen.int(in: 0...0xFF_FFFF), Gen.int(in: 0...127)
    ).map { code, width, fgKind, fg, bgKind, bg, attributes in
        var style = Style(foreground: color(fgKind, fg), background: color(bgKind, bg))
        style.attributes = Style.Attributes(rawValue: UInt8(attributes))
        return PackedCell(code: codes[code], width: UInt8(width), style: style)
    }

    /// 5,000 cells: the parts come back; a code set later leaves the rest alone.
    @Test func aCellGivesBackItsParts() async {
        await propertyCheck(count: 5_000, input: Self.cells) { cell in
            let again = PackedCell(code: cell.code, width: cell.width, style: cell.style)
            #expect(again == cell, "\(cell.code) \(cell.width) \(cell.style)")
            var recoded = cell
            recoded.code = 0x41
            #expect(recoded.code == 0x41 && recoded.width == cell.width && recoded.style == cell.style)
        }
    }

    /// 5,000 pairs: the word checks say what the field checks say.
    @Test func theQuickChecksAgreeWithTheParts() async {
        await propertyCheck(count: 5_000, input: zip(Self.cells, Self.cells, Gen.bool())) { a, other, sameStyle in
            // Half the pairs share a style and a width, so "the same style" is often true.
            let b = sameStyle ? PackedCell(code: other.code, width: a.width, style: a.style) : other
            #expect(a.isPlainBlank == (a.code == 0x20 && a.width == 1 && a.style.isPlain), "\(a.code) \(a.width) \(a.style)")
            if a.code < 0x80 && a.width == 1 {
                let joins = b.code < 0x80 && b.width == 1 && b.style == a.style && !b.isPlainBlank
                #expect(PackedCell.ASCIIRun(first: a).joins(b) == joins, "\(b.code) \(b.width) \(b.style) after \(a.code) \(a.style)")
            }
            #expect((a == b) == (a.code == b.code && a.width == b.width && a.style == b.style))
            #expect((a.plainBlankDifference == 0) == a.isPlainBlank)
        }
    }
}
