/// Decodes one Unicode scalar at a time from raw bytes, replacing each
/// ill-formed sequence with U+FFFD the way the standard library does
/// (one replacement per maximal subpart), so every byte of a document is
/// accounted for and the result matches `String(decoding:as:)`.
public struct UTF8Scanner {
    /// The bytes decoded.
    public let bytes: UnsafeRawBufferPointer

    /// A scanner over `bytes`.
    @inlinable public init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The scalar starting at byte `i` (< count) and how many bytes it spans (1…4).
    @inline(__always)
    public func scalar(at i: Int) -> (Unicode.Scalar, Int) {
        let b0 = bytes[i]
        if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
        let replacement = Unicode.Scalar(0xFFFD)!
        let need: Int
        var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: need = 1
        case 0xE0: need = 2; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: need = 2
        case 0xED: need = 2; upper = 0x9F
        case 0xF0: need = 3; lower = 0x90
        case 0xF1...0xF3: need = 3
        case 0xF4: need = 3; upper = 0x8F
        default: return (replacement, 1)
        }
        var value = UInt32(b0) & (need == 1 ? 0x1F : need == 2 ? 0x0F : 0x07)
        for k in 1...need {
            guard i + k < bytes.count else { return (replacement, k) }
            let b = bytes[i + k]
            let (lo, hi) = k == 1 ? (lower, upper) : (UInt8(0x80), UInt8(0xBF))
            guard b >= lo && b <= hi else { return (replacement, k) }
            value = value << 6 | UInt32(b & 0x3F)
        }
        return (Unicode.Scalar(value) ?? replacement, need + 1)
    }

    /// `i`, or where the character around byte `i` ends when `i` falls
    /// after its first byte (a continuation byte that belongs to the
    /// character begun up to three bytes before).
    func characterBoundary(atOrAfter i: Int) -> Int {
        guard i > 0, i < bytes.count, bytes[i] & 0xC0 == 0x80 else { return i }
        var k = 1
        while k <= 3 && i - k >= 0 {
            if bytes[i - k] & 0xC0 != 0x80 {
                let length = scalar(at: i - k).1
                return length > k ? i - k + length : i
            }
            k += 1
        }
        return i
    }
}
