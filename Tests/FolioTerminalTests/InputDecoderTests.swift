import Testing
import PropertyBased
import FolioTestSupport
@testable import FolioTerminal

/// One input and what it must decode to, written from the terminals' own
/// documentation (xterm's ctlseqs, the Linux console, ECMA-48), not from the decoder.
struct DecodeCase: Sendable, CustomStringConvertible {
    var bytes: [UInt8]
    var events: [InputEvent]

    init(_ text: String, _ events: [InputEvent]) {
        self.bytes = Array(text.utf8)
        self.events = events
    }

    init(bytes: [UInt8], _ events: [InputEvent]) {
        self.bytes = bytes
        self.events = events
    }

    var description: String { "\(visible(bytes)) → \(events)" }
}

/// Bytes as a reader would write them: ESC as `⎋`, other controls and non-ASCII in hex.
func visible(_ bytes: [UInt8]) -> String {
    bytes.map { b in
        switch b {
        case 0x1B: "⎋"
        case 0x21...0x7E: String(UnicodeScalar(b))
        default: "<\(String(b, radix: 16, uppercase: true))>"
        }
    }.joined()
}

private func key(_ k: Key, _ m: KeyModifiers = []) -> InputEvent { .key(k, modifiers: m) }
private func char(_ c: Character, _ m: KeyModifiers = []) -> InputEvent { .key(.character(c), modifiers: m) }
private func mouse(_ a: MouseAction, _ column: Int, _ row: Int, _ m: KeyModifiers = []) -> InputEvent {
    .mouse(MouseEvent(a, column: column, row: row, modifiers: m))
}

/// Decodes `chunks` one after the other with one decoder, then flushes.
func decodeChunks(_ chunks: [[UInt8]], flush: Bool = true) -> [InputEvent] {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    for chunk in chunks { decoder.decode(chunk, into: &events) }
    if flush { decoder.flush(into: &events) }
    return events
}

/// `bytes` cut before each index in `cuts` (sorted, each in 1 ..< bytes.count).
func split(_ bytes: [UInt8], at cuts: [Int]) -> [[UInt8]] {
    var chunks: [[UInt8]] = [], start = 0
    for cut in cuts + [bytes.count] {
        chunks.append(Array(bytes[start..<cut]))
        start = cut
    }
    return chunks
}

@Suite struct InputDecoderTests {
    static let esc = "\u{1B}"

