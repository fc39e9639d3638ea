import Testing
import FolioReading
import FolioViewCore

@Suite struct PhotoListTests {
    @Test func photoListKeepsImagesInNaturalOrderAndStartsOnTheOpenedOne() {
        let list = PhotoList(names: ["/p/img10.JPG", "/p/img2.png", "/p/notes.txt", "/p/img1.jpeg", "/p/dir.d/x"], opened: "/p/img10.JPG")
        #expect(list.names == ["/p/img1.jpeg", "/p/img2.png", "/p/img10.JPG"])
        #expect(list.firstIndex == 2)
        #expect(PhotoList(names: ["b.jpg", "a.jpg"], opened: "missing.jpg").firstIndex == 0)
        #expect(PhotoList(names: ["x.txt"]).isEmpty)
    }
}

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
