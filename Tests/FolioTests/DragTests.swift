import Testing
import FolioTestSupport
@testable import Folio

/// A phone-sized horizontal track: 375-point pages, no spacing.
func phone(_ pages: PageCount, _ orientation: Orientation = .leftToRight) -> Track {
    Track(orientation: orientation, pages: pages, pageExtent: 375, viewportExtent: 375)
}

@Suite struct DragTests {
    @Test func theWholeEffectLogOfASwipe() throws {
        var pager = try Pager(track: phone(.finite(10)))
        #expect(Array(pager.layout()) == [
            .configure(slot: 0, spread: Spread(index: 0, firstPage: 0, pageCount: 1)),
            .configure(slot: 1, spread: Spread(index: 1, firstPage: 1, pageCount: 1)),
            .configure(slot: 2, spread: Spread(index: 2, firstPage: 2, pageCount: 1)),
            .place(slot: 0, offset: 0), .place(slot: 1, offset: 375), .place(slot: 2, offset: 750),
        ])
        #expect(Array(pager.dragBegan(at: 0)) == [.event(.dragBegan)])
        #expect(Array(pager.dragMoved(by: -150, at: 0.1)) == [
            .place(slot: 0, offset: -150), .place(slot: 1, offset: 225), .place(slot: 2, offset: 600),
            .event(.positionChanged(Position(index: 0, fraction: 0.4))),
        ])
        #expect(Array(pager.dragMoved(by: -50, at: 0.2)) == [
            .place(slot: 0, offset: -200), .place(slot: 1, offset: 175), .place(slot: 2, offset: 550),
            .event(.positionChanged(Position(index: 0, fraction: 200.0 / 375))),
            .event(.currentPageChanged(from: 0, to: 1)),
        ])
        #expect(Array(pager.dragEnded(velocity: -100, at: 0.2)) == [
            .event(.dragEnded(velocity: -100)), .event(.transitionBegan(target: 1)),
        ])
        var t = 0.2
        var last = Effects()
        while pager.isSettling { t += 1.0 / 60; last = pager.advance(to: t) }
        #expect(Array(last) == [
            .place(slot: 0, offset: -375), .place(slot: 1, offset: 0), .place(slot: 2, offset: 375),
            .event(.positionChanged(Position(index: 1))),
            .event(.transitionFinished(target: 1, completed: true)),
            .event(.settled(page: 1)),
        ])
        #expect(t - 0.2 >= 0.25 && t - 0.2 <= 0.4, "settle took \(t - 0.2) s")
    }

    @Test func thePagesFollowTheFingerOneToOne() throws {
        var h = try Harness(track: phone(.finite(10), .rightToLeft))
        h.dragBegan()
        h.drag(by: 100)  // right-to-left: dragging right reveals the next page
        #expect(h.pager.position == Position(index: 0, fraction: 100.0 / 375))
        #expect(h.pager.offset(ofSlot: 0) == 100)
        h.drag(by: -40)
        #expect(abs(h.pager.offset(ofSlot: 0)! - 60) < 1e-9)
        #expect(h.problems == [])
    }

    @Test(arguments: [(Orientation.topToBottom, -10.0), (.bottomToTop, 10.0)])
    func verticalTracksPageAlongY(orientation: Orientation, pull: Double) throws {
        var h = try Harness(track: Track(orientation: orientation, pages: .finite(4), pageExtent: 24, viewportExtent: 24))
        #expect(h.pager.track.orientation.axis == .vertical)
        let next = try #require((0..<3).first { h.pager.spread(inSlot: $0)?.firstPage == 1 })
        #expect(h.pager.offset(ofSlot: next) == (orientation == .topToBottom ? 24 : -24), "the next page is below, or above")
        h.swipe(pull, velocity: pull * 50)
        #expect(h.pager.settledPage == 1)
        #expect(h.problems == [])
    }

    @Test func theFirstAndLastPagesRubberBand() throws {
        var h = try Harness(track: phone(.finite(3)))
        h.dragBegan()
        h.drag(by: 200)
        let shown = h.pager.offset(ofSlot: 0)!
        let expected = RubberBand().resisted(200, dimension: 375)
        #expect(abs(shown - expected) < 1e-9, "shown \(shown), formula \(expected)")
        h.dragEnded(velocity: 0)
        h.settle()
        #expect(h.pager.position == Position(index: 0))
        #expect(h.pager.settledPage == 0)
        #expect(h.problems == [])
    }

    @Test func aLoopDoesNotResist() throws {
        var h = try Harness(track: phone(.looping(3)))
        h.dragBegan()
        h.drag(by: 200)
        #expect(abs(h.pager.position.distance(fromSpread: 0) - -200.0 / 375) < 1e-12)
        #expect(h.pager.currentPage == 2)
        #expect(h.problems == [])
    }

    @Test(arguments: [(-100.0, -400.0, 1), (-100.0, -200.0, 0), (-250.0, 0.0, 1), (-60.0, nil, 0)])
    func aFlickTurnsAndASlowReleaseReturns(distance: Double, velocity: Double?, expected: Int) throws {
        var h = try Harness(track: phone(.finite(10)))
        h.swipe(distance, frames: 20, velocity: velocity)
        #expect(h.pager.settledPage == expected, "moved \(distance), released at \(String(describing: velocity))")
        #expect(h.problems == [])
    }

    @Test func theEstimatedVelocityFlicks() throws {
        var h = try Harness(track: phone(.finite(10)))
        h.dragBegan()
        for _ in 0..<5 { h.drag(by: -20, seconds: 0.01) }  // 2,000 points per second
        h.dragEnded()
        guard case .dragEnded(let v) = h.lastEvents.first else { Issue.record("no dragEnded"); return }
        #expect(abs(v - -2000) < 1e-6)
        h.settle()
        #expect(h.pager.settledPage == 1)
    }

    @Test func aFlickCarriesAtMostOneSpreadPastTheRelease() throws {
        var h = try Harness(track: phone(.finite(10)))
        h.swipe(-200, frames: 10, velocity: -50_000)
        #expect(h.pager.settledPage == 1)
        h.swipe(-900, frames: 10, velocity: -5000)  // dragged 2.4 pages, then flicked
        #expect(h.pager.settledPage == 4)
        #expect(h.problems == [])
    }

    @Test func longFlingsTravelWithDeceleration() throws {
        var physics = Physics()
        physics.snap = .normalDeceleration
        var h = try Harness(track: phone(.finite(1_000)), physics: physics)
        h.swipe(-300, frames: 10, velocity: -7500)  // 20 spreads per second → about 10 spreads
        let page = try #require(h.pager.settledPage)
        #expect(page >= 9 && page <= 11, "landed on \(page)")
        #expect(h.problems == [])
    }

    @Test func aDragDuringASettleCatchesThePagesWhereTheyAre() throws {
        var h = try Harness(track: phone(.finite(10)))
        h.swipe(-200, frames: 4, velocity: -1000)
        h.dragBegan()
        h.swipe(-200, frames: 4, velocity: -1000)
        let before = h.pager.position
        h.step(by: 1)
        h.tick(); h.tick(); h.tick()
        let moving = h.pager.position
        #expect(moving > before)
        h.dragBegan()
        #expect(h.pager.position == moving, "the pages stop under the finger")
        #expect(h.lastEvents == [.transitionFinished(target: 3, completed: false), .dragBegan])
        h.drag(by: 10)
        h.dragEnded(velocity: 0)
        h.settle()
        #expect(h.problems == [])
    }

    @Test func aCatchInTheRubberBandDoesNotJump() throws {
        var h = try Harness(track: phone(.finite(3)))
        h.dragBegan()
        h.drag(by: 300)
        h.dragEnded(velocity: 0)
        h.tick()
        let shown = h.pager.position
        h.dragBegan()
        h.drag(by: 0.0001)
        #expect(abs(h.pager.position.distance(from: shown)) < 1e-5)
        #expect(h.problems == [])
    }

    @Test func inputsOutOfOrderAreIgnored() throws {
        var pager = try Pager(track: phone(.finite(5)))
        _ = pager.layout()
        #expect(pager.dragMoved(by: 10, at: 0).isEmpty)
        #expect(pager.dragEnded(velocity: 10, at: 0).isEmpty)
        _ = pager.dragBegan(at: 0)
        #expect(pager.dragBegan(at: 0).isEmpty)
        #expect(pager.dragMoved(by: .nan, at: 0).isEmpty)
        #expect(pager.dragMoved(by: .infinity, at: 0).isEmpty)
        let end = pager.dragEnded(velocity: .nan, at: 0)
        #expect(end.events.first == .dragEnded(velocity: 0))
    }
}
