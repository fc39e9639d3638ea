/// Reads display text from bytes, one ``TextUnit`` at a time, the way
/// `less -R` shows it: UTF-8 characters, ANSI SGR colours and attributes as
/// styles, backspace overstrikes (man pages) as bold and underline, and
/// every other control character or escape as a visible picture that can
/// never reach a terminal raw.
///
/// Recognised and consumed without a picture:
/// - SGR, `ESC [ … m`: 16, 256 (`38;5;n`) and 24-bit (`38;2;r;g;b`, also
///   with colons) colours for text and background, bold, dim, italic,
///   underline, blink, reverse, strikethrough, and their resets.
/// - Erase in line, `ESC [ K` (`0K`, `1K`, `2K`): `grep --color` and `gcc`
///   end coloured runs with it; in a pager it means nothing.
/// - OSC 8 hyperlinks, `ESC ] 8 ; … ; URI ST`: the link text shows, the
///   brackets do not.
///
/// Overstrikes: `X BS X` is a bold X, `_ BS X` and `X BS _` an underlined X,
/// any other `X BS Y` shows Y; chains combine (`_ BS X BS X` is bold and
/// underlined).
///
/// The decoder is a value holding the current style; a layout keeps one per
/// page start so any page can be drawn on its own.
public struct TextDecoder: Hashable, Sendable {
    /// The style of the next unit: SGR sequences change it.
    public var style: TextStyle

    /// The longest escape sequence recognised; a longer one shows as pictures.
    public static let maximumSequenceLength = 256

    /// A decoder starting in `style`.
    public init(style: TextStyle = .plain) {
        self.style = style
    }

    /// Reads the unit at `i` of `bytes`, returning it and its length in bytes
    /// (at least 1), or `nil` when `isFinal` is false and the unit might
    /// continue past the end of `bytes` (more text will come: ask again
    /// with more).
    ///
    /// Cost: O(1) for characters, O(sequence length) for escapes.
    @inlinable
    public mutating func unit(in bytes: UnsafeRawBufferPointer, at i: Int, isFinal: Bool) -> (TextUnit, Int)? {
        let b = bytes[i]
        switch b {
        case 0x20: return (.space(style), 1)
        case 0x0A: return (.lineBreak, 1)
        case 0x09: return (.tab(style), 1)
        case 0x0C: return (.pageBreak, 1)
        case 0x0D:
            if i + 1 < bytes.count {
                if bytes[i + 1] == 0x0A { return (.lineBreak, 2) }
            } else if !isFinal {
                return nil
            }
            return glyph(in: bytes, at: i, isFinal: isFinal)
        case 0x1B:
            switch escape(in: bytes, at: i, isFinal: isFinal) {
            case .some(.some(let length)): return (.control, length)
            case .some(.none): return glyph(in: bytes, at: i, isFinal: isFinal)
            case .none: return nil
            }
        default:
            return glyph(in: bytes, at: i, isFinal: isFinal)
        }
    }

    /// A visible character at `i`, with any overstrikes after it folded in.
    @usableFromInline
    func glyph(in bytes: UnsafeRawBufferPointer, at i: Int, isFinal: Bool) -> (TextUnit, Int)? {
        let scanner = UTF8Scanner(bytes: bytes)
        guard let (first, length) = character(scanner, at: i, isFinal: isFinal) else { return nil }
        var shown = first
        var look = style
        var end = i + length
        // Overstrikes: X BS Y, chained. Where unfinished bytes end, a backspace may still
        // come and turn the character into another, of another width: wait for it.
        while true {
            guard end < bytes.count else {
                if !isFinal { return nil }
                break
            }
            guard bytes[end] == 0x08 else { break }
            guard end + 1 < bytes.count else {
                if !isFinal { return nil }
                break
            }
            let next = bytes[end + 1]
            if next == 0x08 || next == 0x0A || next == 0x0D || next == 0x0C || next == 0x1B { break }
            guard let (second, secondLength) = character(scanner, at: end + 1, isFinal: isFinal) else { return nil }
            if second == shown {
                look.bold = true
            } else if shown == "_" {
                look.underline = true
                shown = second
            } else if second == "_" {
                look.underline = true
            } else {
                shown = second
            }
            end += 1 + secondLength
        }
        return (.glyph(shown, look), end - i)
    }

    /// The character at `i` as drawn: itself, a control's picture, or U+FFFD.
    @usableFromInline
    func character(_ scanner: UTF8Scanner, at i: Int, isFinal: Bool) -> (Unicode.Scalar, Int)? {
        let b = scanner.bytes[i]
        if b < 0x80 { return (Self.picture(of: b), 1) }
        // A multi-byte character cut by the end of the bytes may complete with more.
        if !isFinal {
            let need = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            if i + need > scanner.bytes.count { return nil }
        }
        let (scalar, length) = scanner.scalar(at: i)
        if scalar.value >= 0x80 && scalar.value < 0xA0 { return ("\u{FFFD}", length) }
        return (scalar, length)
    }

    /// What an ASCII byte looks like: itself when printable, else its control picture.
    @inlinable
    public static func picture(of byte: UInt8) -> Unicode.Scalar {
        switch byte {
        case 0x00..<0x20: Unicode.Scalar(0x2400 + UInt32(byte))!
        case 0x7F: "\u{2421}"
        default: Unicode.Scalar(byte)
        }
    }

    /// A recognised escape at `i` (`bytes[i]` is ESC): `.some(length)` when
    /// consumed, `.some(nil)` when it is not one (show ESC's picture), `nil`
    /// when more bytes are needed to tell.
    @usableFromInline
    mutating func escape(in bytes: UnsafeRawBufferPointer, at i: Int, isFinal: Bool) -> Int?? {
        let limit = min(bytes.count, i + Self.maximumSequenceLength)
        let cut = !isFinal && limit == bytes.count
        guard i + 1 < limit else { return cut ? nil : .some(nil) }
        switch bytes[i + 1] {
        case 0x5B:  // CSI
            var j = i + 2
            while j < limit, (0x30...0x3F).contains(bytes[j]) { j += 1 }
            guard j < limit else { return cut ? nil : .some(nil) }
            let final = bytes[j]
            if final == 0x6D {  // m: SGR
                guard let parameters = SGRParameters(bytes, from: i + 2, to: j) else { return .some(nil) }
                style.apply(parameters)
                return .some(j + 1 - i)
            }
            if final == 0x4B {  // K: erase in line, parameters 0, 1 or 2
                let count = j - (i + 2)
                if count == 0 || (count == 1 && (0x30...0x32).contains(bytes[i + 2])) { return .some(j + 1 - i) }
            }
            return .some(nil)
        case 0x5D:  // OSC: only 8 (hyperlinks), ended by BEL or ESC \
            guard i + 3 < limit else { return cut ? nil : .some(nil) }
            guard bytes[i + 2] == 0x38, bytes[i + 3] == 0x3B else { return .some(nil) }
            var j = i + 4
            while j < limit {
                let c = bytes[j]
                if c == 0x07 { return .some(j + 1 - i) }
                if c == 0x1B {
                    guard j + 1 < limit else { return cut ? nil : .some(nil) }
                    return bytes[j + 1] == 0x5C ? .some(j + 2 - i) : .some(nil)
                }
                if c < 0x20 || c == 0x7F { return .some(nil) }
                j += 1
            }
            return cut ? nil : .some(nil)
        default:
            return .some(nil)
        }
    }
}
