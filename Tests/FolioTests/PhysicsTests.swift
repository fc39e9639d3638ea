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

    @Test func decelerationLandsWhereUIScrollViewWould() {
        // x0 − v0 / (1000 · ln d): 10 spreads/s at 0.998 travels about 5 spreads.
        let travel = 10 / (1000 * -naturalLog(0.998))
        #expect(abs(travel - 4.995) < 0.001)
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
