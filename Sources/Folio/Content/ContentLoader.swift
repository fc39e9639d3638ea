/// Runs a ``ContentPipeline`` with Swift concurrency: each load is a task
/// calling a ``PageContentSource``, cancelled with `Task.cancel()` when its
/// page leaves the window and the prefetch range.
///
/// The host applies the pager's effects to its views, then passes them on
/// with ``apply(_:of:)``, and draws the updates it reads from ``displays``:
///
/// ```swift
/// let loader = try ContentLoader(source: Chapters(book: book), pipeline: ContentPipeline(maximumCount: 16))
/// Task { @MainActor in
///     for await update in loader.displays where views[update.slot].spread?.contains(page: update.page) == true {
///         views[update.slot].show(update.display, forPage: update.page)
///     }
/// }
/// let effects = pager.dragMoved(by: -12, at: now)
/// for effect in effects { views.apply(effect) }
/// await loader.apply(effects, of: pager)
/// ```
///
/// It is an actor because two kinds of callers change the pipeline: the host
/// (pager updates, retries) and the load tasks (results). The actor orders
/// them without locks, and a result is applied to the pipeline as it is at
/// that moment — if the page left in the meantime, its ticket no longer
/// matches and the result is dropped. A `@MainActor` class would tie the
/// engine to one host's thread; a class with a lock would need a lock type
/// from outside the standard library.
///
/// Updates reach ``displays`` in the order the pipeline made them. They are
/// read a moment later than the pager's effects, so a host applies an update
/// only while the slot still shows `update.page` (as above): then a slot
/// never shows a page it no longer represents.
public actor ContentLoader<Source: PageContentSource>: CustomStringConvertible {
    /// The content a page has.
    public typealias Content = Source.Content

    /// Every display update, in order. Finishes after ``close()``.
    public nonisolated let displays: AsyncStream<SlotDisplay<Content>>

    /// The state machine, as the latest input left it.
    public private(set) var pipeline: ContentPipeline<Content>

    private let source: Source
    private let output: AsyncStream<SlotDisplay<Content>>.Continuation
    private var tasks: [LoadTicket: Task<Void, Never>] = [:]
    private var closed = false

    /// Creates a loader that loads from `source` with the rules of `pipeline`
    /// (usually a new one; its prefetch distances and cache bounds apply).
    public init(source: Source, pipeline: ContentPipeline<Content>) {
        self.source = source
        self.pipeline = pipeline
        (displays, output) = AsyncStream.makeStream(of: SlotDisplay<Content>.self)
    }

    /// Takes in one update of `pager` (see ``ContentPipeline/apply(_:of:)``):
    /// sends the display updates, cancels and starts loads. Call with every
    /// ``Effects`` the pager returns, in order. O(slots) plus one task per load started.
    public func apply(_ effects: Effects, of pager: Pager) {
        run(pipeline.apply(effects, of: pager))
    }

    /// Loads page `page` again after its load failed (the host's retry button).
    public func retry(page: Int) { run(pipeline.retry(page: page)) }

    /// Forgets page `page`'s content and loads it again if it is wanted.
    public func reload(page: Int) { run(pipeline.reload(page: page)) }

    /// Forgets all content and loads the wanted pages again (after pages were renumbered).
    public func reloadAll() { run(pipeline.reloadAll()) }

    /// The number of load tasks running.
    public var runningTaskCount: Int { tasks.count }

    /// A compact, readable form for logs and test failures: `ContentLoader(Chapters)`.
    public nonisolated var description: String { "ContentLoader(\(Source.self))" }

    /// Cancels every load and finishes ``displays``; later inputs are ignored.
    public func close() {
        closed = true
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
        output.finish()
    }

    /// Carries out the pipeline's effects.
    private func run(_ effects: [ContentEffect<Content>]) {
        guard !closed else { return }
        for effect in effects {
            switch effect {
            case .show(let update):
                output.yield(update)
            case .load(let ticket):
                tasks[ticket] = Task { await self.load(ticket) }
            case .cancel(let ticket):
                tasks.removeValue(forKey: ticket)?.cancel()
            }
        }
    }

    /// One load: asks the source (off the actor) and feeds the outcome back,
    /// unless the task was cancelled meanwhile.
    private func load(_ ticket: LoadTicket) async {
        guard !Task.isCancelled else { return }
        let outcome: Result<(Content, Int), any Error>
        do {
            let content = try await source.content(for: ticket.page)
            outcome = .success((content, source.cost(of: content)))
        } catch {
            outcome = .failure(error)
        }
        guard !Task.isCancelled, !closed else { return }
        tasks[ticket] = nil
        switch outcome {
        case .success(let (content, cost)): run(pipeline.loaded(content, cost: cost, for: ticket))
        case .failure(let error): run(pipeline.failed(String(describing: error), for: ticket))
        }
    }
}
