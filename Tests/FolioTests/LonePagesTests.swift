import Testing
import FolioTestSupport
@testable import Folio

/// Pages that stand alone in two-page spreads (double pages): the arithmetic of ``LonePages``
/// against the spreads a reader would make by hand, walking the pages one by one.
@Suite struct LonePagesTests {
    /// The spreads made by walking the pages: a lone page (or the cover) alone, else pairs, a pair
    /// ending early before a lone page and at the end.
    static func walked(pageCount n: Int, cover: Bool, lone: Set<Int>) -> [[Int]] {
        var spreads: [[Int]] = []
        var page = 0
        while page < n {
            if lone.contains(page) || (cover && page == 0) || page + 1 >= n || lone.contains(page + 1) {
                spreads.append([page])
                page += 1
            } else {
                spreads.append([page, page + 1])
                page += 2
            }
        }
        return spreads
    }

    @Test func theArithmeticAgreesWithPairingPageByPage() throws {
        var random = SplitMix(seed: 20261126)
        for run in 0..<2000 {
            let n = Int(random.next() % 40)
            let cover = random.next() % 2 == 0
            let lone = Set((0..<Int(random.next() % 6)).map { _ in Int(random.next() % UInt64(max(1, n + 3))) })
            let expected = Self.walked(pageCount: n, cover: cover, lone: lone)
            var track = Track(pages: .finite(n), pagesPerSpread: 2, coverStandsAlone: cover, pageExtent: 10, viewportExtent: 20)
            track.lonePages = LonePages(lone)
            let context = "run \(run): \(n) pages, cover \(cover), lone \(lone.sorted())"
            #expect(track.spreadCount == expected.count, "\(context)")
            let spreads = try BookSpreads(pageCount: n, mode: .twoPages, coverStandsAlone: cover, lonePages: LonePages(lone))
            #expect(spreads.count == expected.count, "\(context)")
            for (index, pages) in expected.enumerated() where index < track.spreadCount {
                let spread = track.spread(at: index)
                #expect(Array(spread.firstPage..<(spread.firstPage + spread.pageCount)) == pages, "\(context): spread \(index)")
                #expect(spreads[index] == spread, "\(context): the book's spread \(index)")
                for page in pages {
                    #expect(track.spreadIndex(containing: page) == index, "\(context): page \(page)")
                    #expect(spreads.index(containing: page) == index, "\(context): the book's page \(page)")
                }
            }
        }
    }

    @Test func aPairSitsEitherSideOfTheSpineAndALonePageWhereACoverDoes() throws {
        var book = try Book(pageCount: 9, orientation: .leftToRight, spine: .middle, coverStandsAlone: true)
        book.lonePages = LonePages([4])
        // [0] [1 2] [3] [4] [5 6] [7 8]: 3 is left before the lone 4, and pairs start again after it.
        #expect(book.spreads.map(\.pageCount) == [1, 2, 1, 1, 2, 2])
        for spread in book.spreads where spread.pageCount == 2 {
            #expect(try book.side(ofPage: spread.firstPage) == .left && book.side(ofPage: spread.lastPage) == .right, "\(spread)")
        }
        #expect(try book.side(ofPage: 0) == .right && book.side(ofPage: 4) == .right)
    }

    @Test func aPagerKeepsItsPageWhenPagesBecomeLone() throws {
        var book = try Book(pageCount: 12, spine: .middle)
        var pager = try Pager(track: book.track(width: 200, height: 100))
        _ = pager.move(toPage: 7, animated: false)
        #expect(pager.currentPage == 6)  // pages 6–7
        book.lonePages = LonePages([3])
        _ = pager.setLonePages(book.lonePages)
        // [0 1] [2] [3] [4 5] [6 7]: the spread showing page 6 is still on screen.
        #expect(pager.currentPage == 6 && pager.currentSpread == 4, "\(String(describing: pager.currentPage)) \(String(describing: pager.currentSpread))")
        #expect(pager.track.spreadCount == 7)
    }
}

extension LonePagesTests {
    @Test func turningThroughADoublePageSettlesOnEachSpread() throws {
        var book = try Book(pageCount: 7, spine: .middle, coverStandsAlone: true)
        book.lonePages = LonePages([4])
        var pager = try Pager(track: book.track(width: 1280, height: 800))
        var time = 0.0
        for expected in [1, 3, 4, 5] {
            _ = pager.step(by: 1, animated: true, at: time)
            for _ in 0..<200 {
                time += 1.0 / 60
                _ = pager.advance(to: time)
            }
            #expect(pager.activity == .idle && pager.currentPage == expected,
                    "\(pager.position) \(pager.activity) page \(String(describing: pager.currentPage)), expected \(expected)")
        }
    }
}
