/// The grammar of terminal input: reads one token from the front of the
/// pending bytes, or says it needs more.
///
/// A pure function of the bytes (and whether the input ended), so the
/// decoder's output never depends on how the bytes were split. Every path
/// either finishes a token or stops before ``InputDecoder/maximumPendingBytes``.
struct InputScanner {
    /// The outcome of one scan.
    enum Scan: Equatable {
        /// The bytes so far begin a token that needs more.
        case incomplete
        /// The first `length` bytes are one token (1 ... available bytes).
        case token(Token, length: Int)
    }

    /// What a complete token reports.
    enum Token: Equatable {
        /// Nothing: an unknown, interrupted or over-long sequence, consumed.
        case none
        case event(InputEvent)
        /// An X10 mouse report (button, column, row bytes); the decoder
        /// remembers the pressed button, which an X10 release does not name.
        case x10Mouse(UInt8, UInt8, UInt8)
    }

    /// The decoder's pending bytes; the token starts at `start`.
    private let pending: [UInt8]
    private let start: Int
    /// True when no more bytes will come (a flush): nothing is incomplete then.
    let atEnd: Bool

    /// Scans `pending[start...]`.
    init(_ pending: [UInt8], from start: Int, atEnd: Bool) {
        self.pending = pending
        self.start = start
        self.atEnd = atEnd
    }

    /// How many bytes there are from the token's start on.
    private var available: Int { pending.count - start }

    /// Byte `i` counted from the token's start.
    private subscript(i: Int) -> UInt8 { pending[start + i] }

    private static let esc: UInt8 = 0x1B

    func scan() -> Scan {
        self[0] == Self.esc ? escape() : key(at: 0, modifiers: [])
    }

    /// Not enough bytes for the token begun: wait, or at the end drop them.
    private var unfinished: Scan { atEnd ? .token(.none, length: available) : .incomplete }

    private static func key(_ key: Key, _ modifiers: KeyModifiers = [], length: Int) -> Scan {
        .token(.event(.key(key, modifiers: modifiers)), length: length)
    }

    // MARK: Single keys

    /// A control code, an ASCII character or a UTF-8 character starting at `i`.
    private func key(at i: Int, modifiers: KeyModifiers) -> Scan {
        let b = self[i]
        if b < 0x20 || b == 0x7F {
            let (key, control) = Self.controlKey(b)
            return Self.key(key, control.union(modifiers), length: i + 1)
        }
        if b < 0x80 { return Self.key(.character(Character(Unicode.Scalar(b))), modifiers, length: i + 1) }
        return utf8(at: i, modifiers: modifiers)
    }

    /// The key a C0 control code or DEL stands for.
    private static func controlKey(_ b: UInt8) -> (Key, KeyModifiers) {
        switch b {
        case 0x00: (.character(" "), .control)
        case 0x08, 0x7F: (.backspace, [])
        case 0x09: (.tab, [])
        case 0x0A, 0x0D: (.enter, [])
        case 0x1B: (.escape, [])
        case 0x01...0x1A: (.character(Character(Unicode.Scalar(b + 0x60))), .control)  // Ctrl-A … Ctrl-Z
        default: (.character(Character(Unicode.Scalar(b + 0x40))), .control)  // Ctrl-\ ] ^ _
        }
    }

    /// One UTF-8 encoded scalar at `i`; an invalid byte or a truncated
    /// sequence is one U+FFFD for its maximal invalid subpart.
    private func utf8(at i: Int, modifiers: KeyModifiers) -> Scan {
        let lead = self[i]
        let (continuations, second): (Int, ClosedRange<UInt8>)
        switch lead {
        case 0xC2...0xDF: (continuations, second) = (1, 0x80...0xBF)
        case 0xE0: (continuations, second) = (2, 0xA0...0xBF)
        case 0xED: (continuations, second) = (2, 0x80...0x9F)
        case 0xE1...0xEF: (continuations, second) = (2, 0x80...0xBF)
        case 0xF0: (continuations, second) = (3, 0x90...0xBF)
        case 0xF4: (continuations, second) = (3, 0x80...0x8F)
        case 0xF1...0xF3: (continuations, second) = (3, 0x80...0xBF)
        default: return Self.key(.character("\u{FFFD}"), modifiers, length: i + 1)
        }
        var value = UInt32(lead) & (0x7F >> (continuations + 1))
        for k in 1...continuations {
            let j = i + k
            guard j < available else {
                return atEnd ? Self.key(.character("\u{FFFD}"), modifiers, length: j) : .incomplete
            }
            let c = self[j]
            guard (k == 1 ? second : 0x80...0xBF).contains(c) else {
                return Self.key(.character("\u{FFFD}"), modifiers, length: j)
            }
            value = value << 6 | UInt32(c & 0x3F)
        }
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"  // the ranges above admit only valid scalars
        return Self.key(.character(Character(scalar)), modifiers, length: i + continuations + 1)
    }

