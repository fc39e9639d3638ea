/// A scroll position in spread units: a whole spread index plus a fraction.
///
/// `index` 3 with `fraction` 0.25 means spread 3 is a quarter of the way off
/// toward spread 4. With one page per spread this is a page position. Keeping
/// the index an integer keeps positions exact at any page count: a `Double`
/// alone resolves only an eighth of a page near 10^15.
///
/// A position before the first spread (while rubber-banding) has a negative
/// index, e.g. index −1, fraction 0.9 is a tenth of a spread before spread 0.
/// On a looping track the index is not wrapped: spread `index mod n` is shown.
public struct Position: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The whole spreads, any integer.
    public private(set) var index: Int
    /// The part of the way toward `index + 1`, in 0 ..< 1.
    public private(set) var fraction: Double

    /// Creates a position, normalising `fraction` into 0 ..< 1 by carrying
    /// whole spreads into `index`. `fraction` must be finite.
    public init(index: Int, fraction: Double = 0) {
        precondition(fraction.isFinite, "a position's fraction must be finite")
        let whole = fraction.rounded(.down)
        var rest = fraction - whole
        var carried = index + Int(whole)
        if rest >= 1 { rest = 0; carried += 1 }  // -1e-20 + 1 rounds up to 1
        self.index = carried
        self.fraction = rest
    }

    /// The spread at this position, rounded to the nearest (a fraction of 0.5 rounds up).
    public var nearestIndex: Int { fraction >= 0.5 ? index + 1 : index }

    /// Whether the position rests exactly on a spread.
    public var isAligned: Bool { fraction == 0 }

    /// This position moved by `spreads` (any finite value, negative toward spread 0).
    public func advanced(by spreads: Double) -> Position {
        Position(index: index, fraction: fraction + spreads)
    }

    /// The signed distance in spreads from `other` to `self`.
    ///
    /// Exact while the two are within 2^53 spreads of each other.
    public func distance(from other: Position) -> Double {
        Double(index &- other.index) + (fraction - other.fraction)
    }

    /// The signed distance in spreads from spread `spread` to `self`.
    public func distance(fromSpread spread: Int) -> Double {
        Double(index &- spread) + fraction
    }

    /// Whether `lhs` lies before `rhs` along the track.
    public static func < (lhs: Position, rhs: Position) -> Bool {
        lhs.index != rhs.index ? lhs.index < rhs.index : lhs.fraction < rhs.fraction
    }

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String {
        fraction == 0 ? "\(index)" : "\(index)+\(fraction)"
    }
}
