/// Where a book's spine sits: at the leading edge, at the trailing edge, or
/// in the middle between two pages.
///
/// Leading and trailing follow the reading direction: the leading edge is
/// where reading starts (left in a left-to-right book, right in a
/// right-to-left book, top in a top-to-bottom book, bottom in a
/// bottom-to-top book). A spine at an edge means one page per spread; a
/// spine in the middle means two.
///
/// ```swift
/// Spine.middle.mode                    // .twoPages
/// Spine.leading.side(in: .rightToLeft) // .right
/// ```
public enum Spine: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// At the edge where reading starts; one page per spread.
    case leading
    /// At the edge where reading ends; one page per spread.
    case trailing
    /// Between the two pages of a spread; two pages per spread.
    case middle

    /// One page for a spine at an edge, two for a spine in the middle. O(1).
    public var mode: SpreadMode { self == .middle ? .twoPages : .onePage }

    /// Whether the spine sits at an edge (one page per spread).
    public var isAtEdge: Bool { self != .middle }

    /// The screen side the spine lies on for a book read in `orientation`,
    /// or nil for a spine in the middle. O(1).
    public func side(in orientation: Orientation) -> ScreenSide? {
        switch self {
        case .leading: orientation.leadingSide
        case .trailing: orientation.trailingSide
        case .middle: nil
        }
    }

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .leading: "spine at the leading edge"
        case .trailing: "spine at the trailing edge"
        case .middle: "spine in the middle"
        }
    }
}
