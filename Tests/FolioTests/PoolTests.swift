import Testing
import FolioTestSupport
@testable import Folio

@Suite struct PoolTests {
    /// seeds/002 and 003: a current and a next view over 1,000 pages.
    @Test func twoSlotsOverAThousandPages() throws {
        var h = try Harness(track: phone(.finite(1_000)), pool: Pool(size: 2))
        #expect(h.pager.slotCount == 2)
        for _ in 0..<30 { h.swipe(-250, velocity: -500) }
        #expect(h.pager.settledPage == 30)
        for _ in 0..<5 { h.swipe(250, velocity: 500) }
        #expect(h.pager.settledPage == 25)
        let shown = Set((0..<2).compactMap { h.pager.spread(inSlot: $0)?.firstPage })
        #expect(shown.contains(25))
        #expect(h.problems == [])
    }

    /// seeds/000: previous, current and next, recentred, over 10^12 pages.
    @Test func threeSlotsRecentringOverATrillionPages() throws {
        let count = 1_000_000_000_000
        var h = try Harness(track: phone(.finite(count)), page: count / 2)
        h.swipe(-250, velocity: -500)
        #expect(h.pager.settledPage == count / 2 + 1)
        #expect(h.lastEvents.contains(.windowRecentred(shift: 1)))
        let window = h.pager.hostWindow
        #expect(window.contentOffset(for: h.pager.position, in: h.pager.track) == 375, "the middle of three pages")
        #expect(window.contentExtent(for: h.pager.track) == 3 * 375)
        h.move(toPage: count - 1, animated: false)
        #expect(h.pager.hostWindow.contentOffset(for: h.pager.position, in: h.pager.track) == 750, "the last of three")
        #expect(Set((0..<3).compactMap { h.pager.spread(inSlot: $0)?.firstPage }) == [count - 1, count - 2, count - 3])
        #expect(h.problems == [])
    }

    /// Three or fewer pages behave like a plain paging scroll view: no recentring, no page twice.
    @Test(arguments: 1...3)
    func fewPagesNeverRecentre(count: Int) throws {
        var h = try Harness(track: phone(.finite(count)))
        for _ in 0..<4 { h.swipe(-250, velocity: -500) }
        for _ in 0..<4 { h.swipe(250, velocity: 500) }
        #expect(!h.audit.events.contains { if case .windowRecentred = $0 { true } else { false } })
        #expect(h.pager.hostWindow.base == 0)
        #expect(h.pager.settledPage == 0)
        #expect(h.problems == [])
    }

    @Test(arguments: 1...3)
    func loopsOfOneTwoAndThreePages(count: Int) throws {
        var h = try Harness(track: phone(.looping(count)))
        var expected = 0
        for _ in 0..<7 {
            h.swipe(-250, velocity: -500)
            if count > 1 { expected = (expected + 1) % count }
            #expect(h.pager.settledPage == expected, "loop of \(count)")
        }
        for _ in 0..<3 {
            h.swipe(250, velocity: 500)
            if count > 1 { expected = (expected + count - 1) % count }
            #expect(h.pager.settledPage == expected, "loop of \(count)")
        }
        if count == 1 {
            // A one-page loop cannot show page 0 beside itself: it rubber-bands like one page.
            h.dragBegan()
            h.drag(by: -300)
            #expect(h.pager.position > Position(index: 0) && h.pager.position < Position(index: 0, fraction: 0.5))
            h.dragEnded(velocity: 0)
            h.settle()
        }
        #expect(h.problems == [])
    }

    @Test func aFlingAcrossAThousandPagesConfiguresOnlyThePagesItEndsOn() throws {
        var physics = Physics()
        physics.snap = .decelerating(rate: 0.998, maximumSpreads: 5_000)
        var h = try Harness(track: phone(.finite(100_000)), physics: physics)
        let before = h.audit.host.configured.count
        h.dragBegan()
        h.drag(by: -100)
        h.record(h.pager.dragEnded(velocity: -750_000, at: h.time))  // 2,000 spreads/s → ~1,000 spreads
        h.time += 20
        h.record(h.pager.advance(to: h.time))  // the host only ticks again once it is over
        h.time += 20
        h.record(h.pager.advance(to: h.time))
        let page = try #require(h.pager.settledPage)
        #expect(page >= 990 && page <= 1_010, "landed on \(page)")
        let configured = h.audit.host.configured.dropFirst(before)
        #expect(configured.count <= h.pager.slotCount, "configured \(configured)")
        #expect(h.problems == [])
    }

