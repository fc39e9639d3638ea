import Testing
import PropertyBased
import FolioTestSupport
@testable import Folio

/// Simple models the book is checked against, written without the book's formulas.
private enum Model {
    /// The spreads of a book as page lists, built by walking the pages once.
    static func spreads(count: Int, twoPages: Bool, cover: Bool) -> [[Int]] {
        var out: [[Int]] = []
        var page = 0
        if twoPages && cover && count > 0 {
            out.append([0])
            page = 1
        }
        while page < count {
            if twoPages && page + 1 < count {
                out.append([page, page + 1])
                page += 2
            } else {
                out.append([page])
                page += 1
            }
        }
        return out
    }

    /// The index of the spread holding `page`, by linear search.
    static func index(of page: Int, in spreads: [[Int]]) -> Int? {
        spreads.firstIndex { $0.contains(page) }
    }

    /// Where a forward and a backward turn travel on screen, written out per direction.
    static func travel(_ orientation: Orientation) -> (forward: ScreenSide, backward: ScreenSide) {
        switch orientation {
        case .leftToRight: (.left, .right)
        case .rightToLeft: (.right, .left)
        case .topToBottom: (.top, .bottom)
        case .bottomToTop: (.bottom, .top)
        }
    }

    /// The screen sides where reading starts and ends, written out per direction.
    static func ends(_ orientation: Orientation) -> (start: ScreenSide, end: ScreenSide) {
        switch orientation {
        case .leftToRight: (.left, .right)
        case .rightToLeft: (.right, .left)
        case .topToBottom: (.top, .bottom)
        case .bottomToTop: (.bottom, .top)
        }
    }

    /// The side of the spine of every page, from a walk over the spreads: in
    /// a pair, first page at the start side and second at the end side; a
    /// lone cover at the end side, a lone last page at the start side; one
    /// page per spread, across from the spine.
    static func sides(count: Int, spine: Spine, cover: Bool, orientation: Orientation) -> [ScreenSide] {
        let (start, end) = ends(orientation)
        switch spine {
        case .leading: return Array(repeating: end, count: count)
        case .trailing: return Array(repeating: start, count: count)
        case .middle:
            var sides: [ScreenSide] = []
            for spread in spreads(count: count, twoPages: true, cover: cover) {
                if spread.count == 2 { sides += [start, end] }
                else { sides.append(cover && spread == [0] ? end : start) }
            }
            return sides
        }
    }
}

@Suite struct BookTests {
    static let viewport = (width: 120.0, height: 40.0)

    /// A rule as the `rule:` parameter of a book would receive it, so the
    /// `.landscape` and `.always(_:)` shorthands resolve as they do for a host.
    static func rule<Rule: SpreadRule>(_ rule: Rule) -> Rule { rule }

    static func book(_ count: Int, _ mode: SpreadMode, cover: Bool, _ orientation: Orientation = .leftToRight) throws -> Book {
        try Book(pageCount: count, orientation: orientation, spine: mode == .twoPages ? .middle : .leading,
                 coverStandsAlone: cover)
    }

    // MARK: Spine and sides

    @Test func theSpineSaysHowManyPagesAndWhereItLies() {
        #expect(Spine.leading.mode == .onePage && Spine.trailing.mode == .onePage && Spine.middle.mode == .twoPages)
        #expect(Spine.allCases.filter(\.isAtEdge) == [.leading, .trailing])
        for orientation in Orientation.allCases {
            let (start, end) = Model.ends(orientation)
            #expect(Spine.leading.side(in: orientation) == start, "\(orientation)")
            #expect(Spine.trailing.side(in: orientation) == end, "\(orientation)")
            #expect(Spine.middle.side(in: orientation) == nil, "\(orientation)")
            #expect(orientation.leadingSide.axis == orientation.axis, "\(orientation)")
        }
        #expect(ScreenSide.allCases.map(\.opposite) == [.right, .left, .bottom, .top])
        #expect("\(Spine.middle)" == "spine in the middle")
    }

