extension DocumentIdentity: Codable {
    /// Decodes an identity stored as its key, a single string.
    public init(from decoder: any Decoder) throws {
        key = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the identity as its key, a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(key)
    }
}
