import Testing
import PropertyBased
@testable import FolioTerminal

/// A piece of input a property run strings together: its bytes and the
/// events they stand for. Mouse reports are encoded from the event (the
/// decoder's inverse), so the expectation does not come from the decoder.
struct InputToken: Sendable, CustomStringConvertible {
    var bytes: [UInt8]
    var events: [InputEvent]

    static let keys = InputDecoderTests.cases.filter { !$0.bytes.starts(with: Array("\u{1B}[M".utf8)) }

    static let textRanges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F300...0x1F64F,
    ]

    init(kind: Int, a: Int, b: Int, c: Int) {
        switch kind {
        case 0:  // a key from the table
            let k = Self.keys[a % Self.keys.count]
            (bytes, events) = (k.bytes, k.events)
        case 1:  // an SGR mouse report
            let action: MouseAction = switch a % 5 {
            case 0: .press(MouseButton.allCases[b % 3])
            case 1: .release(MouseButton.allCases[b % 3])
            case 2: .drag(MouseButton.allCases[b % 3])
            case 3: .move
            default: .scroll(ScrollDirection.allCases[b % 4])
            }
            let event = MouseEvent(action, column: b % 1000, row: c % 1000, modifiers: KeyModifiers(rawValue: UInt8(c % 8)))
            (bytes, events) = (Self.sgr(event), [.mouse(event)])
        case 2:  // Alt + a lower-case letter
            let letter = UnicodeScalar(UInt8(97 + a % 26))
            (bytes, events) = ([0x1B, UInt8(97 + a % 26)], [.key(.character(Character(letter)), modifiers: .alt)])
        default:  // a run of text
            let range = Self.textRanges[a % Self.textRanges.count]
            let scalars = (0..<(1 + b % 5)).compactMap { i in
                UnicodeScalar(range.lowerBound + UInt32((c + i * 7919) % Int(range.upperBound - range.lowerBound + 1)))
            }
            let text = String(String.UnicodeScalarView(scalars))
            (bytes, events) = (Array(text.utf8), scalars.map { .key(.character(Character($0))) })
        }
    }

    /// `ESC [ < b ; column+1 ; row+1 M|m`, the button code built from xterm's bit layout.
    static func sgr(_ m: MouseEvent) -> [UInt8] {
        let buttonIndex = { (b: MouseButton) in MouseButton.allCases.firstIndex(of: b)! }
        var code: Int
        var final = "M"
        switch m.action {
        case .press(let b): code = buttonIndex(b)
        case .release(let b): code = buttonIndex(b); final = "m"
        case .drag(let b): code = 32 + buttonIndex(b)
        case .move: code = 35
        case .scroll(let d): code = 64 + ScrollDirection.allCases.firstIndex(of: d)!
        }
        if m.modifiers.contains(.shift) { code += 4 }
        if m.modifiers.contains(.alt) { code += 8 }
        if m.modifiers.contains(.control) { code += 16 }
        return Array("\u{1B}[<\(code);\(m.column + 1);\(m.row + 1)\(final)".utf8)
    }

    var description: String { visible(bytes) }
}

/// Cuts `bytes` into chunks of the given sizes, cycling through them.
func chunk(_ bytes: [UInt8], sizes: [Int]) -> [[UInt8]] {
    guard !sizes.isEmpty else { return [bytes] }
    var chunks: [[UInt8]] = [], start = 0, i = 0
    while start < bytes.count {
        let end = min(start + sizes[i % sizes.count], bytes.count)
        chunks.append(Array(bytes[start..<end]))
        start = end
        i += 1
    }
    return chunks
}

@Suite struct InputDecoderPropertyTests {
    static let tokens = zip(Gen.int(in: 0...3), Gen.int(in: 0...10_000), Gen.int(in: 0...10_000), Gen.int(in: 0...10_000))
        .map { InputToken(kind: $0, a: $1, b: $2, c: $3) }
        .array(of: 0...30)
    static let chunkSizes = Gen.int(in: 1...9).array(of: 0...20)

    /// A byte alphabet that makes sequences likely: ESC, introducers,
    /// parameters, finals, controls, UTF-8 leads and continuations, and any byte.
    static let garbage = zip(Gen.int(in: 0...22), Gen.int(in: 0...255)).map { pick, any -> UInt8 in
        let alphabet: [UInt8] = [0x1B, 0x1B, 0x1B, 0x5B, 0x5B, 0x4F, 0x3C, 0x3B, 0x3B, 0x31, 0x35, 0x36,
                                 0x4D, 0x6D, 0x7E, 0x41, 0x03, 0xC3, 0xA9, 0xE6, 0xF0, 0x9F]
        return pick < alphabet.count ? alphabet[pick] : UInt8(any)
    }.array(of: 0...120)

    /// 3,000 runs: keys, mouse reports and text, cut anywhere, decode to their events.
    @Test func randomInputChunkedDecodesToItsEvents() async {
        await propertyCheck(count: 3_000, input: Self.tokens, Self.chunkSizes) { tokens, sizes in
            let bytes = tokens.flatMap(\.bytes)
            let expected = tokens.flatMap(\.events)
            let chunks = chunk(bytes, sizes: sizes)
            #expect(decodeChunks(chunks) == expected, "tokens \(tokens) in chunks \(chunks.map(visible))")
            #expect(decodeChunks([bytes]) == expected, "tokens \(tokens) whole")
        }
    }

    /// 3,000 runs of garbage: the same events however it is cut, never more
    /// than the bound pending, and Ctrl-C typed after it gets through.
    @Test func garbageIsSplitInvariantBoundedAndRecovers() async {
        await propertyCheck(count: 3_000, input: Self.garbage, Self.chunkSizes) { bytes, sizes in
            let chunks = chunk(bytes, sizes: sizes)
            let whole = decodeChunks([bytes])
            #expect(decodeChunks(chunks) == whole, "\(visible(bytes)) in chunks \(chunks.map(visible))")

            var decoder = InputDecoder()
            for byte in bytes {
                _ = decoder.decode([byte])
                #expect(decoder.pendingByteCount < InputDecoder.maximumPendingBytes, "\(visible(bytes))")
            }
            // At most an X10 report's three raw bytes can be taken; the rest are Ctrl-C.
            let ctrlC = InputEvent.key(.character("c"), modifiers: .control)
            let after = decoder.decode([UInt8](repeating: 0x03, count: 8))
            #expect(after.filter { $0 == ctrlC }.count >= 5 && after.last == ctrlC, "after \(visible(bytes)): \(after)")
        }
    }

    /// 2,000 runs: bytes without controls decode to the scalars Swift's
    /// `String(decoding:as:)` finds, U+FFFD included, however they are cut.
    @Test func textMatchesSwiftsUTF8Decoding() async {
        let bytes = Gen.int(in: 0...255).map { UInt8($0 < 0x20 ? $0 + 0x20 : $0 == 0x7F ? 0x7E : $0) }.array(of: 0...40)
        await propertyCheck(count: 2_000, input: bytes, Self.chunkSizes) { bytes, sizes in
            let expected = String(decoding: bytes, as: UTF8.self).unicodeScalars.map { InputEvent.key(.character(Character($0))) }
            #expect(decodeChunks(chunk(bytes, sizes: sizes)) == expected, "\(visible(bytes))")
        }
    }
}
