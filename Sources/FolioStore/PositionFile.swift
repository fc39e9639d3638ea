import Folio

/// What a position file holds: a format version, the document it belongs
/// to and the position with its marks, as one flat JSON object.
///
/// ```json
/// {
///   "anchor" : 5120,
///   "document" : "file size=18204 mtime=1717171717.250000000 path=/home/ada/notes.md",
///   "format" : 1,
///   "marks" : { "'" : 880, "a" : 4096 },
///   "page" : 12,
///   "pageCount" : 340
/// }
/// ```
///
/// `marks` came later than the rest and is left out when there are none, so
/// the format stays 1: a file written before it loads with no marks, and an
/// earlier folio reads a file with marks (ignoring them).
struct PositionFile: Codable, Hashable, Sendable {
    /// The format this version writes and reads.
    static let currentFormat = 1

    var format: Int
    var document: DocumentIdentity
    var position: ReadingPosition
    /// The document's first bytes when it was saved; optional, so files without one still load.
    var fingerprint: ContentFingerprint?

    init(document: DocumentIdentity, position: ReadingPosition, fingerprint: ContentFingerprint? = nil) {
        format = Self.currentFormat
        self.document = document
        self.position = position
        self.fingerprint = fingerprint
    }

    enum CodingKeys: String, CodingKey {
        case format, document, fingerprint
    }

    /// Just the format field, read first so a newer format is told apart from damage.
    struct Probe: Decodable {
        var format: Int
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(Int.self, forKey: .format)
        document = try container.decode(DocumentIdentity.self, forKey: .document)
        fingerprint = try container.decodeIfPresent(ContentFingerprint.self, forKey: .fingerprint)
        // The position's fields sit beside these; its decoder checks their ranges.
        position = try ReadingPosition(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(document, forKey: .document)
        try container.encodeIfPresent(fingerprint, forKey: .fingerprint)
        try position.encode(to: encoder)
    }
}
