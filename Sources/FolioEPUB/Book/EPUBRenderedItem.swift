/// One spine item turned into display text: UTF-8 in which styles are SGR
/// escape sequences, plus the side tables a reader needs to follow links,
/// show images, and find chapters and page breaks.
///
/// Every offset and range counts bytes of ``text``. Lines are paragraphs
/// (the reader reflows them); blocks are separated by one empty line.
public struct EPUBRenderedItem: Hashable, Sendable, CustomStringConvertible {
    /// The display text (see the module's article for its conventions).
    public var text: [UInt8]
    /// Element id → byte offset where its content begins, for links to `#fragment`.
    public var anchors: [String: Int]
    /// Links, in text order.
    public var links: [EPUBLink]
    /// Images, in text order.
    public var images: [EPUBImage]
    /// Headings, in text order: chapters for a book without a table of contents.
    public var headings: [EPUBHeading]
    /// Byte offsets (ascending, each a line start) where CSS asks for a new page.
    public var pageBreaks: [Int]
    /// Byte ranges of lines whose base direction is right to left (`dir="rtl"` or CSS `direction: rtl`).
    public var rightToLeftRanges: [Range<Int>]
    /// The text of elements written after reading their later children (a reversed list's
    /// items, a ruby, a note reference): cut short, they would be written otherwise.
    var lookaheads: [Range<Int>] = []

    /// A rendered item from its parts.
    public init(
        text: [UInt8] = [], anchors: [String: Int] = [:], links: [EPUBLink] = [], images: [EPUBImage] = [],
        headings: [EPUBHeading] = [], pageBreaks: [Int] = [], rightToLeftRanges: [Range<Int>] = []
    ) {
        self.text = text
        self.anchors = anchors
        self.links = links
        self.images = images
        self.headings = headings
        self.pageBreaks = pageBreaks
        self.rightToLeftRanges = rightToLeftRanges
    }

    /// This item, rendered from the start of a document, cut to what the whole document's
    /// rendering begins with: its text up to the end of its last line that no element cut short
    /// can have changed, and what lies there. Nil when that is less than `minimum` bytes.
    ///
    /// The writing is a walk that never goes back, so a line ended before the end of what was
    /// read is written as the whole document writes it; only elements that read ahead
    /// (``lookaheads``) and reach the cut could differ, and the cut goes before them.
    func start(atLeast minimum: Int) -> EPUBRenderedItem? {
        var end = text.count
        while true {
            guard let lineEnd = text[..<end].lastIndex(of: 0x0A) else { return nil }
            let cut = lineEnd + 1
            if let reaching = lookaheads.first(where: { $0.lowerBound < cut && $0.upperBound >= cut }) {
                end = reaching.lowerBound
                continue
            }
            guard cut >= minimum else { return nil }
            return EPUBRenderedItem(
                text: Array(text[..<cut]),
                anchors: anchors.filter { $0.value < cut },
                links: links.filter { $0.range.upperBound < cut },
                images: images.filter { $0.offset < cut },
                headings: headings.filter { $0.offset < cut },
                pageBreaks: pageBreaks.filter { $0 < cut },
                rightToLeftRanges: rightToLeftRanges.compactMap { $0.lowerBound < cut ? $0.lowerBound..<min($0.upperBound, cut) : nil })
        }
    }

    /// The text as a `String` (escapes included).
    public var string: String { String(decoding: text, as: UTF8.self) }

    /// `1234 bytes, 12 anchors, 3 links, 1 image, 4 headings, 0 page breaks`.
    public var description: String {
        "\(text.count) bytes, \(anchors.count) anchors, \(links.count) links, \(images.count) images, "
            + "\(headings.count) headings, \(pageBreaks.count) page breaks"
    }
}

/// A link in display text: the bytes it covers and where it goes.
public struct EPUBLink: Hashable, Sendable, CustomStringConvertible {
    /// Where a link leads.
    public enum Target: Hashable, Sendable, CustomStringConvertible {
        /// A document of the book (archive path) and an optional element id in it.
        case book(path: String, fragment: String?)
        /// A URL outside the book (`https:`, `mailto:`, …).
        case external(String)

        /// `OEBPS/notes.xhtml#n1` or the URL.
        public var description: String {
            switch self {
            case .book(let path, let fragment): fragment.map { "\(path)#\($0)" } ?? path
            case .external(let url): url
            }
        }
    }

    /// The bytes of ``EPUBRenderedItem/text`` the link covers (its visible text and any escapes inside).
    public var range: Range<Int>
    /// Where it leads.
    public var target: Target

    /// A link from its parts.
    public init(range: Range<Int>, target: Target) {
        self.range = range
        self.target = target
    }

    /// `12..<20 → OEBPS/notes.xhtml#n1`.
    public var description: String { "\(range.lowerBound)..<\(range.upperBound) → \(target)" }
}

/// An image shown in display text as its own line, `[image: ALT]`.
public struct EPUBImage: Hashable, Sendable, CustomStringConvertible {
    /// Byte offset of the image's placeholder line in ``EPUBRenderedItem/text``.
    public var offset: Int
    /// The image's archive path (pass it to ``EPUBBook/resource(_:)``).
    public var path: String
    /// Its alternative text, if it has any that is not blank.
    public var alt: String?
    /// True when the document shows nothing but images: a page of its own
    /// (covers, picture books, manga).
    public var isStandalone: Bool

    /// An image from its parts.
    public init(offset: Int, path: String, alt: String? = nil, isStandalone: Bool = false) {
        self.offset = offset
        self.path = path
        self.alt = alt
        self.isStandalone = isStandalone
    }

    /// `@120 OEBPS/img/a.png "alt" (standalone)`.
    public var description: String {
        var s = "@\(offset) \(path)"
        if let alt { s += " \"\(alt)\"" }
        if isStandalone { s += " (standalone)" }
        return s
    }
}

/// A heading in display text.
public struct EPUBHeading: Hashable, Sendable, CustomStringConvertible {
    /// Byte offset of the heading's line in ``EPUBRenderedItem/text``.
    public var offset: Int
    /// 1 for `h1` … 6 for `h6`.
    public var level: Int
    /// Its text, white space collapsed, without escapes.
    public var title: String

    /// A heading from its parts.
    public init(offset: Int, level: Int, title: String) {
        self.offset = offset
        self.level = level
        self.title = title
    }

    /// `h2@340 "Title"`.
    public var description: String { "h\(level)@\(offset) \"\(title)\"" }
}
