import FolioReading
import PropertyBased
import Testing

@testable import FolioTerminal

/// A cell packed into one word gives back what it was made of, its style comes
/// back through its frame's key, and its quick checks (a plain space? text that
/// joins a run?) agree with the parts.
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

    /// Styles of every kind of colour; 24-bit ones from a few values, so that some repeat.
    static let styles = zip(Gen.int(in: 0...2), Gen.int(in: 0...0xFF_FFFF), Gen.int(in: 0...2), Gen.int(in: 0...0xFF_FFFF),
                            Gen.int(in: 0...0x7FF), Gen.int(in: 0...3)).map { fgKind, fg, bgKind, bg, attributes, few in
        var style = Style(foreground: color(fgKind, fgKind == 2 ? few * 0x10101 : fg), background: color(bgKind, bg))
        style.attributes = Style.Attributes(rawValue: UInt16(attributes))
        return style
    }

    static func isTrueColour(_ colour: Style.Color) -> Bool {
        if case .rgb = colour { return true }
        return false
    }

    static let parts = zip(Gen.int(in: 0...(codes.count - 1)), Gen.int(in: 0...2), styles)

    /// 5,000 cells made through one frame: code, width and style come back; a code set later
    /// leaves the rest alone; a style is kept inline exactly when it has no 24-bit colour.
    @Test func aCellGivesBackItsParts() async {
        var frame = Frame(width: 1, height: 1)
        await propertyCheck(count: 5_000, input: Self.parts) { code, width, style in
            let key = frame.key(for: style)
            let cell = PackedCell(code: Self.codes[code], width: UInt8(width), key: key)
            #expect(cell.code == Self.codes[code] && cell.width == UInt8(width) && cell.key == key)
            #expect(frame.style(of: cell) == style, "\(style) came back as \(frame.style(of: cell))")
            #expect(key.isIndexed == (Self.isTrueColour(style.foreground) || Self.isTrueColour(style.background)), "\(style)")
            var recoded = cell
            recoded.code = 0x41
            #expect(recoded.code == 0x41 && recoded.width == cell.width && recoded.key == cell.key)
        }
    }

    /// 5,000 pairs of styles: within a frame, equal keys are exactly equal styles.
    @Test func aFrameKeysEachStyleOnce() async {
        var frame = Frame(width: 1, height: 1)
        await propertyCheck(count: 5_000, input: zip(Self.styles, Self.styles)) { a, b in
            #expect((frame.key(for: a) == frame.key(for: b)) == (a == b), "\(a) and \(b)")
        }
        #expect(frame.indexedStyles.count == Set(frame.indexedStyles).count, "a 24-bit style is kept once")
        frame.clear()
        #expect(frame.indexedStyles.isEmpty, "a cleared frame starts its table afresh")
    }

    /// 5,000 pairs: the word checks say what the field checks say.
    @Test func theQuickChecksAgreeWithTheParts() async {
        var frame = Frame(width: 1, height: 1)
        await propertyCheck(count: 5_000, input: zip(Self.parts, Self.parts, Gen.bool())) { first, second, sameStyle in
            let a = PackedCell(code: Self.codes[first.0], width: UInt8(first.1), key: frame.key(for: first.2))
            // Half the pairs share a style and a width, so "the same style" is often true.
            let b = PackedCell(code: Self.codes[second.0], width: sameStyle ? a.width : UInt8(second.1),
                               key: sameStyle ? a.key : frame.key(for: second.2))
            let (aStyle, bStyle) = (frame.style(of: a), frame.style(of: b))
            #expect(a.isPlainBlank == (a.code == 0x20 && a.width == 1 && aStyle.isPlain), "\(a.code) \(a.width) \(aStyle)")
            if a.code < 0x80 && a.width == 1 {
                let joins = b.code < 0x80 && b.width == 1 && bStyle == aStyle && !b.isPlainBlank
                #expect(PackedCell.ASCIIRun(first: a).joins(b) == joins, "\(b.code) \(b.width) \(bStyle) after \(a.code) \(aStyle)")
            }
            #expect((a == b) == (a.code == b.code && a.width == b.width && aStyle == bStyle))
            #expect((a.plainBlankDifference == 0) == a.isPlainBlank)
            #expect(a.isSelfContained == (!a.isCluster && StyleKey(inline: aStyle) != nil))
        }
    }
}
