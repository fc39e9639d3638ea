/// The bounds a hostile or broken book runs into before it can cost much
/// memory or time.
///
/// Sizes count the bytes actually inflated, never what an archive's headers
/// claim: a zip bomb whose directory says "100 bytes" is still stopped at
/// ``maximumEntryBytes``.
///
/// ```swift
/// var limits = EPUBLimits()
/// limits.maximumEntryBytes = 16 << 20   // refuse chapters over 16 MB
/// let book = try EPUBBook.open(path: "book.epub", limits: limits)
/// ```
public struct EPUBLimits: Hashable, Sendable, CustomStringConvertible {
    /// The most bytes one entry may inflate to (64 MB by default).
    public var maximumEntryBytes: Int
    /// The most an entry may grow on inflating, as inflated ÷ compressed
    /// bytes (200 by default); checked once it has inflated past
    /// ``ratioThreshold``, since tiny files legitimately compress well.
    public var maximumRatio: Int
    /// Inflated bytes below which ``maximumRatio`` is not checked (1 MB by default).
    public var ratioThreshold: Int
    /// The most entries the archive's directory may list (20 000 by default).
    public var maximumEntries: Int
    /// The most bytes one operation — ``EPUBBook/open(path:limits:)``, one
    /// ``EPUBBook/render(spineItem:)`` or one ``EPUBBook/resource(_:)`` —
    /// may inflate across all the entries it reads (256 MB by default).
    public var maximumTotalBytes: Int
    /// The deepest element nesting kept as structure (256 by default);
    /// deeper elements keep their text but lose their markup.
    public var maximumDepth: Int

    /// The defaults: 64 MB per entry, 200:1 past 1 MB, 20 000 entries,
    /// 256 MB per operation, nesting 256 deep.
    public init(
        maximumEntryBytes: Int = 64 << 20,
        maximumRatio: Int = 200,
        ratioThreshold: Int = 1 << 20,
        maximumEntries: Int = 20_000,
        maximumTotalBytes: Int = 256 << 20,
        maximumDepth: Int = 256
    ) {
        self.maximumEntryBytes = maximumEntryBytes
        self.maximumRatio = maximumRatio
        self.ratioThreshold = ratioThreshold
        self.maximumEntries = maximumEntries
        self.maximumTotalBytes = maximumTotalBytes
        self.maximumDepth = maximumDepth
    }

    /// `entry ≤ 64 MB, ratio ≤ 200:1 past 1 MB, ≤ 20000 entries, ≤ 256 MB per operation, depth ≤ 256`.
    public var description: String {
        "entry ≤ \(EPUBError.megabytes(maximumEntryBytes)), ratio ≤ \(maximumRatio):1 past "
            + "\(EPUBError.megabytes(ratioThreshold)), ≤ \(maximumEntries) entries, ≤ "
            + "\(EPUBError.megabytes(maximumTotalBytes)) per operation, depth ≤ \(maximumDepth)"
    }
}
