
/// The few CSS properties that matter for reading, as one rule or an
/// element's inline `style` sets them (nil: not set here).
struct StyleDeclarations: Hashable, Sendable {
    /// `display: none` (true) or any other display (false).
    var hidden: Bool?
    /// `direction: rtl` (true) or `ltr` (false).
    var rightToLeft: Bool?
    var writingMode: EPUBWritingMode?
    /// `white-space: pre`, `pre-wrap` or `break-spaces` (true); others (false).
    var preformatted: Bool?
    /// `page-break-before: always|left|right` or `break-before: page|left|right|recto|verso`.
    var breakBefore: Bool?
    var breakAfter: Bool?

    var isEmpty: Bool { self == StyleDeclarations() }

    /// `other`'s settings over these.
    mutating func apply(_ other: StyleDeclarations) {
        if let v = other.hidden { hidden = v }
        if let v = other.rightToLeft { rightToLeft = v }
        if let v = other.writingMode { writingMode = v }
        if let v = other.preformatted { preformatted = v }
        if let v = other.breakBefore { breakBefore = v }
        if let v = other.breakAfter { breakAfter = v }
    }

    /// Parses a declaration block (`display: none; direction: rtl`); unknown
    /// properties and values are ignored quietly.
    init(parsing block: Substring) {
        self.init(parsing: Array(block.utf8)[...])
    }

    /// Parses a declaration block's UTF-8 bytes, a byte at a time: CSS's white space and the
    /// names and keywords read here are ASCII, so no character is put together to read them.
    init(parsing block: ArraySlice<UInt8>) {
        for declaration in block.split(separator: UInt8(ascii: ";")) {
            guard let colon = declaration.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let property = Self.lowercased(trimmingCSSSpace(declaration[..<colon]))
            guard Self.properties.contains(property) else { continue }
            var valueBytes = trimmingCSSSpace(declaration[(colon + 1)...])
            if let bang = valueBytes.firstIndex(of: UInt8(ascii: "!")) { valueBytes = trimmingCSSSpace(valueBytes[..<bang]) }
            let value = Self.lowercased(valueBytes)
            switch property {
            case "display": hidden = value == "none"
            case "direction":
                if value == "rtl" { rightToLeft = true } else if value == "ltr" { rightToLeft = false }
            case "writing-mode", "-epub-writing-mode", "-webkit-writing-mode":
                switch value {
                case "vertical-rl", "tb-rl", "tb": writingMode = .verticalRightToLeft
                case "vertical-lr", "tb-lr": writingMode = .verticalLeftToRight
                case "horizontal-tb", "lr-tb", "lr", "rl-tb", "rl": writingMode = .horizontal
                default: break
                }
            case "white-space":
                preformatted = ["pre", "pre-wrap", "break-spaces"].contains(value)
            case "page-break-before": breakBefore = ["always", "left", "right"].contains(value)
            case "page-break-after": breakAfter = ["always", "left", "right"].contains(value)
            case "break-before": breakBefore = ["page", "left", "right", "recto", "verso", "always"].contains(value)
            case "break-after": breakAfter = ["page", "left", "right", "recto", "verso", "always"].contains(value)
            default: break
            }
        }
    }

    init() {}

    /// The properties read.
    private static let properties: Set<String> = [
        "display", "direction", "writing-mode", "-epub-writing-mode", "-webkit-writing-mode", "white-space",
        "page-break-before", "page-break-after", "break-before", "break-after",
    ]

    /// `bytes` with ASCII letters lower-cased, as a string.
    private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}

/// `bytes` without white space (CSS's is ASCII's) at either end.
private func trimmingCSSSpace(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    guard let first = bytes.firstIndex(where: { !isASCIIWhiteSpace($0) }), let last = bytes.lastIndex(where: { !isASCIIWhiteSpace($0) }) else {
        return bytes[bytes.startIndex..<bytes.startIndex]
    }
    return bytes[first...last]
}

/// What a selector can see of an element.
struct StyleSubject {
    var tag: Substring
    var id: String?
    var classes: [Substring]

