/// A side of the screen: where a page sits beside the spine, or the way a
/// turning page travels.
///
/// Horizontal books use `left` and `right`; vertical books use `top` and
/// `bottom` (a page travelling toward the top moves up).
public enum ScreenSide: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Toward smaller x.
    case left
    /// Toward larger x.
    case right
    /// Toward smaller y (up).
    case top
    /// Toward larger y (down).
    case bottom

    /// The side across from this one. O(1).
    public var opposite: ScreenSide {
        switch self {
        case .left: .right
        case .right: .left
        case .top: .bottom
        case .bottom: .top
        }
    }

    /// The screen axis this side lies along.
    public var axis: Axis { self == .left || self == .right ? .horizontal : .vertical }

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        }
    }
}
