/// The order in which a book's pages turn, from the spine's
/// `page-progression-direction`.
public enum EPUBDirection: String, Hashable, Sendable, CustomStringConvertible {
    /// Pages turn right to left: the next page is on the right (the default).
    case leftToRight
    /// Pages turn left to right: manga, Arabic, Hebrew and vertical Japanese books.
    case rightToLeft

    /// `ltr` or `rtl`.
    public var description: String { self == .leftToRight ? "ltr" : "rtl" }
}

/// How a spine item's lines run, from its CSS `writing-mode` on `html` or `body`.
public enum EPUBWritingMode: String, Hashable, Sendable, CustomStringConvertible {
    /// Horizontal lines, top to bottom (`horizontal-tb`, the default).
    case horizontal
    /// Vertical columns read right to left (`vertical-rl`, Japanese and Chinese books).
    case verticalRightToLeft
    /// Vertical columns read left to right (`vertical-lr`, Mongolian).
    case verticalLeftToRight

    /// `horizontal-tb`, `vertical-rl` or `vertical-lr`, as CSS spells them.
    public var description: String {
        switch self {
        case .horizontal: "horizontal-tb"
        case .verticalRightToLeft: "vertical-rl"
        case .verticalLeftToRight: "vertical-lr"
        }
    }

    /// Whether lines run vertically.
    public var isVertical: Bool { self != .horizontal }
}
