/// How a page indicator looks: how many dots at most, how the edge dots
/// shrink, and the dot geometry in the host's unit.
///
/// Lengths are in the host's unit along the indicator's axis (points,
/// pixels, terminal columns). The defaults suit a phone (8-point dots, 8
/// points apart, 7 dots with the two outermost at each edge shrunk to 0.5
/// and 0.7); a terminal host might use 1-column dots 1 column apart:
///
/// ```swift
/// let terminal = IndicatorStyle(maximumVisibleDots: 9, dotDiameter: 1, spacing: 1)
/// ```
///
/// Nothing is checked here; ``PageIndicator`` throws ``IndicatorError`` for
/// invalid values.
public struct IndicatorStyle: Hashable, Sendable, CustomStringConvertible {
    /// The most dots shown at once, ≥ 1 (default 7). With more pages, a
    /// window of this many dots slides with the current page.
    public var maximumVisibleDots: Int
    /// Scales of the dots at a window edge that has more pages beyond it,
    /// outermost first, each in 0 < scale ≤ 1 (default `[0.5, 0.7]`).
    ///
    /// At most `(maximumVisibleDots − 1) / 2` of them are used, so at least
    /// one full-size dot, the current one, stays between the two edges.
    public var edgeScales: [Double]
    /// The diameter of a full-size dot, > 0 (default 8).
    public var dotDiameter: Double
    /// The gap between neighbouring full-size dots, ≥ 0 (default 8). Dot
    /// centres are `dotDiameter + spacing` apart whatever their scale.
    public var spacing: Double
    /// How far beyond a dot's full-size edge a tap still counts as a tap on
    /// that dot, ≥ 0 (default 0). Taps elsewhere step one page.
    public var hitSlop: Double

    /// Creates a style; see each property for its range and default.
    public init(
        maximumVisibleDots: Int = 7,
        edgeScales: [Double] = [0.5, 0.7],
        dotDiameter: Double = 8,
        spacing: Double = 8,
        hitSlop: Double = 0
    ) {
        self.maximumVisibleDots = maximumVisibleDots
        self.edgeScales = edgeScales
        self.dotDiameter = dotDiameter
        self.spacing = spacing
        self.hitSlop = hitSlop
    }

    /// The distance between neighbouring dot centres: `dotDiameter + spacing`.
    public var pitch: Double { dotDiameter + spacing }

    /// Checks every rule the indicator relies on. O(number of edge scales).
    public func validate() throws(IndicatorError) {
        guard maximumVisibleDots >= 1 else { throw .invalidMaximumVisibleDots(maximumVisibleDots) }
        for (index, scale) in edgeScales.enumerated() where !(scale > 0 && scale <= 1) {
            throw .invalidEdgeScale(index: index, value: scale)
        }
        guard dotDiameter.isFinite, dotDiameter > 0 else { throw .invalidLength(name: "dot diameter", value: dotDiameter) }
        guard spacing.isFinite, spacing >= 0 else { throw .invalidLength(name: "spacing", value: spacing) }
        guard hitSlop.isFinite, hitSlop >= 0 else { throw .invalidLength(name: "hit slop", value: hitSlop) }
    }

    /// A compact, readable form for logs and test failures.
    public var description: String {
        let scales = edgeScales.map { "\($0)" }.joined(separator: ", ")
        var text = "IndicatorStyle(\(maximumVisibleDots) dots, edges [\(scales)], dot \(dotDiameter), spacing \(spacing)"
        if hitSlop > 0 { text += ", slop \(hitSlop)" }
        return text + ")"
    }
}