    @Test func aFlingTickedAt60FramesASecondConfiguresAtMostThePool() throws {
        var physics = Physics()
        physics.snap = .decelerating(rate: 0.998, maximumSpreads: 5_000)
        var h = try Harness(track: phone(.finite(100_000)), physics: physics, page: 50)
        h.dragBegan()
        h.drag(by: -100)
        let before = h.audit.host.configured.count  // from the release on: the fling's own configures
        h.dragEnded(velocity: -750_000)
        h.settle()
        let page = try #require(h.pager.settledPage)
        #expect(page > 1_000, "landed on \(page)")
        let configured = h.audit.host.configured.dropFirst(before)
        #expect(configured.count <= h.pager.slotCount, "configured \(configured.map(\.firstPage))")
        #expect(h.problems == [])
    }

    @Test func prefetchDrawsAheadInTheDirectionOfMotion() throws {
        var h = try Harness(track: phone(.finite(100)), pool: Pool(size: 3, prefetch: 2), page: 50)
        func shown() -> Set<Int> { Set((0..<h.pager.slotCount).compactMap { h.pager.spread(inSlot: $0)?.firstPage }) }
        #expect(shown() == [49, 50, 51, 52, 53])
        h.dragBegan()
        h.drag(by: 50)  // toward page 49
        #expect(shown() == [47, 48, 49, 50, 51])
        h.dragEnded(velocity: 0)
        h.settle()
        #expect(h.problems == [])
    }

    @Test func theFastPathAgreesWithTheFullLayout() throws {
        var fast = try Pager(track: phone(.looping(5)), pool: Pool(size: 3, prefetch: 1))
        var full = fast
        full.alwaysFullLayout = true
        #expect(Array(fast.layout()) == Array(full.layout()))
        var t = 0.0
        var generator = SplitMix(seed: 42)
        for _ in 0..<2_000 {
            t += 0.016
            let effectsFast: Effects, effectsFull: Effects
            switch generator.next() % 5 {
            case 0: effectsFast = fast.dragBegan(at: t); effectsFull = full.dragBegan(at: t)
            case 1, 2:
                let d = Double(Int(generator.next() % 400)) - 200
                effectsFast = fast.dragMoved(by: d, at: t); effectsFull = full.dragMoved(by: d, at: t)
            case 3:
                let v = Double(Int(generator.next() % 2_000)) - 1_000
                effectsFast = fast.dragEnded(velocity: v, at: t); effectsFull = full.dragEnded(velocity: v, at: t)
            default: effectsFast = fast.advance(to: t); effectsFull = full.advance(to: t)
            }
            #expect(Array(effectsFast) == Array(effectsFull))
        }
    }

    /// Found by the property test (seed v4hyOphAHzhmMEshGi0BrWg/8E5MupbRGaFGTMT4QcI=): after an
    /// insertion at the end, mid-drag, spread 6 touches the viewport's right edge exactly.
    @Test func aSpreadTouchingTheViewportEdgeNeedsNoSlot() throws {
        let track = Track(pages: .finite(6), pageExtent: 80, spacing: 8, viewportExtent: 160)
        var h = try Harness(track: track, pool: Pool(size: 3))
        h.dragBegan()
        h.drag(by: -324, seconds: 0)
        h.drag(by: -405, seconds: 0)
        h.drag(by: 321, seconds: 0)
        h.record(try h.pager.insertPages(at: 6, count: 1), input: .dataChange)
        let offset = h.pager.offset(ofUnwrapped: 6)
        #expect(abs(offset - track.viewportExtent) < 1e-9, "spread 6 starts at the viewport's edge: \(offset)")
        #expect(h.problems == [])
    }

    @Test func twoPageSpreadsRecycleSpreadsNotPages() throws {
        let book = Track(pages: .finite(9), pagesPerSpread: 2, coverStandsAlone: true, pageExtent: 100, viewportExtent: 200)
        var h = try Harness(track: book)
        #expect(h.pager.spread(inSlot: 0) == Spread(index: 0, firstPage: 0, pageCount: 1))
        h.swipe(-150, velocity: -1000)
        #expect(h.pager.currentPage == 1)
        #expect(h.pager.spread(inSlot: 1) == Spread(index: 1, firstPage: 1, pageCount: 2))
        h.move(toPage: 8, animated: true)
        h.settle()
        #expect(h.pager.currentPage == 7)
        #expect(h.pager.targetPage == 7)
        #expect(h.problems == [])
    }
}
