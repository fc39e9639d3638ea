/// Turning a document's bytes into valid UTF-8 (character references
/// are ``CharacterReferences``).
enum TextDecoding {
    /// `input` as valid UTF-8: a UTF-8 byte order mark dropped, UTF-16
    /// (marked, or recognisable from `<?xml`) transcoded, and bytes that are
    /// not valid UTF-8 read as Windows-1252 (the usual mislabelled Latin-1).
    static func utf8(_ input: [UInt8]) -> [UInt8] {
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { return utf8(Array(input.dropFirst(3))) }
        if input.starts(with: [0xFF, 0xFE]) || input.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
            return utf16(input.dropFirst(input[0] == 0xFF ? 2 : 0), bigEndian: false)
        }
        if input.starts(with: [0xFE, 0xFF]) || input.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            return utf16(input.dropFirst(input[0] == 0xFE ? 2 : 0), bigEndian: true)
        }
        if String(validating: input, as: UTF8.self) != nil { return input }
        var out: [UInt8] = []
        out.reserveCapacity(input.count + input.count / 8)
        for b in input {
            if b < 0x80 {
                out.append(b)
            } else {
                appendScalar(b >= 0x80 && b <= 0x9F ? windows1252[Int(b - 0x80)] : UInt32(b), to: &out)
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
