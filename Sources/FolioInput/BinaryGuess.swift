/// less's guess at whether a file is binary, so folio can ask before showing
/// it, as `less` does: `"NAME" may be a binary file.  See it anyway?`
///
/// The rule is less's `bin_file()` (filename.c, as of less 679+, read in UTF-8
/// mode with `-R`, which is how folio draws text): look at the file's first
/// ``sampleBytes`` bytes; count the characters that are ill-formed UTF-8 (one
/// per run of bytes up to the next lead byte) and the characters less calls
/// binary (``isBinary(_:)``: C0 controls but backspace, tab, line feed, form
/// feed and carriage return; DEL and the C1 controls; the line and paragraph
/// separators; surrogates; private use; beyond U+10FFFF). ANSI escape sequences
/// (`ESC [ … m`, OSC strings `ESC ] …` ended by BEL or `ESC \`) are skipped, not counted.
/// More than 5 counted is binary. Only characters that start before the last 4
/// bytes of the sample count (a UTF-8 character is at most 4 bytes: one cut off
/// by the end of the sample is not ill-formed), so a sample of 4 bytes or fewer
/// is never binary.
///
/// ```swift
/// let sample: [UInt8] = Array(repeating: 0, count: 10) + Array("text".utf8)
/// sample.withUnsafeBytes { BinaryGuess.isBinary(sample: $0) }   // true: 10 NULs
/// ```
///
/// Cost: O(``sampleBytes``), no allocation.
public enum BinaryGuess {
    /// How many bytes at the start of a file the guess reads: 256, as less.
    public static let sampleBytes = 256
    /// The most binary characters a text may have in its sample: 5, as less.
    public static let tolerated = 5

    /// Whether `sample` (a file's first bytes; only the first ``sampleBytes`` are read) looks binary.
    public static func isBinary(sample: UnsafeRawBufferPointer) -> Bool {
        binaryCount(sample: sample) > tolerated
    }

    /// How many binary or ill-formed characters less counts in `sample`'s first ``sampleBytes`` bytes.
    public static func binaryCount(sample: UnsafeRawBufferPointer) -> Int {
        let data = UnsafeRawBufferPointer(rebasing: sample.prefix(sampleBytes))
        let n = data.count
        let longest = 4  // less's umax: the longest UTF-8 character
        guard n > longest else { return 0 }
        var count = 0
        var p = 0
        while p + longest < n {
            if !isWellFormed(data, at: p, limit: n) {
                count += 1
                // Skip to the next lead byte or ASCII byte (less's utf_skip_to_lead).
                repeat { p += 1 } while p < n && !isLead(data[p]) && data[p] >= 0x80
                continue
            }
            let c = character(data, at: &p, limit: n)
            if isEscapeStart(c) {
                skipEscape(data, startingWith: c, at: &p, limit: n)
            } else if isBinary(c) {
                count += 1
            }
        }
        return count
    }

    /// Whether less counts the character with value `c` as binary: its `ubin` table (Unicode's Cc,
    /// Cs, Co, Zl and Zp) less the controls text is made of: backspace, tab, line feed, form feed,
    /// carriage return. (Escape is binary too where it starts no sequence.)
    public static func isBinary(_ c: UInt32) -> Bool {
        switch c {
        case 0x00...0x07, 0x0B, 0x0E...0x1F, 0x7F...0x9F: true  // Cc (but BS, TAB, LF, FF, CR)
        case 0x2028, 0x2029: true  // Zl, Zp
        case 0xD800...0xDFFF: true  // Cs
        case 0xE000...0xF8FF, 0xF0000...0xFFFFD, 0x100000...0x10FFFD: true  // Co
        case 0x110000...: true  // beyond Unicode
        default: false
        }
    }

    // MARK: - UTF-8 as less reads it (charset.c)

    private static func isTrail(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }
    private static func isInvalid(_ b: UInt8) -> Bool { b & 0xFE == 0xFE }
    private static func isLead(_ b: UInt8) -> Bool { b & 0xC0 == 0xC0 && !isInvalid(b) }

    /// less's `utf_len`: 1 for ASCII and for any byte that leads no sequence it knows.
    private static func length(_ b: UInt8) -> Int {
        if b < 0x80 { return 1 }
        if b & 0xE0 == 0xC0 { return 2 }
        if b & 0xF0 == 0xE0 { return 3 }
        if b & 0xF8 == 0xF0 { return 4 }
        return 1
    }

