/// The default ``SpreadRule``: two pages when the viewport is landscape and
/// wide enough for two readable pages, otherwise one.
///
/// For a horizontal book, two pages need `width > height` and
/// `width ≥ 2 × minimumPageExtent`; a vertical book uses the height in
/// place of the width (`height > width`, `height ≥ 2 × minimumPageExtent`).
/// A viewport side that is not finite gives one page.
///
/// The default minimum is 40 units: a classic 80-column terminal shows two
/// 40-column pages. (The terminal e-book reader epy switches at about 51
/// columns, some 25 per page, which wraps prose too often to read well.)
/// A point- or pixel-based host passes its own minimum, e.g. 320 points.
///
/// ```swift
/// let rule = try LandscapeSpreadRule(minimumPageExtent: 320)
/// rule.mode(width: 1_024, height: 768, axis: .horizontal)   // .twoPages
/// rule.mode(width: 768, height: 1_024, axis: .horizontal)   // .onePage
/// ```
public struct LandscapeSpreadRule: SpreadRule, Hashable, CustomStringConvertible {
    /// The default minimum readable page extent: 40 host units.
    public static let defaultMinimumPageExtent = 40.0

    /// The smallest extent of one page along the book's axis that is still
    /// readable, in host units, ≥ 0.
    public let minimumPageExtent: Double

    /// The rule with the default minimum page extent of 40 units.
    public init() {
        minimumPageExtent = Self.defaultMinimumPageExtent
    }

    /// The rule with a minimum readable page extent in host units.
    ///
    /// - Throws: ``BookError/invalidMinimumPageExtent(_:)`` for a negative,
    ///   infinite or NaN extent.
    public init(minimumPageExtent: Double) throws(BookError) {
        guard minimumPageExtent.isFinite, minimumPageExtent >= 0 else {
            throw .invalidMinimumPageExtent(minimumPageExtent)
        }
        self.minimumPageExtent = minimumPageExtent
    }

    /// Two pages when the viewport is longer along `axis` than across it and
    /// holds two pages of ``minimumPageExtent``; otherwise one. O(1).
    public func mode(width: Double, height: Double, axis: Axis) -> SpreadMode {
        guard width.isFinite, height.isFinite else { return .onePage }
        let (along, across) = axis == .horizontal ? (width, height) : (height, width)
        return along > across && along >= 2 * minimumPageExtent ? .twoPages : .onePage
    }

    /// A compact, readable form for logs and test failures.
    public var description: String { "two pages when landscape and ≥ 2 × \(minimumPageExtent)" }
}
