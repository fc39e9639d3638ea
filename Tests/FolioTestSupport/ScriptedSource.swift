import Folio

/// A page content source whose requests wait until the test settles them:
/// resolve, fail, or leave hanging until the load is cancelled. Nothing
/// sleeps; a test waits for a request or a cancellation with continuations.
public actor ScriptedSource: PageContentSource {
    public typealias Content = String

    /// The error a failed request throws.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private struct Request {
        var id: Int
        var page: Int
        var continuation: CheckedContinuation<String, any Error>
    }

    private var waiting: [Request] = []
    private var nextID = 0
    /// Every page asked for, in the order the requests arrived.
    public private(set) var requested: [Int] = []
    /// Every page whose request was cancelled while it waited, in order.
    public private(set) var cancelled: [Int] = []
    private var watchers: [(condition: @Sendable (ScriptedSource.Snapshot) -> Bool, wake: CheckedContinuation<Void, Never>)] = []

    /// What a watcher looks at.
    public struct Snapshot: Sendable {
        public var waiting: [Int]
        public var requested: [Int]
        public var cancelled: [Int]
    }

    public init() {}

    public nonisolated func content(for page: Int) async throws -> String {
        let id = await reserveID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
                Task { await self.enqueue(Request(id: id, page: page, continuation: continuation)) }
            }
        } onCancel: {
            Task { await self.cancel(id: id) }
        }
    }

    /// Pages whose requests are waiting, oldest first.
    public var waitingPages: [Int] { waiting.map(\.page) }

    /// Resolves the oldest waiting request for `page` with `content`
    /// (default `"page N"`); false if none waits.
    @discardableResult
    public func resolve(page: Int, with content: String? = nil) -> Bool {
        guard let i = waiting.firstIndex(where: { $0.page == page }) else { return false }
        waiting.remove(at: i).continuation.resume(returning: content ?? "page \(page)")
        return true
    }

    /// Fails the oldest waiting request for `page`; false if none waits.
    @discardableResult
    public func fail(page: Int, reason: String = "offline") -> Bool {
        guard let i = waiting.firstIndex(where: { $0.page == page }) else { return false }
        waiting.remove(at: i).continuation.resume(throwing: Failure(description: reason))
        return true
    }

    /// Suspends until a request for `page` waits.
    public func waitForRequest(page: Int) async {
        await wait { $0.waiting.contains(page) }
    }

    /// Suspends until `count` requests in all have arrived.
    public func waitForRequests(count: Int) async {
        await wait { $0.requested.count >= count }
    }

    /// Suspends until a waiting request for `page` has been cancelled.
    public func waitForCancellation(page: Int) async {
        await wait { $0.cancelled.contains(page) }
    }

    /// Suspends until `condition` holds of the requests.
    public func wait(until condition: @escaping @Sendable (Snapshot) -> Bool) async {
        guard !condition(snapshot) else { return }
        await withCheckedContinuation { watchers.append((condition, $0)) }
    }

    private var snapshot: Snapshot {
        Snapshot(waiting: waiting.map(\.page), requested: requested, cancelled: cancelled)
    }

    private func reserveID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// Cancellation may be noticed before the request is queued: a cancelled
    /// id is remembered and its request fails as soon as it arrives.
    private var cancelledEarly: Set<Int> = []

    private func enqueue(_ request: Request) {
        requested.append(request.page)
        if cancelledEarly.remove(request.id) != nil {
            cancelled.append(request.page)
            request.continuation.resume(throwing: CancellationError())
        } else {
            waiting.append(request)
        }
        notify()
    }

    private func cancel(id: Int) {
        guard let i = waiting.firstIndex(where: { $0.id == id }) else {
            cancelledEarly.insert(id)
            return
        }
        let request = waiting.remove(at: i)
        cancelled.append(request.page)
        request.continuation.resume(throwing: CancellationError())
        notify()
    }

    private func notify() {
        let now = snapshot
        var still: [(condition: @Sendable (Snapshot) -> Bool, wake: CheckedContinuation<Void, Never>)] = []
        for watcher in watchers {
            if watcher.condition(now) { watcher.wake.resume() } else { still.append(watcher) }
        }
        watchers = still
    }
}
