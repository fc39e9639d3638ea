/// Turns a parsed content document into an ``EPUBRenderedItem``: walks the
/// body depth first, writing text through a ``DisplayTextWriter`` and
/// recording anchors, links, images, headings, page breaks and
/// right-to-left lines as it goes.
struct ContentRenderer {
    /// The archive path of the document (links and images resolve from it).
    let path: String
    let stylesheet: Stylesheet

    private var writer = DisplayTextWriter()
    private var item = EPUBRenderedItem()

    // Context of the walk.
    private var ancestors: [StyleSubject] = []
    private var quoteDepth = 0
    private var lists: [(ordered: Bool, next: Int, step: Int)] = []
    /// One per open `li`: its marker until written, then its width in spaces.
    private var items: [(marker: [UInt8]?, width: Int)] = []
    private var preDepth = 0
    private var cellDepth = 0
    private var rows: [(rowCount: Int, cellCount: Int, headerDepth: Int)] = []
    private var links: [(target: EPUBLink.Target, start: Int?, end: Int)] = []
    private var pendingAnchors: [String] = []
    private var pendingPageBreak = false
    private var heading: (level: Int, offset: Int?, title: [UInt8])?
    private var rightToLeft: [Bool] = [false]
    private var rightToLeftStart: Int?
    private var imageLines: [Range<Int>] = []
    private var hasOtherContent = false

    init(path: String, stylesheet: Stylesheet) {
        self.path = path
        self.stylesheet = stylesheet
    }

    /// Renders `document` (the parsed tree of the document at ``path``).
    static func render(_ document: MarkupElement, path: String, stylesheet: Stylesheet) -> EPUBRenderedItem {
        var renderer = ContentRenderer(path: path, stylesheet: stylesheet)
        let html = document.first("html")
        let root = document.first("body") ?? html ?? document
        // The html element's style (direction) reaches the body.
        if let html, root.localName == "body" {
            let subject = StyleSubject(html)
            let style = renderer.style(of: html, subject: subject)
            renderer.rightToLeft = [style.rightToLeft ?? false]
            renderer.ancestors = [subject]
        }
        renderer.visit(root)
        return renderer.finish()
    }

    /// A placeholder item: one line saying what is wrong.
    static func placeholder(_ line: String) -> EPUBRenderedItem {
        var writer = DisplayTextWriter()
        _ = writer.startLine()
        writer.write(collapseWhitespace(line))
        writer.finish()
        return EPUBRenderedItem(text: writer.text)
    }

    /// An item showing just one image (a spine item that is an image itself).
    static func imageItem(path: String) -> EPUBRenderedItem {
        var renderer = ContentRenderer(path: path, stylesheet: Stylesheet())
        renderer.image(path: path, alt: nil)
        return renderer.finish()
    }

    // MARK: Walking

    private static let skipped: Set<Substring> = ["head", "script", "style", "template", "title", "desc", "meta", "link", "noframes"]
    private static let blocks: Set<Substring> = [
        "address", "article", "aside", "body", "center", "dd", "details", "dialog", "dir", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "header", "hgroup", "html", "legend", "main", "menu",
        "nav", "p", "section", "summary", "noscript", "search", "audio", "video", "caption",
    ]

