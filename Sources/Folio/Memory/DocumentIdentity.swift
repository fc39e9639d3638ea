/// Which document a saved reading position belongs to: a stable string key.
///
/// Build one with ``file(path:size:modifiedSeconds:modifiedNanoseconds:)``
/// for a file (an edited file — new size or time — is a new document, so a
/// stale anchor is never applied to changed text) or ``content(_:)`` for
/// text without a name, such as standard input. The key is plain text and
/// the same on every run; ``fingerprint`` turns it into a stable 64-bit
/// number, e.g. for a file name.
///
/// ```swift
/// let id = DocumentIdentity.file(path: "/home/ada/notes.md", size: 18_204,
///                                modifiedSeconds: 1_717_171_717, modifiedNanoseconds: 250_000_000)
/// id.key   // "file size=18204 mtime=1717171717.250000000 path=/home/ada/notes.md"
/// ```
public struct DocumentIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The identity as text; two identities are the same document exactly when their keys are equal.
    public let key: String

    /// An identity with a key the host chose (any string, e.g. a URL or a book's ISBN).
    public init(key: String) {
        self.key = key
    }

    /// The identity of a file from values the host read with `stat`.
    ///
    /// - Parameters:
    ///   - path: the file's path as the host wants it remembered; pass an
    ///     absolute, resolved path so `folio notes.md` and `folio ./notes.md`
    ///     agree (`FolioStore` has a helper that does this).
    ///   - size: the size in bytes.
    ///   - modifiedSeconds: the modification time, whole seconds since 1970-01-01 UTC.
    ///   - modifiedNanoseconds: the rest of the modification time, 0 ..< 1_000_000_000;
    ///     other values are kept as given (they only have to be the same each run).
    ///
    /// Cost: O(path length). The path comes last in the key, after fields
    /// without spaces, so no two different files share a key.
    public static func file(path: String, size: Int, modifiedSeconds: Int64, modifiedNanoseconds: Int = 0) -> DocumentIdentity {
        var nanos = String(modifiedNanoseconds)
        if modifiedNanoseconds >= 0, nanos.count < 9 { nanos = String(repeating: "0", count: 9 - nanos.count) + nanos }
        return DocumentIdentity(key: "file size=\(size) mtime=\(modifiedSeconds).\(nanos) path=\(path)")
    }

    /// The identity of unnamed text by its content: the FNV-1a 64 hash and the length of its bytes.
    ///
    /// Hash the bytes as they arrive and call this when the input has ended:
    ///
    /// ```swift
    /// var hash = FNV1a64()
    /// for chunk in input { hash.combine(chunk) }
    /// let id = DocumentIdentity.content(hash)   // "content bytes=… fnv1a64=…"
    /// ```
    ///
    /// Cost: O(1).
    public static func content(_ hash: FNV1a64) -> DocumentIdentity {
        DocumentIdentity(key: "content bytes=\(hash.byteCount) fnv1a64=\(hash.hex)")
    }

    /// The identity of unnamed text whose bytes are all at hand. Cost: O(bytes).
    public static func content(of bytes: some Sequence<UInt8>) -> DocumentIdentity {
        var hash = FNV1a64()
        hash.combine(bytes)
        return content(hash)
    }

    /// The FNV-1a 64 hash of the key's UTF-8 bytes: the same on every run and platform.
    /// Cost: O(key length).
    public var fingerprint: FNV1a64 {
        var hash = FNV1a64()
        hash.combine(key.utf8)
        return hash
    }

    /// The key.
    public var description: String { key }
}
