extension Orientation {
    /// The side of the screen where reading starts: left for left-to-right,
    /// right for right-to-left, top for top-to-bottom, bottom for
    /// bottom-to-top. A forward page turn travels toward this side. O(1).
    public var leadingSide: ScreenSide {
        switch self {
        case .leftToRight: .left
        case .rightToLeft: .right
        case .topToBottom: .top
        case .bottomToTop: .bottom
        }
    }

    /// The side of the screen where reading ends, across from ``leadingSide``.
    /// A backward page turn travels toward this side. O(1).
    public var trailingSide: ScreenSide { leadingSide.opposite }
}
