import FolioReading

/// The bounds a hostile or broken comic runs into before it can cost much
/// memory or time, as ``FolioEPUB/EPUBLimits`` does for books.
///
/// Sizes count the bytes actually decompressed, never what an archive's
/// headers claim, and a page's pixels are counted from its header before
/// anything decodes it.
///
/// ```swift
/// var limits = ComicLimits()
/// limits.maximumPixels = 40_000_000   // refuse pages over 40 megapixels
/// let comic = try ComicArchive.open(path: "issue-1.cbz", limits: limits)
/// ```
public struct ComicLimits: Hashable, Sendable, CustomStringConvertible {
    /// The most bytes one entry may decompress to (128 MB by default).
    public var maximumEntryBytes: Int
    /// The most the bytes read may grow on decompressing, as bytes out ÷ bytes
    /// read from the file (200 by default), checked once ``ratioThreshold``
    /// bytes came out: pictures are already compressed, a bomb is not.
    public var maximumRatio: Int
    /// Bytes out below which ``maximumRatio`` is not checked (4 MB by default).
    public var ratioThreshold: Int
    /// The most entries an archive may hold (20,000 by default).
    public var maximumEntries: Int
    /// The most pixels a page may have, read from its header (2^26, some 67
    /// megapixels, by default): a 50,000 × 50,000 header is refused before decoding.
    public var maximumPixels: Int

    /// The defaults: 128 MB per entry, 200:1 past 4 MB, 20,000 entries, 67 megapixels a page.
    public init(maximumEntryBytes: Int = 128 << 20, maximumRatio: Int = 200, ratioThreshold: Int = 4 << 20,
                maximumEntries: Int = 20_000, maximumPixels: Int = 1 << 26) {
        self.maximumEntryBytes = maximumEntryBytes
        self.maximumRatio = maximumRatio
        self.ratioThreshold = ratioThreshold
        self.maximumEntries = maximumEntries
        self.maximumPixels = maximumPixels
    }

    /// Whether a page of `size` is small enough to decode.
    public func allows(_ size: ImageSize) -> Bool { size.width * size.height <= maximumPixels }

    /// `entry ≤ 128 MB, ratio ≤ 200:1 past 4 MB, ≤ 20000 entries, ≤ 67108864 pixels a page`.
    public var description: String {
        "entry ≤ \(maximumEntryBytes >> 20) MB, ratio ≤ \(maximumRatio):1 past \(ratioThreshold >> 20) MB, "
            + "≤ \(maximumEntries) entries, ≤ \(maximumPixels) pixels a page"
    }
}