    @Test func everyPageSitsOnItsSideOfTheSpine() throws {
        for count in 0...12 {
            for spine in Spine.allCases {
                for cover in [false, true] {
                    for orientation in Orientation.allCases {
                        let book = try Book(pageCount: count, orientation: orientation, spine: spine, coverStandsAlone: cover)
                        let expected = Model.sides(count: count, spine: spine, cover: cover, orientation: orientation)
                        let actual = try (0..<count).map { page throws(BookError) in try book.side(ofPage: page) }
                        #expect(actual == expected, "\(book)")
                        for spread in book.spreads {
                            let placed = ScreenSide.allCases.compactMap { side in book.page(on: side, of: spread).map { ($0, side) } }
                            // Each page of the spread is found on its own side, and nowhere else.
                            #expect(placed.map(\.0).sorted() == Array(spread.pages), "\(book), \(spread): \(placed)")
                            for (page, side) in placed { #expect(expected[page] == side, "\(book), \(spread), page \(page)") }
                        }
                    }
                }
            }
        }
        let book = try Book(pageCount: 3, spine: .middle)
        #expect(throws: BookError.pageOutOfRange(page: 3, pageCount: 3)) { try book.side(ofPage: 3) }
        #expect(throws: BookError.pageOutOfRange(page: -1, pageCount: 3)) { try book.side(ofPage: -1) }
    }

    @Test func aRightToLeftSpreadReadsFromTheRight() throws {
        let book = try Book(pageCount: 6, orientation: .rightToLeft, spine: .middle)
        let spread = book.spreads[1]
        #expect(book.page(on: .right, of: spread) == 2 && book.page(on: .left, of: spread) == 3)
        #expect(book.page(on: .top, of: spread) == nil, "not on a horizontal book's axis")
        let cover = try Book(pageCount: 6, spine: .middle, coverStandsAlone: true)
        #expect(cover.page(on: .right, of: cover.spreads[0]) == 0, "the cover sits right of the spine")
        #expect(cover.page(on: .left, of: cover.spreads[0]) == nil)
        #expect(cover.page(on: .left, of: cover.spreads[3]) == 5, "a lone last page sits left of the spine")
    }

    // MARK: Rules

    @Test func theLandscapeRuleWantsLandscapeAndRoomForTwoPages() throws {
        let rule = Self.rule(.landscape)
        #expect(rule.minimumPageExtent == 40)
        let cases: [(Double, Double, Axis, SpreadMode, String)] = [
            (80, 24, .horizontal, .twoPages, "an 80 × 24 terminal"),
            (79, 24, .horizontal, .onePage, "one column short of two 40-column pages"),
            (200, 300, .horizontal, .onePage, "portrait"),
            (100, 100, .horizontal, .onePage, "square is not landscape"),
            (24, 80, .vertical, .twoPages, "a vertical book uses the height"),
            (80, 24, .vertical, .onePage, "landscape across a vertical book"),
            (24, 79, .vertical, .onePage, "too short for two pages"),
            (.infinity, 24, .horizontal, .onePage, "infinite width"),
            (.nan, 24, .horizontal, .onePage, "NaN width"),
            (80, .nan, .horizontal, .onePage, "NaN height"),
        ]
        for (width, height, axis, expected, why) in cases {
            #expect(rule.mode(width: width, height: height, axis: axis) == expected, "\(width) × \(height) \(axis): \(why)")
        }
        let points = try LandscapeSpreadRule(minimumPageExtent: 320)
        #expect(points.mode(width: 1_024, height: 768, axis: .horizontal) == .twoPages)
        #expect(points.mode(width: 639, height: 400, axis: .horizontal) == .onePage)
        #expect(points.mode(width: 768, height: 1_024, axis: .horizontal) == .onePage)
        let anyWidth = try LandscapeSpreadRule(minimumPageExtent: 0)
        #expect(anyWidth.mode(width: 2, height: 1, axis: .horizontal) == .twoPages)
    }

    @Test func aMinimumPageExtentMustBeFiniteAndNotNegative() {
        #expect(throws: BookError.invalidMinimumPageExtent(-1)) { try LandscapeSpreadRule(minimumPageExtent: -1) }
        #expect(throws: BookError.invalidMinimumPageExtent(.infinity)) { try LandscapeSpreadRule(minimumPageExtent: .infinity) }
        do {
            _ = try LandscapeSpreadRule(minimumPageExtent: .nan)
            Issue.record("NaN accepted")
        } catch {
            #expect(error.description.contains("finite number ≥ 0"), "\(error)")
        }
    }

    @Test func fixedRulesIgnoreTheViewport() {
        for (width, height) in [(1.0, 1_000.0), (1_000, 1), (80, 24)] {
            for axis in Axis.allCases {
                #expect(Self.rule(.always(.onePage)).mode(width: width, height: height, axis: axis) == .onePage)
                #expect(Self.rule(.always(.twoPages)).mode(width: width, height: height, axis: axis) == .twoPages)
            }
        }
        #expect("\(FixedSpreadRule(.twoPages))" == "always two pages")
    }

    // MARK: Book rules

    @Test func doubleSidedContentNeedsTwoPagesPerSpread() throws {
        #expect(throws: BookError.doubleSidedNeedsTwoPages(spine: .leading)) { try Book(pageCount: 4, isDoubleSided: true) }
        #expect(throws: BookError.doubleSidedNeedsTwoPages(spine: .trailing)) {
            try Book(pageCount: 4, spine: .trailing, isDoubleSided: true)
        }
        var book = try Book(pageCount: 4, spine: .middle, isDoubleSided: true)
        let before = book
        #expect(throws: BookError.doubleSidedNeedsTwoPages(spine: .leading)) { try book.setSpine(.leading) }
        #expect(throws: BookError.doubleSidedNeedsTwoPages(spine: .leading)) { try book.setMode(.onePage) }
        #expect(book == before, "a refused setter changes nothing")
        try book.setDoubleSided(false)
        try book.setSpine(.trailing)
        #expect(throws: BookError.doubleSidedNeedsTwoPages(spine: .trailing)) { try book.setDoubleSided(true) }
        #expect(!book.isDoubleSided && book.spine == .trailing)
        #expect(BookError.doubleSidedNeedsTwoPages(spine: .leading).description.contains("Put the spine in the middle"))
    }

