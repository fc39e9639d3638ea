import Testing
import FolioTestSupport
@testable import Folio

@Suite struct MoveTests {
    @Test func aJumpIsATransitionThatCompletesAtOnce() throws {
        var h = try Harness(track: phone(.finite(10)))
        h.move(toPage: 4, animated: false)
        #expect(h.lastEvents == [
            .transitionBegan(target: 4), .positionChanged(Position(index: 4)),
            .currentPageChanged(from: 0, to: 4), .transitionFinished(target: 4, completed: true),
            .settled(page: 4), .windowRecentred(shift: 3),
        ])
        h.move(toPage: 4, animated: false)
        #expect(h.last.isEmpty, "a move to where it rests does nothing")
        #expect(h.problems == [])
    }

    @Test func aFarAnimatedJumpSkipsThePagesBetween() throws {
        var h = try Harness(track: phone(.finite(1_000_000)))
        let before = h.audit.host.configured.count
        h.move(toPage: 500_000, animated: true)
        #expect(h.pager.position == Position(index: 499_999), "starts one spread away")
        h.settle()
        #expect(h.pager.settledPage == 500_000)
        let configured = h.audit.host.configured.dropFirst(before).map(\.firstPage)
        #expect(configured.allSatisfy { (499_998...500_001).contains($0) }, "configured \(configured)")
        #expect(h.problems == [])
    }

    @Test func aLoopTakesTheShortWayRound() throws {
        var h = try Harness(track: phone(.looping(10)))
        h.move(toPage: 9, animated: true)
        h.tick()
        h.tick()
        #expect(h.pager.position < Position(index: 0), "backward, not through 1…8")
        #expect(h.pager.targetPage == 9)
        h.settle()
        #expect(h.pager.settledPage == 9)
        h.move(toPage: 1, animated: true)
        h.settle()
        #expect(h.pager.settledPage == 1)
        // Two pages: the next page is the same either way; it goes forward.
        var two = try Harness(track: phone(.looping(2)))
        two.move(toPage: 1, animated: true)
        two.tick()
        #expect(two.pager.position > Position(index: 0))
        two.settle()
        #expect(two.pager.settledPage == 1)
        #expect(h.problems == [] && two.problems == [])
    }

    @Test func quickStepsAddUp() throws {
        var h = try Harness(track: phone(.finite(10)))
        h.step(by: 1)
        h.tick()
        h.step(by: 1)
        h.tick()
        h.step(by: 1)
        #expect(h.pager.targetPage == 3)
        #expect(h.audit.events.filter { if case .transitionFinished(_, false) = $0 { true } else { false } }.count == 2)
        h.settle()
        #expect(h.pager.settledPage == 3)
        h.step(by: 100)
        h.settle()
        #expect(h.pager.settledPage == 9, "stops at the last page")
        h.record(h.pager.moveToFirst(animated: true, at: h.time))
        h.settle()
        #expect(h.pager.settledPage == 0)
        h.record(h.pager.moveToLast(animated: false))
        #expect(h.pager.settledPage == 9)
        #expect(h.problems == [])
    }

    @Test func stepsWrapOnALoopAndStopOnUnboundedTracks() throws {
        var loop = try Harness(track: phone(.looping(3)))
        loop.step(by: -1)
        loop.settle()
        #expect(loop.pager.settledPage == 2)
        var endless = try Harness(track: phone(.unbounded))
        endless.step(by: -1)
        #expect(endless.last.isEmpty)
        endless.record(endless.pager.moveToLast(animated: true))
        #expect(endless.last.isEmpty, "an unbounded track has no last page")
        endless.move(toPage: Int.max, animated: false)
        #expect(endless.pager.settledPage == PageCount.unboundedLimit - 1)
        #expect(loop.problems == [] && endless.problems == [])
    }

    @Test func aMoveDuringADragEndsTheDrag() throws {
        var h = try Harness(track: phone(.finite(10)))
        h.dragBegan()
        h.drag(by: -100)
        h.move(toPage: 5, animated: true)
        #expect(h.lastEvents.prefix(2) == [.dragEnded(velocity: 0), .transitionBegan(target: 5)])
        h.drag(by: -100)
        #expect(h.last.isEmpty, "the drag is over")
        h.settle()
        #expect(h.pager.settledPage == 5)
        #expect(h.problems == [])
    }

    @Test func aLazyStartBeginsAtTheNextTick() throws {
        var pager = try Pager(track: phone(.finite(5)))
        _ = pager.layout()
        _ = pager.move(toPage: 1, animated: true)
        let first = pager.advance(to: 100)
        #expect(first.isEmpty, "the first tick fixes the start time")
        let second = pager.advance(to: 100.1)
        #expect(second.events.contains(.positionChanged(pager.position)))
        #expect(pager.position > Position(index: 0))
        #expect(pager.advance(to: 50).isEmpty, "time never runs backwards")
        #expect(pager.advance(to: .nan).isEmpty)
    }
}
