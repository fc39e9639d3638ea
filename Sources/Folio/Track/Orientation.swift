/// The axis pages lie along and the direction a reader moves through them.
///
/// Page order always runs from page 0 upward; the orientation says where on
/// screen the next page sits. Offsets the pager reports are screen
/// coordinates along the axis (x for horizontal, y for vertical), measured
/// from the viewport's left or top edge.
public enum Orientation: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Horizontal; the next page is to the right (English, most languages).
    case leftToRight
    /// Horizontal; the next page is to the left (Arabic, Hebrew, manga).
    case rightToLeft
    /// Vertical; the next page is below.
    case topToBottom
    /// Vertical; the next page is above.
    case bottomToTop

    /// The screen axis pages lie along.
    public var axis: Axis {
        switch self {
        case .leftToRight, .rightToLeft: .horizontal
        case .topToBottom, .bottomToTop: .vertical
        }
    }

    /// Whether the next page sits toward smaller screen coordinates
    /// (left for horizontal, up for vertical).
    public var isReversed: Bool { self == .rightToLeft || self == .bottomToTop }

    /// +1 when the page index grows with the screen coordinate, −1 when it shrinks.
    var screenSign: Double { isReversed ? -1 : 1 }

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .leftToRight: "left-to-right"
        case .rightToLeft: "right-to-left"
        case .topToBottom: "top-to-bottom"
        case .bottomToTop: "bottom-to-top"
        }
    }
}

/// A screen axis.
public enum Axis: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Along x, left to right.
    case horizontal
    /// Along y, top to bottom.
    case vertical

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String { self == .horizontal ? "horizontal" : "vertical" }
}
