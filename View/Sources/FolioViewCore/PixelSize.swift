/// A width and height in whole pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    /// The width in pixels, ≥ 0.
    public var width: Int
    /// The height in pixels, ≥ 0.
    public var height: Int

    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The bytes an image of this size takes at `bytesPerPixel` (4 for RGBA).
    public func bytes(perPixel bytesPerPixel: Int = 4) -> Int { width * height * bytesPerPixel }

    /// The largest size with this one's aspect ratio that fits in `box`,
    /// never larger than this size (photos are shrunk to the window, never
    /// blown up when decoded), and at least 1 × 1.
    ///
    /// A 5640 × 3172 photo in a 1280 × 800 window decodes to 1280 × 720:
    /// 3.7 MB in RGBA instead of the full image's 71.6 MB.
    public func downsampled(toFit box: PixelSize) -> PixelSize {
        guard width > 0, height > 0 else { return PixelSize(width: 0, height: 0) }
        let scale = min(1, Double(max(box.width, 1)) / Double(width), Double(max(box.height, 1)) / Double(height))
        return PixelSize(width: max(1, Int((Double(width) * scale).rounded())),
                         height: max(1, Int((Double(height) * scale).rounded())))
    }

    /// A compact, readable form for logs and test failures: `1280×720`.
    public var description: String { "\(width)×\(height)" }
}

/// A rectangle of whole pixels: its top-left corner and its size.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// The left edge.
    public var x: Int
    /// The top edge.
    public var y: Int
    /// The width, ≥ 0.
    public var width: Int
    /// The height, ≥ 0.
    public var height: Int

    /// The rectangle from (`x`, `y`), `width` × `height` pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether `other` lies wholly inside this rectangle.
    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }

    /// A compact, readable form: `(10, 20) 300×200`.
    public var description: String { "(\(x), \(y)) \(width)×\(height)" }
}
