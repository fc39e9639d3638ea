/// What a book says about itself in its package document.
public struct EPUBMetadata: Hashable, Sendable, CustomStringConvertible {
    /// The first `dc:title`, white space collapsed; the file name (without
    /// `.epub`) when the book gives none.
    public var title: String
    /// Every `dc:creator`, in the book's order (may be empty).
    public var authors: [String]
    /// The first `dc:language` (a BCP 47 tag such as `en` or `ja`), if any.
    public var language: String?
    /// The `dc:identifier` the package names as unique (else the first), if any.
    public var identifier: String?

    /// Metadata from its parts.
    public init(title: String, authors: [String] = [], language: String? = nil, identifier: String? = nil) {
        self.title = title
        self.authors = authors
        self.language = language
        self.identifier = identifier
    }

    /// `"Title" by A, B [en]`.
    public var description: String {
        var s = "\"\(title)\""
        if !authors.isEmpty { s += " by " + authors.joined(separator: ", ") }
        if let language { s += " [\(language)]" }
        return s
    }
}