    // MARK: Escape sequences

    /// ESC alone, ESC ESC, Alt+key, or the start of a CSI or SS3 sequence.
    private func escape() -> Scan {
        guard available > 1 else { return atEnd ? Self.key(.escape, length: 1) : .incomplete }
        switch self[1] {
        case UInt8(ascii: "["): return csi()
        case UInt8(ascii: "O"): return ss3()
        case UInt8(ascii: "_"): return applicationCommand()
        case Self.esc: return Self.key(.escape, length: 1)  // the second ESC starts afresh
        default: return key(at: 1, modifiers: .alt)
        }
    }

    /// `ESC [` then parameter bytes (0x30–0x3F), intermediate bytes
    /// (0x20–0x2F) and a final byte (0x40–0x7E), per ECMA-48; plus the X10
    /// mouse report and the Linux console's `ESC [ [ A`…`E` (F1–F5).
    private func csi() -> Scan {
        guard available > 2 else { return atEnd ? Self.key(.character("["), .alt, length: 2) : .incomplete }
        switch self[2] {
        case UInt8(ascii: "M"):  // X10 mouse: three raw bytes follow
            guard available >= 6 else { return unfinished }
            return .token(.x10Mouse(self[3], self[4], self[5]), length: 6)
        case UInt8(ascii: "["):  // Linux console F1–F5
            guard available >= 4 else { return unfinished }
            let b = self[3]
            if (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(b) {
                return Self.key(.function(Int(b - UInt8(ascii: "A")) + 1), length: 4)
            }
            return .token(.none, length: (0x40...0x7E).contains(b) ? 4 : 3)
        default:
            break
        }
        var intermediates = false
        for j in 2..<available {
            switch self[j] {
            case 0x30...0x3F where !intermediates:
                continue
            case 0x20...0x2F:
                intermediates = true
            case 0x40...0x7E:
                let token = intermediates ? .none : csiToken(parameters: 2..<j, final: self[j])
                return .token(token, length: j + 1)
            default:
                return .token(.none, length: j)  // interrupted: drop it, decode this byte afresh
            }
        }
        return available >= InputDecoder.maximumPendingBytes ? .token(.none, length: available) : unfinished
    }

    /// An application program command, `ESC _ … ESC \`: a terminal's answer to the kitty graphics
    /// query that came after folio stopped waiting for it (over a slow link, say). Dropped whole, so
    /// its letters are never taken for keys (`G` would go to the end).
    /// Its text is printable: a control byte (Ctrl-C typed, say) or an ESC that starts no terminator
    /// interrupts it, and is decoded afresh, as an interrupted CSI is.
    private func applicationCommand() -> Scan {
        var j = 2
        while j < available {
            let c = self[j]
            if c == Self.esc {
                guard j + 1 < available else { break }
                return .token(.none, length: self[j + 1] == UInt8(ascii: "\\") ? j + 2 : j)
            }
            if c < 0x20 || c == 0x7F { return .token(.none, length: j) }
            j += 1
        }
        return available >= InputDecoder.maximumPendingBytes ? .token(.none, length: available) : unfinished
    }

    /// `ESC O` then optional digits (a modifier) and a final byte.
    private func ss3() -> Scan {
        guard available > 2 else { return atEnd ? Self.key(.character("O"), .alt, length: 2) : .incomplete }
        for j in 2..<available {
            switch self[j] {
            case 0x30...0x3F:
                continue
            case 0x40...0x7E:
                let modifier = parameters(2..<j)?.last
                let token: Token = switch Self.letterKey(self[j]) {
                case let key?: .event(.key(key, modifiers: KeyModifiers(xtermParameter: modifier ?? 1)))
                case nil where self[j] == UInt8(ascii: "M"): .event(.key(.enter, modifiers: KeyModifiers(xtermParameter: modifier ?? 1)))
                case nil: .none
                }
                return .token(token, length: j + 1)
            default:
                return .token(.none, length: j)
            }
        }
        return available >= InputDecoder.maximumPendingBytes ? .token(.none, length: available) : unfinished
    }

    /// What a complete CSI sequence reports; `parameters` includes any private marker.
    private func csiToken(parameters: Range<Int>, final: UInt8) -> Token {
        if !parameters.isEmpty && self[parameters.lowerBound] == UInt8(ascii: "<") {
            guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
                  let p = self.parameters(parameters.dropFirst()), p.count == 3,
                  let b = p[0], let x = p[1], let y = p[2] else { return .none }
            return MouseReport.sgr(b, x, y, released: final == UInt8(ascii: "m")).map { .event(.mouse($0)) } ?? .none
        }
        guard let p = self.parameters(parameters) else { return .none }  // a private marker or a sub-parameter
        let modifiers = KeyModifiers(xtermParameter: p[1] ?? 1)
        if let key = Self.letterKey(final) { return .event(.key(key, modifiers: modifiers)) }
        switch final {
        case UInt8(ascii: "Z"):
            return .event(.key(.tab, modifiers: modifiers.union(.shift)))
        case UInt8(ascii: "~"):
            guard p.count >= 1, let code = p[0], let key = Self.tildeKey(code) else { return .none }
            return .event(.key(key, modifiers: modifiers))
        default:
            return .none
        }
    }

    /// Keys whose CSI or SS3 final byte names them: arrows, Home, End, F1–F4.
    private static func letterKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        default: nil
        }
    }

    /// Keys sent as `ESC [ code ~` (VT220 and xterm numbering).
    private static func tildeKey(_ code: Int) -> Key? {
        switch code {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(code - 10)  // F1–F5
        case 17...21: .function(code - 11)  // F6–F10
        case 23...26: .function(code - 12)  // F11–F14
        case 28, 29: .function(code - 13)   // F15, F16
        case 31...34: .function(code - 14)  // F17–F20
        default: nil
        }
    }

    /// Decimal parameters separated by `;` (an empty one is nil); nil when any
    /// other byte is present. Values saturate at 1,000,000. No allocation.
    private func parameters(_ range: Range<Int>) -> Parameters? {
        var result = Parameters()
        guard !range.isEmpty else { return result }
        var current: Int? = nil
        for i in range {
            let b = self[i]
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = min((current ?? 0) * 10 + Int(b - UInt8(ascii: "0")), 1_000_000)
            case UInt8(ascii: ";"):
                result.append(current)
                current = nil
            default:
                return nil
            }
        }
        result.append(current)
        return result
    }
}

