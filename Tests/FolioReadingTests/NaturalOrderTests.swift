import Testing
import FolioReading

/// File names in the order people expect (photos, comic pages).
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
}
