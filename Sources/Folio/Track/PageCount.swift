/// How many pages a track holds, and whether the last one is followed by the first.
public enum PageCount: Hashable, Sendable, CustomStringConvertible {
    /// `n` pages, `n` ≥ 0, with hard ends that rubber-band.
    case finite(Int)
    /// `n` pages where page `n − 1` is followed by page 0.
    ///
    /// A loop needs two spreads to turn: a loop of one spread (one page, or
    /// two pages shown as one two-page spread) behaves like `.finite`, since
    /// showing a page beside itself would need two views of one page.
    case looping(Int)
    /// Pages 0, 1, 2, … without practical end: up to ``unboundedLimit`` − 1.
    case unbounded

    /// Pages an unbounded track holds: 2^62 (about 4.6 · 10^18), leaving
    /// integer headroom for arithmetic past the last one.
    public static let unboundedLimit = 1 << 62

    /// The number of pages; ``unboundedLimit`` for `.unbounded`.
    public var pages: Int {
        switch self {
        case .finite(let n), .looping(let n): n
        case .unbounded: PageCount.unboundedLimit
        }
    }

    /// Whether the count is bounded (finite or looping).
    public var isBounded: Bool { self != .unbounded }

    /// The same kind of count with a different number of pages (ignored for `.unbounded`).
    func with(pages n: Int) -> PageCount {
        switch self {
        case .finite: .finite(n)
        case .looping: .looping(n)
        case .unbounded: .unbounded
        }
    }

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .finite(let n): "\(n) pages"
        case .looping(let n): "\(n) pages, looping"
        case .unbounded: "unbounded"
        }
    }
}