    /// Every sequence the decoder promises, each ending a token by itself.
    static let cases: [DecodeCase] = [
        // Text
        DecodeCase("a", [char("a")]), DecodeCase("A", [char("A")]), DecodeCase(" ", [char(" ")]),
        DecodeCase("~", [char("~")]), DecodeCase("é", [char("é")]), DecodeCase("漢", [char("漢")]),
        DecodeCase("\u{1F600}", [char("\u{1F600}")]), DecodeCase("e\u{301}", [char("e"), char("\u{301}")]),
        // Control codes
        DecodeCase("\r", [key(.enter)]), DecodeCase("\n", [key(.enter)]), DecodeCase("\t", [key(.tab)]),
        DecodeCase(bytes: [0x7F], [key(.backspace)]), DecodeCase(bytes: [0x08], [key(.backspace)]),
        DecodeCase(bytes: [0x03], [char("c", .control)]), DecodeCase(bytes: [0x01], [char("a", .control)]),
        DecodeCase(bytes: [0x1A], [char("z", .control)]), DecodeCase(bytes: [0x00], [char(" ", .control)]),
        DecodeCase(bytes: [0x1C], [char("\\", .control)]), DecodeCase(bytes: [0x1F], [char("_", .control)]),
        // Arrows, CSI and SS3
        DecodeCase("\(esc)[A", [key(.up)]), DecodeCase("\(esc)[B", [key(.down)]),
        DecodeCase("\(esc)[C", [key(.right)]), DecodeCase("\(esc)[D", [key(.left)]),
        DecodeCase("\(esc)OA", [key(.up)]), DecodeCase("\(esc)OB", [key(.down)]),
        DecodeCase("\(esc)OC", [key(.right)]), DecodeCase("\(esc)OD", [key(.left)]),
        // Home and End in all four spellings
        DecodeCase("\(esc)[H", [key(.home)]), DecodeCase("\(esc)[F", [key(.end)]),
        DecodeCase("\(esc)[1~", [key(.home)]), DecodeCase("\(esc)[4~", [key(.end)]),
        DecodeCase("\(esc)OH", [key(.home)]), DecodeCase("\(esc)OF", [key(.end)]),
        DecodeCase("\(esc)[7~", [key(.home)]), DecodeCase("\(esc)[8~", [key(.end)]),
        // Editing keys
        DecodeCase("\(esc)[5~", [key(.pageUp)]), DecodeCase("\(esc)[6~", [key(.pageDown)]),
        DecodeCase("\(esc)[2~", [key(.insert)]), DecodeCase("\(esc)[3~", [key(.delete)]),
        DecodeCase("\(esc)[Z", [key(.tab, .shift)]),
        // Function keys
        DecodeCase("\(esc)OP", [key(.function(1))]), DecodeCase("\(esc)OQ", [key(.function(2))]),
        DecodeCase("\(esc)OR", [key(.function(3))]), DecodeCase("\(esc)OS", [key(.function(4))]),
        DecodeCase("\(esc)[11~", [key(.function(1))]), DecodeCase("\(esc)[15~", [key(.function(5))]),
        DecodeCase("\(esc)[17~", [key(.function(6))]), DecodeCase("\(esc)[21~", [key(.function(10))]),
        DecodeCase("\(esc)[23~", [key(.function(11))]), DecodeCase("\(esc)[24~", [key(.function(12))]),
        DecodeCase("\(esc)[[A", [key(.function(1))]), DecodeCase("\(esc)[[E", [key(.function(5))]),
        // xterm modifiers: 1 + (1 shift, 2 alt, 4 control)
        DecodeCase("\(esc)[1;5C", [key(.right, .control)]), DecodeCase("\(esc)[1;2A", [key(.up, .shift)]),
        DecodeCase("\(esc)[1;3D", [key(.left, .alt)]), DecodeCase("\(esc)[1;8H", [key(.home, [.shift, .alt, .control])]),
        DecodeCase("\(esc)[5;5~", [key(.pageUp, .control)]), DecodeCase("\(esc)[3;2~", [key(.delete, .shift)]),
        DecodeCase("\(esc)[1;5P", [key(.function(1), .control)]), DecodeCase("\(esc)O5A", [key(.up, .control)]),
        DecodeCase("\(esc)OM", [key(.enter)]),
        // Alt: Esc before the key
        DecodeCase("\(esc)x", [char("x", .alt)]), DecodeCase("\(esc)X", [char("X", .alt)]),
        DecodeCase(bytes: [0x1B, 0x03], [char("c", [.control, .alt])]), DecodeCase("\(esc)\r", [key(.enter, .alt)]),
        DecodeCase(bytes: [0x1B, 0x7F], [key(.backspace, .alt)]), DecodeCase("\(esc)é", [char("é", .alt)]),
        // SGR mouse: ESC [ < button ; column ; row M (press, motion) or m (release), 1-based
        DecodeCase("\(esc)[<0;1;1M", [mouse(.press(.left), 0, 0)]),
        DecodeCase("\(esc)[<0;10;5m", [mouse(.release(.left), 9, 4)]),
        DecodeCase("\(esc)[<1;3;4M", [mouse(.press(.middle), 2, 3)]),
        DecodeCase("\(esc)[<2;80;24M", [mouse(.press(.right), 79, 23)]),
        DecodeCase("\(esc)[<2;80;24m", [mouse(.release(.right), 79, 23)]),
        DecodeCase("\(esc)[<32;5;6M", [mouse(.drag(.left), 4, 5)]),
        DecodeCase("\(esc)[<34;5;6M", [mouse(.drag(.right), 4, 5)]),
        DecodeCase("\(esc)[<35;5;6M", [mouse(.move, 4, 5)]),
        DecodeCase("\(esc)[<64;7;8M", [mouse(.scroll(.up), 6, 7)]),
        DecodeCase("\(esc)[<65;7;8M", [mouse(.scroll(.down), 6, 7)]),
        DecodeCase("\(esc)[<66;7;8M", [mouse(.scroll(.left), 6, 7)]),
        DecodeCase("\(esc)[<67;7;8M", [mouse(.scroll(.right), 6, 7)]),
        DecodeCase("\(esc)[<4;2;2M", [mouse(.press(.left), 1, 1, .shift)]),
        DecodeCase("\(esc)[<8;2;2M", [mouse(.press(.left), 1, 1, .alt)]),
        DecodeCase("\(esc)[<16;2;2M", [mouse(.press(.left), 1, 1, .control)]),
        DecodeCase("\(esc)[<81;2;2M", [mouse(.scroll(.down), 1, 1, .control)]),
        DecodeCase("\(esc)[<0;300;200M", [mouse(.press(.left), 299, 199)]),
        DecodeCase("\(esc)[<0;0;0M", [mouse(.press(.left), 0, 0)]),
        // X10 mouse: ESC [ M then button+32, column+33, row+33 as raw bytes; a release names no button
        DecodeCase("\(esc)[M !!", [mouse(.press(.left), 0, 0)]),
        DecodeCase("\(esc)[M\"+%\(esc)[M#+%", [mouse(.press(.right), 10, 4), mouse(.release(.right), 10, 4)]),
        DecodeCase("\(esc)[Ma!!", [mouse(.scroll(.down), 0, 0)]),
        // The terminal's late answers to folio's questions about pictures (kitty's graphics query, the
        // cell size, the device attributes) are no keys: not G, not j.
        DecodeCase("\(esc)_Gi=31;OK\(esc)\\j", [char("j")]),
        DecodeCase("\(esc)[6;18;9t\(esc)[?62;4;22cj", [char("j")]),
    ]

