/// Reading a table of contents from an EPUB 3 navigation document or an
/// EPUB 2 NCX.
enum Navigation {
    /// The entries of the `nav` whose `epub:type` includes `toc` (else the
    /// first `nav`) in the navigation document at `path`.
    static func fromNavigationDocument(_ bytes: [UInt8], path: String, maximumDepth: Int) -> [EPUBTOCEntry] {
        let root = MarkupParser.parse(bytes, mode: .html, maximumDepth: maximumDepth)
        let navs = root.all("nav")
        let toc = navs.first { nav in
            (nav["epub:type"] ?? nav["type"] ?? "").split(whereSeparator: \.isWhitespace).contains("toc")
        } ?? navs.first
        guard let toc, let list = firstList(in: toc) else { return [] }
        return entries(of: list, path: path)
    }

    /// The first `ol` (or `ul`) at or below `element`.
    private static func firstList(in element: MarkupElement) -> MarkupElement? {
        var stack = element.elements.reversed() as [MarkupElement]
        while let e = stack.popLast() {
            if e.localName == "ol" || e.localName == "ul" { return e }
            stack.append(contentsOf: e.elements.reversed())
        }
        return nil
    }

    private static func entries(of list: MarkupElement, path: String) -> [EPUBTOCEntry] {
        var result: [EPUBTOCEntry] = []
        for item in list.elements where item.localName == "li" {
            var label: MarkupElement?
            var sublist: MarkupElement?
            for child in item.elements {
                switch child.localName {
                case "a", "span": if label == nil { label = child }
                case "ol", "ul": if sublist == nil { sublist = child }
                default: if label == nil { label = child.first("a") ?? child.first("span") }
                }
            }
            let children = sublist.map { entries(of: $0, path: path) } ?? []
            guard let label else {
                result += children
                continue
            }
            var title = label.collapsedText
            if title.isEmpty { title = collapseWhitespace(label["title"] ?? "") }
            var href = ""
            var fragment: String?
            if let reference = label["href"], case .entry(let p, let f) = ArchivePath.resolve(reference, from: path) {
                (href, fragment) = (p, f)
            }
            result.append(EPUBTOCEntry(title: title, href: href, fragment: fragment, children: children))
        }
        return result
    }

    /// The `navMap` of the NCX at `path`, nesting kept as the document has it.
    static func fromNCX(_ bytes: [UInt8], path: String, maximumDepth: Int) -> [EPUBTOCEntry] {
        let root = MarkupParser.parse(bytes, mode: .xml, maximumDepth: maximumDepth)
        guard let map = root.first("navmap") else { return [] }
        return navPoints(in: map, path: path)
    }

    private static func navPoints(in element: MarkupElement, path: String) -> [EPUBTOCEntry] {
        element.elements.filter { $0.localName == "navpoint" }.map { point in
            let title = point.elements.first { $0.localName == "navlabel" }.map { $0.collapsedText } ?? ""
            var href = ""
            var fragment: String?
            if let source = point.elements.first(where: { $0.localName == "content" })?["src"],
               case .entry(let p, let f) = ArchivePath.resolve(source, from: path) {
                (href, fragment) = (p, f)
            }
            return EPUBTOCEntry(title: title, href: href, fragment: fragment, children: navPoints(in: point, path: path))
        }
    }
}
