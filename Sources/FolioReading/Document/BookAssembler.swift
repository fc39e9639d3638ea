/// Joins a book's parts into one document, part by part as the reader
/// needs them: each part starts a new page (a form feed between parts),
/// and the part's anchors, links, images and table-of-contents entries
/// become offsets in the whole text.
///
/// The text grows like a stream (``StreamText``) until the last part is
/// in, so the first page shows as soon as the first part is rendered and
/// the rest comes in the reading session's background work. Offsets are
/// the same in every host: a place saved in the terminal opens at the same
/// text in a window.
public final class BookAssembler {
    /// The book.
    public let source: BookSource
    /// The assembled text, growing.
    public let text: StreamText
    /// The document offset where each part assembled so far starts.
    public private(set) var partStarts: [Int] = []
    /// The table of contents entries whose part is in, in contents order, as chapters.
    public private(set) var chapters: [Document.Chapter] = []
    /// The links of the parts assembled so far, in text order (document offsets).
    public private(set) var links: [BookLink] = []
    /// The images of the parts assembled so far, in text order (document offsets).
    public private(set) var images: [BookImage] = []
    /// The book's table of contents, read once: ``chapters`` are its first entries, those
    /// whose part is in (or, with no contents, each part's first line).
    public let contents: [BookContentsEntry]
    private var anchors: [[String: Int]] = []
    private var placedContents = 0

    /// An assembler for `source`, with nothing assembled yet.
    public init(source: BookSource) {
        self.source = source
        contents = source.contents
        text = StreamText()
        if source.partCount == 0 { text.finish() }
    }

    /// Whether every part is in.
    public var isComplete: Bool { text.isComplete }

    /// What one part counts against a budget at the least, in bytes: rendering a part costs
    /// more than its text when the text is short (a comic's page is one line, but reading its
    /// picture's header is a read in an archive): 500 of them would otherwise all be read
    /// within the first page's budget, before anything is shown.
    public static let minimumPartCost = 4096

    /// Renders and appends parts until about `budget` bytes were added (each part counting
    /// at least ``minimumPartCost``) or the book is complete. Returns whether a part was added
    /// (or one shown by its start completed).
    @discardableResult
    public func assemble(budget: Int) -> Bool {
        guard !text.isComplete else { return false }
        let before = partStarts.count
        var cost = 0
        let completed = startShown
        if completed { cost += completeStart() }
        while cost < max(1, budget) && partStarts.count < source.partCount {
            let index = partStarts.count
            if index > 0 {
                text.append([0x0C])  // every part starts a page
            }
            cost += add(source.part(at: index))
        }
        if partStarts.count >= source.partCount { text.finish() }
        return partStarts.count > before || completed
    }

    /// Appends `part` as the next part (its metadata in document offsets); returns what it
    /// counts against a budget.
    private func add(_ part: BookPart) -> Int {
        let part = Self.endingItsLastLine(part)
        let start = text.count
        partStarts.append(start)
        text.append(part.text)
        anchors.append(part.anchors)
        addLinksAndImages(of: part, from: start)
        placeContents()
        return cost(of: part)
    }

    /// `part` with a line feed after its last line, if it has none.
    private static func endingItsLastLine(_ part: BookPart) -> BookPart {
        var part = part
        if part.text.last != 0x0A && !part.text.isEmpty { part.text.append(0x0A) }
        return part
    }

    /// What rendering `part` counts against a budget.
    private func cost(of part: BookPart) -> Int {
        max(Self.minimumPartCost, source.partCost, part.text.count)
    }

    /// Adds `part`'s links and images, moved to document offsets from `start`.
    private func addLinksAndImages(of part: BookPart, from start: Int) {
        links += part.links.map {
            BookLink(range: ($0.range.lowerBound + start)..<($0.range.upperBound + start), target: $0.target)
        }
        images += part.images.map { image in
            var placed = image
            placed.offset += start
            return placed
        }
    }

    /// Whether only the start of the first part is in (``BookSource/partStart(at:bytes:)``, for the first page).
    private var startShown = false

    /// Renders the part whose start alone is in, and appends the rest of it; returns what it counts.
    ///
    /// Should the whole not begin with the start shown (a source that broke its promise), the
    /// whole follows on a page of its own: the start is read twice, but nothing is lost.
    private func completeStart() -> Int {
        startShown = false
        let shown = text.count  // the first part's start, from offset 0
        let part = Self.endingItsLastLine(source.part(at: 0))
        links.removeAll()
        images.removeAll()
        let begins = part.text.count >= shown && text.withBytes(0..<shown) { $0.elementsEqual(part.text[..<shown]) }
        guard begins else {
            partStarts.removeAll()
            anchors.removeAll()
            chapters.removeAll()
            placedContents = 0
            text.append([0x0C])
            return add(part)
        }
        text.append(part.text[shown...])
        anchors[0] = part.anchors
        addLinksAndImages(of: part, from: 0)
        placeContents()
        return cost(of: part)
    }