    private mutating func visit(_ element: MarkupElement) {
        let name = element.localName
        guard !Self.skipped.contains(name) else { return }
        let subject = StyleSubject(element)
        let style = style(of: element, subject: subject)
        if style.hidden == true || element["hidden"] != nil { return }

        if style.breakBefore == true { pendingPageBreak = true }
        if let id = element["id"], !id.isEmpty { pendingAnchors.append(id) }
        if name == "a", let anchor = element["name"], !anchor.isEmpty { pendingAnchors.append(anchor) }

        let isRTL = style.rightToLeft ?? element["dir"].map { $0.lowercased() == "rtl" } ?? rightToLeft.last!
        rightToLeft.append(isRTL)
        ancestors.append(subject)
        defer {
            ancestors.removeLast()
            rightToLeft.removeLast()
            if style.breakAfter == true { pendingPageBreak = true }
        }
        let pre = style.preformatted == true || name == "pre" || name == "xmp" || name == "listing"
        if pre { preDepth += 1 }
        defer { if pre { preDepth -= 1 } }

        switch name {
        case "br":
            if cellDepth > 0 { writer.space() } else { writer.lineBreak() }
        case "hr":
            guard cellDepth == 0 else { return writer.space() }
            boundary()
            line()
            unstyled { $0.writer.write("───") }
            hasOtherContent = true
            boundary()
        case "img", "image":
            let source = element["src"] ?? element.attribute(local: "href") ?? ""
            guard let target = ArchivePath.resolvePath(source, from: path), !source.isEmpty else { return }
            image(path: target, alt: element["alt"])
        case "h1", "h2", "h3", "h4", "h5", "h6":
            heading(element, level: Int(String(name.dropFirst()))!)
        case "ul", "ol":
            list(element, ordered: name == "ol")
        case "li":
            listItem(element)
        case "blockquote":
            boundary()
            quoteDepth += 1
            children(of: element)
            boundary()
            quoteDepth -= 1
        case "pre", "xmp", "listing":
            boundary()
            code { $0.children(of: element, trimLeadingNewline: true) }
            boundary()
        case "table":
            table(element)
        case "tr":
            row(element)
        case "td", "th":
            cell(element, header: name == "th")
        case "thead":
            if !rows.isEmpty { rows[rows.count - 1].headerDepth += 1 }
            children(of: element)
            if !rows.isEmpty { rows[rows.count - 1].headerDepth -= 1 }
        case "a":
            link(element)
        case "em", "i", "cite", "var", "dfn":
            italic += 1
            children(of: element)
            italic -= 1
        case "strong", "b":
            bold += 1
            children(of: element)
            bold -= 1
        case "code", "kbd", "samp", "tt":
            code { $0.children(of: element) }
        case "del", "s", "strike":
            writer.strike += 1
            children(of: element)
            writer.strike -= 1
        case "sup" where !links.isEmpty && !isInsideSup:
            readingAhead { $0.footnoteReference(element) }
        case "ruby":
            // A terminal has no room above a line: the reading goes after its base, in brackets
            // (`山路(やまみち)`), the book's own `<rp>` brackets when it has them. The base and the
            // bracketed reading are marked (TextStyle.Attributes.rubyBase, .rubyText), so that a
            // window sets the reading above the base instead, from the same text.
            readingAhead {
                $0.rubyHasBrackets.append(element.elements.contains { $0.localName == "rp" })
                $0.ruby(.base) { $0.children(of: element) }
                $0.rubyHasBrackets.removeLast()
            }
        case "rt", "rtc":
            ruby(.text) {
                if $0.rubyHasBrackets.last ?? true {
                    $0.children(of: element)
                } else {
                    // One pair of brackets round a container's readings (`<rtc>`), none round each inside it.
                    $0.emit(Array("(".utf8))
                    $0.rubyHasBrackets.append(true)
                    $0.children(of: element)
                    $0.rubyHasBrackets.removeLast()
                    $0.emit(Array(")".utf8))
                }
            }
        case "rp":
            ruby(.text) { $0.children(of: element) }
        default:
            if Self.blocks.contains(name) {
                block(element)
            } else {
                children(of: element)
            }
        }
    }

    private var italic: Int {
        get { writer.italic }
        set { writer.italic = newValue }
    }
    private var bold: Int {
        get { writer.bold }
        set { writer.bold = newValue }
    }
    private var isInsideSup = false
    /// For each `<ruby>` being written, innermost last: whether it has `<rp>` brackets of its own.
    private var rubyHasBrackets: [Bool] = []

    /// Runs `body` with no style wanted: decorations are never styled by the text around them.
    private mutating func unstyled(_ body: (inout ContentRenderer) -> Void) {
        let saved = (writer.bold, writer.italic, writer.underline, writer.strike, writer.colors, writer.monospace, writer.rubyParts)
        (writer.bold, writer.italic, writer.underline, writer.strike, writer.colors, writer.monospace, writer.rubyParts) =
            (0, 0, 0, 0, [], 0, [])
        body(&self)
        (writer.bold, writer.italic, writer.underline, writer.strike, writer.colors, writer.monospace, writer.rubyParts) = saved
    }

    /// Code (`<code>`, `<pre>`, …): monospace, for a window, and cyan, as a terminal has always
    /// shown it (a window draws monospace text in its ink, whatever its colour).
    private mutating func code(_ body: (inout ContentRenderer) -> Void) {
        writer.monospace += 1
        writer.colors.append(36)
        body(&self)
        writer.colors.removeLast()
        writer.monospace -= 1
    }

