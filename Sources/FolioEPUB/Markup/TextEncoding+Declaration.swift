extension TextEncoding {
    /// How many bytes at the start of a document are searched for a
    /// `<meta>` that names its encoding, as HTML's prescan does.
    static let prescanBytes = 1024

    /// The encoding a document's bytes declare in ASCII: the XML
    /// declaration's `encoding="…"`, else the first `<meta charset="…">` or
    /// `<meta http-equiv="Content-Type" content="…; charset=…">` within
    /// the first ``prescanBytes`` bytes (comments and other tags skipped
    /// as HTML's prescan skips them); nil when neither names a known label.
    ///
    /// A declaration of UTF-16 in ASCII contradicts itself (UTF-16 would
    /// not have been readable here) and is read as UTF-8, as HTML does.
    static func declared(in bytes: [UInt8]) -> TextEncoding? {
        let head = bytes.prefix(prescanBytes)
        guard let encoding = xmlDeclaration(head) ?? metaDeclaration(head) else { return nil }
        return encoding == .utf16BigEndian || encoding == .utf16LittleEndian ? .utf8 : encoding
    }

    /// The encoding the XML declaration (`<?xml version="1.0" encoding="…"?>`) at the start of `head` names.
    private static func xmlDeclaration(_ head: ArraySlice<UInt8>) -> TextEncoding? {
        var scanner = DeclarationScanner(head)
        scanner.skipSpace()
        guard scanner.skip("<?xml"), let end = scanner.find("?>") else { return nil }
        var declaration = DeclarationScanner(head[scanner.position..<end])
        guard declaration.skip(through: "encoding") else { return nil }
        declaration.skipSpace()
        guard declaration.skip("=") else { return nil }
        declaration.skipSpace()
        return declaration.quoted().flatMap { TextEncoding(label: $0) }
    }

    /// The encoding the first `<meta>` in `head` that names a known one names (HTML's prescan, simplified:
    /// comments, other tags' attributes and `<!…>`, `<?…>` are skipped).
    private static func metaDeclaration(_ head: ArraySlice<UInt8>) -> TextEncoding? {
        var scanner = DeclarationScanner(head)
        while let b = scanner.current {
            guard b == UInt8(ascii: "<") else {
                scanner.advance()
                continue
            }
            let next = scanner.peek(1) ?? 0
            if scanner.skip("<!--") {
                scanner.skip(past: "-->")
            } else if scanner.matches("<meta", ignoringCase: true), scanner.peek(5).map(DeclarationScanner.isSpaceOrSlash) ?? true {
                scanner.skip(count: 5)
                var charset: ArraySlice<UInt8>?
                var content: ArraySlice<UInt8>?
                var isContentType = false
                while let (name, value) = scanner.attribute() {
                    switch name {
                    case "charset": charset = charset ?? value
                    case "content": content = content ?? value
                    case "http-equiv": isContentType = isContentType || asciiLowercased(value) == "content-type"
                    default: break
                    }
                }
                let label = charset ?? (isContentType ? content.flatMap(charsetParameter) : nil)
                if let label, let encoding = TextEncoding(label: label) { return encoding }
            } else if isLetter(next) || (next == UInt8(ascii: "/") && scanner.peek(2).map(isLetter) == true) {
                scanner.advance()
                scanner.skipTagName()
                while scanner.attribute() != nil {}
            } else if next == UInt8(ascii: "!") || next == UInt8(ascii: "/") || next == UInt8(ascii: "?") {
                scanner.skip(past: ">")
            } else {
                scanner.advance()
            }
        }
        return nil
    }

    /// The value of `charset=` in a `content` attribute (`text/html; charset=Shift_JIS`), quoted or not.
    private static func charsetParameter(_ content: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var scanner = DeclarationScanner(content)
        while scanner.skip(throughIgnoringCase: "charset") {
            scanner.skipSpace()
            guard scanner.skip("=") else { continue }
            scanner.skipSpace()
            if scanner.current == UInt8(ascii: "\"") || scanner.current == UInt8(ascii: "'") { return scanner.quoted() }
            return scanner.take { !DeclarationScanner.isSpace($0) && $0 != UInt8(ascii: ";") }
        }
        return nil
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
}

/// A cursor over the ASCII of a document's head, for finding the encoding
/// it declares. Every call advances or reports the end, so no loop over it stalls.
private struct DeclarationScanner {
    private let bytes: ArraySlice<UInt8>
    private(set) var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    var atEnd: Bool { position >= bytes.endIndex }
    var current: UInt8? { atEnd ? nil : bytes[position] }

    func peek(_ offset: Int) -> UInt8? { position + offset < bytes.endIndex ? bytes[position + offset] : nil }

    static func isSpace(_ b: UInt8) -> Bool { isASCIIWhiteSpace(b) }

    static func isSpaceOrSlash(_ b: UInt8) -> Bool { isSpace(b) || b == UInt8(ascii: "/") }

    mutating func advance() { skip(count: 1) }

    mutating func skip(count: Int) { position = min(bytes.endIndex, position + count) }

    mutating func skipSpace() { while let b = current, Self.isSpace(b) { position += 1 } }

    /// Skips `literal` if the bytes here are it.
    mutating func skip(_ literal: StaticString, ignoringCase: Bool = false) -> Bool {
        guard matches(literal, ignoringCase: ignoringCase) else { return false }
        position += literal.utf8CodeUnitCount
        return true
    }

    /// Whether the bytes here are `literal` (a letter of it in either case if `ignoringCase`).
    func matches(_ literal: StaticString, ignoringCase: Bool) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.endIndex else { return false }
        for k in 0..<count {
            let (a, b) = (bytes[position + k], literal.utf8Start[k])
            if a != b, !(ignoringCase && a | 0x20 == b | 0x20 && (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")) {
                return false
            }
        }
        return true
    }

    /// Moves past the next `literal` (to the end when there is none).
    mutating func skip(past literal: StaticString) {
        position = find(literal).map { $0 + literal.utf8CodeUnitCount } ?? bytes.endIndex
    }

    /// Moves past the next `literal`, or returns false at the end.
    mutating func skip(through literal: StaticString) -> Bool {
        guard let at = find(literal) else { return false }
        position = at + literal.utf8CodeUnitCount
        return true
    }

    /// Moves past the next `literal`, ASCII case ignored, or returns false at the end.
    mutating func skip(throughIgnoringCase literal: StaticString) -> Bool {
        while !atEnd {
            if skip(literal, ignoringCase: true) { return true }
            position += 1
        }
        return false
    }

    /// Where the next `literal` starts, or nil.
    func find(_ literal: StaticString) -> Int? {
        let needle = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        var k = position
        while k + needle.count <= bytes.endIndex {
            if bytes[k..<(k + needle.count)].elementsEqual(needle) { return k }
            k += 1
        }
        return nil
    }

    /// A quoted string here without its quotes, or nil (nothing moved) when no closed one starts here.
    mutating func quoted() -> ArraySlice<UInt8>? {
        guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
              let close = bytes[(position + 1)...].firstIndex(of: quote) else { return nil }
        defer { position = close + 1 }
        return bytes[(position + 1)..<close]
    }

    /// The bytes from here while `include` holds.
    mutating func take(while include: (UInt8) -> Bool) -> ArraySlice<UInt8> {
        let start = position
        while let b = current, include(b) { position += 1 }
        return bytes[start..<position]
    }

    /// Skips a tag's name (after its `<`).
    mutating func skipTagName() {
        _ = take { !Self.isSpace($0) && $0 != UInt8(ascii: ">") }
    }

    /// The next attribute of a tag, its name lowercased, or nil at the tag's `>` (moved past) or the end
    /// (HTML's "get an attribute", without character references, which no label needs).
    mutating func attribute() -> (name: String, value: ArraySlice<UInt8>)? {
        while let b = current, Self.isSpace(b) || b == UInt8(ascii: "/") { position += 1 }
        guard let first = current else { return nil }
        if first == UInt8(ascii: ">") {
            position += 1
            return nil
        }
        let nameStart = position
        position += 1  // a name may start with "="
        _ = take { !Self.isSpace($0) && $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ">") }
        let name = asciiLowercased(bytes[nameStart..<position])
        skipSpace()
        guard skip("=") else { return (name, bytes[position..<position]) }
        skipSpace()
        if let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            position += 1
            let value = take { $0 != quote }
            advance()
            return (name, value)
        }
        return (name, take { !Self.isSpace($0) && $0 != UInt8(ascii: ">") })
    }
}