    /// Adds the contents entries, in order, as long as their part is in.
    private func placeContents() {
        while placedContents < contents.count, let offset = offset(of: .part(contents[placedContents].part,
                                                                           fragment: contents[placedContents].fragment)) {
            let entry = contents[placedContents]
            chapters.append(Document.Chapter(title: entry.title, offset: offset, level: entry.level))
            placedContents += 1
        }
        if contents.isEmpty, chapters.count < partStarts.count {
            // No table of contents: each part is a chapter, named by its first line.
            for index in chapters.count..<partStarts.count {
                chapters.append(Document.Chapter(title: firstLine(ofPart: index), offset: partStarts[index], level: 1))
            }
        }
    }

    /// Assembles the first parts, about `budget` bytes, unless some are in already: what the
    /// first page needs, done once by whoever comes first (a host while the terminal answers
    /// a question, or the session opening the book). Returns whether a part was added.
    ///
    /// A first part much longer than `budget` comes in by its start: half of `budget` at
    /// least, from ``BookSource/partStart(at:bytes:)``, rendered from only as much of the part
    /// as that takes. The rest of it follows in the next ``assemble(budget:)``.
    @discardableResult
    public func assembleFirst(budget: Int) -> Bool {
        guard partStarts.isEmpty else { return false }
        if source.partCount > 0, let start = source.partStart(at: 0, bytes: max(1, budget / 2)), !start.text.isEmpty {
            startShown = true  // before its contents entries are placed: those in the rest wait for it
            _ = add(start)
            return true
        }
        return assemble(budget: budget)
    }

    /// Assembles parts until the contents entry `index` is a chapter (``chapters`` holds it) or
    /// the book is complete. Returns whether it is one.
    @discardableResult
    public func place(chapter index: Int) -> Bool {
        while chapters.count <= index && !isComplete {
            assemble(budget: 1 << 20)
        }
        return index < chapters.count
    }

    /// The document offset a link target leads to, or nil while its part is not in
    /// (and for a place outside the book), or while only the start of its part is in and the
    /// fragment is not there. An unknown fragment leads to the part's start.
    public func offset(of target: BookLink.Target) -> Int? {
        guard case .part(let index, let fragment) = target, index >= 0, index < partStarts.count else { return nil }
        let local = fragment.flatMap { anchors[index][$0] }
        // An anchor not in the start shown of a part may be in the rest of it.
        if fragment != nil, local == nil, startShown, index == 0 { return nil }
        return partStarts[index] + (local ?? 0)
    }

    /// The links whose text overlaps `range`, in text order. O(log links + result).
    public func links(overlapping range: Range<Int>) -> ArraySlice<BookLink> {
        var low = 0, high = links.count
        while low < high {
            let mid = (low + high) / 2
            if links[mid].range.upperBound <= range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < links.count && links[end].range.lowerBound < range.upperBound { end += 1 }
        return links[low..<end]
    }

    /// The part holding document offset `offset`.
    public func part(containing offset: Int) -> Int? {
        guard let first = partStarts.first, offset >= first else { return nil }
        var low = 0, high = partStarts.count
        while low + 1 < high {
            let mid = (low + high) / 2
            if partStarts[mid] <= offset { low = mid } else { high = mid }
        }
        return low
    }

    /// The first line of a part, without its escapes, for a chapter title.
    private func firstLine(ofPart index: Int) -> String {
        let start = partStarts[index]
        return text.withBytes(start..<(start + 512)) { bytes in
            var decoder = TextDecoder()
            var title = ""
            var i = 0
            while i < bytes.count {
                guard let (unit, length) = decoder.unit(in: bytes, at: i, isFinal: true) else { break }
                switch unit {
                case .glyph(let scalar, _): title.unicodeScalars.append(scalar)
                case .space, .tab: if !title.isEmpty { title.append(" ") }
                case .lineBreak, .pageBreak: if !title.isEmpty { return title }
                case .control: break
                }
                if title.count >= 60 { break }
                i += length
            }
            return title.isEmpty ? "Part \(index + 1)" : title
        }
    }
}
