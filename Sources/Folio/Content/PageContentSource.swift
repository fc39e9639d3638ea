/// Where page content comes from: possibly slow, possibly failing, cancellable.
///
/// ``ContentLoader`` calls ``content(for:)`` in a task of its own and cancels
/// the task when the page leaves the window and the prefetch range; a source
/// that can stop early checks `Task.isCancelled` or calls
/// `Task.checkCancellation()`. A thrown error becomes an error display for
/// the page with a retry; it never stops other loads or the pager.
///
/// ```swift
/// struct Chapters: PageContentSource {
///     let book: Book
///     func content(for page: Int) async throws -> String { try await book.renderPage(page) }
///     func cost(of content: String) -> Int { content.utf8.count }   // the cache's cost unit: bytes
/// }
/// ```
public protocol PageContentSource: Sendable {
    /// The content of one page.
    associatedtype Content: Sendable

    /// Loads the content of page `page` (≥ 0, below the track's page count).
    func content(for page: Int) async throws -> Content

    /// What `content` costs to keep in the cache, in the unit of the
    /// pipeline's ``ContentCache/maximumCost`` (bytes, pixels…), ≥ 0.
    /// The default is 1, so the cost bound counts pages.
    func cost(of content: Content) -> Int
}

extension PageContentSource {
    /// Every page costs 1.
    public func cost(of content: Content) -> Int { 1 }
}
