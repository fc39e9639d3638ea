/// The resistance past the first or last spread of a finite track.
///
/// A finger that has moved `x` past the edge shows the content moved
/// `b = (1 − 1 / (x·c/d + 1))·d`, where `d` is the viewport extent and
/// `c` the coefficient (0.55 on iOS). `b` approaches `d` but never reaches
/// it. All values are in the host's extent unit.
public struct RubberBand: Hashable, Sendable, CustomStringConvertible {
    /// The stiffness coefficient `c`, > 0. Smaller is stiffer.
    public var coefficient: Double

    /// Creates a rubber band with coefficient `c` (default 0.55).
    public init(coefficient: Double = 0.55) { self.coefficient = coefficient }

    /// The shown overshoot for a finger overshoot `x` ≥ 0 in a viewport of extent `d` > 0.
    public func resisted(_ x: Double, dimension d: Double) -> Double {
        guard x > 0 else { return x }
        return (1 - 1 / (x * coefficient / d + 1)) * d
    }

    /// The finger overshoot that shows overshoot `b` (0 ≤ b < d): the inverse of ``resisted(_:dimension:)``.
    public func unresisted(_ b: Double, dimension d: Double) -> Double {
        guard b > 0 else { return b }
        let shown = min(b, d * 0.999_999)
        return (1 / (1 - shown / d) - 1) * d / coefficient
    }

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String { "RubberBand(c: \(coefficient))" }
}