    /// Each case whole, followed by a key (so the sequence ends on its own),
    /// and cut every way: all 2^(n-1) splits for n ≤ 12 bytes, every one and
    /// every two cuts for longer ones.
    @Test(arguments: cases)
    func decodesWholeAndSplitAtEveryByte(_ c: DecodeCase) {
        #expect(decodeChunks([c.bytes]) == c.events)
        #expect(decodeChunks([c.bytes + [0x71]], flush: false) == c.events + [char("q")], "followed by q")
        var decoder = InputDecoder()
        _ = decoder.decode(c.bytes)
        #expect(decoder.pendingByteCount == 0, "nothing pending after a complete sequence")

        let n = c.bytes.count
        var splits: [[Int]] = []
        if n <= 12 {
            for mask in 0..<(1 << (n - 1)) { splits.append((1..<n).filter { mask & (1 << ($0 - 1)) != 0 }) }
        } else {
            for a in 1..<n {
                splits.append([a])
                for b in (a + 1)..<max(a + 1, n) { splits.append([a, b]) }
            }
        }
        for cuts in splits {
            let chunks = split(c.bytes, at: cuts)
            let events = decodeChunks(chunks)
            #expect(events == c.events, "split as \(chunks.map(visible))")
            if events != c.events { break }
        }
    }

    /// Ctrl-C is its own event, never the letter c.
    @Test func controlCIsDistinct() {
        let ctrlC = decodeChunks([[0x03]])
        #expect(ctrlC == [.key(.character("c"), modifiers: .control)])
        #expect(ctrlC != decodeChunks([Array("c".utf8)]))
    }

    /// Every single byte on its own: controls as documented, ASCII as itself,
    /// and any other byte (never valid alone in UTF-8) as U+FFFD, as Swift's
    /// own decoding has it.
    @Test func everySingleByte() {
        for b in 0...255 {
            let byte = UInt8(b)
            let expected: InputEvent = switch byte {
            case 0x00: char(" ", .control)
            case 0x08, 0x7F: key(.backspace)
            case 0x09: key(.tab)
            case 0x0A, 0x0D: key(.enter)
            case 0x1B: key(.escape)
            case 0x01...0x1A: char(Character(UnicodeScalar(byte + 96)), .control)
            case 0x1C...0x1F: char(Character(UnicodeScalar(byte + 64)), .control)
            default: char(String(decoding: [byte], as: UTF8.self).first!)
            }
            #expect(decodeChunks([[byte]]) == [expected], "byte \(visible([byte]))")
        }
    }

