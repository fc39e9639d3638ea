/// Why a page indicator refused a setting. Every case names the rule broken
/// and the value that broke it; the indicator keeps its previous state.
public enum IndicatorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The maximum number of visible dots was below 1.
    case invalidMaximumVisibleDots(Int)
    /// An edge scale (at `index`, 0 = outermost) was not in 0 < scale ≤ 1.
    case invalidEdgeScale(index: Int, value: Double)
    /// A length (`name`: dot diameter, spacing or hit slop) was negative,
    /// infinite or NaN, or a dot diameter was zero.
    case invalidLength(name: String, value: Double)
    /// A page count below zero or above ``PageCount/unboundedLimit``.
    case invalidPageCount(Int)

    /// A sentence saying what was wrong and what to use instead.
    public var description: String {
        switch self {
        case .invalidMaximumVisibleDots(let n):
            "An indicator shows at least 1 dot; set maximumVisibleDots to 1 or more, not \(n)."
        case .invalidEdgeScale(let index, let value):
            "Edge scale \(index) (0 is the outermost) must be above 0 and at most 1, not \(value)."
        case .invalidLength(let name, let value):
            "The \(name) must be a finite number \(name == "dot diameter" ? "above 0" : "of 0 or more"), not \(value)."
        case .invalidPageCount(let n):
            "An indicator counts 0 to 2^62 pages, not \(n); use isFinal: false for a count still growing."
        }
    }
}
