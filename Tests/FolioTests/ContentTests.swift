import Testing
import PropertyBased
import FolioTestSupport
@testable import Folio

/// A ticket, shortly.
private func ticket(_ page: Int, _ serial: Int) -> LoadTicket { LoadTicket(page: page, serial: serial) }

/// A show effect, shortly.
private func show(_ slot: Int, _ page: Int, gen: Int, _ display: PageDisplay<String>) -> ContentEffect<String> {
    .show(SlotDisplay(slot: slot, page: page, generation: gen, display: display))
}

/// The slot the pager shows `page` in (the pager decides; tests read it, not guess it).
private func slot(showing page: Int, in pager: Pager) -> Int? {
    (0..<pager.slotCount).first { pager.spread(inSlot: $0)?.contains(page: page) == true }
}

/// The README example's slow renderer (docs/readme/content.md).
private func render(_ page: Int) async throws -> String { "Page \(page + 1)" }

@Suite struct ContentTests {
    // MARK: Effect logs of the pure pipeline beside a real pager

    /// Configure: every page shows a placeholder at once, then loads start —
    /// the window nearest the current page first, then two pages ahead.
    @Test func configuringShowsPlaceholdersThenLoadsTheWindowThenAhead() throws {
        var pager = try Pager(track: phone(.finite(10)))
        var content = try ContentPipeline<String>()
        #expect(content.apply(pager.layout(), of: pager) == [
            show(0, 0, gen: 1, .placeholder), show(1, 1, gen: 1, .placeholder), show(2, 2, gen: 1, .placeholder),
            .load(ticket(0, 0)), .load(ticket(1, 1)), .load(ticket(2, 2)),
            .load(ticket(3, 3)), .load(ticket(4, 4)),
        ])
        // A result shows in the slot of its page, and only there.
        #expect(content.loaded("one", cost: 1, for: ticket(1, 1)) == [show(1, 1, gen: 1, .content("one"))])
        // A prefetched page has no slot: cached, nothing shown.
        #expect(content.loaded("three", cost: 1, for: ticket(3, 3)) == [])
        #expect(content.cache.peek(page: 3) == "three")
        // Nothing moved: a drag within the page needs no content work.
        #expect(content.apply(pager.dragBegan(at: 0), of: pager) == [])
    }

    /// Scroll away and back: the page whose slot was recycled keeps loading
    /// while it is one page behind, its content waits in the cache and is
    /// shown, without a new load, when a slot shows it again; loads that
    /// left the window and the prefetch range are cancelled.
    @Test func aRecycledPageComesBackFromTheCacheAndFarLoadsAreCancelled() throws {
        var pager = try Pager(track: phone(.finite(10)))
        var content = try ContentPipeline<String>()
        _ = content.apply(pager.layout(), of: pager)   // loads 0…4 as tickets #0…#4
        let slotOfPage0 = try #require(slot(showing: 0, in: pager))

        // To page 2: the window is 1…3, so page 0's slot now shows page 3.
        let effects = pager.move(toPage: 2, animated: false)
        #expect(slot(showing: 3, in: pager) == slotOfPage0)
        #expect(content.apply(effects, of: pager) == [
            show(slotOfPage0, 3, gen: 2, .placeholder),   // page 3 still loading
            .load(ticket(5, 5)),                           // window 1…3, ahead 4 and 5, behind 0
        ])

        // Page 0's content arrives while no slot shows it: kept, not shown.
        #expect(content.loaded("zero", cost: 1, for: ticket(0, 0)) == [])

        // Back to page 1, animated: the motion turns backwards at once and,
        // settling, the pool keeps two spreads ahead (1 and 0) rather than one
        // behind, so page 0 takes the slot of page 3 at once, from the cache,
        // and 4 and 5 leave the range in the same update.
        var log = content.apply(pager.step(by: -1, animated: true, at: 0), of: pager)
        var t = 0.0
        while pager.isSettling {
            t += 1.0 / 60
            log += content.apply(pager.advance(to: t), of: pager)
        }
        #expect(pager.settledPage == 1)
        #expect(slot(showing: 0, in: pager) == slotOfPage0)
        #expect(log == [
            show(slotOfPage0, 0, gen: 3, .content("zero")), .cancel(ticket(4, 4)), .cancel(ticket(5, 5)),
        ])
        // A cancelled load's late result is dropped, not cached.
        #expect(content.loaded("four", cost: 1, for: ticket(4, 4)) == [])
        #expect(!content.cache.contains(page: 4))
    }

    /// A failure is an error with a retry for that page only; other loads
    /// go on; the retry starts a new load; the failed load's ticket is dead.
    @Test func aFailureShowsAnErrorAndARetryLoadsAgain() throws {
        var pager = try Pager(track: phone(.finite(10)))
        var content = try ContentPipeline<String>()
        _ = content.apply(pager.layout(), of: pager)
        #expect(content.failed("offline", for: ticket(1, 1)) == [show(1, 1, gen: 1, .failed(reason: "offline"))])
        #expect(content.loaded("two", cost: 1, for: ticket(2, 2)) == [show(2, 2, gen: 1, .content("two"))])
        #expect(content.retry(page: 2) == [], "only a failed page retries")
        #expect(content.retry(page: 1) == [show(1, 1, gen: 1, .placeholder), .load(ticket(1, 5))])
        #expect(content.loaded("stale", cost: 1, for: ticket(1, 1)) == [], "the failed load's ticket is dead")
        #expect(content.loaded("one", cost: 1, for: ticket(1, 5)) == [show(1, 1, gen: 1, .content("one"))])

        // A prefetched page that failed shows its error as soon as a slot shows it.
        #expect(content.failed("404", for: ticket(3, 3)) == [])
        let effects = pager.move(toPage: 2, animated: false)
        let slotOf3 = try #require(slot(showing: 3, in: pager))
        #expect(content.apply(effects, of: pager) == [
            show(slotOf3, 3, gen: 2, .failed(reason: "404")), .load(ticket(5, 6)),
        ])
    }

    /// Two pages per spread: a slot gets one display per page, and the
    /// prefetch counts pages beyond the window's last page.
    @Test func twoPageSpreadsShowEachPage() throws {
        let track = Track(pages: .finite(10), pagesPerSpread: 2, pageExtent: 200, viewportExtent: 400)
        var pager = try Pager(track: track)
        var content = try ContentPipeline<String>()
        #expect(content.apply(pager.layout(), of: pager) == [
            show(0, 0, gen: 1, .placeholder), show(0, 1, gen: 1, .placeholder),
            show(1, 2, gen: 1, .placeholder), show(1, 3, gen: 1, .placeholder),
            show(2, 4, gen: 1, .placeholder), show(2, 5, gen: 1, .placeholder),
            .load(ticket(0, 0)), .load(ticket(1, 1)), .load(ticket(2, 2)), .load(ticket(3, 3)),
            .load(ticket(4, 4)), .load(ticket(5, 5)), .load(ticket(6, 6)), .load(ticket(7, 7)),
        ])
    }

    /// On a loop of five pages the window 4, 0, 1 wraps, and the prefetch
    /// ahead (2, 3) and behind (3 again) wraps too, each page once.
    @Test func aLoopPrefetchesAroundTheWrap() throws {
        var pager = try Pager(track: phone(.looping(5)))
        var content = try ContentPipeline<String>()
        let effects = content.apply(pager.layout(), of: pager)
        let loads = effects.compactMap { if case .load(let t) = $0 { t.page } else { nil } }
        #expect(Set(ContentAudit.window(of: pager)) == [4, 0, 1])
        #expect(loads == [0, 1, 4, 2, 3], "current, next, previous, then two ahead; behind (3) is already there")
    }

    /// Reloading a page forgets its content and loads it again; reloading
    /// everything cancels what runs and starts the wanted pages over.
    @Test func reloadingForgetsContent() throws {
        var pager = try Pager(track: phone(.finite(10)))
        var content = try ContentPipeline<String>(prefetchAhead: 1, prefetchBehind: 0)
        _ = content.apply(pager.layout(), of: pager)   // 0, 1, 2, then 3 ahead
        _ = content.loaded("zero", cost: 1, for: ticket(0, 0))
        #expect(content.reload(page: 0) == [show(0, 0, gen: 1, .placeholder), .load(ticket(0, 4))])
        #expect(content.reload(page: 1) == [show(1, 1, gen: 1, .placeholder), .cancel(ticket(1, 1)), .load(ticket(1, 5))])
        #expect(content.reload(page: 7) == [], "not wanted, not shown: nothing to do")
        _ = content.loaded("two", cost: 1, for: ticket(2, 2))
        #expect(content.reloadAll() == [
            show(0, 0, gen: 1, .placeholder), show(1, 1, gen: 1, .placeholder), show(2, 2, gen: 1, .placeholder),
            .cancel(ticket(0, 4)), .cancel(ticket(1, 5)), .cancel(ticket(3, 3)),
            .load(ticket(0, 6)), .load(ticket(1, 7)), .load(ticket(2, 8)), .load(ticket(3, 9)),
        ])
        #expect(content.cache.count == 0)
    }

    /// An empty track: slots park, loads stop.
    @Test func emptyingTheTrackCancelsEverything() throws {
        var pager = try Pager(track: phone(.finite(3)))
        var content = try ContentPipeline<String>()
        _ = content.apply(pager.layout(), of: pager)   // 0, 1, 2; nothing ahead of 2
        let effects = try pager.setPageCount(.finite(0))
        #expect(content.apply(effects, of: pager) == [.cancel(ticket(0, 0)), .cancel(ticket(1, 1)), .cancel(ticket(2, 2))])
        #expect(content.wantedPages == [])
    }

    @Test func badSettingsAreTypedErrors() {
        #expect(throws: ContentError.cacheCountTooSmall(0)) { try ContentPipeline<String>(maximumCount: 0) }
        #expect(throws: ContentError.cacheCostTooSmall(0)) { try ContentCache<String>(maximumCount: 1, maximumCost: 0) }
        #expect(throws: ContentError.invalidPrefetch(name: "prefetchAhead", value: -1)) {
            try ContentPipeline<String>(prefetchAhead: -1)
        }
        #expect(throws: ContentError.invalidPrefetch(name: "prefetchBehind", value: 65)) {
            try ContentPipeline<String>(prefetchBehind: 65)
        }
        #expect(ContentError.invalidPrefetch(name: "prefetchAhead", value: -1).description
                == "The prefetch distance prefetchAhead must be in 0...64 pages, not -1.")
    }

    @Test func descriptionsReadLikeSentences() throws {
        var content = try ContentPipeline<String>(maximumCount: 4, maximumCost: 10)
        var pager = try Pager(track: phone(.finite(10)))
        _ = content.apply(pager.layout(), of: pager)
        _ = content.failed("offline", for: ticket(1, 1))
        _ = content.loaded("zero", cost: 3, for: ticket(0, 0))
        #expect(content.description
                == "ContentPipeline(prefetch 2 ahead, 1 behind, 3 loading, 1 failed, ContentCache(1/4 pages, cost 3/10))")
        #expect(show(2, 5, gen: 3, .failed(reason: "offline")).description == "show(slot 2 page 5 (gen 3): failed(offline))")
        #expect(ContentEffect<String>.cancel(ticket(4, 9)).description == "cancel(page 4 #9)")
    }

    /// A steady drag (no slot changes, the current page crossing once)
    /// costs the pipeline no allocation.
    @Test func aSteadyDragAllocatesNothing() throws {
        var pager = try Pager(track: phone(.finite(1_000)), page: 5)
        var content = try ContentPipeline<String>()
        _ = content.apply(pager.layout(), of: pager)
        _ = content.apply(pager.dragBegan(at: 0), of: pager)
        var t = 0.0
        for _ in 0..<5 { t += 0.016; _ = content.apply(pager.dragMoved(by: -1, at: t), of: pager) }  // slots for forward motion
        var returned = 0
        let counted = allocations {
            for _ in 0..<2_000 {
                t += 0.016
                returned += content.apply(pager.dragMoved(by: -0.15, at: t), of: pager).count   // 300 points: past half a page
            }
        }
        #expect(pager.currentPage == 6, "the drag crossed into the next page's half")
        #expect(returned == 0, "the window and the prefetch range were already loading")
        #expect(counted == 0, "\(counted ?? -1) allocations in 2,000 drag updates")
    }

    // MARK: The cache against a reference model

    /// The cache's rules, written as simply as possible: a list, newest first.
    struct ReferenceCache {
        var maximumCount: Int
        var maximumCost: Int
        var entries: [(page: Int, content: String, cost: Int)] = []

        mutating func insert(_ content: String, cost: Int, for page: Int) -> Bool {
            let cost = max(cost, 0)
            entries.removeAll { $0.page == page }
            guard cost <= maximumCost else { return false }
            entries.insert((page, content, cost), at: 0)
            while entries.count > maximumCount || entries.map(\.cost).reduce(0, +) > maximumCost {
                entries.removeLast()
            }
            return true
        }

        mutating func get(_ page: Int) -> String? {
            guard let i = entries.firstIndex(where: { $0.page == page }) else { return nil }
            let entry = entries.remove(at: i)
            entries.insert(entry, at: 0)
            return entry.content
        }

        mutating func remove(_ page: Int) -> String? {
            guard let i = entries.firstIndex(where: { $0.page == page }) else { return nil }
            return entries.remove(at: i).content
        }
    }

    enum CacheOp: Sendable, CustomStringConvertible {
        case insert(page: Int, cost: Int)
        case get(Int)
        case remove(Int)
        case removeAll

        init(kind: Int, page: Int, cost: Int) {
            switch kind {
            case 0...4: self = .insert(page: page, cost: cost)
            case 5...7: self = .get(page)
            case 8: self = .remove(page)
            default: self = .removeAll
            }
        }

        var description: String {
            switch self {
            case .insert(let page, let cost): "insert(\(page), cost \(cost))"
            case .get(let page): "get(\(page))"
            case .remove(let page): "remove(\(page))"
            case .removeAll: "removeAll"
            }
        }
    }

    /// Runs `ops` on the cache and the reference; the first disagreement, or nil.
    func disagreement(maximumCount: Int, maximumCost: Int, _ ops: [CacheOp]) -> String? {
        guard var cache = try? ContentCache<String>(maximumCount: maximumCount, maximumCost: maximumCost) else {
            return "bounds \(maximumCount), \(maximumCost) refused"
        }
        var model = ReferenceCache(maximumCount: maximumCount, maximumCost: maximumCost)
        for (n, op) in ops.enumerated() {
            var label: String { "bounds (\(maximumCount) pages, cost \(maximumCost)), op \(n) \(op) of \(ops)" }
            switch op {
            case .insert(let page, let cost):
                let text = String(page &* 1_000 &+ n)
                if cache.insert(text, cost: cost, for: page) != model.insert(text, cost: cost, for: page) {
                    return "\(label): insert results differ"
                }
            case .get(let page):
                if cache.content(for: page) != model.get(page) { return "\(label): get differs" }
            case .remove(let page):
                if cache.removeContent(for: page) != model.remove(page) { return "\(label): remove differs" }
            case .removeAll:
                cache.removeAll()
                model.entries.removeAll()
            }
            if cache.pagesByRecency != model.entries.map(\.page) {
                return "\(label): recency \(cache.pagesByRecency) vs model \(model.entries.map(\.page))"
            }
            if cache.totalCost != model.entries.map(\.cost).reduce(0, +) || cache.count != model.entries.count {
                return "\(label): \(cache) vs model \(model.entries.count) pages, cost \(model.entries.map(\.cost).reduce(0, +))"
            }
            for entry in model.entries where cache.peek(page: entry.page) != entry.content {
                return "\(label): page \(entry.page) holds \(String(describing: cache.peek(page: entry.page)))"
            }
        }
        return nil
    }

    /// Every sequence of four inserts over pages 0…2 with costs 0…3, under
    /// every count bound 1…3 and cost bound 1…4: 20,736 × 12 runs.
    @Test func everySmallInsertSequenceEvictsLikeTheModel() {
        let inserts = (0..<3).flatMap { page in (0...3).map { CacheOp.insert(page: page, cost: $0) } }
        var failures: [String] = []
        for maximumCount in 1...3 {
            for maximumCost in 1...4 {
                for a in inserts { for b in inserts { for c in inserts { for d in inserts {
                    if let problem = disagreement(maximumCount: maximumCount, maximumCost: maximumCost, [a, b, c, d]) {
                        failures.append(problem)
                    }
                } } } }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    /// Random operations (inserts, uses, removals) under random bounds agree with the model.
    @Test func randomOperationsEvictLikeTheModel() async {
        let ops = zip(Gen.int(in: 0...9), Gen.int(in: 0...11), Gen.int(in: -2...14))
            .map { CacheOp(kind: $0, page: $1, cost: $2) }
            .array(of: 1...80)
        await propertyCheck(count: 5_000, input: Gen.int(in: 1...6), Gen.int(in: 1...30), ops) { count, cost, ops in
            let problem = disagreement(maximumCount: count, maximumCost: cost, ops)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }

    // MARK: Property: a real pager, random gestures, random outcomes

    /// One input: to the pager, or an outcome of a load.
    enum Input: Sendable, CustomStringConvertible {
        case dragBegan, dragMoved(Double), dragEnded(Double?), tick(Double)
        case step(Int), move(Int, animated: Bool)
        case complete(Int, cost: Int), fail(Int), stale(Int), retry(Int), reload(Int), reloadAll
        case insertPages(at: Int), setPageCount(Int)

        init(kind: Int, a: Int, b: Int) {
            switch kind {
            case 0: self = .dragBegan
            case 1, 2: self = .dragMoved(Double(a) / 2)
            case 3: self = .dragEnded(b % 3 == 0 ? nil : Double(a) * 5)
            case 4, 5: self = .tick(Double(b) / 10_000)
            case 6: self = .step(a % 3)
            case 7: self = .move(a, animated: b % 2 == 0)
            case 8, 9: self = .complete(b, cost: abs(a) % 12)
            case 10: self = .fail(b)
            case 11: self = .stale(b)
            case 12: self = .retry(b)
            case 13: self = b % 5 == 0 ? .reloadAll : .reload(b)
            default: self = b % 2 == 0 ? .insertPages(at: abs(a)) : .setPageCount(abs(a) % 9)
            }
        }

        var description: String {
            switch self {
            case .dragBegan: "dragBegan"
            case .dragMoved(let d): "dragMoved(\(d))"
            case .dragEnded(let v): "dragEnded(\(v.map { "\($0)" } ?? "estimated"))"
            case .tick(let dt): "tick(+\(dt)s)"
            case .step(let n): "step(\(n))"
            case .move(let page, let animated): "move(\(page)\(animated ? ", animated" : ""))"
            case .complete(let i, let cost): "complete(#\(i), cost \(cost))"
            case .fail(let i): "fail(#\(i))"
            case .stale(let i): "stale(#\(i))"
            case .retry(let i): "retry(\(i))"
            case .reload(let i): "reload(\(i))"
            case .reloadAll: "reloadAll"
            case .insertPages(let at): "insertPages(at: \(at))"
            case .setPageCount(let n): "setPageCount(\(n))"
            }
        }
    }

    struct ContentSetup: Sendable, CustomStringConvertible {
        var track: Track
        var pool: Pool
        var ahead: Int, behind: Int, count: Int, cost: Int

        init(pages: Int, loop: Bool, perSpread: Int, poolPrefetch: Int, ahead: Int, behind: Int, count: Int, cost: Int) {
            let n: PageCount = switch pages {
            case 0...8: loop ? .looping(pages) : .finite(pages)
            case 9: .finite(1_000_000_000_000_000)
            default: .unbounded
            }
            track = Track(pages: n, pagesPerSpread: perSpread, pageExtent: 100, viewportExtent: 100 * Double(perSpread))
            pool = Pool(size: 3, prefetch: poolPrefetch)
            (self.ahead, self.behind, self.count, self.cost) = (ahead, behind, count, cost)
        }

        var description: String {
            "\(track), \(pool), prefetch \(ahead) ahead \(behind) behind, cache \(count) pages cost \(cost)"
        }
    }

    static let contentSetups = zip(
        Gen.int(in: 0...10), Gen.bool(), Gen.int(in: 1...2), Gen.int(in: 0...2),
        Gen.int(in: 0...3), Gen.int(in: 0...2), Gen.int(in: 1...8), Gen.int(in: 1...40)
    ).map { ContentSetup(pages: $0, loop: $1, perSpread: $2, poolPrefetch: $3, ahead: $4, behind: $5, count: $6, cost: $7) }

    static let inputs = zip(Gen.int(in: 0...14), Gen.int(in: -400...400), Gen.int(in: 0...1_000))
        .map { Input(kind: $0, a: $1, b: $2) }
        .array(of: 1...60)

    /// 3,000 random runs: after every step, no slot shows another page's
    /// content or a display for a page it does not show, every configured
    /// slot shows something for each page (a placeholder only while a load
    /// of it runs), no load runs for a page out of reach of the window or
    /// twice, late results of cancelled loads change nothing, the cache
    /// keeps its bounds — and the pager's own audit holds throughout.
    @Test func randomGesturesAndOutcomesKeepEverySlotTruthful() async {
        await propertyCheck(count: 3_000, input: Self.contentSetups, Self.inputs) { setup, inputs in
            let problems = run(setup, inputs)
            #expect(problems.isEmpty, "\(setup)\ninputs: \(inputs)\nfirst problems: \(problems.prefix(4))")
        }
    }

    func run(_ setup: ContentSetup, _ inputs: [Input]) -> [String] {
        guard var h = try? Harness(track: setup.track, pool: setup.pool),
              var content = try? ContentPipeline<PageText>(maximumCount: setup.count, maximumCost: setup.cost,
                                                          prefetchAhead: setup.ahead, prefetchBehind: setup.behind)
        else { return ["setup refused: \(setup)"] }
        var audit = ContentAudit(slotCount: h.pager.slotCount)
        var problems: [String] = []
        func pagerDid(_ h: Harness) {
            audit.pager(h.last)
            problems += audit.content(content.apply(h.last, of: h.pager), pager: h.pager)
        }
        pagerDid(h)
        for (n, input) in inputs.enumerated() {
            switch input {
            case .dragBegan: h.dragBegan(); pagerDid(h)
            case .dragMoved(let d): h.drag(by: d); pagerDid(h)
            case .dragEnded(let v): h.dragEnded(velocity: v); pagerDid(h)
            case .tick(let dt): h.tick(dt); pagerDid(h)
            case .step(let k): h.step(by: k); pagerDid(h)
            case .move(let page, let animated): h.move(toPage: page, animated: animated); pagerDid(h)
            case .complete(let i, let cost):
                guard !audit.running.isEmpty else { continue }
                let t = audit.running[i % audit.running.count]
                audit.finished(t)
                problems += audit.content(content.loaded(PageText(page: t.page, serial: t.serial), cost: cost, for: t), pager: h.pager)
            case .fail(let i):
                guard !audit.running.isEmpty else { continue }
                let t = audit.running[i % audit.running.count]
                audit.finished(t)
                problems += audit.content(content.failed("failure \(t)", for: t), pager: h.pager)
            case .stale(let i):
                guard !audit.retired.isEmpty else { continue }
                let t = audit.retired[i % audit.retired.count]
                let effects = content.loaded(PageText(page: t.page, serial: t.serial), cost: 1, for: t)
                    + content.failed("late", for: t)
                if !effects.isEmpty { problems.append("a retired load's late outcome did \(effects)") }
            case .retry(let i):
                let window = ContentAudit.window(of: h.pager)
                guard !window.isEmpty else { continue }
                problems += audit.content(content.retry(page: window[i % window.count]), pager: h.pager)
            case .reload(let i):
                let window = ContentAudit.window(of: h.pager)
                guard !window.isEmpty else { continue }
                problems += audit.content(content.reload(page: window[i % window.count]), pager: h.pager)
            case .reloadAll:
                problems += audit.content(content.reloadAll(), pager: h.pager)
            case .insertPages(let at):
                guard let effects = try? h.pager.insertPages(at: min(at, h.pager.track.pages.pages), count: 1) else { continue }
                h.record(effects, input: .dataChange)
                pagerDid(h)
                problems += audit.content(content.reloadAll(), pager: h.pager)   // pages were renumbered
            case .setPageCount(let count):
                guard let effects = try? h.pager.setPageCount(h.pager.track.pages.with(pages: count)) else { continue }
                h.record(effects, input: .dataChange)
                pagerDid(h)
            }
            problems += audit.check(content, pager: h.pager).map { "after input \(n) \(input): \($0)" }
            if !h.problems.isEmpty { return h.problems }
            if !problems.isEmpty { return problems }
        }
        return problems
    }

    // MARK: The figure: cache hit rate reading a thousand pages

    /// Reads 1,000 pages forward, one animated page turn at a time, stepping
    /// back one page before about one turn in eight, and lingering 24 frames
    /// on each page. Each load takes 10–90 frames (1/6 – 1.5 s at 60 frames
    /// per second), counted in ticks, not wall time. A hit is a slot
    /// configured with content already in the cache; on screen is the share
    /// of page arrivals that found their content shown.
    struct ReadThrough {
        var pager: Pager
        var content: ContentPipeline<PageText>
        var random = SplitMix(seed: 2_024)
        var frame = 0
        var due: [(frame: Int, ticket: LoadTicket)] = []
        var shown: [Int: PageDisplay<PageText>] = [:]   // page → its latest display (every configure sends one)
        var hits = 0, misses = 0, arrivals = 0, arrivalsWithContent = 0, loads = 0

        init() throws {
            pager = try Pager(track: phone(.finite(1_000)))
            content = try ContentPipeline<PageText>(maximumCount: 16)
            take(pager.layout(), counting: true)
        }

        mutating func take(_ effects: Effects, counting: Bool) {
            carryOut(content.apply(effects, of: pager), counting: counting)
        }

        mutating func carryOut(_ effects: [ContentEffect<PageText>], counting: Bool) {
            for effect in effects {
                switch effect {
                case .show(let update):
                    if counting, case .content = update.display { hits += 1 }
                    if counting, case .placeholder = update.display { misses += 1 }
                    shown[update.page] = update.display
                case .load(let ticket):
                    loads += 1
                    due.append((frame + 10 + random.next(81), ticket))
                case .cancel(let ticket):
                    due.removeAll { $0.ticket == ticket }
                }
            }
        }

        mutating func tick() {
            frame += 1
            take(pager.advance(to: Double(frame) / 60), counting: true)
            while let i = due.firstIndex(where: { $0.frame <= frame }) {
                let ticket = due.remove(at: i).ticket
                carryOut(content.loaded(PageText(page: ticket.page, serial: ticket.serial), cost: 1, for: ticket), counting: false)
            }
        }

        mutating func turn(by step: Int) {
            take(pager.step(by: step, animated: true, at: Double(frame) / 60), counting: true)
            while pager.isSettling { tick() }
            arrivals += 1
            if case .content? = shown[pager.currentPage ?? -1] { arrivalsWithContent += 1 }
            for _ in 0..<24 { tick() }
        }

        mutating func read() {
            while pager.currentPage != 999 {
                turn(by: random.next(8) == 0 && pager.currentPage != 0 ? -1 : 1)
            }
        }
    }

    @Test func cacheHitRateReadingAThousandPages() throws {
        var reader = try ReadThrough()
        reader.read()
        let rate = Double(reader.hits) / Double(reader.hits + reader.misses)
        let onScreen = Double(reader.arrivalsWithContent) / Double(reader.arrivals)
        let percent = { (x: Double) in "\(Double(Int((x * 1_000).rounded())) / 10)%" }
        print("Content read-through of 1,000 pages: cache hit rate \(percent(rate)) (\(reader.hits) of \(reader.hits + reader.misses) slot configurations), "
              + "content on screen at \(percent(onScreen)) of \(reader.arrivals) page arrivals, \(reader.loads) loads, \(reader.frame) frames")
        #expect(reader.hits + reader.misses >= 1_000, "every page was configured at least once")
        #expect(rate > 0.85 && rate < 1, "hit rate \(rate)")
        #expect(onScreen > 0.9, "content on screen at \(onScreen) of arrivals")
        #expect(reader.content.cache.count <= 16)
    }

    // MARK: The driver: real tasks, a scripted source, no sleeping

    @Suite struct Loader {
        private func placeholders(_ pages: ClosedRange<Int>, gen: Int = 1) -> [SlotDisplay<String>] {
            pages.map { SlotDisplay(slot: $0, page: $0, generation: gen, display: .placeholder) }
        }

        /// Placeholders at once; each result, whenever the test releases it, in its slot.
        @Test func resultsArriveInTheirSlotsInAnyOrder() async throws {
            let source = ScriptedSource()
            let loader = ContentLoader(source: source, pipeline: try ContentPipeline<String>())
            var updates = loader.displays.makeAsyncIterator()
            var pager = try Pager(track: phone(.finite(10)))
            await loader.apply(pager.layout(), of: pager)
            var first: [SlotDisplay<String>] = []
            for _ in 0..<3 { first.append(try #require(await updates.next())) }
            #expect(first == placeholders(0...2))
            await source.wait { Set($0.waiting) == [0, 1, 2, 3, 4] }
            #expect(await loader.runningTaskCount == 5)

            await source.resolve(page: 2, with: "two")
            #expect(await updates.next() == SlotDisplay(slot: 2, page: 2, generation: 1, display: .content("two")))
            await source.resolve(page: 3, with: "three")        // prefetched: cached, not shown
            await source.resolve(page: 0, with: "zero")
            #expect(await updates.next() == SlotDisplay(slot: 0, page: 0, generation: 1, display: .content("zero")))
            #expect(await loader.pipeline.cache.peek(page: 3) == "three")
            #expect(await loader.runningTaskCount == 2)

            // Page 1 hangs. Closing cancels it (and page 4) and ends the stream.
            await loader.close()
            #expect(await updates.next() == nil)
            await source.wait { Set($0.cancelled) == [1, 4] }
            #expect(await source.waitingPages == [])
        }

        /// Moving far away cancels every load with Task.cancel; the source sees it.
        @Test func scrollingAwayCancelsTheTasks() async throws {
            let source = ScriptedSource()
            let loader = ContentLoader(source: source, pipeline: try ContentPipeline<String>())
            var pager = try Pager(track: phone(.finite(10)))
            await loader.apply(pager.layout(), of: pager)
            await source.wait { Set($0.waiting) == [0, 1, 2, 3, 4] }

            await loader.apply(pager.move(toPage: 8, animated: false), of: pager)
            // Window 7…9, nothing ahead of 9, 6 behind; 0…4 are cancelled.
            await source.wait { Set($0.cancelled) == [0, 1, 2, 3, 4] && Set($0.waiting) == [6, 7, 8, 9] }
            #expect(await loader.runningTaskCount == 4)
            #expect(await loader.pipeline.runningLoads.map(\.page) == [8, 9, 7, 6])
            await loader.close()
            await source.wait { $0.waiting.isEmpty }
        }

        /// A failure shows an error for its page only; a retry loads it again.
        @Test func aFailureShowsAnErrorAndARetryLoadsAgain() async throws {
            let source = ScriptedSource()
            let loader = ContentLoader(source: source, pipeline: try ContentPipeline<String>(prefetchAhead: 0, prefetchBehind: 0))
            var updates = loader.displays.makeAsyncIterator()
            var pager = try Pager(track: phone(.finite(10)))
            await loader.apply(pager.layout(), of: pager)
            for _ in 0..<3 { _ = await updates.next() }
            await source.wait { Set($0.waiting) == [0, 1, 2] }

            await source.fail(page: 1, reason: "offline")
            #expect(await updates.next() == SlotDisplay(slot: 1, page: 1, generation: 1, display: .failed(reason: "offline")))
            await source.resolve(page: 0, with: "zero")       // the failure stopped nothing
            #expect(await updates.next() == SlotDisplay(slot: 0, page: 0, generation: 1, display: .content("zero")))

            await loader.retry(page: 1)
            #expect(await updates.next() == SlotDisplay(slot: 1, page: 1, generation: 1, display: .placeholder))
            await source.wait { $0.waiting.contains(1) }
            await source.resolve(page: 1, with: "one")
            #expect(await updates.next() == SlotDisplay(slot: 1, page: 1, generation: 1, display: .content("one")))
            #expect(await source.requested.filter { $0 == 1 }.count == 2)
            await loader.close()
        }
    }

    // MARK: The README's example, as written

    @Suite struct Readme {
        /// A host that keeps what its views show and wakes the test when every slot has content.
        actor Host {
            var views: [Spread?]
            var shown: [Int: PageDisplay<String>] = [:]
            var waiter: CheckedContinuation<Void, Never>?
            init(slots: Int) { views = Array(repeating: nil, count: slots) }

            func apply(_ effect: Effect) {
                if case .configure(let slot, let spread) = effect { views[slot] = spread }
                if case .park(let slot) = effect { views[slot] = nil }
            }

            func show(_ update: SlotDisplay<String>) {
                guard views[update.slot]?.contains(page: update.page) == true else { return }
                shown[update.page] = update.display
                if allShowContent { waiter?.resume(); waiter = nil }
            }

            var allShowContent: Bool {
                views.allSatisfy { spread in
                    guard let page = spread?.firstPage, case .content? = shown[page] else { return spread == nil }
                    return true
                }
            }

            func waitUntilAllShowContent() async {
                guard !allShowContent else { return }
                await withCheckedContinuation { waiter = $0 }
            }
        }

        @Test func theExampleRuns() async throws {
            var pager = try Pager(track: phone(.finite(10)))
            let host = Host(slots: pager.slotCount)
            // From docs/readme/content.md:
            struct Pages: PageContentSource {
                func content(for page: Int) async throws -> String { try await render(page) }  // slow, may throw
                func cost(of text: String) -> Int { text.utf8.count }                           // cache cost: bytes
            }
            let loader = ContentLoader(source: Pages(), pipeline: try ContentPipeline(maximumCount: 16, maximumCost: 1 << 20))
            Task { for await update in loader.displays { await host.show(update) } }  // if the slot still shows update.page
            let effects = pager.layout()
            for effect in effects { await host.apply(effect) }
            await loader.apply(effects, of: pager)     // every pager update, in order
            await loader.retry(page: 1)                // an error page's retry button
            // End of the example.
            await host.waitUntilAllShowContent()
            #expect(await host.shown == [0: .content("Page 1"), 1: .content("Page 2"), 2: .content("Page 3")])
            let cache = await loader.pipeline.cache
            #expect(cache.count >= 3 && cache.totalCost == 6 * cache.count, "\(cache): six bytes a page")
            await loader.close()
        }
    }
}
