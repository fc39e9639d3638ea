import FolioReading

/// The display-text decoder behind `less -R`-style reading: SGR colours,
/// OSC 8 links, erase-in-line, backspace overstrikes, UTF-8.
///
/// Properties, for every input:
/// - units cover the bytes exactly once, each at least one byte long;
/// - no glyph is a control character (C0, DEL, C1): ESC and the rest reach
///   the screen only as pictures (␛), never raw;
/// - an escape is consumed only when it is a whole recognised sequence (SGR
///   or erase-in-line `ESC [ params m/K`, OSC 8 `ESC ] 8 ; … BEL/ESC \`),
///   so it never swallows text after it;
/// - printable text is kept: an ASCII byte on its own is drawn as itself
///   (a control as its picture), an overstrike draws one of its own characters, and ESC never
///   hides inside an overstrike;
/// - decoding a prefix as unfinished text (`isFinal: false`) gives the same
///   units as the whole text wherever it gives a unit at all: a unit the
///   rest of the text could change (an escape cut short, a character a
///   backspace may yet overstrike) is not given until the rest arrives.
enum TextDecoderTarget: FuzzTarget {
    static let name = "text-decoder"
    static let summary = "TextDecoder (SGR, OSC 8, overstrike): no raw escape drawn, printable text kept, prefixes agree"

    struct Decoded: Equatable {
        var unit: TextUnit
        var offset: Int
        var length: Int
    }

    static func check(_ input: UnsafeRawBufferPointer) {
        var decoder = TextDecoder()
        var units: [Decoded] = []
        var i = 0
        while i < input.count {
            guard let (unit, length) = decoder.unit(in: input, at: i, isFinal: true) else {
                require(false, "a final text gives no unit at \(i)")
                return
            }
            require(length >= 1 && i + length <= input.count, "unit \(unit) at \(i) has length \(length) of \(input.count)")
            units.append(Decoded(unit: unit, offset: i, length: length))
            checkUnit(unit, Array(input[i..<(i + length)]), at: i)
            i += length
        }

        // A prefix decoded as text still arriving.
        guard !input.isEmpty else { return }
        var random = SplitMix64(seededBy: input)
        let cut = Int(random.next() % UInt64(input.count + 1))
        let prefix = UnsafeRawBufferPointer(rebasing: input[..<cut])
        var partial = TextDecoder()
        var index = 0
        i = 0
        while i < cut, let (unit, length) = partial.unit(in: prefix, at: i, isFinal: false) {
            let whole = units[index]
            require(whole == Decoded(unit: unit, offset: i, length: length),
                    "cut at \(cut): \(unit) +\(length) at \(i), the whole text has \(whole.unit) +\(whole.length)")
            index += 1
            i += length
        }
    }

    private static func checkUnit(_ unit: TextUnit, _ bytes: [UInt8], at offset: Int) {
        switch unit {
        case .glyph(let scalar, _):
            let value = scalar.value
            require(value >= 0x20 && value != 0x7F && !(0x80..<0xA0).contains(value),
                    "U+\(String(value, radix: 16)) drawn raw at \(offset)")
            require(!bytes.dropFirst().contains(0x1B), "ESC hides inside the glyph \(scalar) at \(offset): \(bytes)")
            if bytes.count == 1 && bytes[0] < 0x80 {
                require(scalar == TextDecoder.picture(of: bytes[0]), "byte \(bytes[0]) at \(offset) drawn as \(scalar)")
            } else if value < 0x80 && value > 0x20 {
                require(bytes.contains(UInt8(value)) || TextDecoder.picture(of: bytes[0]) == scalar,
                        "overstrike \(bytes) at \(offset) drawn as \(scalar), not one of its characters")
            }
        case .space:
            require(bytes == [0x20], "a space from \(bytes) at \(offset)")
        case .tab:
            require(bytes == [0x09], "a tab from \(bytes) at \(offset)")
        case .lineBreak:
            require(bytes == [0x0A] || bytes == [0x0D, 0x0A], "a line break from \(bytes) at \(offset)")
        case .pageBreak:
            require(bytes == [0x0C], "a page break from \(bytes) at \(offset)")
        case .control:
            require(isRecognisedEscape(bytes), "\(bytes) at \(offset) consumed as an escape")
        }
    }

    /// `ESC [ params m`, `ESC [ (0|1|2)? K`, or `ESC ] 8 ; … (BEL | ESC \)`.
    private static func isRecognisedEscape(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 3, bytes[0] == 0x1B else { return false }
        let body = bytes[2..<(bytes.count - 1)]
        if bytes[1] == 0x5B {
            guard body.allSatisfy({ (0x30...0x3F).contains($0) }) else { return false }
            if bytes.last == 0x6D { return true }
            return bytes.last == 0x4B && (body.isEmpty || (body.count == 1 && (0x30...0x32).contains(body.first!)))
        }
        guard bytes[1] == 0x5D, bytes.count >= 5, bytes[2] == 0x38, bytes[3] == 0x3B else { return false }
        if bytes.last == 0x07 {
            return bytes[4..<(bytes.count - 1)].allSatisfy { $0 >= 0x20 && $0 != 0x7F }
        }
        return bytes.count >= 6 && bytes[bytes.count - 2] == 0x1B && bytes.last == 0x5C
            && bytes[4..<(bytes.count - 2)].allSatisfy { $0 >= 0x20 && $0 != 0x7F }
    }
}
