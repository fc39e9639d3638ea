import Testing
@testable import Folio

@Suite struct PositionTests {
    @Test func normalisesTheFractionIntoZeroToOne() {
        #expect(Position(index: 3, fraction: 1.25) == Position(index: 4, fraction: 0.25))
        #expect(Position(index: 3, fraction: -0.25) == Position(index: 2, fraction: 0.75))
        let tiny = Position(index: 0, fraction: -1e-20)
        #expect(tiny.fraction >= 0 && tiny.fraction < 1, "\(tiny)")
    }

    @Test func staysExactNearTenToTheFifteen() {
        let far = Position(index: 1_000_000_000_000_000)
        let moved = far.advanced(by: 0.001)
        #expect(moved.index == 1_000_000_000_000_000)
        #expect(moved.fraction == 0.001, "a Double alone would resolve only 0.125 here")
        #expect(moved.distance(from: far) == 0.001)
        #expect(moved.advanced(by: -0.001) == far)
    }

    @Test func roundsToTheNearestSpread() {
        #expect(Position(index: 4, fraction: 0.49).nearestIndex == 4)
        #expect(Position(index: 4, fraction: 0.5).nearestIndex == 5)
        #expect(Position(index: -1, fraction: 0.7).nearestIndex == 0)
    }

    @Test func ordersByIndexThenFraction() {
        #expect(Position(index: 1, fraction: 0.9) < Position(index: 2))
        #expect(Position(index: 2, fraction: 0.1) > Position(index: 2))
    }
}