    /// Runs `body` for an element whose text depends on its children further on (a reversed
    /// list counts its items, a ruby looks for brackets, a note reference for its text), and
    /// records the text it wrote in ``EPUBRenderedItem/lookaheads``: a document's start rendered
    /// alone (``EPUBRenderedItem/start(atLeast:)``) ends before such an element it cuts short.
    private mutating func readingAhead(_ body: (inout ContentRenderer) -> Void) {
        let start = writer.text.count
        body(&self)
        item.lookaheads.append(start..<max(start, writer.text.count))
    }

    /// Writes `body` as `part` of a ruby.
    private mutating func ruby(_ part: DisplayTextWriter.RubyPart, _ body: (inout ContentRenderer) -> Void) {
        writer.rubyParts.append(part)
        body(&self)
        writer.rubyParts.removeLast()
    }

    private mutating func children(of element: MarkupElement, trimLeadingNewline: Bool = false) {
        var first = true
        for child in element.children {
            switch child {
            case .element(let e):
                visit(e)
            case .text(let bytes):
                if first, trimLeadingNewline, bytes.first == 0x0A {
                    text(bytes.dropFirst())
                } else if first, trimLeadingNewline, bytes.starts(with: [0x0D, 0x0A]) {
                    text(bytes.dropFirst(2))
                } else {
                    text(bytes[...])
                }
            }
            first = false
        }
    }

    private mutating func block(_ element: MarkupElement) {
        boundary()
        children(of: element)
        boundary()
    }

    // MARK: Lines

    /// Ends the current block (inside a table cell, just a space).
    private mutating func boundary() {
        if cellDepth > 0 { return writer.space() }
        closeRightToLeftRange()
        writer.endBlock()
    }

    /// Starts a line if needed: separator, bookkeeping, then prefix.
    private mutating func line() {
        guard writer.startLine() else { return }
        let start = writer.lineStart
        if pendingPageBreak {
            if start > 0 { item.pageBreaks.append(start) }
            pendingPageBreak = false
        }
        if heading != nil, heading?.offset == nil { heading?.offset = start }
        if rightToLeft.last!, rightToLeftStart == nil { rightToLeftStart = start }
        var prefix: [UInt8] = []
        for _ in 0..<quoteDepth { prefix += Array("\u{1B}[2m│ \u{1B}[22m".utf8) }
        if !lists.isEmpty, !items.isEmpty {
            prefix += [UInt8](repeating: 0x20, count: 2 * (lists.count - 1))
            if let marker = items[items.count - 1].marker {
                prefix += marker
                items[items.count - 1].marker = nil
            } else {
                prefix += [UInt8](repeating: 0x20, count: items[items.count - 1].width)
            }
        }
        writer.writePlain(prefix)
    }

    private mutating func closeRightToLeftRange() {
        if let start = rightToLeftStart {
            if writer.contentEnd > start { item.rightToLeftRanges.append(start..<writer.contentEnd) }
            rightToLeftStart = nil
        }
    }

    /// Writes visible bytes, with the bookkeeping every write needs.
    private mutating func emit(_ bytes: some Collection<UInt8>) {
        line()
        let start = writer.write(bytes)
        for anchor in pendingAnchors where item.anchors[anchor] == nil { item.anchors[anchor] = start }
        pendingAnchors.removeAll()
        for k in links.indices {
            if links[k].start == nil { links[k].start = start }
            links[k].end = writer.text.count
        }
        if heading != nil { heading!.title += bytes }
        if !bytes.isEmpty { hasOtherContent = true }
    }

