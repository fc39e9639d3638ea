/// One visible dot of a page indicator, ready to draw.
///
/// Positions are along the indicator's axis in the host's unit, measured
/// from the indicator's left (horizontal) or top (vertical) edge; the dot is
/// centred across the axis in a band ``IndicatorStyle/dotDiameter`` thick.
public struct IndicatorDot: Hashable, Sendable, CustomStringConvertible {
    /// The page this dot stands for, in 0 ..< page count.
    public var page: Int
    /// The dot's size relative to a full dot, in 0 < scale ≤ 1: below 1 only
    /// at a window edge with more pages beyond it.
    public var scale: Double
    /// How current the dot is, in 0 … 1: 1 on the current page at rest;
    /// during a drag it passes linearly to the neighbouring dot (the two add
    /// up to 1). Hosts blend the active and inactive colours by it.
    public var activity: Double
    /// The dot's centre along the axis.
    public var centre: Double
    /// The dot's drawn diameter: ``IndicatorStyle/dotDiameter`` × ``scale``.
    public var diameter: Double

    /// Creates a dot description.
    public init(page: Int, scale: Double, activity: Double, centre: Double, diameter: Double) {
        self.page = page
        self.scale = scale
        self.activity = activity
        self.centre = centre
        self.diameter = diameter
    }

    /// A compact, readable form for logs and test failures.
    public var description: String {
        var text = "dot(page \(page)"
        if scale != 1 { text += " ×\(scale)" }
        if activity > 0 { text += ", active \(activity)" }
        return text + " at \(centre))"
    }
}
