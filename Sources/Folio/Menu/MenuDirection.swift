/// The side of a ``MenuStrip`` its first item sits on.
public enum MenuDirection: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Item 0 at the left, later items to its right (English, most languages).
    case leftToRight
    /// Item 0 at the right, later items to its left (Arabic, Hebrew, manga):
    /// every frame is the left-to-right frame mirrored in the content.
    case rightToLeft

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .leftToRight: "left to right"
        case .rightToLeft: "right to left"
        }
    }
}
