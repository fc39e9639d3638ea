extension ReadingPosition: Codable {
    /// The stored fields: `anchor`, `page`, `pageCount`.
    enum CodingKeys: String, CodingKey {
        case anchor, page, pageCount
    }

    /// Decodes a position, refusing values the initializer would clamp: a
    /// stored file that says page 7 of 3 is corrupt, not something to guess at.
    ///
    /// Throws `DecodingError.dataCorrupted` for a negative anchor or page, or
    /// a page outside the page count.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let anchor = try container.decode(Int.self, forKey: .anchor)
        let page = try container.decode(Int.self, forKey: .page)
        let pageCount = try container.decode(Int.self, forKey: .pageCount)
        func refuse(_ key: CodingKeys, _ why: String) -> DecodingError {
            .dataCorruptedError(forKey: key, in: container, debugDescription: why)
        }
        guard anchor >= 0 else { throw refuse(.anchor, "the anchor \(anchor) is negative") }
        guard page >= 0 else { throw refuse(.page, "the page \(page) is negative") }
        guard page < pageCount else { throw refuse(.pageCount, "page \(page) is not below the page count \(pageCount)") }
        self.init(anchor: anchor, page: page, pageCount: pageCount)
    }

    /// Encodes `anchor`, `page` and `pageCount` as integers.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(anchor, forKey: .anchor)
        try container.encode(page, forKey: .page)
        try container.encode(pageCount, forKey: .pageCount)
    }
}
