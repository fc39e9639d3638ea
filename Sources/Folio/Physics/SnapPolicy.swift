/// How far a release may carry the pager.
public enum SnapPolicy: Hashable, Sendable, CustomStringConvertible {
    /// At most one spread from the spread nearest the release, as
    /// UIScrollView's paging and Compose's default pager (`atMost(1)`): a
    /// flick turns one spread however fast it is.
    case atMostOneSpread
    /// A long fling travels where a decelerating scroll view would come to
    /// rest, `x0 + v0 / (1000 · −ln rate)`, rounded to a spread and at most
    /// `maximumSpreads` from the release. `rate` is per millisecond in 0 < rate < 1
    /// (UIScrollView: 0.998 normal, 0.99 fast). A fling that would travel
    /// further than the pool holds lands beside its target and glides the
    /// last spread, as a far move does, so it configures only the pages it
    /// ends on, never the ones between.
    case decelerating(rate: Double, maximumSpreads: Int)

    /// UIScrollView's normal deceleration, up to 1,000 spreads a fling.
    public static let normalDeceleration = SnapPolicy.decelerating(rate: 0.998, maximumSpreads: 1000)

    var isValid: Bool {
        switch self {
        case .atMostOneSpread: true
        case .decelerating(let rate, let maximum): rate > 0 && rate < 1 && maximum >= 1
        }
    }

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .atMostOneSpread: "at most one spread"
        case .decelerating(let rate, let maximum): "decelerating(\(rate)/ms, ≤ \(maximum) spreads)"
        }
    }
}
