/// The parameters of one SGR sequence (`ESC [ parameters m`): digits
/// separated by `;` (and `:` for sub-parameters), read in place.
public struct SGRParameters {
    let bytes: UnsafeRawBufferPointer
    let start: Int
    let end: Int

    /// The parameters between `start` and `end` of `bytes`, or `nil` when
    /// anything but digits, `;` and `:` is there (a private sequence such
    /// as `ESC [ > 4 m`, which is not SGR).
    public init?(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        for i in start..<end {
            let b = bytes[i]
            guard (0x30...0x39).contains(b) || b == 0x3B || b == 0x3A else { return nil }
        }
        self.bytes = bytes
        self.start = start
        self.end = end
    }

    /// Reads parameters one at a time.
    struct Cursor {
        let parameters: SGRParameters
        var at: Int

        var isAtEnd: Bool { at >= parameters.end }

        /// The next number (an empty field is 0, a huge one saturates) and
        /// whether a `:` sub-parameter follows it.
        mutating func next() -> (value: Int, hasSub: Bool) {
            var value = 0
            while at < parameters.end, parameters.bytes[at] != 0x3B, parameters.bytes[at] != 0x3A {
                value = min(value * 10 + Int(parameters.bytes[at] - 0x30), 1_000_000)
                at += 1
            }
            let hasSub = at < parameters.end && parameters.bytes[at] == 0x3A
            if at < parameters.end { at += 1 }
            return (value, hasSub)
        }

        /// Skips the rest of a `:` group.
        mutating func skipSubs(_ hasSub: Bool) {
            var more = hasSub
            while more && !isAtEnd { more = next().hasSub }
        }
    }
}

extension TextStyle {
    /// Applies an SGR sequence's parameters, as a terminal would.
    ///
    /// Empty or 0 resets; 1 bold, 2 dim, 3 italic, 4 underline (`4:0` off),
    /// 5 and 6 blink, 7 reverse, 9 strikethrough, 21 underline; 22–29 turn
    /// them off; 11 (the first alternative font) monospace, 10 (the primary font) off; 66 a
    /// ruby's base, 67 its reading, 68 neither (codes no terminal gives a meaning, which this
    /// package's book renderer writes: ``Attributes/rubyBase``); 30–37, 90–97 and 39 set the text colour, 40–47, 100–107 and
    /// 49 the background; 38 and 48 take `5;n` (256 colours) or `2;r;g;b`
    /// (24-bit), with `;` or `:`. Unknown codes are ignored. O(parameters).
    public mutating func apply(_ parameters: SGRParameters) {
        var cursor = SGRParameters.Cursor(parameters: parameters, at: parameters.start)
        if cursor.isAtEnd { self = .plain; return }
        while !cursor.isAtEnd {
            let (code, hasSub) = cursor.next()
            switch code {
            case 38, 48, 58:
                let color = Self.extendedColor(&cursor, colon: hasSub)
                if let color, code == 38 { foreground = color }
                if let color, code == 48 { background = color }
                continue
            case 4 where hasSub:
                let (kind, more) = cursor.next()
                underline = kind != 0
                cursor.skipSubs(more)
                continue
            default:
                apply(code: code)
            }
            cursor.skipSubs(hasSub)
        }
    }

    /// Applies an SGR sequence given as numbers (`[1, 38, 5, 208]`), as ``apply(_:)-(SGRParameters)`` does.
    public mutating func apply(sgr codes: [Int]) {
        let text = codes.map(String.init).joined(separator: ";")
        Array(text.utf8).withUnsafeBytes { bytes in
            if let parameters = SGRParameters(bytes, from: 0, to: bytes.count) { apply(parameters) }
        }
    }

    private mutating func apply(code: Int) {
        switch code {
        case 0: self = .plain
        case 1: bold = true
        case 2: dim = true
        case 3: italic = true
        case 4, 21: underline = true
        case 5, 6: attributes.insert(.blink)
        case 7: reverse = true
        case 9: strikethrough = true
        case 10: monospace = false
        case 11: monospace = true
        case 22: bold = false; dim = false
        case 23: italic = false
        case 24: underline = false
        case 25: attributes.remove(.blink)
        case 27: reverse = false
        case 29: strikethrough = false
        case 66: attributes.insert(.rubyBase)
        case 67: attributes.insert(.rubyText)
        case 68: attributes.subtract([.rubyBase, .rubyText])
        case 30...37: foreground = .palette(UInt8(code - 30))
        case 39: foreground = .default
        case 40...47: background = .palette(UInt8(code - 40))
        case 49: background = .default
        case 90...97: foreground = .palette(UInt8(code - 90 + 8))
        case 100...107: background = .palette(UInt8(code - 100 + 8))
        default: break
        }
    }

    /// The colour after a 38 or 48: `5;n`, `2;r;g;b`, or with colons `5:n`, `2:r:g:b`, `2:space:r:g:b`.
    private static func extendedColor(_ cursor: inout SGRParameters.Cursor, colon: Bool) -> Color? {
        guard !cursor.isAtEnd else { return nil }
        if colon {
            var values: [Int] = []
            var more = true
            while more && !cursor.isAtEnd && values.count < 6 {
                let (value, hasSub) = cursor.next()
                values.append(value)
                more = hasSub
            }
            cursor.skipSubs(more)
            guard let mode = values.first else { return nil }
            if mode == 5, values.count >= 2 { return .palette(UInt8(min(values[1], 255))) }
            if mode == 2, values.count >= 4 {
                let rgb = values.suffix(3).map { UInt8(min($0, 255)) }
                return .rgb(rgb[0], rgb[1], rgb[2])
            }
            return nil
        }
        let mode = cursor.next().value
        if mode == 5 { return cursor.isAtEnd ? nil : .palette(UInt8(min(cursor.next().value, 255))) }
        if mode == 2 {
            let r = cursor.next().value, g = cursor.next().value, b = cursor.next().value
            return .rgb(UInt8(min(r, 255)), UInt8(min(g, 255)), UInt8(min(b, 255)))
        }
        return nil
    }
}