    @Test func pageCountsAreChecked() throws {
        #expect(throws: BookError.negativePageCount(-1)) { try Book(pageCount: -1) }
        #expect(throws: BookError.tooManyPages(Int.max)) { try Book(pageCount: Int.max) }
        #expect(throws: BookError.negativePageCount(-5)) { try BookSpreads(pageCount: -5, mode: .twoPages) }
        var book = try Book(pageCount: PageCount.unboundedLimit, spine: .middle)
        #expect(throws: BookError.negativePageCount(-3)) { try book.setPageCount(-3) }
        #expect(book.pageCount == PageCount.unboundedLimit)
        try book.setPageCount(0)
        #expect(book.spreads.isEmpty)
    }

    @Test func aBookRemembersItsEdgeAcrossTwoPages() throws {
        var book = try Book(pageCount: 8, spine: .trailing)
        try book.setMode(.twoPages)
        #expect(book.spine == .middle && book.singlePageSpine == .trailing)
        try book.setMode(.onePage)
        #expect(book.spine == .trailing)
        let fresh = try Book(pageCount: 8, spine: .middle)
        #expect(fresh.singlePageSpine == .leading)
        #expect("\(fresh)" == "Book(8 pages, left-to-right, spine in the middle)")
    }

    @Test func aBookMakesTheTrackForAViewport() throws {
        let two = try Book(pageCount: 340, spine: .middle, coverStandsAlone: true)
        let track = try two.track(width: 120, height: 40, spacing: 2)
        #expect(track == Track(pages: .finite(340), pagesPerSpread: 2, coverStandsAlone: true,
                               pageExtent: 60, spacing: 2, viewportExtent: 120))
        let vertical = try Book(pageCount: 5, orientation: .bottomToTop)
        let tall = try vertical.track(width: 30, height: 90)
        #expect(tall.orientation == .bottomToTop && tall.viewportExtent == 90 && tall.pageExtent == 90 && tall.pagesPerSpread == 1)
        _ = try Pager(track: track)
        _ = try Pager(track: tall)
        for (width, height) in [(0.0, 40.0), (120, -1), (.nan, 40), (120, .infinity)] {
            #expect(throws: BookError.self, "\(width) × \(height)") { try two.track(width: width, height: height) }
        }
        #expect(throws: BookError.invalidViewport(width: 0, height: 40)) { try two.track(width: 0, height: 40) }
        #expect(throws: BookError.invalidSpacing(-1)) { try two.track(width: 120, height: 40, spacing: -1) }
    }

    // MARK: Pairing

    @Test(arguments: [false, true], SpreadMode.allCases)
    func pairingAgreesWithTheTrackAndCoversEveryPageOnce(cover: Bool, mode: SpreadMode) throws {
        for count in 0...1_000 {
            let spreads = try BookSpreads(pageCount: count, mode: mode, coverStandsAlone: cover)
            let track = Track(pages: .finite(count), pagesPerSpread: mode.pagesPerSpread, coverStandsAlone: cover,
                              pageExtent: 10, viewportExtent: 10 * Double(mode.pagesPerSpread))
            let model = Model.spreads(count: count, twoPages: mode == .twoPages, cover: cover)
            let label = "count \(count), \(mode), cover alone \(cover)"
            #expect(spreads.count == track.spreadCount && spreads.count == model.count, "\(label)")
            // One expectation per count: the checks below run half a million times.
            var problems: [String] = []
            var next = 0
            for (i, spread) in spreads.enumerated() {
                if i < model.count, spread.firstPage != model[i].first || spread.lastPage != model[i].last {
                    problems.append("\(spread) ≠ model's pages \(model[i])")
                }
                if spread.index != i || spread != track.spread(at: i) { problems.append("\(spread) ≠ track's \(track.spread(at: i))") }
                if spread.firstPage != next { problems.append("\(spread) should start at \(next)") }
                for page in spread.pages where spreads.index(containing: page) != i || track.spreadIndex(containing: page) != i {
                    problems.append("page \(page) not found in spread \(i)")
                }
                next = spread.lastPage + 1
            }
            if next != count { problems.append("pages end at \(next)") }
            #expect(problems == [], "\(label)")
            #expect(spreads.index(containing: -1) == nil && spreads.spread(containing: count) == nil, "\(label)")
        }
    }

    @Test func aSpreadIsAcceptedOnlyWhenItIsOneWholeSpread() throws {
        for count in 0...12 {
            for cover in [false, true] {
                for mode in SpreadMode.allCases {
                    let spreads = try BookSpreads(pageCount: count, mode: mode, coverStandsAlone: cover)
                    let model = Model.spreads(count: count, twoPages: mode == .twoPages, cover: cover)
                    for low in -1...count {
                        for high in low...(low + 2) {
                            let label = "count \(count), \(mode), cover alone \(cover), pages \(low)…\(high)"
                            let result = Result { () throws(BookError) in try Spread(pages: low...high, in: spreads) }
                            switch result {
                            case .success(let spread):
                                #expect(model.contains(Array(low...high)) && spread.pages == low...high, "\(label)")
                            case .failure(.pageOutOfRange(let page, _)):
                                #expect(page < 0 || page >= count, "\(label)")
                                #expect(low < 0 || high >= count, "\(label)")
                            case .failure(.notASpread(_, let holding)):
                                #expect(!model.contains(Array(low...high)) && low >= 0 && high < count, "\(label)")
                                #expect(holding.map { Array($0.pages) } == model[Model.index(of: low, in: model) ?? 0], "\(label)")
                            case .failure(let other):
                                Issue.record("\(label): unexpected \(other)")
                            }
                        }
                    }
                }
            }
        }
        let spreads = try BookSpreads(pageCount: 6, mode: .twoPages, coverStandsAlone: true)
        #expect(throws: BookError.notASpread(pages: 0...1, spread: spreads[0])) { try Spread(pages: 0...1, in: spreads) }
        #expect(throws: BookError.pageOutOfRange(page: 6, pageCount: 6)) { try Spread(pages: 5...6, in: spreads) }
        #expect("\(spreads)" == "4 spreads of two pages over 6 pages, cover alone")
    }

    // MARK: Turning

    @Test func goingToAPageTurnsTheRightWay() throws {
        for count in 0...12 {
            for cover in [false, true] {
                for mode in SpreadMode.allCases {
                    for orientation in Orientation.allCases {
                        let book = try Self.book(count, mode, cover: cover, orientation)
                        let model = Model.spreads(count: count, twoPages: mode == .twoPages, cover: cover)
                        let travel = Model.travel(orientation)
                        for current in 0..<count {
                            for target in 0..<count {
                                let label = "\(book), from page \(current) to \(target)"
                                let turn = try book.turn(from: current, to: target)
                                let from = Model.index(of: current, in: model) ?? -1
                                let to = Model.index(of: target, in: model) ?? -1
                                #expect(Array(turn.from.pages) == model[from] && Array(turn.to.pages) == model[to], "\(label): \(turn)")
                                if to > from {
                                    #expect(turn.direction == .forward && turn.screenDirection == travel.forward, "\(label): \(turn)")
                                } else if to < from {
                                    #expect(turn.direction == .backward && turn.screenDirection == travel.backward, "\(label): \(turn)")
                                } else {
                                    #expect(turn.direction == .stay && turn.screenDirection == nil, "\(label): \(turn)")
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func aPagerTurnsWhereTheBookSays() throws {
        // The engine's own motion, watched frame by frame, against the book's
        // answer: the target spread slides in toward the turn's screen side.
        for count in 0...6 {
            for cover in [false, true] {
                for mode in SpreadMode.allCases {
                    for orientation in Orientation.allCases {
                        let book = try Self.book(count, mode, cover: cover, orientation)
                        let track = try book.track(width: 100, height: 100)
                        for current in 0..<count {
                            for target in 0..<count {
                                let label = "\(book), from page \(current) to \(target)"
                                let turn = try book.turn(from: current, to: target)
                                var h = try Harness(track: track, page: current)
                                h.move(toPage: target, animated: true)
                                h.tick()
                                let slot = (0..<h.pager.slotCount).first { h.pager.spread(inSlot: $0) == turn.to }
                                let before = slot.flatMap(h.pager.offset(ofSlot:))
                                h.tick()
                                let after = slot.flatMap(h.pager.offset(ofSlot:))
                                h.settle()
                                #expect(h.pager.settledPage == turn.to.firstPage && h.problems == [], "\(label): \(turn)")
                                guard let side = turn.screenDirection else {
                                    #expect(h.audit.events.isEmpty, "\(label): staying moves nothing")
                                    continue
                                }
                                guard let before, let after else {
                                    Issue.record("\(label): \(turn.to) not on screen while turning")
                                    continue
                                }
                                let moved: ScreenSide = switch orientation.axis {
                                case .horizontal: after < before ? .left : .right
                                case .vertical: after < before ? .top : .bottom
                                }
                                #expect(after != before && moved == side, "\(label): \(turn), slot moved \(before) → \(after)")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func aTurnReadsLikeASentence() throws {
        let book = try Book(pageCount: 10, orientation: .rightToLeft, spine: .middle)
        #expect("\(try book.turn(from: 0, to: 9))" == "spread 0 (pages 0–1) → spread 4 (pages 8–9), forward toward the right")
        #expect("\(try book.turn(from: 3, to: 2))" == "stay on spread 1 (pages 2–3)")
        #expect(throws: BookError.pageOutOfRange(page: 10, pageCount: 10)) { try book.turn(from: 0, to: 10) }
        #expect(throws: BookError.pageOutOfRange(page: -1, pageCount: 10)) { try book.turn(from: -1, to: 0) }
        let empty = try Book(pageCount: 0)
        #expect(throws: BookError.pageOutOfRange(page: 0, pageCount: 0)) { try empty.turn(from: 0, to: 0) }
        #expect(BookError.pageOutOfRange(page: 0, pageCount: 0).description == "The book has no pages, so there is no page 0.")
    }

    // MARK: Switching between one and two pages

    @Test func switchingModesKeepsTheReadersPage() throws {
        for count in 0...12 {
            for cover in [false, true] {
                let book = try Book(pageCount: count, coverStandsAlone: cover)
                for old in SpreadMode.allCases {
                    for new in SpreadMode.allCases {
                        let oldModel = Model.spreads(count: count, twoPages: old == .twoPages, cover: cover)
                        let newModel = Model.spreads(count: count, twoPages: new == .twoPages, cover: cover)
                        for page in 0..<count {
                            let label = "count \(count), cover alone \(cover), page \(page), \(old) → \(new)"
                            let spread = try book.spread(keepingPage: page, from: old, to: new)
                            let readers = oldModel[Model.index(of: page, in: oldModel) ?? 0][0]
                            #expect(newModel.contains(Array(spread.pages)), "\(label): \(spread) is not a spread")
                            #expect(spread.contains(page: readers), "\(label): \(spread) lost page \(readers)")
                            if old == .onePage { #expect(spread.contains(page: page), "\(label): \(spread)") }
                            if old == new { #expect(spread.contains(page: page), "\(label): \(spread)") }
                        }
                        #expect(throws: BookError.pageOutOfRange(page: count, pageCount: count)) {
                            try book.spread(keepingPage: count, from: old, to: new)
                        }
                    }
                }
            }
        }
    }

    @Test func aResizedPagerKeepsThePageOnScreen() throws {
        for count in 0...12 {
            for cover in [false, true] {
                for old in SpreadMode.allCases {
                    for orientation in Orientation.allCases {
                        for page in 0..<max(count, 1) {
                            var book = try Self.book(count, old, cover: cover, orientation)
                            let label = "\(book), page \(page)"
                            let (width, height) = orientation.axis == .horizontal ? (120.0, 40.0) : (40.0, 120.0)
                            var h = try Harness(track: book.track(width: width, height: height), page: page)
                            let readers = h.pager.currentPage
                            let new: SpreadMode = old == .onePage ? .twoPages : .onePage
                            h.record(try book.resize(&h.pager, width: width, height: height, rule: .always(new)), input: .dataChange)
                            #expect(h.problems == [], "\(label)")
                            let track = try book.track(width: width, height: height)
                            #expect(book.mode == new && h.pager.track == track, "\(label)")
                            guard let readers else {
                                #expect(count == 0 && h.pager.isEmpty, "\(label)")
                                continue
                            }
                            let expected = try book.spread(keepingPage: readers, from: old, to: new)
                            let shown = (0..<h.pager.slotCount).filter { h.pager.offset(ofSlot: $0) == 0 }.compactMap(h.pager.spread(inSlot:))
                            #expect(shown == [expected], "\(label): on screen \(shown), expected \(expected)")
                            #expect(expected.contains(page: readers) && h.pager.activity == .idle, "\(label)")
                        }
                    }
                }
            }
        }
    }

    @Test func aResizeSwitchesOnlyWhenTheRuleChangesItsAnswer() throws {
        var book = try Book(pageCount: 10)
        var h = try Harness(track: book.track(width: 60, height: 40), page: 5)
        // 60 columns is landscape but too narrow for two 40-column pages.
        h.record(try book.resize(&h.pager, width: 70, height: 40), input: .dataChange)
        #expect(book.mode == .onePage)
        #expect(h.last.events == [], "a resize within one mode reports no events")
        #expect(h.pager.track.pageExtent == 70 && h.pager.currentPage == 5)
        // Wide enough: pages 4–5 side by side. Slots 0, 1, 2 showed pages 5, 6, 4;
        // each keeps what it can (5 → 4–5, 6 → 6–7) and the one left over, whose
        // page 4 is now beside 5, takes the spread behind (2–3). The page at rest
        // is renumbered 5 → 4, so it settles again.
        h.record(try book.resize(&h.pager, width: 120, height: 40), input: .dataChange)
        #expect(book.mode == .twoPages && book.spine == .middle)
        #expect(Array(h.last) == [
            .configure(slot: 0, spread: Spread(index: 2, firstPage: 4, pageCount: 2)),
            .configure(slot: 1, spread: Spread(index: 3, firstPage: 6, pageCount: 2)),
            .configure(slot: 2, spread: Spread(index: 1, firstPage: 2, pageCount: 2)),
            .place(slot: 0, offset: 0), .place(slot: 1, offset: 120), .place(slot: 2, offset: -120),
            .event(.positionChanged(Position(index: 2))),
            .event(.currentPageChanged(from: 5, to: 4)),
            .event(.settled(page: 4)),
        ])
        // Portrait: back to one page, and page 4 (the leading page of the pair)
        // stays; it was the page at rest, so nothing settles again.
        h.record(try book.resize(&h.pager, width: 60, height: 80), input: .dataChange)
        #expect(book.mode == .onePage && h.pager.currentPage == 4)
        #expect(Array(h.last) == [
            .configure(slot: 0, spread: Spread(index: 4, firstPage: 4, pageCount: 1)),
            .configure(slot: 1, spread: Spread(index: 5, firstPage: 5, pageCount: 1)),
            .configure(slot: 2, spread: Spread(index: 3, firstPage: 3, pageCount: 1)),
            .place(slot: 0, offset: 0), .place(slot: 1, offset: 60), .place(slot: 2, offset: -60),
            .event(.positionChanged(Position(index: 4))),
        ])
        #expect(h.problems == [])
    }

    @Test func aTwoSlotPoolSwitchesBothWays() throws {
        // Two slots are enough for one and for two pages; only the order of
        // the steps between decides whether a switch needs a third.
        var book = try Book(pageCount: 9, coverStandsAlone: true)
        var h = try Harness(track: book.track(width: 60, height: 40), pool: Pool(size: 2), page: 3)
        for (width, height, mode, page) in [(200.0, 40.0, SpreadMode.twoPages, 3), (30, 40, .onePage, 3), (90, 40, .twoPages, 3)] {
            h.record(try book.resize(&h.pager, width: width, height: height), input: .dataChange)
            #expect(book.mode == mode && h.pager.currentPage == page, "\(width) × \(height)")
        }
        #expect(h.problems == [])
    }

    @Test func aRefusedResizeChangesNothing() throws {
        var book = try Book(pageCount: 10, spine: .middle, isDoubleSided: true)
        var pager = try Pager(track: book.track(width: 120, height: 40), page: 6)
        let (bookBefore, trackBefore, positionBefore) = (book, pager.track, pager.position)
        #expect(throws: BookError.doubleSidedNeedsTwoPages(spine: .leading)) {
            try book.resize(&pager, width: 40, height: 120)
        }
        #expect(throws: BookError.invalidViewport(width: -1, height: 120)) {
            try book.resize(&pager, width: -1, height: 120, rule: .always(.twoPages))
        }
        #expect(book == bookBefore && pager.track == trackBefore && pager.position == positionBefore)
        // A double-sided book stays on two pages when the host says so.
        _ = try book.resize(&pager, width: 40, height: 120, rule: .always(.twoPages))
        #expect(pager.track.pagesPerSpread == 2 && pager.currentPage == 6)
        let refused = BookError.pager(.poolTooSmall(size: 2, needed: 3))
        #expect(refused.description.hasPrefix("The pager refused the book's layout: A pool of 2 slots"))
    }

    @Test func theReadmeExampleDoesWhatItSays() throws {
        // The code of docs/readme/book.md, as written there.
        var book = try Book(pageCount: 340, orientation: .rightToLeft, coverStandsAlone: true)
        var pager = try Pager(track: book.track(width: 60, height: 48))  // portrait: one page
        let effects = try book.resize(&pager, width: 120, height: 48)    // landscape: pages 1–2, 3–4, …
        let turn = try book.turn(from: 5, to: 40)     // pages 5–6 → 39–40, forward, toward the right
        let left = book.page(on: .left, of: turn.to)  // 40: a right-to-left spread starts on the right
        #expect(!effects.isEmpty && book.mode == .twoPages && pager.track.spread(at: 1).pages == 1...2)
        #expect(turn.from.pages == 5...6 && turn.to.pages == 39...40 && turn.direction == .forward && turn.screenDirection == .right)
        #expect(left == 40)
    }

    // MARK: Properties

    static let largeBooks = zip(
        Gen.int(in: 0...14), Gen.int(in: 0...Int.max), Gen.bool(), Gen.bool(), Gen.int(in: 0...Int.max)
    ).map { magnitude, raw, cover, two, pick in
        // Counts from 0 to 10^14 and the largest allowed, spread over magnitudes.
        var limit = 1
        for _ in 0..<magnitude { limit *= 10 }
        let count = magnitude == 14 ? PageCount.unboundedLimit : raw % (limit + 1)
        return (count: count, cover: cover, mode: two ? SpreadMode.twoPages : .onePage, pick: pick)
    }

    /// 2,000 random books up to 2^62 pages: a random page's spread agrees with
    /// the track, holds the page, touches its neighbours with no gap or
    /// overlap, and a mode switch keeps the reader's page.
    @Test func pairingAndSwitchingHoldForLargeBooks() async {
        await propertyCheck(count: 2_000, input: Self.largeBooks) { input in
            let (count, cover, mode, pick) = input
            guard count > 0, let book = try? Book(pageCount: count, coverStandsAlone: cover) else { return }
            let spreads = book.spreads(in: mode)
            let track = Track(pages: .finite(count), pagesPerSpread: mode.pagesPerSpread, coverStandsAlone: cover,
                              pageExtent: 1, viewportExtent: Double(mode.pagesPerSpread))
            let page = pick % count
            let label = "count \(count), \(mode), cover alone \(cover), page \(page)"
            guard let index = spreads.index(containing: page) else {
                Issue.record("\(label): no spread")
                return
            }
            let spread = spreads[index]
            #expect(spreads.count == track.spreadCount && index == track.spreadIndex(containing: page), "\(label)")
            #expect(spread == track.spread(at: index) && spread.contains(page: page), "\(label): \(spread)")
            if index > 0 { #expect(spreads[index - 1].lastPage + 1 == spread.firstPage, "\(label)") }
            if index < spreads.count - 1 { #expect(spreads[index + 1].firstPage == spread.lastPage + 1, "\(label)") }
            else { #expect(spread.lastPage == count - 1, "\(label): the last spread ends the book") }
            for new in SpreadMode.allCases {
                let kept = try? book.spread(keepingPage: page, from: mode, to: new)
                #expect(kept?.contains(page: spread.firstPage) == true, "\(label) → \(new): \(String(describing: kept))")
            }
        }
    }

    static let resizes = zip(Gen.int(in: 1...400), Gen.int(in: 1...400)).array(of: 1...8)
    static let pagedBooks = zip(Gen.int(in: 0...1_000_000), Gen.bool(), Gen.int(in: 0...3), Gen.int(in: 0...1_000_000))

    /// 300 random books under the pager audit, each resized up to 8 times by
    /// the landscape rule: every switch keeps the reader's page on screen,
    /// where the pure mode-switch function says.
    @Test func aPagerFollowsTheRuleAcrossResizes() async {
        await propertyCheck(count: 300, input: Self.pagedBooks, Self.resizes) { setup, sizes in
            let (count, cover, direction, pick) = setup
            let problems = Self.resize(count: count, cover: cover, orientation: Orientation.allCases[direction],
                                       page: count == 0 ? 0 : pick % count, sizes: sizes)
            #expect(problems.isEmpty, "count \(count), cover alone \(cover), sizes \(sizes): \(problems.prefix(4))")
        }
    }

    static func resize(count: Int, cover: Bool, orientation: Orientation, page: Int, sizes: [(Int, Int)]) -> [String] {
        do {
            var book = try Book(pageCount: count, orientation: orientation, coverStandsAlone: cover)
            var h = try Harness(track: book.track(width: 50, height: 50), page: page)
            for (width, height) in sizes {
                let before = (mode: book.mode, page: h.pager.currentPage)
                let effects = try book.resize(&h.pager, width: Double(width), height: Double(height))
                h.record(effects, input: .dataChange)
                let label = "\(width) × \(height), \(before.mode) → \(book.mode)"
                guard let page = before.page else { continue }
                let expected = try book.spread(keepingPage: page, from: before.mode, to: book.mode)
                let shown = (0..<h.pager.slotCount).filter { h.pager.offset(ofSlot: $0) == 0 }.compactMap(h.pager.spread(inSlot:))
                if shown != [expected] { return h.problems + ["\(label): on screen \(shown), expected \(expected)"] }
                if !expected.contains(page: page) { return ["\(label): page \(page) left the screen"] }
            }
            return h.problems
        } catch {
            return ["refused: \(error)"]
        }
    }
}
