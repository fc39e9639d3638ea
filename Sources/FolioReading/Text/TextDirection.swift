/// The direction a paragraph of text reads in, which side its lines start on.
public enum TextDirection: Hashable, Sendable, CustomStringConvertible {
    /// Left to right: Latin, CJK, most scripts. A line starts at the left.
    case leftToRight
    /// Right to left: Hebrew, Arabic. A line starts at the right, so a host
    /// sets it flush right.
    case rightToLeft

    /// The embedding level of a paragraph in this direction (UAX #9): 0 or 1.
    public var level: UInt8 { self == .leftToRight ? 0 : 1 }

    /// A compact, readable form for logs and test failures: "LTR", "RTL".
    public var description: String { self == .leftToRight ? "LTR" : "RTL" }
}