    /// Text from the document: white space collapsed (or kept, in `pre`),
    /// control characters made spaces.
    private mutating func text(_ bytes: ArraySlice<UInt8>) {
        var k = bytes.startIndex
        let end = bytes.endIndex
        while k < end {
            let b = bytes[k]
            if preDepth > 0 {
                if b == 0x0A || b == 0x0D {
                    if b == 0x0D, k + 1 < end, bytes[k + 1] == 0x0A { k += 1 }
                    if heading != nil { heading!.title.append(0x20) }
                    writer.lineBreak()
                    k += 1
                    continue
                }
                if b == 0x09 {
                    line()
                    let spaces = 8 - writer.column % 8
                    emit([UInt8](repeating: 0x20, count: spaces))
                    k += 1
                    continue
                }
                if b == 0x20 || isControl(bytes, k) {
                    emit([0x20])
                    k += characterLength(b)
                    continue
                }
            } else if isASCIIWhiteSpace(b) || isControl(bytes, k) {
                writer.space()
                if heading != nil { heading!.title.append(0x20) }
                k += characterLength(b)
                continue
            }
            // A run of ordinary bytes.
            var runEnd = k + 1
            while runEnd < end {
                let c = bytes[runEnd]
                if c <= 0x20 || c == 0x7F || isControl(bytes, runEnd) { break }
                runEnd += 1
            }
            emit(bytes[k..<runEnd])
            k = runEnd
        }
    }

    /// Bytes in the UTF-8 sequence that `lead` begins.
    private func characterLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Whether the character at `k` is a control character or a line or
    /// paragraph separator (U+2028/9), which display text never carries.
    private func isControl(_ bytes: ArraySlice<UInt8>, _ k: Int) -> Bool {
        let b = bytes[k]
        if b < 0x20 || b == 0x7F { return true }
        if b == 0xC2, k + 1 < bytes.endIndex, (0x80...0x9F).contains(bytes[k + 1]) { return true }
        if b == 0xE2, k + 2 < bytes.endIndex, bytes[k + 1] == 0x80, bytes[k + 2] == 0xA8 || bytes[k + 2] == 0xA9 {
            return true
        }
        return false
    }

    // MARK: Elements

    private mutating func heading(_ element: MarkupElement, level: Int) {
        guard cellDepth == 0, heading == nil else {
            bold += 1
            children(of: element)
            bold -= 1
            return
        }
        boundary()
        heading = (level, nil, [])
        bold += 1
        if level <= 2 { writer.underline += 1 }
        children(of: element)
        if level <= 2 { writer.underline -= 1 }
        bold -= 1
        if let h = heading, let offset = h.offset {
            let title = collapseWhitespace(String(decoding: h.title, as: UTF8.self))
            if !title.isEmpty { item.headings.append(EPUBHeading(offset: offset, level: level, title: title)) }
        }
        heading = nil
        boundary()
    }

    private mutating func list(_ element: MarkupElement, ordered: Bool) {
        guard cellDepth == 0 else { return children(of: element) }
        boundary()
        let reversed = element["reversed"] != nil
        var start = Int(element["start"]?.trimmingWhitespace ?? "") ?? 1
        let counted = reversed && element["start"] == nil
        if counted {
            start = element.elements.filter { $0.localName == "li" }.count
        }
        lists.append((ordered, start, reversed ? -1 : 1))
        if counted { readingAhead { $0.children(of: element) } } else { children(of: element) }
        lists.removeLast()
        boundary()
    }

    private mutating func listItem(_ element: MarkupElement) {
        guard cellDepth == 0 else { return children(of: element) }
        boundary()
        var marker: [UInt8]
        if let list = lists.last {
            if list.ordered {
                var number = list.next
                if let value = element["value"].flatMap({ Int($0.trimmingWhitespace) }) { number = value }
                marker = Array("\(number). ".utf8)
                lists[lists.count - 1].next = number + list.step
            } else {
                marker = Array("• ".utf8)
            }
        } else {
            marker = Array("• ".utf8)
        }
        // An li outside any list still reads as an item of an unordered one.
        let outsideList = lists.isEmpty
        if outsideList { lists.append((false, 1, 1)) }
        let width = String(decoding: marker, as: UTF8.self).count
        items.append((marker, width))
        children(of: element)
        items.removeLast()
        if outsideList { lists.removeLast() }
        boundary()
    }

    private mutating func table(_ element: MarkupElement) {
        guard cellDepth == 0 else { return children(of: element) }
        boundary()
        rows.append((0, 0, 0))
        children(of: element)
        rows.removeLast()
        boundary()
    }

    private mutating func row(_ element: MarkupElement) {
        guard cellDepth == 0, !rows.isEmpty else { return children(of: element) }
        if rows[rows.count - 1].rowCount > 0 { writer.lineBreak() }
        rows[rows.count - 1].cellCount = 0
        let header = rows[rows.count - 1].headerDepth > 0
        if header { bold += 1 }
        children(of: element)
        if header { bold -= 1 }
        if rows[rows.count - 1].cellCount > 0 { rows[rows.count - 1].rowCount += 1 }
    }

