import FolioReading

/// An EPUB book as the reading layer's ``BookSource``: its spine in reading
/// order (linear documents first, then those marked `linear="no"`, which stay
/// reachable from the table of contents and links), the table of contents
/// with its nesting as levels, links within the book as parts and element
/// ids, and a cover page first when the first document does not show the
/// cover. A CSS page break starts a new page (a form feed in the text).
///
/// ```swift
/// let document = Document(book: try EPUBBookSource(book: EPUBBook.open(path: path)), path: path)
/// ```
public final class EPUBBookSource: BookSource {
    /// The book.
    public let book: EPUBBook
    /// Spine indices in the order the parts come (nil: the cover page).
    let order: [Int?]
    /// The part each spine index is (the inverse of `order`).
    let partOfSpine: [Int: Int]

    /// A source over `book`.
    public init(book: EPUBBook) {
        self.book = book
        let linear = book.spine.indices.filter { book.spine[$0].isLinear }
        let rest = book.spine.indices.filter { !book.spine[$0].isLinear }
        var order: [Int?] = (linear + rest).map { $0 }
        if let cover = book.coverImage, !Self.showsCover(book, cover, firstSpine: linear.first ?? rest.first) {
            order.insert(nil, at: 0)
        }
        self.order = order
        var parts: [Int: Int] = [:]
        for (part, spine) in order.enumerated() { if let spine { parts[spine] = part } }
        partOfSpine = parts
    }

    /// Whether the first document already shows the cover image (then no cover page is added).
    private static func showsCover(_ book: EPUBBook, _ cover: String, firstSpine: Int?) -> Bool {
        guard let first = firstSpine else { return false }
        return book.render(spineItem: first).images.contains { $0.path == cover }
    }

    /// The book's title.
    public var title: String { book.metadata.title }
    /// Its authors.
    public var authors: [String] { book.metadata.authors }
    /// Its language.
    public var language: String? { book.metadata.language }
    /// Whether its pages turn right to left: its spine says
    /// `page-progression-direction="rtl"`, or it is written in vertical
    /// columns (``isVertical``), whose pages turn that way whether the host
    /// sets it in columns or as horizontal text.
    public var isRightToLeft: Bool { book.direction == .rightToLeft || isVertical }
    /// Whether most of the documents whose writing mode was read
    /// (``EPUBBook/writingModesRead``) are written `vertical-rl`.
    public var isVertical: Bool {
        let read = book.spine.prefix(book.writingModesRead)
        let vertical = read.filter { $0.writingMode == .verticalRightToLeft }.count
        return vertical * 2 > read.count
    }
    /// The number of parts: spine documents, and the cover page if one is added.
    public var partCount: Int { order.count }

    /// Part `index` as display text: a spine document, or the cover page.
    public func part(at index: Int) -> BookPart {
        guard index >= 0, index < order.count else { return BookPart(text: Array("[no part \(index + 1)]\n".utf8)) }
        guard let spine = order[index] else {
            let line = "[cover image: \(title)]\n"
            return BookPart(text: Array(line.utf8), images: [BookImage(offset: 0, path: book.coverImage ?? "", alt: title, isStandalone: true)])
        }
        return part(book.render(spineItem: spine))
    }

    /// The start of part `index` when it is a long document: what ``EPUBBook/renderStart(spineItem:minimum:)``
    /// renders of it, at least `bytes` bytes that ``part(at:)`` begins with.
    public func partStart(at index: Int, bytes: Int) -> BookPart? {
        guard index >= 0, index < order.count, let spine = order[index],
              let item = book.renderStart(spineItem: spine, minimum: bytes) else { return nil }
        return part(item)
    }

    /// A rendered document as a part: its links leading to parts, its page breaks form feeds.
    private func part(_ item: EPUBRenderedItem) -> BookPart {
        Self.withPageBreaks(BookPart(
            text: item.text,
            anchors: item.anchors,
            links: item.links.map { BookLink(range: $0.range, target: target(of: $0.target)) },
            images: item.images.map { BookImage(offset: $0.offset, path: $0.path, alt: $0.alt, isStandalone: $0.isStandalone) }
        ), at: item.pageBreaks)
    }

    /// Where an EPUB link leads, as a part of this source.
    func target(of target: EPUBLink.Target) -> BookLink.Target {
        switch target {
        case .external(let address):
            return .external(address)
        case .book(let path, let fragment):
            guard let spine = book.spineIndex(of: path), let part = partOfSpine[spine] else { return .external(path) }
            return .part(part, fragment: fragment)
        }
    }

    /// The table of contents, flattened in reading order; entries that lead outside the spine are left out.
    public var contents: [BookContentsEntry] {
        var entries: [BookContentsEntry] = []
        func walk(_ list: [EPUBTOCEntry], level: Int) {
            for entry in list {
                if let spine = book.spineIndex(of: entry.href), let part = partOfSpine[spine] {
                    entries.append(BookContentsEntry(title: entry.title, level: level, part: part, fragment: entry.fragment))
                }
                walk(entry.children, level: level + 1)
            }
        }
        walk(book.tableOfContents, level: 1)
        return entries
    }

    /// An image or other resource of the book, or nil when it cannot be read.
    public func resource(_ path: String) -> [UInt8]? {
        try? book.resource(path)
    }

    /// `part` with a form feed inserted before each offset in `breaks` (but the first byte;
    /// a line feed too where the break falls inside a line), its anchors, links and images moved to match.
    static func withPageBreaks(_ part: BookPart, at breaks: [Int]) -> BookPart {
        let cuts = Array(Set(breaks.filter { $0 > 0 && $0 < part.text.count })).sorted()
        guard !cuts.isEmpty else { return part }
        var text: [UInt8] = []
        text.reserveCapacity(part.text.count + 2 * cuts.count)
        var inserted: [Int] = []  // bytes inserted up to and including each cut
        var from = 0
        for cut in cuts {
            text += part.text[from..<cut]
            if text.last != 0x0A { text.append(0x0A) }
            text.append(0x0C)
            inserted.append(text.count - cut)
            from = cut
        }
        text += part.text[from...]
        func place(_ offset: Int) -> Int {
            var low = 0, high = cuts.count
            while low < high {
                let mid = (low + high) / 2
                if cuts[mid] <= offset { low = mid + 1 } else { high = mid }
            }
            return low == 0 ? offset : offset + inserted[low - 1]
        }
        return BookPart(
            text: text,
            anchors: part.anchors.mapValues(place),
            links: part.links.map { BookLink(range: place($0.range.lowerBound)..<place($0.range.upperBound), target: $0.target) },
            images: part.images.map { BookImage(offset: place($0.offset), path: $0.path, alt: $0.alt, isStandalone: $0.isStandalone) }
        )
    }
}
