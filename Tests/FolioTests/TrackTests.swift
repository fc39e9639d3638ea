import Testing
@testable import Folio

@Suite struct TrackTests {
    @Test(arguments: [false, true], [1, 2])
    func spreadsCoverEveryPageOnceInOrder(coverAlone: Bool, perSpread: Int) {
        for count in 0...1_000 {
            let track = Track(pages: .finite(count), pagesPerSpread: perSpread, coverStandsAlone: coverAlone,
                              pageExtent: 10, viewportExtent: 10 * Double(perSpread))
            var next = 0
            for i in 0..<track.spreadCount {
                let spread = track.spread(at: i)
                #expect(spread.firstPage == next, "count \(count), cover alone \(coverAlone), \(perSpread)/spread: \(spread)")
                for page in spread.pages { #expect(track.spreadIndex(containing: page) == i) }
                next = spread.lastPage + 1
            }
            #expect(next == count, "count \(count), cover alone \(coverAlone), \(perSpread)/spread ends at \(next)")
        }
    }

    @Test func theCoverStandsAloneAndAnOddCountEndsAlone() {
        let book = Track(pages: .finite(6), pagesPerSpread: 2, coverStandsAlone: true, pageExtent: 10, viewportExtent: 20)
        #expect((0..<book.spreadCount).map { book.spread(at: $0).pages } == [0...0, 1...2, 3...4, 5...5])
        let plain = Track(pages: .finite(5), pagesPerSpread: 2, pageExtent: 10, viewportExtent: 20)
        #expect((0..<plain.spreadCount).map { plain.spread(at: $0).pages } == [0...1, 2...3, 4...4])
    }

    @Test func invalidGeometryIsATypedError() {
        let bad: [(Track, ConfigurationError)] = [
            (Track(pages: .finite(3), pageExtent: 0, viewportExtent: 10), .invalidExtent(name: "page extent", value: 0)),
            (Track(pages: .finite(3), pageExtent: 10, viewportExtent: .nan), .invalidExtent(name: "viewport extent", value: .nan)),
            (Track(pages: .finite(3), pageExtent: 10, spacing: -1, viewportExtent: 10), .invalidExtent(name: "spacing", value: -1)),
            (Track(pages: .finite(3), pagesPerSpread: 3, pageExtent: 10, viewportExtent: 10), .invalidPagesPerSpread(3)),
            (Track(pages: .finite(-1), pageExtent: 10, viewportExtent: 10), .negativePageCount(-1)),
            (Track(pages: .looping(Int.max), pageExtent: 10, viewportExtent: 10), .tooManyPages(Int.max)),
        ]
        for (track, expected) in bad {
            #expect(throws: ConfigurationError.self, "\(track)") { try Pager(track: track) }
            do { _ = try Pager(track: track) } catch {
                // NaN never equals itself; compare the messages instead.
                #expect(error.description == expected.description)
            }
        }
    }

    @Test func aPoolMustCoverTheVisibleSpreads() {
        let narrowPages = Track(pages: .finite(100), pageExtent: 10, viewportExtent: 35)
        #expect(narrowPages.maximumVisibleSpreads == 5)
        #expect(throws: ConfigurationError.poolTooSmall(size: 3, needed: 5)) { try Pager(track: narrowPages) }
        #expect(throws: ConfigurationError.poolTooSmall(size: 1, needed: 2)) {
            try Pager(track: Track(pages: .finite(5), pageExtent: 10, viewportExtent: 10), pool: Pool(size: 1))
        }
        #expect(throws: ConfigurationError.invalidHostWindow(spreads: 4)) {
            try Pager(track: Track(pages: .finite(5), pageExtent: 10, viewportExtent: 10), pool: Pool(hostWindowSpreads: 4))
        }
        let message = ConfigurationError.poolTooSmall(size: 3, needed: 5).description
        #expect(message.contains("at least 5"))
    }

    @Test func aLoopNeedsTwoSpreads() {
        #expect(!Track(pages: .looping(1), pageExtent: 1, viewportExtent: 1).loops)
        #expect(Track(pages: .looping(2), pageExtent: 1, viewportExtent: 1).loops)
        #expect(!Track(pages: .looping(2), pagesPerSpread: 2, pageExtent: 1, viewportExtent: 2).loops)
        #expect(Track(pages: .looping(3), pagesPerSpread: 2, pageExtent: 1, viewportExtent: 2).loops)
    }
}