    private mutating func cell(_ element: MarkupElement, header: Bool) {
        guard !rows.isEmpty, cellDepth == 0 else { return children(of: element) }
        if rows[rows.count - 1].cellCount > 0 {
            line()
            // The separator is decoration: written unstyled between cells.
            unstyled {
                $0.writer.write(" │")
                $0.writer.space()  // the cell's own leading space or block start merges with it
            }
        }
        rows[rows.count - 1].cellCount += 1
        cellDepth += 1
        if header { bold += 1 }
        children(of: element)
        if header { bold -= 1 }
        cellDepth -= 1
    }

    private mutating func link(_ element: MarkupElement) {
        guard let href = element["href"] ?? element.attribute(local: "href"), !href.trimmingWhitespace.isEmpty else {
            return children(of: element)
        }
        let target: EPUBLink.Target
        switch ArchivePath.resolve(href, from: path) {
        case .entry(let p, let fragment): target = .book(path: p, fragment: fragment)
        case .external(let url): target = .external(url)
        }
        links.append((target, nil, 0))
        writer.underline += 1
        writer.colors.append(34)
        let isNoteReference = (element["epub:type"] ?? "").split(separator: " ").contains("noteref")
            || ancestors.dropLast().last?.tag == "sup"
        if isNoteReference, !isInsideSup {
            readingAhead {
                if !element.collapsedText.hasPrefix("["), !element.collapsedText.isEmpty {
                    $0.bracketed(element)
                } else {
                    $0.children(of: element)
                }
            }
        } else {
            children(of: element)
        }
        writer.colors.removeLast()
        writer.underline -= 1
        let link = links.removeLast()
        // A link cut short by the end of a document's start goes on past it: it is not known yet.
        if let start = link.start, !element.isCutShort { item.links.append(EPUBLink(range: start..<link.end, target: target)) }
    }

    /// A `sup` inside a link: a footnote reference, shown as `[n]`.
    private mutating func footnoteReference(_ element: MarkupElement) {
        let text = element.collapsedText
        if text.isEmpty || text.hasPrefix("[") { return children(of: element) }
        bracketed(element)
    }

    private mutating func bracketed(_ element: MarkupElement) {
        let wasInside = isInsideSup
        isInsideSup = true
        emit(Array("[".utf8))
        children(of: element)
        emit(Array("]".utf8))
        isInsideSup = wasInside
    }

    private mutating func image(path target: String, alt: String?) {
        let altText = alt.map(collapseWhitespace).flatMap { $0.isEmpty ? nil : $0 }
        let label = altText ?? String(target.split(separator: "/").last ?? Substring(target))
        let placeholder = Array("[image: \(label)]".utf8)
        if cellDepth > 0 {
            emit(placeholder)
            item.images.append(EPUBImage(offset: writer.contentEnd - placeholder.count, path: target, alt: altText))
            return
        }
        let hadOther = hasOtherContent
        boundary()
        line()
        let offset = writer.lineStart
        let start = writer.contentEnd
        emit(placeholder)
        imageLines.append(start..<writer.contentEnd)
        hasOtherContent = hadOther
        item.images.append(EPUBImage(offset: offset, path: target, alt: altText))
        boundary()
    }

    private mutating func finish() -> EPUBRenderedItem {
        closeRightToLeftRange()
        writer.finish()
        item.text = writer.text
        for anchor in pendingAnchors where item.anchors[anchor] == nil { item.anchors[anchor] = item.text.count }
        if !hasOtherContent, !item.images.isEmpty {
            for k in item.images.indices { item.images[k].isStandalone = true }
        }
        item.pageBreaks = Array(Set(item.pageBreaks.filter { $0 > 0 && $0 < item.text.count })).sorted()
        return item
    }

    // MARK: Style

    private func style(of element: MarkupElement, subject: StyleSubject) -> StyleDeclarations {
        var style = stylesheet.declarations(for: subject, ancestors: ancestors)
        if let inline = element["style"] { style.apply(StyleDeclarations(parsing: inline[...])) }
        return style
    }
}