    init(_ element: MarkupElement) {
        tag = element.localName
        id = element["id"]
        classes = element.classes
    }
}

/// A compound selector: `p`, `.note`, `span.x.y`, `#id`, `*`.
struct CompoundSelector: Hashable, Sendable {
    var tag: String?
    var id: String?
    var classes: [String]

    func matches(_ subject: StyleSubject) -> Bool {
        if let tag, subject.tag != tag[...] { return false }
        if let id, subject.id != id { return false }
        return classes.allSatisfy { c in subject.classes.contains { $0 == c[...] } }
    }

    var specificity: Int { (id == nil ? 0 : 10_000) + classes.count * 100 + (tag == nil ? 0 : 1) }
}

/// A stylesheet reduced to the rules that set a property ``StyleDeclarations``
/// knows, with selectors made of compounds joined by descendant (or child,
/// read as descendant) combinators. Rules inside `@media` and other at-rules,
/// and selectors with pseudo-classes, attributes or sibling combinators, are
/// dropped quietly.
struct Stylesheet: Sendable {
    struct Rule: Sendable {
        /// Compounds from the outermost ancestor to the element itself.
        var compounds: [CompoundSelector]
        var declarations: StyleDeclarations
        var specificity: Int
        var order: Int
    }

    private(set) var rules: [Rule] = []
    private var byID: [String: [Int]] = [:]
    private var byClass: [String: [Int]] = [:]
    private var byTag: [String: [Int]] = [:]
    private var universal: [Int] = []

    init() {}

    /// Parses `css`, keeping only rules that matter.
    init(parsing css: String) {
        append(css)
    }

    var isEmpty: Bool { rules.isEmpty }

    /// Adds the rules of `css` after those already here (later wins ties). Read a byte at a
    /// time (its punctuation is ASCII); only the selectors of rules that set a property read
    /// here are read as characters.
    mutating func append(_ css: String) {
        let text = Self.removingComments(Array(css.utf8))
        let end = text.count
        var i = 0
        while i < end {
            while i < end, isASCIIWhiteSpace(text[i]) { i += 1 }
            guard i < end else { break }
            if text[i] == UInt8(ascii: "@") {
                // An at-rule: up to `;`, or a whole `{…}` block, skipped.
                let semicolon = text[i...].firstIndex(of: UInt8(ascii: ";"))
                let brace = text[i...].firstIndex(of: UInt8(ascii: "{"))
                if let brace, semicolon.map({ brace < $0 }) ?? true {
                    i = Self.afterBlock(text, openingAt: brace)
                } else {
                    i = semicolon.map { $0 + 1 } ?? end
                }
                continue
            }
            guard let brace = text[i...].firstIndex(of: UInt8(ascii: "{")) else { break }
            let selectors = text[i..<brace]
            let close = text[brace...].firstIndex(of: UInt8(ascii: "}")) ?? end
            let declarations = StyleDeclarations(parsing: text[(brace + 1)..<close])
            i = close < end ? close + 1 : end
            guard !declarations.isEmpty else { continue }
            for selector in String(decoding: selectors, as: UTF8.self).split(separator: ",") {
                guard let compounds = Self.parseSelector(selector) else { continue }
                add(Rule(
                    compounds: compounds, declarations: declarations,
                    specificity: compounds.reduce(0) { $0 + $1.specificity }, order: rules.count))
            }
        }
    }

    private mutating func add(_ rule: Rule) {
        let index = rules.count
        rules.append(rule)
        let key = rule.compounds[rule.compounds.count - 1]
        if let id = key.id {
            byID[id, default: []].append(index)
        } else if let c = key.classes.first {
            byClass[c, default: []].append(index)
        } else if let tag = key.tag {
            byTag[tag, default: []].append(index)
        } else {
            universal.append(index)
        }
    }

