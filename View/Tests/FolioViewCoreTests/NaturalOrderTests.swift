import Testing
import FolioViewCore

@Suite struct NaturalOrderTests {
    @Test func numbersCompareAsNumbers() {
        let sorted = ["img10.jpg", "img2.jpg", "img1.jpg", "IMG3.jpg", "img02.jpg", "a.png", "img100.jpg"]
            .sorted(by: NaturalOrder.areInIncreasingOrder)
        #expect(sorted == ["a.png", "img1.jpg", "img02.jpg", "img2.jpg", "IMG3.jpg", "img10.jpg", "img100.jpg"])
    }

    @Test func longRunsOfDigitsDoNotOverflow() {
        #expect(NaturalOrder.areInIncreasingOrder("p99999999999999999999999", "p100000000000000000000000"))
        #expect(!NaturalOrder.areInIncreasingOrder("p100000000000000000000000", "p99999999999999999999999"))
    }

    /// Every pair of a small domain: the order is a strict weak order (irreflexive, asymmetric, transitive).
    @Test func isAStrictTotalOrderOverASmallDomain() {
        let names = ["", "a", "A", "a1", "a01", "a2", "a10", "b", "1", "01", "10", "a1b", "a1a", "a 1", "é"]
        for a in names {
            #expect(!NaturalOrder.areInIncreasingOrder(a, a), "irreflexive: \(a)")
            for b in names where a != b {
                let ab = NaturalOrder.areInIncreasingOrder(a, b), ba = NaturalOrder.areInIncreasingOrder(b, a)
                #expect(ab != ba, "exactly one of \(a.debugDescription) < \(b.debugDescription) and the reverse")
                for c in names where ab && NaturalOrder.areInIncreasingOrder(b, c) {
                    #expect(NaturalOrder.areInIncreasingOrder(a, c), "transitive: \(a) < \(b) < \(c)")
                }
            }
        }
    }

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