    @Test func loneEscapeWaitsForFlush() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.pendingByteCount == 1)
        #expect(decoder.flush() == [key(.escape)])
        #expect(decoder.pendingByteCount == 0)
        #expect(decoder.flush() == [], "a second flush has nothing")
        #expect(decoder.decode(Array("x".utf8)) == [char("x")], "after the pause a key is a key, not Alt+key")
    }

    /// What a flush makes of each unfinished start, and that nothing stays pending.
    @Test(arguments: [
        DecodeCase("\(esc)", [key(.escape)]),
        DecodeCase("\(esc)\(esc)", [key(.escape), key(.escape)]),
        DecodeCase("\(esc)[", [char("[", .alt)]),
        DecodeCase("\(esc)O", [char("O", .alt)]),
        DecodeCase("\(esc)[1;5", []),
        DecodeCase("\(esc)[<0;12", []),
        DecodeCase("\(esc)O5", []),
        DecodeCase("\(esc)[M!", []),
        DecodeCase("\(esc)[[", []),
        DecodeCase(bytes: [0xE6, 0xBC], [char("\u{FFFD}")]),
        DecodeCase(bytes: [0x1B, 0xC3], [char("\u{FFFD}", .alt)]),
        DecodeCase(bytes: [0x61, 0x1B], [char("a"), key(.escape)]),
    ])
    func flushFinishesWhatIsPending(_ c: DecodeCase) {
        var decoder = InputDecoder()
        let before = decoder.decode(c.bytes)
        let after = decoder.flush()
        #expect(before + after == c.events)
        #expect(decoder.pendingByteCount == 0)
    }

    /// Unknown, interrupted and over-long sequences report nothing and keep what follows.
    @Test(arguments: [
        DecodeCase("\(esc)[99xq", [char("q")]),  // unknown final byte
        DecodeCase("\(esc)[?1;2cq", [char("q")]),  // a device attributes reply
        DecodeCase("\(esc)[1 qq", [char("q")]),  // an intermediate byte
        DecodeCase("\(esc)[1:2Aq", [char("q")]),  // a sub-parameter
        DecodeCase("\(esc)Ozq", [char("q")]),  // unknown SS3
        DecodeCase("\(esc)[<0;1Mq", [char("q")]),  // a mouse report missing a coordinate
        DecodeCase("\(esc)[<64;1;1mq", [char("q")]),  // a wheel "release"
        DecodeCase("\(esc)[<128;1;1Mq", [char("q")]),  // an extra button
        DecodeCase("\(esc)[[Zq", [char("q")]),  // not a Linux console F-key
        DecodeCase("\(esc)[1;\u{3}", [char("c", .control)]),  // Ctrl-C interrupts a sequence
        DecodeCase("\(esc)[1\(esc)[A", [key(.up)]),  // Esc starts a new one
        DecodeCase("\(esc)[é", [char("é")]),  // so does a non-ASCII character
        DecodeCase("\(esc)O\r", [key(.enter)]),
        DecodeCase("\(esc)[[\u{3}", [char("c", .control)]),
    ])
    func garbageIsDroppedAndWhatFollowsSurvives(_ c: DecodeCase) {
        #expect(decodeChunks([c.bytes]) == c.events)
        #expect(decodeChunks(c.bytes.map { [$0] }) == c.events, "a byte at a time")
    }

    /// A sequence that never ends is dropped at the limit and decoding goes on.
    @Test func overlongSequenceIsBounded() {
        let limit = InputDecoder.maximumPendingBytes
        let bytes = [0x1B, 0x5B] + [UInt8](repeating: 0x31, count: 3 * limit) + [0x03]
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for byte in bytes {
            decoder.decode([byte], into: &events)
            #expect(decoder.pendingByteCount < limit)
        }
        // The first `limit` bytes (ESC [ and limit-2 digits) are dropped; the rest are text.
        let digits = [InputEvent](repeating: char("1"), count: 3 * limit - (limit - 2))
        #expect(events == digits + [char("c", .control)])
    }

    /// Invalid UTF-8 becomes U+FFFD exactly where Swift's String decoding puts it.
    @Test func invalidUTF8MatchesSwiftDecoding() {
        let samples: [[UInt8]] = [
            [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5],
            [0xE2, 0x82, 0x41], [0xF0, 0x9F, 0x98], [0x80, 0xBF], [0xC3], [0xEF, 0xBF, 0xBE],
        ]
        for bytes in samples {
            let expected = String(decoding: bytes, as: UTF8.self).unicodeScalars.map { char(Character($0)) }
            #expect(decodeChunks([bytes]) == expected, "\(visible(bytes))")
        }
    }

    /// A mouse drag is a scroll update: decoding its reports into a reused
    /// buffer allocates nothing (counted with the test-support malloc).
    @Test func aDragDecodesWithoutAllocating() throws {
        let reports = (0..<200).map { Array("\u{1B}[<32;\($0 % 180 + 1);\($0 % 50 + 1)M".utf8) }
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        events.reserveCapacity(8)
        for report in reports { decoder.decode(report, into: &events) }  // warm up: first use instantiates runtime metadata
        events.removeAll(keepingCapacity: true)
        var decoded = 0
        let counted = allocations {
            var i = 0
            while i < reports.count {  // an index loop: `for … in` allocates in debug builds
                events.removeAll(keepingCapacity: true)
                decoder.decode(reports[i], into: &events)
                decoded += events.count
                i += 1
            }
        }
        #expect(counted == 0, "\(counted ?? -1) allocations decoding 200 drag reports")
        #expect(decoded == 200)
    }

    @Test func descriptionsRead() {
        #expect("\(char("c", .control))" == "key Ctrl+c")
        #expect("\(key(.pageDown))" == "key PgDn")
        #expect("\(mouse(.press(.left), 3, 4, .shift))" == "mouse Shift+press left at 3,4")
        #expect("\(InputEvent.resize(TerminalSize(columns: 80, rows: 24)))" == "resize 80×24")
        var decoder = InputDecoder()
        _ = decoder.decode([0x1B, 0x5B])
        #expect("\(decoder)" == "InputDecoder(pending: 1B 5B)")
    }
}
