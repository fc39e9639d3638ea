/// A tolerant parser for the markup inside EPUBs — XHTML content, the
/// package document, the NCX, `container.xml` — written so that nothing a
/// document says can make it expand, fetch or declare anything.
///
/// - Entities: only HTML5's named references (``HTMLEntities``, which has
///   XML's five) and numeric references are decoded, by HTML5's rules in
///   ``Mode/html`` and with XML's `;` required in ``Mode/xml`` (see
///   ``CharacterReferences``). A document type's internal subset is
///   skipped unread, so `<!ENTITY lol "…">` declares nothing and `&lol;`
///   stays the literal text `&lol;`; `SYSTEM "file:///etc/passwd"` is never
///   opened. Billion laughs and XXE are impossible by construction.
/// - Broken markup: an unknown `&` stays literal; `<` not starting a tag is
///   text; an end tag closes the nearest open element of its name (or
///   nothing); unclosed elements close at the end. In ``Mode/html``, void
///   elements (`br`, `img`, …) never take children and a new `p`, `li`,
///   `dt`, `dd`, `tr`, `td` closes the open one as HTML does.
/// - Bounds: every loop advances through the input; nesting deeper than
///   `maximumDepth` keeps its text but not its elements.
package struct MarkupParser {
    /// How forgiving the tree building is.
    package enum Mode {
        /// Package documents, NCX, container: only explicit structure.
        case xml
        /// Content documents: HTML's void elements and implied end tags too.
        case html
    }

    /// Parses `input` (any encoding the document declares or marks with a
    /// byte order mark; see ``TextDecoding``) into a tree under a
    /// `#document` element.
    package static func parse(_ input: [UInt8], mode: Mode, maximumDepth: Int = 256) -> MarkupElement {
        parse(utf8: TextDecoding.utf8(input), mode: mode, maximumDepth: maximumDepth)
    }

    /// Parses `text`, already valid UTF-8 (what ``TextDecoding/utf8(_:)`` made of a document,
    /// or the start of it), into a tree under a `#document` element. When `text` is only the
    /// start of a document (`isStart`), the elements it leaves open are marked
    /// ``MarkupElement/isCutShort``: they go on past it.
    package static func parse(utf8 text: [UInt8], mode: Mode, maximumDepth: Int = 256, isStart: Bool = false) -> MarkupElement {
        var parser = MarkupParser(bytes: text, mode: mode, maximumDepth: max(1, maximumDepth))
        parser.run()
        if isStart {
            for k in parser.stack.indices.dropFirst() { parser.stack[k].isCutShort = true }
        }
        return parser.finish()
    }

    private let bytes: [UInt8]
    private let mode: Mode
    private let maximumDepth: Int
    private var i = 0
    private var stack: [MarkupElement] = [MarkupElement(name: "#document")]
    private var pendingText: [UInt8] = []

    private init(bytes: [UInt8], mode: Mode, maximumDepth: Int) {
        self.bytes = bytes
        self.mode = mode
        self.maximumDepth = maximumDepth
    }

    // MARK: Scanning

    private mutating func run() {
        let n = bytes.count
        while i < n {
            if bytes[i] == UInt8(ascii: "<"), i + 1 < n {
                let next = bytes[i + 1]
                if next == UInt8(ascii: "!") {
                    markupDeclaration()
                } else if next == UInt8(ascii: "?") {
                    skip(past: Array("?>".utf8), from: i + 2)
                } else if next == UInt8(ascii: "/") {
                    endTag()
                } else if isNameStart(next) {
                    startTag()
                } else {
                    pendingText.append(bytes[i])
                    i += 1
                }
            } else {
                text()
            }
        }
    }

    private mutating func text() {
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "<") { i += 1 }
        if i == start {  // a final "<" with nothing after it
            pendingText.append(bytes[i])
            i += 1
            return
        }
        CharacterReferences.append(bytes[start..<i], context: mode == .html ? .text : .xml, to: &pendingText)
    }

    private mutating func markupDeclaration() {
        if starts(with: "<!--") {
            skip(past: Array("-->".utf8), from: i + 4)
        } else if starts(with: "<![CDATA[") {
            let start = i + 9
            let end = find(Array("]]>".utf8), from: start) ?? bytes.count
            pendingText += bytes[start..<end]
            i = min(bytes.count, end + 3)
        } else if startsIgnoringCase(with: "<!doctype") {
            skipDoctype()
        } else {
            skip(past: [UInt8(ascii: ">")], from: i + 2)
        }
    }

    /// Skips a document type declaration, internal subset and all: quoted
    /// strings and brackets are honoured so a `>` inside an entity value
    /// does not end it early. Nothing in it is kept.
    private mutating func skipDoctype() {
        var depth = 0
        var quote: UInt8 = 0
        i += 2
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if quote != 0 {
                if b == quote { quote = 0 }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            } else if b == UInt8(ascii: "[") {
                depth += 1
            } else if b == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            } else if b == UInt8(ascii: ">"), depth == 0 {
                return
            }
        }
    }

    private mutating func endTag() {
        var j = i + 2
        let nameStart = j
        if nameStart == bytes.count {  // "</" ending the input is text, as in HTML5
            pendingText += bytes[i...]
            i = bytes.count
            return
        }
        while j < bytes.count, !isSpace(bytes[j]), bytes[j] != UInt8(ascii: ">") { j += 1 }
        let name = lowercasedName(bytes[nameStart..<j])
        i = j
        skip(past: [UInt8(ascii: ">")], from: i)
        if !name.isEmpty { close(name) }
    }

    private mutating func startTag() {
        var j = i + 1
        let nameStart = j
        while j < bytes.count, !isSpace(bytes[j]), bytes[j] != UInt8(ascii: ">"),
              !(bytes[j] == UInt8(ascii: "/") && j + 1 < bytes.count && bytes[j + 1] == UInt8(ascii: ">")) {
            j += 1
        }
        let name = lowercasedName(bytes[nameStart..<j])
        var attributes: [(name: String, value: String)] = []
        var selfClosing = false
        let attributeContext: CharacterReferences.Context = mode == .html ? .attribute : .xml
        // Attributes, until ">" or "/>" (or the end of the input).
        while j < bytes.count {
            let b = bytes[j]
            if isSpace(b) {
                j += 1
            } else if b == UInt8(ascii: ">") {
                j += 1
                break
            } else if b == UInt8(ascii: "/") {
                j += 1
                if j < bytes.count, bytes[j] == UInt8(ascii: ">") {
                    selfClosing = true
                    j += 1
                    break
                }
            } else {
                let attributeStart = j
                while j < bytes.count, !isSpace(bytes[j]), bytes[j] != UInt8(ascii: "="),
                      bytes[j] != UInt8(ascii: ">"), bytes[j] != UInt8(ascii: "/") || j == attributeStart {
                    j += 1
                }
                let attributeName = lowercasedName(bytes[attributeStart..<j])
                var k = j
                while k < bytes.count, isSpace(bytes[k]) { k += 1 }
                var value: [UInt8] = []
                if k < bytes.count, bytes[k] == UInt8(ascii: "=") {
                    k += 1
                    while k < bytes.count, isSpace(bytes[k]) { k += 1 }
                    if k < bytes.count, bytes[k] == UInt8(ascii: "\"") || bytes[k] == UInt8(ascii: "'") {
                        let quote = bytes[k]
                        let valueStart = k + 1
                        var end = valueStart
                        while end < bytes.count, bytes[end] != quote { end += 1 }
                        CharacterReferences.append(bytes[valueStart..<end], context: attributeContext, to: &value)
                        k = min(bytes.count, end + 1)
                    } else {
                        let valueStart = k
                        while k < bytes.count, !isSpace(bytes[k]), bytes[k] != UInt8(ascii: ">") { k += 1 }
                        CharacterReferences.append(bytes[valueStart..<k], context: attributeContext, to: &value)
                    }
                    j = k
                }
                if !attributeName.isEmpty, !attributes.contains(where: { $0.name == attributeName }) {
                    attributes.append((attributeName, String(decoding: value, as: UTF8.self)))
                }
            }
        }
        i = j
        open(name, attributes: attributes, selfClosing: selfClosing)
        if mode == .html, !selfClosing, Self.rawText.contains(name) {
            // script and style: everything up to their end tag is text.
            let start = i
            var end = bytes.count
            var k = i
            while let at = find(Array("</".utf8), from: k) {
                if startsIgnoringCase(with: "</" + name, at: at) {
                    end = at
                    break
                }
                k = at + 2
            }
            flushText()
            if end > start { stack[stack.count - 1].children.append(.text(Array(bytes[start..<end]))) }
            i = end
        }
    }

    // MARK: Tree building

    private static let void: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr", "basefont", "frame", "keygen",
    ]
    private static let rawText: Set<String> = ["script", "style"]
    private static let closesParagraph: Set<String> = [
        "address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption",
        "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main",
        "menu", "nav", "ol", "p", "pre", "section", "table", "ul", "li", "dd", "dt",
    ]
    private static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    private mutating func open(_ name: String, attributes: [(name: String, value: String)], selfClosing: Bool) {
        flushText()
        if mode == .html {
            if Self.closesParagraph.contains(name) {
                closeIfOpen("p", boundaries: ["table", "td", "th", "caption", "button", "li", "dd", "dt", "blockquote", "div"])
            }
            switch name {
            case "li": closeIfOpen("li", boundaries: ["ul", "ol", "menu", "table"])
            case "dt", "dd":
                closeIfOpen("dt", boundaries: ["dl", "table"])
                closeIfOpen("dd", boundaries: ["dl", "table"])
            case "tr": closeIfOpen("tr", boundaries: ["table", "thead", "tbody", "tfoot"])
            case "td", "th":
                closeIfOpen("td", boundaries: ["tr", "table"])
                closeIfOpen("th", boundaries: ["tr", "table"])
            case "thead", "tbody", "tfoot":
                for section in ["thead", "tbody", "tfoot"] { closeIfOpen(section, boundaries: ["table"]) }
            case "a": closeIfOpen("a", boundaries: ["table", "td", "th"])
            default:
                if Self.headings.contains(name), let top = stack.last?.name, Self.headings.contains(top) {
                    close(top)
                }
            }
        }
        let element = MarkupElement(name: name, attributes: attributes)
        if selfClosing || (mode == .html && Self.void.contains(name)) || stack.count > maximumDepth {
            stack[stack.count - 1].children.append(.element(element))
        } else {
            stack.append(element)
        }
    }

    /// Closes the innermost open `name` unless one of `boundaries` is nearer.
    private mutating func closeIfOpen(_ name: String, boundaries: Set<String>) {
        for index in stride(from: stack.count - 1, to: 0, by: -1) {
            let open = stack[index].name
            if open == name {
                popTo(index)
                return
            }
            if boundaries.contains(open) { return }
        }
    }

    private mutating func close(_ name: String) {
        guard let index = stack.indices.dropFirst().last(where: { stack[$0].name == name }) else { return }
        flushText()
        popTo(index)
    }

    /// Pops the elements from the top down to `index` inclusive, attaching each to its parent.
    private mutating func popTo(_ index: Int) {
        flushText()
        while stack.count > index, stack.count > 1 {
            let element = stack.removeLast()
            stack[stack.count - 1].children.append(.element(element))
        }
    }

    private mutating func flushText() {
        guard !pendingText.isEmpty else { return }
        stack[stack.count - 1].children.append(.text(pendingText))
        pendingText = []
    }

    private mutating func finish() -> MarkupElement {
        popTo(1)
        return stack[0]
    }

    // MARK: Bytes

    private func isSpace(_ b: UInt8) -> Bool { isASCIIWhiteSpace(b) }

    /// Whether `<` and `b` open a tag: an ASCII letter in ``Mode/html`` (HTML5's rule, so `<日本語` in
    /// tag soup stays text), XML's name start characters in ``Mode/xml``.
    private func isNameStart(_ b: UInt8) -> Bool {
        let letter = (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
        return letter || mode == .xml && (b == UInt8(ascii: "_") || b >= 0x80)
    }

    private func lowercasedName(_ slice: ArraySlice<UInt8>) -> String {
        String(decoding: slice.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private func starts(with prefix: String) -> Bool {
        let p = Array(prefix.utf8)
        return i + p.count <= bytes.count && bytes[i..<(i + p.count)].elementsEqual(p)
    }

    private func startsIgnoringCase(with prefix: String, at: Int? = nil) -> Bool {
        let p = Array(prefix.utf8)
        let start = at ?? i
        guard start + p.count <= bytes.count else { return false }
        for k in 0..<p.count where (bytes[start + k] | 0x20) != (p[k] | 0x20) { return false }
        return true
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start + needle.count <= bytes.count else { return nil }
        var k = start
        while k + needle.count <= bytes.count {
            if bytes[k] == first, bytes[k..<(k + needle.count)].elementsEqual(needle) { return k }
            k += 1
        }
        return nil
    }

    private mutating func skip(past needle: [UInt8], from start: Int) {
        i = find(needle, from: start).map { $0 + needle.count } ?? bytes.count
    }
}
