/// An element of a parsed document: its lower-cased name (with any
/// namespace prefix, such as `dc:title` or `epub:type`), its attributes in
/// document order with entities already decoded, and its children.
package struct MarkupElement: Sendable, CustomStringConvertible {
    package var name: String
    package var attributes: [(name: String, value: String)]
    package var children: [MarkupNode]
    /// Whether the element was still open where the start of a document that was parsed
    /// ended (``MarkupParser/parse(utf8:mode:maximumDepth:isStart:)``): it goes on past it.
    package var isCutShort = false

    init(name: String, attributes: [(name: String, value: String)] = [], children: [MarkupNode] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    /// The name without its namespace prefix: `title` for `dc:title`.
    package var localName: Substring {
        guard let colon = name.lastIndex(of: ":") else { return name[...] }
        return name[name.index(after: colon)...]
    }

    /// The value of the first attribute called `name` (lower-cased, prefix included).
    package subscript(attribute: String) -> String? {
        attributes.first { $0.name == attribute }?.value
    }

    /// The value of the first attribute whose local name is `local` (`href` matches `xlink:href`).
    package func attribute(local: String) -> String? {
        attributes.first { $0.name == local || $0.name.hasSuffix(":" + local) }?.value
    }

    /// The element's class names.
    var classes: [Substring] { (self["class"] ?? "").split(whereSeparator: \.isWhitespace) }

    /// Child elements, in order.
    package var elements: [MarkupElement] {
        children.compactMap { if case .element(let e) = $0 { e } else { nil } }
    }

    /// The first descendant (depth first, self included) whose local name is `local`.
    package func first(_ local: String) -> MarkupElement? {
        var stack: [MarkupElement] = [self]
        while let element = stack.popLast() {
            if element.localName == local { return element }
            stack.append(contentsOf: element.elements.reversed())
        }
        return nil
    }

    /// All descendants (self excluded) whose local name is `local`, in document order.
    package func all(_ local: String) -> [MarkupElement] {
        var found: [MarkupElement] = []
        var stack: [MarkupElement] = elements.reversed()
        while let element = stack.popLast() {
            if element.localName == local { found.append(element) }
            stack.append(contentsOf: element.elements.reversed())
        }
        return found
    }

    /// The concatenated text of every descendant text node.
    package var text: String {
        var bytes: [UInt8] = []
        var stack: [MarkupNode] = children.reversed()
        while let node = stack.popLast() {
            switch node {
            case .text(let t): bytes += t
            case .element(let e): stack.append(contentsOf: e.children.reversed())
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text with runs of white space (and control characters) made one
    /// space and the ends trimmed: how a title or a label reads.
    package var collapsedText: String { collapseWhitespace(text) }

    /// `<p class="x">…3 children</p>`.
    package var description: String {
        let attributes = attributes.map { " \($0.name)=\"\($0.value)\"" }.joined()
        return "<\(name)\(attributes)>…\(children.count) children</\(name)>"
    }
}

/// A node of a parsed document: an element, or text in UTF-8 with entities decoded.
package enum MarkupNode: Sendable {
    case element(MarkupElement)
    case text([UInt8])
}

/// `s` with every run of white space or control characters made one space, ends trimmed.
func collapseWhitespace(_ s: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count)
    var pendingSpace = false
    for scalar in s.unicodeScalars {
        if scalar.isWhiteSpace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            pendingSpace = !out.isEmpty
        } else {
            if pendingSpace { out.append(0x20) }
            pendingSpace = false
            if scalar.isASCII { out.append(UInt8(scalar.value)) } else { out += scalar.utf8 }
        }
    }
    return String(decoding: out, as: UTF8.self)
}
