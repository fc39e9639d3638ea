/// One entry of a book's table of contents, with the entries nested under it.
public struct EPUBTOCEntry: Hashable, Sendable, CustomStringConvertible {
    /// The entry's label, white space collapsed.
    public var title: String
    /// The archive path it points to (empty for a heading that points nowhere).
    public var href: String
    /// The element id within that document, if the entry points inside it.
    public var fragment: String?
    /// Entries nested under this one.
    public var children: [EPUBTOCEntry]

    /// An entry from its parts.
    public init(title: String, href: String, fragment: String? = nil, children: [EPUBTOCEntry] = []) {
        self.title = title
        self.href = href
        self.fragment = fragment
        self.children = children
    }

    /// This entry and all below it, depth first (the order of a flat menu).
    public var flattened: [EPUBTOCEntry] {
        var out: [EPUBTOCEntry] = []
        var stack = [self]
        while let entry = stack.popLast() {
            out.append(entry)
            stack.append(contentsOf: entry.children.reversed())
        }
        return out
    }

    /// `"Title" → path#fragment (+3)`.
    public var description: String {
        var s = "\"\(title)\" → \(href)"
        if let fragment { s += "#\(fragment)" }
        if !children.isEmpty { s += " (+\(children.count))" }
        return s
    }
}
