import Testing
@testable import Folio

@Suite struct PhysicsTests {
    @Test func rubberBandFollowsTheFormulaAndInverts() {
        let band = RubberBand()
        for x in [0.0, 1, 10, 100, 375, 10_000] {
            let b = band.resisted(x, dimension: 375)
            #expect(abs(b - (1 - 1 / (x * 0.55 / 375 + 1)) * 375) < 1e-9)
            #expect(b < 375)
            #expect(abs(band.unresisted(b, dimension: 375) - x) < 1e-6 * max(1, x))
        }
    }

    @Test func exponentialAndLogarithmMatchKnownValues() {
        #expect(abs(exponential(0) - 1) < 1e-15)
        #expect(abs(exponential(1) - 2.718_281_828_459_045) < 1e-14)
        #expect(abs(exponential(-6) - 0.002_478_752_176_666_358_4) < 1e-17)
        #expect(abs(naturalLog(0.998) - -0.002_002_002_670_673_079_3) < 1e-15)
        #expect(abs(naturalLog(10) - 2.302_585_092_994_046) < 1e-14)
    }

    @Test func springStartsWhereItShouldAndDecays() {
        let spring = SettleCurve.spring(omega: 20)
        let start = spring.state(at: 0, from: -0.6, velocity: 2)
        #expect(start.offset == -0.6 && start.velocity == 2)
        let later = spring.state(at: 0.35, from: -0.6, velocity: 2)
        #expect(abs(later.offset) < 0.01)
    }

    /// Real flings through a pager with `.normalDeceleration` come to rest on the page
    /// nearest where UIScrollView's published projection puts a decelerating scroll view:
    /// `offset + (velocity / 1000) · d / (1 − d)` points, `d` = 0.998 a millisecond.
    @Test func decelerationLandsWhereUIScrollViewWould() throws {
        let extent = 375.0, d = 0.998
        var physics = Physics()
        physics.snap = .normalDeceleration
        // Finger velocities in points a second (positive: the finger moves right, the content
        // offset decreases), chosen so no projection lies near half a page.
        for finger in [1_200.0, -1_700, 3_000, -5_500, 9_000, -21_000] {
            let track = Track(pages: .finite(1_000), pageExtent: extent, viewportExtent: extent)
            var pager = try Pager(track: track, physics: physics, page: 500)
            _ = pager.dragBegan(at: 0)
            _ = pager.dragEnded(velocity: finger, at: 0.01)
            var time = 0.01
            while pager.isSettling && time < 30 {
                time += 1.0 / 60
                _ = pager.advance(to: time)
            }
            let offset = 500 * extent + (-finger / 1000) * d / (1 - d)
            let pages = offset / extent
            #expect(abs(pages - pages.rounded(.down) - 0.5) > 0.05, "\(finger): a projection near half a page tests nothing")
            #expect(!pager.isSettling, "\(finger): still moving after 30 s")
            #expect(pager.currentPage == Int(pages.rounded()), "\(finger) points/s: rests on \(String(describing: pager.currentPage)), UIScrollView at page \(pages)")
        }
    }

    @Test func invalidPhysicsIsATypedError() {
        let track = Track(pages: .finite(3), pageExtent: 10, viewportExtent: 10)
        var physics = Physics()
        physics.flickVelocity = -1
        #expect(throws: ConfigurationError.invalidPhysics(name: "flickVelocity", value: -1)) { try Pager(track: track, physics: physics) }
        physics = Physics()
        physics.snap = .decelerating(rate: 1.5, maximumSpreads: 10)
        #expect(throws: ConfigurationError.invalidPhysics(name: "rate", value: 1.5)) { try Pager(track: track, physics: physics) }
    }
}
