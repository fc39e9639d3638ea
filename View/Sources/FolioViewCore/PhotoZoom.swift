/// A photo's zoom and pan in a window, PhotoScroller's rules as a value.
///
/// Units: ``scale`` is window pixels per image pixel; ``centre`` is the image
/// point (in image pixels) shown at the middle of the window. At the fit
/// scale the whole photo shows, centred; photos smaller than the window
/// are never blown up to fit (fit is at most 1).
///
/// ```swift
/// var zoom = PhotoZoom(image: PixelSize(width: 5640, height: 3172), viewport: PixelSize(width: 1280, height: 800))
/// zoom.zoom(to: 1, toward: (x: 200, y: 100))   // 100 %, the point under the pointer stays put
/// let rest = zoom.pan(dx: -300, dy: 0)           // what the photo could not take goes to the pager
/// zoom.reset()                                   // back to fit when the page leaves
/// ```
public struct PhotoZoom: Hashable, Sendable, CustomStringConvertible {
    /// The photo's full size, in image pixels.
    public var image: PixelSize
    /// The window's size, in pixels.
    public var viewport: PixelSize
    /// Window pixels per image pixel, in ``fitScale`` … ``maximumScale``.
    public private(set) var scale: Double
    /// The image point at the middle of the window, image pixels.
    public private(set) var centre: (x: Double, y: Double)

    /// A photo at fit scale, centred.
    public init(image: PixelSize, viewport: PixelSize) {
        self.image = image
        self.viewport = viewport
        scale = 1
        centre = (Double(image.width) / 2, Double(image.height) / 2)
        scale = fitScale
    }

    /// The scale at which the whole photo fits the window, at most 1.
    public var fitScale: Double {
        guard image.width > 0, image.height > 0 else { return 1 }
        return min(1, Double(viewport.width) / Double(image.width), Double(viewport.height) / Double(image.height))
    }

    /// The largest scale: 4 × the larger of fit and 100 %.
    public var maximumScale: Double { 4 * max(1, fitScale) }

    /// Whether the photo is magnified past fit.
    public var isZoomed: Bool { scale > fitScale * 1.0001 }

    /// Sets the scale (clamped to fit … maximum), keeping the image point under
    /// `point` (window pixels) where it is, as far as the edges allow.
    public mutating func zoom(to newScale: Double, toward point: (x: Double, y: Double)) {
        let target = min(max(newScale, fitScale), maximumScale)
        let vx = Double(viewport.width) / 2, vy = Double(viewport.height) / 2
        let ix = centre.x + (point.x - vx) / scale, iy = centre.y + (point.y - vy) / scale
        scale = target
        centre = (ix - (point.x - vx) / scale, iy - (point.y - vy) / scale)
        clamp()
    }

    /// Multiplies the scale by `factor` toward `point` (a wheel notch, `+`/`-`).
    public mutating func zoom(by factor: Double, toward point: (x: Double, y: Double)) {
        zoom(to: scale * factor, toward: point)
    }

    /// Fit ↔ 100 % toward `point`, as a double-click does.
    public mutating func toggleFit(toward point: (x: Double, y: Double)) {
        if isZoomed { reset() } else { zoom(to: max(1, fitScale * 2), toward: point) }
    }

    /// Back to fit, centred (when the page leaves the window).
    public mutating func reset() {
        scale = fitScale
        centre = (Double(image.width) / 2, Double(image.height) / 2)
    }

    /// Moves the photo by (`dx`, `dy`) window pixels as far as its edges
    /// allow, and returns the horizontal part it could not take, for paging
    /// on at the zoomed photo's edges.
    @discardableResult
    public mutating func pan(dx: Double, dy: Double) -> Double {
        let before = centre.x
        centre = (centre.x - dx / scale, centre.y - dy / scale)
        clamp()
        let taken = (before - centre.x) * scale
        return dx - taken
    }

    /// Where the photo is drawn, in window pixels: its left, top, width and height.
    public var frame: (x: Double, y: Double, width: Double, height: Double) {
        let w = Double(image.width) * scale, h = Double(image.height) * scale
        return (Double(viewport.width) / 2 - centre.x * scale, Double(viewport.height) / 2 - centre.y * scale, w, h)
    }

    /// Keeps the photo covering the window where it is larger than the window, centred where it is not.
    mutating func clamp() {
        func clamped(_ c: Double, image: Int, viewport: Int) -> Double {
            let half = Double(viewport) / 2 / scale
            if Double(image) * scale <= Double(viewport) { return Double(image) / 2 }
            return min(max(c, half), Double(image) - half)
        }
        centre = (clamped(centre.x, image: image.width, viewport: viewport.width),
                  clamped(centre.y, image: image.height, viewport: viewport.height))
    }

    /// Equal when the image, window, scale and centre are.
    public static func == (a: PhotoZoom, b: PhotoZoom) -> Bool {
        a.image == b.image && a.viewport == b.viewport && a.scale == b.scale && a.centre == b.centre
    }

    /// Hashes the image, window, scale and centre.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(image); hasher.combine(viewport); hasher.combine(scale)
        hasher.combine(centre.x); hasher.combine(centre.y)
    }

    /// The part of the image the window shows, in image pixels (whole
    /// pixels, rounded outwards, inside the image).
    public var visibleRegion: PixelRect {
        let halfWidth = Double(viewport.width) / 2 / scale, halfHeight = Double(viewport.height) / 2 / scale
        let x0 = max(0, Int((centre.x - halfWidth).rounded(.down))), y0 = max(0, Int((centre.y - halfHeight).rounded(.down)))
        let x1 = min(image.width, Int((centre.x + halfWidth).rounded(.up))), y1 = min(image.height, Int((centre.y + halfHeight).rounded(.up)))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The region worth decoding sharp for this zoom: the visible part and
    /// half as much again on every side (so a short pan stays sharp), inside the image.
    public var detailRegion: PixelRect {
        let visible = visibleRegion
        let mx = visible.width / 2, my = visible.height / 2
        let x0 = max(0, visible.x - mx), y0 = max(0, visible.y - my)
        let x1 = min(image.width, visible.x + visible.width + mx), y1 = min(image.height, visible.y + visible.height + my)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A compact, readable form for logs and test failures: `zoom 100% at (2820, 1586)`.
    public var description: String {
        "zoom \(Int((scale * 100).rounded()))% at (\(Int(centre.x)), \(Int(centre.y)))"
    }
}
