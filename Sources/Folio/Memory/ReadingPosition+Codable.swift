extension ReadingPosition: Codable {
    /// The stored fields: `anchor`, `page`, `pageCount`, and `marks` when there are any.
    enum CodingKeys: String, CodingKey {
        case anchor, page, pageCount, marks
    }

    /// Decodes a position, refusing values the initializer would clamp: a
    /// stored file that says page 7 of 3 is corrupt, not something to guess at.
    /// A position saved before marks were kept has no `marks` and loads with none.
    ///
    /// Throws `DecodingError.dataCorrupted` for a negative anchor or page, a
    /// page outside the page count, or a mark whose name is not one character
    /// or whose offset is negative.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let anchor = try container.decode(Int.self, forKey: .anchor)
        let page = try container.decode(Int.self, forKey: .page)
        let pageCount = try container.decode(Int.self, forKey: .pageCount)
        let named = try container.decodeIfPresent([String: Int].self, forKey: .marks) ?? [:]
        func refuse(_ key: CodingKeys, _ why: String) -> DecodingError {
            .dataCorruptedError(forKey: key, in: container, debugDescription: why)
        }
        guard anchor >= 0 else { throw refuse(.anchor, "the anchor \(anchor) is negative") }
        guard page >= 0 else { throw refuse(.page, "the page \(page) is negative") }
        guard page < pageCount else { throw refuse(.pageCount, "page \(page) is not below the page count \(pageCount)") }
        var marks: [Character: Int] = [:]
        for (name, offset) in named {
            // The name as Swift writes a string literal (quoted, a line break as \n): the reason stays one line.
            guard name.count == 1, let letter = name.first else { throw refuse(.marks, "the mark \(name.debugDescription) is not one character") }
            guard offset >= 0 else { throw refuse(.marks, "the mark \(name.debugDescription) is at a negative offset, \(offset)") }
            marks[letter] = offset
        }
        self.init(anchor: anchor, page: page, pageCount: pageCount, marks: marks)
    }

    /// Encodes `anchor`, `page` and `pageCount` as integers, and `marks` as an
    /// object from each mark's name to its offset, left out when there are none
    /// (so a reader who marks nothing writes what earlier versions wrote).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(anchor, forKey: .anchor)
        try container.encode(page, forKey: .page)
        try container.encode(pageCount, forKey: .pageCount)
        if !marks.isEmpty {
            try container.encode(Dictionary(uniqueKeysWithValues: marks.map { (String($0.key), $0.value) }), forKey: .marks)
        }
    }
}
