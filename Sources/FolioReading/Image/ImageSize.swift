/// An image's size in a host's units (window pixels): its natural size as
/// the host read it from the image's bytes, or the size it is drawn at.
///
/// The reading layer decodes no image: the host says how large an image is
/// (``TextMeasurer/imageSize(of:in:)``), and pagination works out how many
/// rows it takes with ``fitted(width:height:maximumScale:)`` and
/// ``rows(geometry:lineHeight:)``, which a host also uses to draw it, so the
/// two agree.
///
/// ```swift
/// let photo = ImageSize(width: 400, height: 300)
/// photo.fitted(width: 200, height: 500)   // 200×150: as wide as the column
/// photo.fitted(width: 2000, height: 2000) // 800×600: never more than twice its size
/// ```
public struct ImageSize: Hashable, Sendable, CustomStringConvertible {
    /// The width, ≥ 1.
    public let width: Int
    /// The height, ≥ 1.
    public let height: Int

    /// A size of `width` × `height`; each value is raised to at least 1.
    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// How much larger than its natural size an image may be drawn: 2×.
    public static let maximumScale = 2.0

    /// The largest size with this one's aspect ratio inside a box of
    /// `width` × `height`, at most `maximumScale` times this size, at least 1 × 1.
    public func fitted(width boxWidth: Int, height boxHeight: Int, maximumScale: Double = Self.maximumScale) -> ImageSize {
        let scale = min(maximumScale, Double(max(1, boxWidth)) / Double(width), Double(max(1, boxHeight)) / Double(height))
        return ImageSize(width: min(max(1, boxWidth), Int((Double(width) * scale).rounded())),
                         height: min(max(1, boxHeight), Int((Double(height) * scale).rounded())))
    }

    /// The rows of `lineHeight` an image of this natural size takes on a
    /// page of `geometry`: its height fitted to the line width and the
    /// page's height, in whole rows, 1 … `geometry.lines`.
    public func rows(geometry: PageGeometry, lineHeight: Int) -> Int {
        let line = max(1, lineHeight)
        let drawn = fitted(width: geometry.width, height: geometry.lines * line).height
        return min(geometry.lines, max(1, (drawn + line - 1) / line))
    }

    /// `400×300`.
    public var description: String { "\(width)×\(height)" }
}
