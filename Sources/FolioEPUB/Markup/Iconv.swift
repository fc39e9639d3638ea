#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Conversion to UTF-8 through the C library's iconv, for the encodings
/// folio does not decode itself (``TextEncoding/iconvName``).
///
/// glibc keeps each converter but a few in a module it loads when first
/// asked (`/usr/lib/x86_64-linux-gnu/gconv/CP932.so`, which brings the
/// system's `libc.so.6` with it), and the static release `folio` loads it
/// too, through the static C library's own loader: glibc supports that
/// where the machine's glibc is the one folio was linked with (the machine
/// that built it, or the same Debian release), and that is where it was
/// checked. Without the modules (a minimal container) the converter cannot
/// be opened, ``utf8(_:from:)`` returns nil, and the document falls back as
/// an unknown label does. The debug build links glibc dynamically and has
/// no such limit.
enum Iconv {
    /// How many bytes of UTF-8 one call to iconv writes at most: a long
    /// document is converted a piece at a time into its result.
    static let pieceBytes = 64 << 10

    /// `input`, in the encoding iconv calls `encoding`, as UTF-8; each
    /// sequence that is not valid there (and a sequence cut off at the
    /// end) is U+FFFD. Nil when the C library cannot convert from `encoding`.
    static func utf8(_ input: [UInt8], from encoding: String) -> [UInt8]? {
        let converter = iconv_open("UTF-8", encoding)
        guard let converter, Int(bitPattern: converter) != -1 else { return nil }
        defer { iconv_close(converter) }
        var out: [UInt8] = []
        out.reserveCapacity(input.count + input.count / 2)
        var piece = [UInt8](repeating: 0, count: pieceBytes)
        input.withUnsafeBytes { source in
            piece.withUnsafeMutableBytes { target in
                var next = UnsafeMutablePointer(mutating: source.baseAddress?.assumingMemoryBound(to: CChar.self))
                var left = source.count
                func convert(_ input: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                             _ inputLeft: UnsafeMutablePointer<Int>?) -> (failed: Bool, error: Int32, produced: Int) {
                    var written = target.baseAddress?.assumingMemoryBound(to: CChar.self)
                    var room = target.count
                    let result = iconv(converter, input, inputLeft, &written, &room)
                    let error = errno
                    out += UnsafeRawBufferPointer(rebasing: target[..<(target.count - room)])
                    return (result == -1, error, target.count - room)
                }
                while left > 0 {
                    let before = left
                    let (failed, error, produced) = convert(&next, &left)
                    let movedOn = left < before || produced > 0
                    if movedOn, !failed || error == E2BIG { continue }  // converted, or the piece is full
                    // EILSEQ, a sequence that is not valid, or anything else that stalls: its first byte is
                    // U+FFFD and conversion goes on after it; EINVAL, one cut off at the end: the end.
                    out += [0xEF, 0xBF, 0xBD]
                    if failed, error == EINVAL { break }
                    next = next.map { $0 + 1 }
                    left -= 1
                }
                _ = convert(nil, nil)  // what a stateful encoding (ISO-2022-JP) still holds
            }
        }
        return out
    }
}
