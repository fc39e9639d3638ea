/// Turning a document's bytes into valid UTF-8 by the encoding it
/// declares (character references are ``CharacterReferences``).
enum TextDecoding {
    /// `input` as valid UTF-8, read in the first encoding found of:
    ///
    /// 1. a byte order mark (UTF-8, UTF-16LE, UTF-16BE), or UTF-16 without
    ///    one recognisable from `<?xml`;
    /// 2. the encoding the document declares (``TextEncoding/declared(in:)``:
    ///    the XML declaration, else a `<meta>` in the first 1024 bytes);
    /// 3. UTF-8.
    ///
    /// Text read as UTF-8 that is not valid UTF-8 is read as Windows-1252
    /// instead (the usual mislabelled Latin-1), declared or not. A label
    /// folio does not know, or an encoding the C library cannot convert
    /// (see ``Iconv``), counts as no declaration. Bytes not valid in the
    /// declared encoding are U+FFFD; nothing fails.
    static func utf8(_ input: [UInt8]) -> [UInt8] {
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { return utf8OrWindows1252(Array(input.dropFirst(3))) }
        if input.starts(with: [0xFF, 0xFE]) || input.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
            return utf16(input.dropFirst(input[0] == 0xFF ? 2 : 0), bigEndian: false)
        }
        if input.starts(with: [0xFE, 0xFF]) || input.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            return utf16(input.dropFirst(input[0] == 0xFE ? 2 : 0), bigEndian: true)
        }
        if let declared = TextEncoding.declared(in: input), let text = decoded(input, as: declared) { return text }
        return utf8OrWindows1252(input)
    }

    /// `input` in `encoding` as UTF-8, or nil when the C library cannot convert from it.
    static func decoded(_ input: [UInt8], as encoding: TextEncoding) -> [UInt8]? {
        switch encoding {
        case .utf8: utf8OrWindows1252(input)
        case .utf16LittleEndian: utf16(input[...], bigEndian: false)
        case .utf16BigEndian: utf16(input[...], bigEndian: true)
        case .windows1252: windows1252(input[...])
        default: encoding.iconvName.flatMap { Iconv.utf8(input, from: $0) }
        }
    }

    /// `input` if it is valid UTF-8, else read as Windows-1252.
    private static func utf8OrWindows1252(_ input: [UInt8]) -> [UInt8] {
        String(validating: input, as: UTF8.self) != nil ? input : windows1252(input[...])
    }

    /// `input` read as Windows-1252 as HTML reads it (0x81, 0x8D, 0x8F, 0x90 and 0x9D are those C1 controls).
    private static func windows1252(_ input: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(input.count + input.count / 8)
        for b in input {
            if b < 0x80 {
                out.append(b)
            } else {
                appendScalar(b <= 0x9F ? windows1252[Int(b - 0x80)] : UInt32(b), to: &out)
            }
        }
        return out
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var k = bytes.startIndex
        while k + 1 < bytes.endIndex {
            let (a, b) = (UInt16(bytes[k]), UInt16(bytes[k + 1]))
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            k += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// Code points of Windows-1252's 0x80…0x9F (HTML maps numeric references there too).
    static let windows1252: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// Appends the UTF-8 encoding of `value` (U+FFFD if it is not a scalar).
    static func appendScalar(_ value: UInt32, to out: inout [UInt8]) {
        UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { out.append($0) }
    }
}
