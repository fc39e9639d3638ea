import Testing
import FolioViewCore

@Suite struct WheelGestureTests {
    @Test func oneTurnPerGestureHoweverManyEvents() {
        var wheel = WheelGesture(gap: 0.25)
        // A touchpad swipe: 30 events 10 ms apart, then a pause, then one notch.
        var turns = 0
        for i in 0..<30 where wheel.event(at: Double(i) * 0.01) { turns += 1 }
        #expect(turns == 1)
        let next = wheel.event(at: 0.29 + 0.25)
        let within = wheel.event(at: 0.60)
        #expect(next && !within)
    }

    @Test func transitionsCycleThroughAllThree() {
        #expect(Transition.slide.next.next.next == .slide)
        #expect(Set(Transition.allCases.map(\.next)) == Set(Transition.allCases))
        #expect(Transition(rawValue: "curl") == .curl)
    }
}
