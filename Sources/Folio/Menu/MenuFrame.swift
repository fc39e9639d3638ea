/// A horizontal span of a ``MenuStrip``: where an item or the underline lies.
///
/// `x` is measured from the left edge of the strip's content (content
/// coordinates; subtract ``MenuStrip/scrollOffset`` for the viewport), in
/// the host's unit. The span is half-open, `x ..< x + width`, so two items
/// that touch never both contain a point.
public struct MenuFrame: Hashable, Sendable, CustomStringConvertible {
    /// The left edge, in content coordinates.
    public var x: Double
    /// The extent to the right of `x`, ≥ 0.
    public var width: Double

    /// Creates a frame from its left edge and width.
    public init(x: Double, width: Double) {
        self.x = x
        self.width = width
    }

    /// The right edge, `x + width` (not part of the frame).
    public var maxX: Double { x + width }

    /// The centre, `x + width / 2`.
    public var midX: Double { x + width / 2 }

    /// Whether `point` lies in `x ..< x + width`; an empty frame contains nothing.
    public func contains(_ point: Double) -> Bool { point >= x && point < x + width }

    /// The frame `fraction` of the way from this one to `other`: edges and
    /// width move linearly, exactly `self` at 0 and exactly `other` at 1.
    ///
    /// `fraction` is clamped into 0 … 1 (NaN counts as 0). Cost: O(1).
    ///
    /// ```swift
    /// MenuFrame(x: 10, width: 8).interpolated(to: MenuFrame(x: 20, width: 4), fraction: 0.5)  // x 15, width 6
    /// ```
    public func interpolated(to other: MenuFrame, fraction: Double) -> MenuFrame {
        let t = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        // (1 − t)·a + t·b rather than a + t·(b − a): exact at both ends.
        return MenuFrame(x: (1 - t) * x + t * other.x, width: (1 - t) * width + t * other.width)
    }

    /// A compact, readable form for logs and test failures, e.g. `12..<20`.
    public var description: String { "\(menuNumber(x))..<\(menuNumber(maxX))" }
}