    /// The declarations that apply to `subject` inside `ancestors`
    /// (outermost first), in cascade order: specificity, then order.
    func declarations(for subject: StyleSubject, ancestors: [StyleSubject]) -> StyleDeclarations {
        guard !rules.isEmpty else { return StyleDeclarations() }
        var candidates = universal
        if let id = subject.id, let list = byID[id] { candidates += list }
        for c in subject.classes { if let list = byClass[String(c)] { candidates += list } }
        if let list = byTag[String(subject.tag)] { candidates += list }
        var matched = candidates.filter { matches(rules[$0], subject, ancestors) }
        guard !matched.isEmpty else { return StyleDeclarations() }
        matched.sort { (rules[$0].specificity, rules[$0].order) < (rules[$1].specificity, rules[$1].order) }
        var result = StyleDeclarations()
        var previous = -1
        for index in matched where index != previous {
            result.apply(rules[index].declarations)
            previous = index
        }
        return result
    }

    private func matches(_ rule: Rule, _ subject: StyleSubject, _ ancestors: [StyleSubject]) -> Bool {
        var compounds = rule.compounds
        guard let last = compounds.popLast(), last.matches(subject) else { return false }
        var a = ancestors.count - 1
        while let compound = compounds.last {
            while a >= 0, !compound.matches(ancestors[a]) { a -= 1 }
            guard a >= 0 else { return false }
            compounds.removeLast()
            a -= 1
        }
        return true
    }

    /// `div.x > p .y` → compounds, or nil when the selector uses anything unsupported.
    static func parseSelector(_ text: Substring) -> [CompoundSelector]? {
        var compounds: [CompoundSelector] = []
        for token in text.split(whereSeparator: { $0.isWhitespace || $0 == ">" }) {
            guard let compound = parseCompound(token) else { return nil }
            compounds.append(compound)
        }
        return compounds.isEmpty ? nil : compounds
    }

    private static func parseCompound(_ token: Substring) -> CompoundSelector? {
        var compound = CompoundSelector(tag: nil, id: nil, classes: [])
        var rest = token
        func name() -> String? {
            let n = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || !$0.isASCII }
            rest = rest.dropFirst(n.count)
            return n.isEmpty ? nil : String(n)
        }
        if rest.first == "*" {
            rest = rest.dropFirst()
        } else if let first = rest.first, first != "." && first != "#" {
            guard let tag = name() else { return nil }
            // A namespace prefix (`epub|type`) is not supported.
            compound.tag = tag.lowercased()
        }
        while let first = rest.first {
            rest = rest.dropFirst()
            switch first {
            case ".":
                guard let c = name() else { return nil }
                compound.classes.append(c)
            case "#":
                guard let id = name() else { return nil }
                compound.id = id
            default:
                return nil  // ':', '[', '+', '~', '|', escapes…
            }
        }
        return compound
    }

    /// `css` without its `/* … */` comments (an unclosed one runs to the end).
    static func removingComments(_ css: String) -> String {
        String(decoding: removingComments(Array(css.utf8)), as: UTF8.self)
    }

    /// The UTF-8 bytes `css` without its comments.
    static func removingComments(_ css: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var from = 0
        var i = 0
        while i + 1 < css.count {
            guard css[i] == UInt8(ascii: "/"), css[i + 1] == UInt8(ascii: "*") else {
                i += 1
                continue
            }
            if out.isEmpty { out.reserveCapacity(css.count) }
            out += css[from..<i]
            var close = i + 2
            while close + 1 < css.count, !(css[close] == UInt8(ascii: "*") && css[close + 1] == UInt8(ascii: "/")) { close += 1 }
            guard close + 1 < css.count else { return out }
            i = close + 2
            from = i
        }
        return from == 0 ? css : out + css[from...]
    }

    /// Where what follows the `{…}` block that opens at `brace` starts (nesting counted).
    private static func afterBlock(_ text: [UInt8], openingAt brace: Int) -> Int {
        var depth = 0
        for index in brace..<text.count {
            if text[index] == UInt8(ascii: "{") { depth += 1 }
            if text[index] == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
        }
        return text.count
    }
}
