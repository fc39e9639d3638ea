import FolioViewCore
import Testing

/// The photos' pure timing and turning: a click held for a double-click, the slideshow's
/// deadlines on a clock the test moves, and quarter turns.
@Suite struct PhotoTimingTests {
    @Test func aHeldClickFallsDueAfterTheIntervalUnlessDroppedOrTaken() {
        var held = HeldClick(interval: 0.5)
        #expect(held.deadline == nil && held.due(at: 100) == nil)
        held.hold(x: 600, y: 200, at: 10)
        #expect(held.deadline == 10.5, "\(held)")
        #expect(held.due(at: 10.49) == nil, "a second click may still come")
        let due = held.due(at: 10.5)
        #expect(due?.x == 600 && due?.y == 200 && held.state == .idle, "\(held)")
        held.hold(x: 1, y: 2, at: 20)
        held.drop()
        #expect(held.due(at: 30) == nil, "the second click of a double-click drops the first")
        held.hold(x: 3, y: 4, at: 40)
        #expect(held.take().map { [$0.x, $0.y] } == [3, 4] && held.take() == nil, "another click lets it go at once")
    }

    @Test func aSlideshowTurnsEveryIntervalOnTheClockItIsGiven() {
        var show = Slideshow(interval: 4)
        #expect(!show.isRunning && !show.advance(at: 1000))
        show.toggle(at: 100)
        #expect(show.deadline == 104, "\(show)")
        // Every frame of 1/60 s for 13 s: a turn at 104, 108 and 112, no more.
        var turns: [Int] = []
        for frame in 0...(13 * 60) {
            let now = 100 + Double(frame) / 60
            if show.advance(at: now) { turns.append(Int(now.rounded())) }
        }
        #expect(turns == [104, 108, 112], "\(turns)")
        // A loop that slept long shows one photo, then waits a whole interval again.
        #expect(show.advance(at: 200) && !show.advance(at: 203.9) && show.advance(at: 204))
        show.toggle(at: 300)
        #expect(!show.isRunning && show.deadline == nil && !show.advance(at: 1000), "\(show)")
        show.start(at: 10)
        show.stop()
        #expect(show.description == "slideshow stopped")
    }

    @Test func quarterTurnsGoRoundAndSwapSidesOnOddTurns() {
        let size = PixelSize(width: 900, height: 600)
        for start in -5...5 {
            let turns = QuarterTurns(clockwise: start)
            #expect((0...3).contains(turns.clockwise), "\(start)")
            #expect(turns.turned(clockwise: true).turned(clockwise: false) == turns, "\(start)")
            #expect(turns.shownSize(of: size) == (turns.swapsSides ? PixelSize(width: 600, height: 900) : size), "\(start)")
            #expect(turns.shownSize(of: turns.shownSize(of: size)) == size, "\(start)")
        }
        let round = (0..<4).reduce(QuarterTurns.none) { t, _ in t.turned(clockwise: true) }
        #expect(round == .none)
        #expect(QuarterTurns.none.turned(clockwise: false).degrees == 270)
        #expect(QuarterTurns(clockwise: 1).description == "90° clockwise")
    }
}
