/// One document of a book's reading order.
public struct EPUBSpineItem: Hashable, Sendable, CustomStringConvertible {
    /// The manifest id the spine refers to.
    public var id: String
    /// The document's archive path, such as `OEBPS/chapter1.xhtml`.
    public var href: String
    /// The manifest's media type, such as `application/xhtml+xml`.
    public var mediaType: String
    /// False for `linear="no"` items: out of the reading flow, reached from
    /// the table of contents or links (notes, answers, other languages).
    public var isLinear: Bool
    /// The itemref's `properties` (such as `page-spread-left`).
    public var properties: [String]
    /// Whether its lines run vertically, from its CSS on `html` or `body`
    /// (or the book's `primary-writing-mode`).
    public var writingMode: EPUBWritingMode

    /// A spine item from its parts.
    public init(
        id: String, href: String, mediaType: String, isLinear: Bool = true, properties: [String] = [],
        writingMode: EPUBWritingMode = .horizontal
    ) {
        self.id = id
        self.href = href
        self.mediaType = mediaType
        self.isLinear = isLinear
        self.properties = properties
        self.writingMode = writingMode
    }

    /// `OEBPS/ch1.xhtml (application/xhtml+xml, non-linear, vertical-rl)`.
    public var description: String {
        var notes = [mediaType]
        if !isLinear { notes.append("non-linear") }
        if writingMode.isVertical { notes.append(writingMode.description) }
        notes += properties
        return "\(href) (\(notes.joined(separator: ", ")))"
    }
}
