/// Why a pager configuration was refused. Every case names the rule broken
/// and the value that broke it; the pager keeps its previous configuration.
public enum ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An extent was zero, negative, infinite or NaN (spacing may be zero).
    case invalidExtent(name: String, value: Double)
    /// Pages per spread was not 1 or 2.
    case invalidPagesPerSpread(Int)
    /// A page count below zero.
    case negativePageCount(Int)
    /// More pages than ``PageCount/unboundedLimit`` (2^62).
    case tooManyPages(Int)
    /// The pool cannot cover what is visible: it needs at least `needed` slots.
    case poolTooSmall(size: Int, needed: Int)
    /// More slots than a pager recycles sensibly (size ≤ 128, prefetch ≤ 64).
    case poolTooLarge(slots: Int)
    /// A prefetch distance below zero.
    case negativePrefetch(Int)
    /// The bounded host window must span an odd number of spreads, 3 or more.
    case invalidHostWindow(spreads: Int)
    /// A physics setting outside its range.
    case invalidPhysics(name: String, value: Double)
    /// A page index or range outside the track's pages.
    case invalidPageRange(lower: Int, upper: Int, pageCount: Int)
    /// So many spreads fit in the viewport (more than 64) that paging makes no sense.
    case viewportTooWide(viewportExtent: Double, spreadExtent: Double)

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .invalidExtent(let name, let value):
            "The \(name) must be a positive finite number\(name == "spacing" ? " or zero" : ""), not \(value)."
        case .invalidPagesPerSpread(let n):
            "A spread shows 1 or 2 pages, not \(n)."
        case .negativePageCount(let n):
            "A page count cannot be negative (got \(n))."
        case .tooManyPages(let n):
            "A track holds at most 2^62 pages (\(PageCount.unboundedLimit)), not \(n); use .unbounded."
        case .poolTooSmall(let size, let needed):
            "A pool of \(size) slots cannot show this track: up to \(needed) spreads are visible at once, so use at least \(needed) slots."
        case .poolTooLarge(let slots):
            "A pool of \(slots) slots is more than a pager recycles: use at most 128 slots and a prefetch of at most 64."
        case .negativePrefetch(let n):
            "The prefetch distance must be 0 or more, not \(n)."
        case .invalidHostWindow(let spreads):
            "The host window must span an odd number of spreads, 3 or more, not \(spreads)."
        case .invalidPhysics(let name, let value):
            "The physics setting \(name) is out of range: \(value)."
        case .invalidPageRange(let lower, let upper, let count):
            "Pages \(lower)..<\(upper) are not a valid range for a track of \(count) pages."
        case .viewportTooWide(let viewport, let spread):
            "A viewport of \(viewport) shows more than 64 spreads of \(spread); make the pages larger."
        }
    }
}
