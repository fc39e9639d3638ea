import Folio
import FolioComics
import FolioReading
import FolioTestSupport
import Foundation
import Testing

/// Comics through the reading session, driven by the loop the hosts run: random comics (page
/// counts, portrait and landscape pages, manga or not), random terminals and random commands.
/// After each step, once the loop is idle: every page is its picture and only its picture, in
/// natural order; two pages of a spread sit in reading order (the first on the right in a manga); a
/// landscape page stands alone in two-page spreads, as wide as both;
/// ← turns forward in a manga; and the place saved opens at the same page on another screen.
@Suite struct ComicSessionPropertyTests {
    static let runs = Int(ProcessInfo.processInfo.environment["FOLIO_COMIC_RUNS"] ?? "") ?? 40

    @Test func picturePagesKeepTheirOrderSidesAndPlace() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["FOLIO_COMIC_SEED"] ?? "") ?? UInt64(Date().timeIntervalSince1970)
        var random = SplitMix(seed: seed)
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        for run in 0..<Self.runs {
            let count = 1 + random.next(30)
            let manga = random.next(2) == 0
            var landscape: Set<Int> = []
            var files: [(String, [UInt8])] = (0..<count).map { page in
                let wide = random.next(5) == 0
                if wide { landscape.insert(page) }
                return ("p\(page + 1).png", ComicFixtures.png(width: wide ? 60 : 30 + random.next(20), height: wide ? 40 : 45))
            }
            if manga { files.append(("ComicInfo.xml", Array("<ComicInfo><Manga>YesAndRightToLeft</Manga></ComicInfo>".utf8))) }
            let path = try fixtures.folder("comic-\(run)", files)
            let comic = try ComicBook(path: path)
            let spread = ReadingOptions.SpreadChoice.allCases[random.next(3)]
            let measurer = CellMeasurer(pictureCell: ImageSize(width: 10, height: 20))
            var driver = SessionDriver(Document(book: comic, path: path), width: 30 + random.next(170), height: 8 + random.next(50),
                                       options: ReadingOptions(spread: spread), measurer: measurer)
            var steps: [String] = []
            func check(_ driver: SessionDriver) {
                let context = "seed \(seed), run \(run): \(count) pages, manga \(manga), \(spread), \(driver.session.viewport); steps \(steps)"
                let session = driver.session
                #expect(session.pagination.isComplete && session.pagination.knownPages == count, "\(context)")
                for page in 0..<min(count, session.pagination.knownPages) {
                    let images = session.images(onPage: page).map(\.image.path)
                    #expect(images == ["p\(page + 1).png"], "page \(page) shows \(images); \(context)")
                }
                let shown = session.visiblePages.sorted { $0.page < $1.page }
                // A landscape page (a double page) stands alone in two-page spreads, across both pages.
                if session.book.mode == .twoPages, let double = shown.first(where: { landscape.contains($0.page) }) {
                    #expect(shown.count == 1 && double.width > session.pageBoxWidth,
                            "page \(double.page) is a double page: \(shown), box \(session.pageBoxWidth); \(context)")
                }
                if shown.count == 2 {
                    #expect(shown[0].page + 1 == shown[1].page, "\(context)")
                    let firstIsRight = shown[0].x > shown[1].x
                    #expect(firstIsRight == manga, "the spread's first page on the \(firstIsRight ? "right" : "left"); \(context)")
                }
            }
            let settled = driver.settle()
            #expect(settled, "seed \(seed), run \(run)")
            check(driver)
            for _ in 0..<6 {
                let before = driver.session.currentPages
                let command: ReadingCommand
                switch random.next(6) {
                case 0: command = .turn(1 + random.next(3))
                case 1: command = .turn(-(1 + random.next(3)))
                case 2: command = .goToPage(random.next(count))
                case 3: command = .turnLeft(1)
                case 4: command = .resize(Viewport(width: 30 + random.next(170), height: 8 + random.next(50)))
                default: command = .last
                }
                steps.append("\(command)")
                driver.send(command)
                let rested = driver.settle()
                #expect(rested, "seed \(seed), run \(run), steps \(steps)")
                check(driver)
                if case .turnLeft = command, before.upperBound < count - 1 {
                    let after = driver.session.currentPages
                    #expect((after.lowerBound > before.lowerBound) == manga,
                            "← from \(before) went to \(after); a manga turns forward; seed \(seed), run \(run), steps \(steps)")
                }
            }
            // The place is the page the reader was on (one of the spread's): it is on screen, and it
            // opens on another screen, whether that shows one page or two.
            let saved = driver.session.readingPosition
            func pageOfPlace(_ session: ReadingSession) -> Int? {
                session.currentPages.first { session.pagination.bytes(ofPage: $0).contains(saved.anchor) }
            }
            let page = pageOfPlace(driver.session)
            #expect(page != nil, "the place \(saved) is on screen (\(driver.session.currentPages)); seed \(seed), run \(run)")
            var again = SessionDriver(Document(book: try ComicBook(path: path), path: path), width: 30 + random.next(170),
                                      height: 8 + random.next(50), options: ReadingOptions(spread: spread), restoring: saved,
                                      measurer: measurer)
            again.settle()
            let restored = "\(saved) on \(driver.session.viewport) showed \(driver.session.currentPages), restored on "
                + "\(again.session.viewport) \(again.session.currentPages); seed \(seed), run \(run): \(count) pages, manga \(manga), "
                + "\(spread), steps \(steps)"
            #expect(pageOfPlace(again.session) == page, "\(restored)")
        }
    }
}
