/// Character references — `&name;`, `&#n;`, `&#xh;` — decoded as HTML5's
/// tokenizer decodes them, with names from ``HTMLEntities`` and nowhere
/// else (no document can declare an entity of its own).
///
/// Content documents are XHTML, whose references all end in `;`, but real
/// books are often HTML in an XHTML file name and carry HTML5's legacy
/// forms (`&nbsp`, `AT&amp T`, `&copy2024`), so text and attribute values of
/// content documents follow HTML5; the package document, NCX and container
/// (``Context/xml``) keep XML's rule that a reference ends in `;`.
///
/// The numbers follow Python's `html.unescape` (which the tests compare
/// against): `&#0;`, surrogates and anything past U+10FFFF are U+FFFD;
/// 0x80…0x9F are read as Windows-1252 (`&#150;` is an en dash); control
/// characters other than tab, line feed, form feed and carriage return,
/// and the non-characters, are dropped.
enum CharacterReferences {
    /// Where references are read, which decides how forgiving decoding is.
    enum Context {
        /// Text of a content document: HTML5's rules. A legacy name may
        /// lack its `;` and the longest one wins (`&notit;` is `¬it;`); a
        /// number may lack its `;` (`&#65x` is `Ax`).
        case text
        /// An attribute value of a content document: as ``text``, except
        /// that a legacy name without its `;` followed by `=` or a letter or
        /// digit stays as written, so `href="?a=1&copy=2"` keeps its query.
        case attribute
        /// A package document, NCX or container: every reference needs
        /// its `;` (names still come from HTML5's list).
        case xml
    }

    /// Appends `text` with its references decoded; anything that is not a
    /// reference — an unknown name, a bare `&`, `&#` without digits — is
    /// kept literally.
    static func append(_ text: ArraySlice<UInt8>, context: Context, to out: inout [UInt8]) {
        guard text.contains(UInt8(ascii: "&")) else {
            out += text
            return
        }
        var k = text.startIndex
        while k < text.endIndex {
            let b = text[k]
            guard b == UInt8(ascii: "&"), k + 1 < text.endIndex else {
                out.append(b)
                k += 1
                continue
            }
            let reference = text[(k + 1)...]
            let decoded = reference.first == UInt8(ascii: "#")
                ? numeric(reference, context: context, to: &out)
                : named(reference, context: context, to: &out)
            if let length = decoded {
                k += 1 + length
            } else {
                out.append(b)
                k += 1
            }
        }
    }

    /// Decodes the named reference `reference` (the bytes after `&`) starts
    /// with into `out`, returning the bytes it spans, or nil to keep the `&`.
    private static func named(_ reference: ArraySlice<UInt8>, context: Context, to out: inout [UInt8]) -> Int? {
        guard let (length, value) = HTMLEntities.longestMatch(at: reference) else { return nil }
        let end = reference.startIndex + length
        if reference[end - 1] != UInt8(ascii: ";") {
            switch context {
            case .xml: return nil
            case .attribute:
                if end < reference.endIndex, reference[end] == UInt8(ascii: "=") || HTMLEntities.isAlphanumeric(reference[end]) {
                    return nil
                }
            case .text: break
            }
        }
        append(value.first, to: &out)
        if let second = value.second { append(second, to: &out) }
        return length
    }

    /// Decodes the numeric reference `reference` (from its `#`) into `out`,
    /// returning the bytes it spans, or nil to keep the `&`.
    private static func numeric(_ reference: ArraySlice<UInt8>, context: Context, to out: inout [UInt8]) -> Int? {
        var k = reference.startIndex + 1
        var radix: UInt32 = 10
        if k < reference.endIndex, reference[k] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            k += 1
        }
        let digitsStart = k
        var value: UInt32 = 0
        while k < reference.endIndex, let digit = digitValue(reference[k], radix: radix) {
            value = min(value &* radix &+ digit, 0x110000)
            k += 1
        }
        guard k > digitsStart else { return nil }
        if k < reference.endIndex, reference[k] == UInt8(ascii: ";") {
            k += 1
        } else if context == .xml {
            return nil
        }
        if let scalar = scalar(forNumber: value) { append(scalar, to: &out) }
        return k - reference.startIndex
    }

    /// What `&#value;` stands for, as `html.unescape` reads it; nil for a
    /// number that is dropped (controls, non-characters).
    static func scalar(forNumber value: UInt32) -> Unicode.Scalar? {
        switch value {
        case 0, 0xD800...0xDFFF, 0x110000...: return "\u{FFFD}"
        case 0x80...0x9F: return Unicode.Scalar(TextDecoding.windows1252[Int(value - 0x80)])
        case 0x1...0x8, 0xB, 0xE...0x1F, 0x7F, 0xFDD0...0xFDEF: return nil
        case _ where value & 0xFFFE == 0xFFFE: return nil
        default: return Unicode.Scalar(value)
        }
    }

    private static func digitValue(_ d: UInt8, radix: UInt32) -> UInt32? {
        switch d {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(d - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(d - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(d - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        UTF8.encode(scalar) { out.append($0) }
    }
}
