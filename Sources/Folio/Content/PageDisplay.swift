/// What a slot shows for one page: a placeholder, the content, or an error with a retry.
public enum PageDisplay<Content> {
    /// The content is not there yet; a load for it is running.
    case placeholder
    /// The page's content.
    case content(Content)
    /// The last load failed with `reason` (the source's error, described);
    /// the host offers a retry that calls ``ContentPipeline/retry(page:)``.
    case failed(reason: String)
}

extension PageDisplay: Equatable where Content: Equatable {}
extension PageDisplay: Hashable where Content: Hashable {}
extension PageDisplay: Sendable where Content: Sendable {}

extension PageDisplay: CustomStringConvertible {
    /// A compact, readable form for logs and test failures: `placeholder`, `content(…)`, `failed(…)`.
    public var description: String {
        switch self {
        case .placeholder: "placeholder"
        case .content(let content): "content(\(content))"
        case .failed(let reason): "failed(\(reason))"
        }
    }
}
