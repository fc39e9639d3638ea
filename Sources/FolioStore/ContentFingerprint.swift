#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Folio

/// The first bytes of a document, remembered beside its reading position,
/// so a saved place is used only for the same text.
///
/// A file is known by its path plus this fingerprint, not by its size or
/// modification time: `touch` and appended text keep the place (the
/// beginning is unchanged), an edit near the top or another file under the
/// same name does not. The fingerprint covers the first ``length`` bytes,
/// or the whole document when it is shorter; checking it reads that many
/// bytes again.
///
/// ```swift
/// let saved = ContentFingerprint(prefix: firstBytes)
/// saved.matches(fileAtPath: "notes.md")   // after an append: true
/// ```
public struct ContentFingerprint: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The most bytes a fingerprint covers.
    public static let length = 4096

    /// How many bytes it covers.
    public let byteCount: Int
    /// Their FNV-1a 64 hash, 16 lowercase hex digits.
    public let hash: String

    /// The fingerprint of `bytes` (the first ``length`` of them).
    public init(prefix bytes: some Collection<UInt8>) {
        var hash = FNV1a64()
        hash.combine(bytes.prefix(Self.length))
        byteCount = hash.byteCount
        self.hash = hash.hex
    }

    /// The fingerprint of the file at `path`; `nil` when it cannot be read.
    public static func of(fileAtPath path: String) -> ContentFingerprint? {
        readPrefix(path, count: length).map { ContentFingerprint(prefix: $0) }
    }

    /// Whether the file at `path` begins with the bytes this fingerprint covers.
    public func matches(fileAtPath path: String) -> Bool {
        guard let prefix = Self.readPrefix(path, count: byteCount), prefix.count == byteCount else { return false }
        return ContentFingerprint(prefix: prefix) == self
    }

    /// Whether `bytes` begin with the bytes this fingerprint covers.
    public func matches(prefixOf bytes: some Collection<UInt8>) -> Bool {
        bytes.count >= byteCount && ContentFingerprint(prefix: bytes.prefix(byteCount)) == self
    }

    /// Up to `count` bytes from the start of the file at `path`.
    static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, count - filled, off_t(filled)) }
            if n > 0 { filled += n } else if n < 0 && errno == EINTR { continue } else { break }
        }
        return Array(bytes[..<filled])
    }

    /// `4096 bytes fnv1a64 3f1c0a9b2e4d5f60`.
    public var description: String { "\(byteCount) bytes fnv1a64 \(hash)" }
}
