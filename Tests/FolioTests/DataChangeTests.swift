import Testing
import FolioTestSupport
@testable import Folio

@Suite struct DataChangeTests {
    @Test func insertingBeforeKeepsTheSamePageOnScreen() throws {
        var h = try Harness(track: phone(.finite(10)), page: 5)
        let slotOfFive = try #require((0..<3).first { h.pager.spread(inSlot: $0)?.firstPage == 5 })
        h.record(try h.pager.insertPages(at: 2, count: 3), input: .dataChange)
        #expect(h.pager.currentPage == 8)
        #expect(h.pager.spread(inSlot: slotOfFive)?.firstPage == 8, "the same view, renumbered")
        #expect(h.pager.offset(ofSlot: slotOfFive) == 0, "nothing moved on screen")
        #expect(h.lastEvents.contains(.currentPageChanged(from: 5, to: 8)))
        #expect(h.lastEvents.contains(.settled(page: 8)))
        #expect(h.problems == [])
    }

    @Test func insertingAfterChangesNothingOnScreen() throws {
        var h = try Harness(track: phone(.finite(10)), page: 5)
        h.record(try h.pager.insertPages(at: 7, count: 2), input: .dataChange)
        #expect(h.pager.currentPage == 5)
        #expect(h.last.isEmpty)
        h.record(try h.pager.insertPages(at: 6, count: 1), input: .dataChange)
        #expect(h.last.contains { if case .configure(_, let s) = $0 { s.firstPage == 6 } else { false } })
        #expect(h.problems == [])
    }

    @Test func deletingTheCurrentPageLandsOnTheNextOrThePrevious() throws {
        var h = try Harness(track: phone(.finite(10)), page: 5)
        h.record(try h.pager.deletePages(in: 5..<6), input: .dataChange)
        #expect(h.pager.currentPage == 5, "the page that followed takes its place")
        #expect(h.lastEvents == [.settled(page: 5)], "a new page at rest, though its number is the same")
        h.record(try h.pager.deletePages(in: 4..<9), input: .dataChange)
        #expect(h.pager.currentPage == 3, "nothing followed: the page before")
        #expect(h.pager.track.pages == .finite(4))
        h.record(try h.pager.deletePages(in: 0..<4), input: .dataChange)
        #expect(h.pager.isEmpty && h.pager.currentPage == nil && h.pager.settledPage == nil)
        #expect(h.lastEvents.contains(.currentPageChanged(from: 3, to: nil)))
        #expect((0..<3).allSatisfy { h.pager.spread(inSlot: $0) == nil })
        h.swipe(-300)  // an empty pager takes gestures without a page to show
        h.record(try h.pager.setPageCount(.finite(2)), input: .dataChange)
        #expect(h.pager.currentPage == 0)
        #expect(h.lastEvents.contains(.settled(page: 0)))
        #expect(h.problems == [])
    }

    @Test func changesMidDragAndMidSettleDoNotCrash() throws {
        var h = try Harness(track: phone(.finite(10)), page: 5)
        h.dragBegan()
        h.drag(by: -200)
        h.record(try h.pager.deletePages(in: 0..<3), input: .dataChange)
        h.drag(by: -50)
        h.dragEnded(velocity: -1000)
        h.tick()
        #expect(h.pager.targetPage == 3)
        h.record(try h.pager.deletePages(in: 3..<4), input: .dataChange)
        #expect(h.lastEvents.prefix(2) == [.transitionFinished(target: 3, completed: false), .transitionBegan(target: 3)],
                "the target was deleted: its neighbour, now page 3 too, is a new transition")
        h.record(try h.pager.setPageCount(.finite(0)), input: .dataChange)
        #expect(h.pager.activity == .idle)
        #expect(h.problems == [])
    }

    @Test func invalidRangesAreTypedErrors() throws {
        var pager = try Pager(track: phone(.finite(3)))
        #expect(throws: ConfigurationError.invalidPageRange(lower: 4, upper: 5, pageCount: 3)) { try pager.insertPages(at: 4, count: 1) }
        #expect(throws: ConfigurationError.invalidPageRange(lower: 2, upper: 5, pageCount: 3)) { try pager.deletePages(in: 2..<5) }
        #expect(throws: ConfigurationError.negativePageCount(-2)) { try pager.setPageCount(.finite(-2)) }
        #expect(pager.track.pages == .finite(3))
    }

    @Test func reloadConfiguresTheSlotAgain() throws {
        var h = try Harness(track: phone(.finite(5)), page: 2)
        h.record(h.pager.reloadPage(3), input: .dataChange)
        #expect(h.last.filter { if case .configure = $0 { true } else { false } }.count == 1)
        h.record(h.pager.reloadPage(4), input: .dataChange)
        #expect(h.last.isEmpty, "page 4 is not in a slot")
        #expect(h.problems == [])
    }

    @Test func resizingKeepsThePageAndItsFraction() throws {
        var h = try Harness(track: phone(.finite(10)), page: 3)
        h.dragBegan()
        h.drag(by: -75)
        let before = h.pager.position
        h.record(try h.pager.resize(viewportExtent: 800, pageExtent: 800))
        #expect(h.pager.position == before)
        #expect(h.pager.currentPage == 3)
        #expect(h.last.contains(.place(slot: 0, offset: -(before.fraction * 800)))
                || h.last.contains { if case .place(_, let x) = $0 { abs(x + before.fraction * 800) < 1e-9 } else { false } })
        #expect(throws: ConfigurationError.poolTooSmall(size: 3, needed: 5)) {
            try h.pager.resize(viewportExtent: 800, pageExtent: 200)
        }
        #expect(h.pager.track.pageExtent == 800, "a refused resize changes nothing")
        h.dragEnded(velocity: 0)
        h.settle()
        #expect(h.pager.settledPage == 3)
        #expect(h.problems == [])
    }

    @Test func switchingToTwoPagesKeepsThePageOnScreen() throws {
        var h = try Harness(track: Track(pages: .finite(9), pageExtent: 100, viewportExtent: 200), page: 5)
        h.record(try h.pager.setPagesPerSpread(2), input: .dataChange)
        #expect(h.pager.currentPage == 4)
        #expect(h.pager.spread(inSlot: 0)?.pages.contains(5) == true || (0..<3).contains { h.pager.spread(inSlot: $0)?.pages.contains(5) == true })
        h.record(try h.pager.setPagesPerSpread(2, coverStandsAlone: true), input: .dataChange)
        #expect(h.pager.currentPage == 3, "page 4 now shares spread 2 with page 3")
        h.record(try h.pager.setPagesPerSpread(1), input: .dataChange)
        #expect(h.pager.currentPage == 3)
        #expect(throws: ConfigurationError.invalidPagesPerSpread(3)) { try h.pager.setPagesPerSpread(3) }
        #expect(h.problems == [])
    }
}
