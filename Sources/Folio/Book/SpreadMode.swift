/// How many pages a book shows side by side: one or two.
///
/// The raw value is the engine's ``Track/pagesPerSpread``, so
/// `SpreadMode(rawValue: track.pagesPerSpread)` reads a track's mode and
/// `mode.rawValue` sets it.
public enum SpreadMode: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// One page at a time; the spine sits at an edge.
    case onePage = 1
    /// Two pages side by side; the spine sits in the middle.
    case twoPages = 2

    /// The number of pages per spread: 1 or 2.
    public var pagesPerSpread: Int { rawValue }

    /// A compact, readable form for logs and test failures.
    public var description: String { self == .onePage ? "one page" : "two pages" }
}
