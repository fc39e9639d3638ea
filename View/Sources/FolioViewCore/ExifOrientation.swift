import FolioReading

/// The pixel work of turning a photo upright, in the window's pixel types;
/// the tag itself is read by the reading layer's ``FolioReading/ExifOrientation``.
extension ExifOrientation {
    /// The size shown for pixels stored at `size`.
    public func shownSize(of size: PixelSize) -> PixelSize {
        swapsSides ? PixelSize(width: size.height, height: size.width) : size
    }

    /// `rgba` (4 bytes a pixel, rows packed, stored at `size`) turned upright, and its new size.
    /// O(pixels); returns the input unchanged for ``upright``.
    public func apply(to rgba: [UInt8], size: PixelSize) -> (rgba: [UInt8], size: PixelSize) {
        let (turned, shown) = turn(rgba, width: size.width, height: size.height)
        return (turned, PixelSize(width: shown.width, height: shown.height))
    }

    /// Where the pixel shown at (`x`, `y`) is stored, in an image stored at `stored`.
    @inline(__always)
    public func storedPoint(x: Int, y: Int, stored: PixelSize) -> (x: Int, y: Int) {
        storedPoint(x: x, y: y, storedWidth: stored.width, storedHeight: stored.height)
    }

    /// The stored pixels of the rectangle `shown` of the upright picture, in
    /// an image stored at `stored`: cropping them and turning the crop
    /// upright (``apply(to:size:)``) gives exactly that part of the picture.
    public func storedRect(of shown: PixelRect, stored: PixelSize) -> PixelRect {
        guard shown.width > 0, shown.height > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let a = storedPoint(x: shown.x, y: shown.y, stored: stored)
        let b = storedPoint(x: shown.x + shown.width - 1, y: shown.y + shown.height - 1, stored: stored)
        return PixelRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x) + 1, height: abs(a.y - b.y) + 1)
    }

}