    /// less's `is_utf8_well_formed`: a lone trail byte counts as well formed (a character of its
    /// own value), five- and six-byte leads and FE, FF do not, nor do overlong forms or a
    /// sequence cut off at `limit`.
    private static func isWellFormed(_ data: UnsafeRawBufferPointer, at p: Int, limit: Int) -> Bool {
        let s0 = data[p]
        if s0 & 0xFC == 0xF8 || s0 & 0xFE == 0xFC || isInvalid(s0) { return false }
        let len = length(s0)
        if len > limit - p { return false }
        if len == 1 { return true }
        if len == 2 {
            if s0 < 0xC2 { return false }
        } else {
            let mask = UInt8(truncatingIfNeeded: ~((1 << (8 - len)) - 1))
            if s0 == mask && data[p + 1] & mask == 0x80 { return false }
        }
        for i in 1..<len where !isTrail(data[p + i]) { return false }
        return true
    }

    /// less's `step_charc` forwards: the character at `p` (a lone byte when its sequence is
    /// ill-formed or cut off), moving `p` past it; 0 at the end.
    private static func character(_ data: UnsafeRawBufferPointer, at p: inout Int, limit: Int) -> UInt32 {
        guard p < limit else { return 0 }
        let s0 = data[p]
        let len = length(s0)
        guard p + len <= limit, isWellFormed(data, at: p, limit: p + len) else {
            p += 1
            return UInt32(s0)
        }
        var c: UInt32
        switch len {
        case 2: c = UInt32(s0 & 0x1F)
        case 3: c = UInt32(s0 & 0x0F)
        case 4: c = UInt32(s0 & 0x07)
        default: c = UInt32(s0)
        }
        for i in 1..<max(len, 1) { c = c << 6 | UInt32(data[p + i] & 0x3F) }
        p += len
        return c
    }

    // MARK: - Escape sequences as less -R skips them (line.c: ansi_start, ansi_step, skip_ansi)

    /// ESC. (less's `IS_CSI_START` also takes the 8-bit CSI, 9B, but only where its character
    /// set calls 9B a control; its UTF-8 set calls it printable, so there 9B is just binary.)
    private static func isEscapeStart(_ c: UInt32) -> Bool { c == 0x1B }

    /// What may come between an escape and its end (less's default LESSANSIMIDCHARS).
    private static func isMiddle(_ c: UInt32) -> Bool {
        guard c < 0x80, c != 0 else { return false }
        return switch UInt8(c) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "["),
             UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "#"),
             UInt8(ascii: "%"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: " "):
            true
        default: false
        }
    }

    private enum EscapeState {
        case start, intro, typeNumber, string, stringEscape, end
    }

    private enum Step { case middle, end, error }

    /// less's `ansi_step2` (with content: only OSC strings introduced by `]`; LESSANSIOSCCHARS empty).
    private static func step(_ state: inout EscapeState, _ c: UInt32) -> Step {
        switch state {
        case .start:
            if isEscapeStart(c) { state = .intro; return .middle }
        case .intro:
            if c == UInt32(UInt8(ascii: "]")) { state = .typeNumber; return .middle }
            if isEscapeStart(c) { return .middle }
            state = .start
        case .typeNumber:
            if c >= 0x30 && c <= 0x39 { return .middle }
            if c == UInt32(UInt8(ascii: ";")) { state = .string; return .middle }
            if isEscapeStart(c) { state = .stringEscape; return .middle }
            if c == 0x07 { state = .end; return .end }
            state = .string
            return .middle
        case .string:
            if c == 0x07 { state = .end; return .end }
            if isEscapeStart(c) { state = .stringEscape }
            return .middle
        case .stringEscape:
            if c == UInt32(UInt8(ascii: "\\")) { state = .end; return .end }
            state = .string
            return .middle
        case .end:
            return .end
        }
        if isMiddle(c) { return .middle }
        if c == UInt32(UInt8(ascii: "m")) { return .end }
        return .error
    }

    /// less's `skip_ansi`: steps over the sequence that `first` (just read) starts, up to and
    /// including the character that ends it, or the first that cannot be in it, or `limit`.
    private static func skipEscape(_ data: UnsafeRawBufferPointer, startingWith first: UInt32, at p: inout Int, limit: Int) {
        var state = EscapeState.start
        _ = step(&state, first)
        var c: UInt32
        repeat {
            c = character(data, at: &p, limit: limit)
        } while p < limit && step(&state, c) == .middle
    }
}
