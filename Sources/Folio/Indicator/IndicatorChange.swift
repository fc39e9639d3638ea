/// What an update changed in a page indicator, so a host redraws only that.
///
/// Every update of ``PageIndicator`` returns one; an empty set means
/// nothing the host draws changed.
public struct IndicatorChange: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The raw bits.
    public let rawValue: Int

    /// Creates a set from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The indicator was shown or hidden (see ``PageIndicator/isHidden``).
    public static let visibility = IndicatorChange(rawValue: 1 << 0)
    /// The visible dots changed: their pages (the window slid), number,
    /// scales or geometry. Redraw every dot.
    public static let dots = IndicatorChange(rawValue: 1 << 1)
    /// The current page or the fractional offset moved: the dots' activity
    /// and the slider value changed.
    public static let activity = IndicatorChange(rawValue: 1 << 2)
    /// The text and accessibility forms changed (current page, count, or
    /// whether the count is final).
    public static let label = IndicatorChange(rawValue: 1 << 3)

    /// A compact, readable form for logs and test failures, e.g. `[dots, activity]`.
    public var description: String {
        let names: [(IndicatorChange, String)] = [(.visibility, "visibility"), (.dots, "dots"), (.activity, "activity"), (.label, "label")]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}