/// The numeric parameters of a sequence: how many there were and the first
/// three (no key or mouse report has more), kept inline so decoding a mouse
/// drag allocates nothing.
struct Parameters {
    private(set) var count = 0
    private var values: (Int?, Int?, Int?) = (nil, nil, nil)

    /// Parameter `i` (0-based); nil when empty, absent or beyond the third.
    subscript(i: Int) -> Int? {
        switch i {
        case 0: values.0
        case 1: values.1
        case 2: values.2
        default: nil
        }
    }

    /// The last parameter, or nil.
    var last: Int? { count == 0 ? nil : self[count - 1] }

    mutating func append(_ value: Int?) {
        switch count {
        case 0: values.0 = value
        case 1: values.1 = value
        case 2: values.2 = value
        default: break
        }
        count += 1
    }
}

/// The button byte shared by the SGR and X10 mouse encodings: bits 0–1 the
/// button (3: none), 4 shift, 8 alt, 16 control, 32 motion, 64 wheel,
/// 128 extra buttons (8–11, ignored).
enum MouseReport {
    static func modifiers(_ b: Int) -> KeyModifiers {
        var set: KeyModifiers = []
        if b & 4 != 0 { set.insert(.shift) }
        if b & 8 != 0 { set.insert(.alt) }
        if b & 16 != 0 { set.insert(.control) }
        return set
    }

    /// The action of button code `b`; nil for extra buttons and for codes no
    /// terminal sends (a release of the wheel, a press of no button).
    static func action(_ b: Int, released: Bool) -> MouseAction? {
        guard b & 128 == 0 else { return nil }
        if b & 64 != 0 {
            guard !released else { return nil }
            let direction: ScrollDirection = switch b & 3 {
            case 0: .up
            case 1: .down
            case 2: .left
            default: .right
            }
            return .scroll(direction)
        }
        let button: MouseButton? = switch b & 3 {
        case 0: .left
        case 1: .middle
        case 2: .right
        default: nil
        }
        if b & 32 != 0 { return button.map { .drag($0) } ?? .move }
        guard let button else { return nil }
        return released ? .release(button) : .press(button)
    }

    /// An SGR report: button code `b` and the 1-based cell `x`, `y`.
    static func sgr(_ b: Int, _ x: Int, _ y: Int, released: Bool) -> MouseEvent? {
        guard let action = action(b, released: released) else { return nil }
        return MouseEvent(action, column: max(x - 1, 0), row: max(y - 1, 0), modifiers: modifiers(b))
    }
}
