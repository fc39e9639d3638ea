/// Why a content pipeline or cache configuration was refused.
public enum ContentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The cache must hold at least one page.
    case cacheCountTooSmall(Int)
    /// The cache's cost budget must be at least 1.
    case cacheCostTooSmall(Int)
    /// A prefetch distance below zero or above ``ContentPipeline/maximumPrefetch`` pages.
    case invalidPrefetch(name: String, value: Int)

    /// A sentence saying what was wrong and what to use instead.
    public var description: String {
        switch self {
        case .cacheCountTooSmall(let n):
            "The content cache must hold at least 1 page, not \(n); size it to the pages in the pool plus the prefetch distance."
        case .cacheCostTooSmall(let n):
            "The content cache's cost budget must be at least 1, not \(n); use Int.max for no cost bound."
        case .invalidPrefetch(let name, let value):
            "The prefetch distance \(name) must be in 0...\(ContentPipeline<Never>.maximumPrefetch) pages, not \(value)."
        }
    }
}
