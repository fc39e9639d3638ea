
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
        for declaration in block.split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let property = declaration[..<colon].trimmingWhitespace.lowercased()
            var value = declaration[declaration.index(after: colon)...].trimmingWhitespace.lowercased()
            if let bang = value.firstIndex(of: "!") { value = String(value[..<bang]).trimmingWhitespace }
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

    /// Adds the rules of `css` after those already here (later wins ties).
    mutating func append(_ css: String) {
        let text = Self.removingComments(css)
        var rest = Substring(text)
        var guardCount = 0
        while !rest.isEmpty, guardCount < 1_000_000 {
            guardCount += 1
            rest = rest.drop { $0.isWhitespace }
            if rest.first == "@" {
                // An at-rule: up to `;`, or a whole `{…}` block, skipped.
                let semicolon = rest.firstIndex(of: ";")
                let brace = rest.firstIndex(of: "{")
                if let brace, semicolon.map({ brace < $0 }) ?? true {
                    rest = Self.afterBlock(rest, openingAt: brace)
                } else {
                    rest = semicolon.map { rest[rest.index(after: $0)...] } ?? ""
                }
                continue
            }
            guard let brace = rest.firstIndex(of: "{") else { break }
            let selectors = rest[..<brace]
            let close = rest[brace...].firstIndex(of: "}") ?? rest.endIndex
            let block = rest[rest.index(after: brace)..<close]
            rest = close < rest.endIndex ? rest[rest.index(after: close)...] : ""
            let declarations = StyleDeclarations(parsing: block)
            guard !declarations.isEmpty else { continue }
            for selector in selectors.split(separator: ",") {
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

    static func removingComments(_ css: String) -> String {
        guard css.contains("/*") else { return css }
        var out = ""
        var rest = Substring(css)
        while let start = rest.firstRange(of: "/*") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstRange(of: "*/") else { return out }
            rest = rest[end.upperBound...]
        }
        return out + rest
    }

    /// What follows the `{…}` block that opens at `brace` (nesting counted).
    private static func afterBlock(_ text: Substring, openingAt brace: Substring.Index) -> Substring {
        var depth = 0
        var index = brace
        while index < text.endIndex {
            let c = text[index]
            if c == "{" { depth += 1 }
            if c == "}" {
                depth -= 1
                if depth == 0 { return text[text.index(after: index)...] }
            }
            index = text.index(after: index)
        }
        return ""
    }
}
