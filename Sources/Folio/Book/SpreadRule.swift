/// A rule that picks one or two pages per spread from the viewport.
///
/// Replace it to change when a book shows two pages: the default,
/// ``LandscapeSpreadRule``, shows two pages in a landscape viewport wide
/// enough for two readable pages; ``FixedSpreadRule`` always picks the same.
/// Sizes are in the host's unit (points, pixels, terminal columns); a
/// terminal whose cells are about twice as tall as wide passes its height
/// as rows × 2, so both sides are in column widths.
///
/// ```swift
/// struct TabletRule: SpreadRule {
///     func mode(width: Double, height: Double, axis: Axis) -> SpreadMode {
///         width >= 1_000 ? .twoPages : .onePage
///     }
/// }
/// ```
public protocol SpreadRule: Sendable {
    /// The mode for a viewport of `width` × `height` host units, for a book
    /// whose pages lie along `axis`. Called on every resize: keep it O(1).
    func mode(width: Double, height: Double, axis: Axis) -> SpreadMode
}

extension SpreadRule where Self == LandscapeSpreadRule {
    /// Two pages when the viewport is landscape along the book's axis and
    /// holds two pages of at least ``LandscapeSpreadRule/defaultMinimumPageExtent`` units.
    public static var landscape: LandscapeSpreadRule { LandscapeSpreadRule() }
}

extension SpreadRule where Self == FixedSpreadRule {
    /// Always `mode`, whatever the viewport.
    public static func always(_ mode: SpreadMode) -> FixedSpreadRule { FixedSpreadRule(mode) }
}
