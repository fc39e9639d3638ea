import Testing
import PropertyBased
import FolioTestSupport
@testable import Folio

// MARK: Independent models

/// The window rule stated directly: a start is allowed when the window
/// `start ..< start + min(n, m)` lies in the pages, holds `page`, and `page`
/// is not among the `band` outermost dots of an edge with pages beyond it.
private func windowAllows(_ start: Int, page: Int, pages n: Int, maximum m: Int, edgeScales: Int) -> Bool {
    let visible = min(n, m)
    guard start >= 0, start + visible <= n, page >= start, page < start + visible else { return false }
    let band = max(0, min(edgeScales, (visible - 1) / 2))
    if start > 0 && page - start < band { return false }
    if start + visible < n && start + visible - 1 - page < band { return false }
    return true
}

/// The allowed start nearest `previous`, by a linear scan over every start.
private func nearestAllowedStart(to previous: Int, page: Int, pages n: Int, maximum m: Int, edgeScales: Int) -> Int? {
    var best: Int?
    for start in 0...max(0, n - min(n, m)) where windowAllows(start, page: page, pages: n, maximum: m, edgeScales: edgeScales) {
        if best == nil || abs(start - previous) < abs(best! - previous) { best = start }
    }
    return best
}

/// Activity by the definition: one minus the distance to the reading
/// position, over every copy of the page on a loop, never below 0.
private func modelActivity(page: Int, current: Int, offset: Double, pages n: Int, loops: Bool) -> Double {
    let x = Double(current) + offset
    var distance = abs(Double(page) - x)
    if loops {
        for copy in [page - n, page + n] { distance = min(distance, abs(Double(copy) - x)) }
    }
    return max(0, 1 - distance)
}

/// Everything wrong with `indicator` as a snapshot: the dots against the rules.
private func snapshotProblems(_ indicator: PageIndicator) -> [String] {
    var problems: [String] = []
    let n = indicator.pageCount, m = indicator.style.maximumVisibleDots
    let scales = indicator.style.edgeScales
    let visible = indicator.visibleDotCount
    let expectedVisible = indicator.isHidden ? 0 : min(n, m)
    if visible != expectedVisible { problems.append("\(visible) dots, expected \(expectedVisible)") }
    if visible > m { problems.append("\(visible) dots exceed the maximum \(m)") }
    guard visible > 0 else { return problems }
    let window = indicator.visiblePages
    if !window.contains(indicator.currentPage) { problems.append("window \(window) misses page \(indicator.currentPage)") }
    if window.lowerBound < 0 || window.upperBound > n { problems.append("window \(window) outside 0..<\(n)") }
    let moreBefore = window.lowerBound > 0, moreAfter = window.upperBound < n
    let band = max(0, min(scales.count, (visible - 1) / 2))
    for i in 0..<visible {
        let dot = indicator.dot(at: i)
        let lead = i, trail = visible - 1 - i
        if dot.page != window.lowerBound + i { problems.append("dot \(i) shows page \(dot.page)") }
        if dot.page == indicator.currentPage && dot.scale != 1 { problems.append("the current dot is shrunk: \(dot)") }
        if dot.scale != 1 {
            let leadOK = moreBefore && lead < scales.count && dot.scale == scales[lead]
            let trailOK = moreAfter && trail < scales.count && dot.scale == scales[trail]
            if !(leadOK || trailOK) { problems.append("\(dot) shrunk with no pages beyond its edge") }
        }
        if moreBefore && lead < band && dot.scale != scales[lead] { problems.append("\(dot) should shrink to \(scales[lead])") }
        if moreAfter && trail < band && lead >= band && dot.scale != scales[trail] { problems.append("\(dot) should shrink to \(scales[trail])") }
        if dot.diameter != dot.scale * indicator.style.dotDiameter { problems.append("\(dot) diameter \(dot.diameter)") }
        let expected = modelActivity(page: dot.page, current: indicator.currentPage, offset: indicator.pageOffset, pages: n, loops: indicator.loops)
        if abs(dot.activity - expected) > 1e-9 { problems.append("\(dot) activity, expected \(expected)") }
    }
    return problems
}

/// Problems with a move from `before` to `after`: the snapshot rules, and
/// the window moved no further than the nearest allowed start.
private func transitionProblems(from before: PageIndicator, to after: PageIndicator) -> [String] {
    var problems = snapshotProblems(after)
    guard after.visibleDotCount > 0 else { return problems }
    let n = after.pageCount, m = after.style.maximumVisibleDots
    let scales = after.style.edgeScales.count, page = after.currentPage
    if !windowAllows(after.windowStart, page: page, pages: n, maximum: m, edgeScales: scales) {
        problems.append("window start \(after.windowStart) breaks the rule for page \(page)")
    }
    // Only starts within m of the page can hold it, so scan those between the old start and the new.
    let low = max(min(before.windowStart, after.windowStart), page - m + 1)
    let high = min(max(before.windowStart, after.windowStart), page)
    if low <= high {
        for start in low...high where abs(start - before.windowStart) < abs(after.windowStart - before.windowStart) {
            if windowAllows(start, page: page, pages: n, maximum: m, edgeScales: scales) {
                problems.append("window moved \(before.windowStart)→\(after.windowStart) but \(start) was nearer and allowed")
            }
        }
    }
    return problems
}

private func indicator(pages: Int, maximum: Int = 7, page: Int = 0, orientation: Orientation = .leftToRight,
                       style: IndicatorStyle = IndicatorStyle()) throws -> PageIndicator {
    var style = style
    style.maximumVisibleDots = maximum
    return try PageIndicator(pageCount: pages, currentPage: page, style: style, orientation: orientation)
}

@Suite struct IndicatorTests {
    // MARK: The dot window

    /// Page counts 0…30 × windows 1…9: ascending and descending walks and
    /// every jump between two pages keep the current dot full-size inside a
    /// window of at most the maximum, shrink only edges with pages beyond,
    /// and move the window to the nearest allowed start (checked by a scan
    /// of every start).
    @Test func everyWalkAndJumpKeepsTheWindowRules() throws {
        var failures: [String] = []
        for n in 0...30 {
            for m in 1...9 {
                var ind = try indicator(pages: n, maximum: m)
                failures += snapshotProblems(ind).map { "\(n) pages, \(m) dots, start: \($0)" }
                func go(_ page: Int, _ walk: String) {
                    let before = ind
                    ind.setCurrentPage(page)
                    let expected = nearestAllowedStart(to: before.windowStart, page: page, pages: n, maximum: m, edgeScales: 2)
                    if n > 0 && ind.windowStart != expected {
                        failures.append("\(n) pages, \(m) dots, \(walk) \(before.currentPage)→\(page): start \(before.windowStart)→\(ind.windowStart), scan says \(expected.map(String.init) ?? "none")")
                    }
                    failures += transitionProblems(from: before, to: ind).map { "\(n) pages, \(m) dots, \(walk) \(before.currentPage)→\(page): \($0)" }
                }
                for page in 0..<n {
                    let start = ind.windowStart
                    go(page, "ascending")
                    if ind.windowStart < start || ind.windowStart > start + 1 {
                        failures.append("\(n) pages, \(m) dots: ascending to \(page) moved the window \(start)→\(ind.windowStart)")
                    }
                }
                for page in (0..<n).reversed() {
                    let start = ind.windowStart
                    go(page, "descending")
                    if ind.windowStart > start || ind.windowStart < start - 1 {
                        failures.append("\(n) pages, \(m) dots: descending to \(page) moved the window \(start)→\(ind.windowStart)")
                    }
                }
                for a in 0..<n {
                    for b in 0..<n {
                        go(a, "jump")
                        go(b, "jump")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(5))")
    }

    /// The Instagram figure: 7 dots over many pages, the outermost 0.5 and
    /// the next 0.7 at each edge with pages beyond; full size at the ends.
    @Test func sevenDotsShrinkTheTwoOutermostAtEachOpenEdge() throws {
        var ind = try indicator(pages: 20)
        #expect(ind.dots.map(\.scale) == [1, 1, 1, 1, 1, 0.7, 0.5], "\(ind)")
        ind.setCurrentPage(10)
        #expect(ind.dots.map(\.scale) == [0.5, 0.7, 1, 1, 1, 0.7, 0.5], "\(ind)")
        #expect(ind.visiblePages == 6..<13, "a jump forward stops with the page on the last full dot")
        ind.setCurrentPage(19)
        #expect(ind.dots.map(\.scale) == [0.5, 0.7, 1, 1, 1, 1, 1], "\(ind)")
        #expect(ind.visiblePages == 13..<20)
    }

    /// Paging forward one at a time slides the window one dot per page once
    /// the current dot reaches the last full-size dot — never recentring.
    @Test func steppingSlidesTheWindowOnlyAtTheEdge() throws {
        var ind = try indicator(pages: 12)
        var starts: [Int] = []
        for page in 0..<12 { ind.setCurrentPage(page); starts.append(ind.windowStart) }
        // Pages 0…4 fit on full dots of window 0; then one dot per page until the end (start 5).
        #expect(starts == [0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 5, 5])
        ind.setCurrentPage(9)
        #expect(ind.windowStart == 5, "going back inside the full dots leaves the window alone")
    }

    @Test func customEdgeScalesAndSmallWindows() throws {
        var ind = try indicator(pages: 50, maximum: 9, page: 25, style: IndicatorStyle(edgeScales: [0.25, 0.5, 0.75]))
        #expect(ind.dots.map(\.scale) == [0.25, 0.5, 0.75, 1, 1, 1, 0.75, 0.5, 0.25])
        // Three dots: one edge scale each side at most, so the middle one is current.
        ind = try indicator(pages: 50, maximum: 3, page: 25)
        #expect(ind.dots.map(\.scale) == [0.5, 1, 0.5])
        #expect(ind.dots[1].page == 25)
        // Two dots: no room for shrinking.
        ind = try indicator(pages: 50, maximum: 2, page: 25)
        #expect(ind.dots.map(\.scale) == [1, 1])
        ind = try indicator(pages: 50, maximum: 7, page: 25, style: IndicatorStyle(edgeScales: []))
        #expect(ind.dots.allSatisfy { $0.scale == 1 })
    }

    @Test func hiddenForNoPagesAndOnRequestForOne() throws {
        for n in 0...3 {
            for hides in [false, true] {
                var ind = try PageIndicator(pageCount: n, hidesForSinglePage: hides)
                let hidden = n == 0 || (n == 1 && hides)
                #expect(ind.isHidden == hidden, "\(n) pages, hidesForSinglePage \(hides)")
                #expect(ind.visibleDotCount == (hidden ? 0 : n), "\(n) pages, hidesForSinglePage \(hides)")
                #expect(ind.extent == 0 || !hidden)
                #expect(ind.action(forTapAt: 0) == nil || !hidden)
                ind.hidesForSinglePage.toggle()
                #expect(ind.isHidden == (n == 0 || (n == 1 && !hides)))
            }
        }
    }

    @Test func aGrowingCountKeepsTheWindowAndTheCurrentDot() throws {
        var ind = try indicator(pages: 5, page: 4)
        #expect(ind.visiblePages == 0..<5)
        var changes: [IndicatorChange] = []
        changes.append(try ind.setPageCount(6, isFinal: false))
        changes.append(try ind.setPageCount(40, isFinal: false))
        changes.append(try ind.setPageCount(40, isFinal: false))
        changes.append(try ind.setPageCount(40, isFinal: true))
        #expect(changes == [[.dots, .label], [.dots, .label], [], [.label]])
        #expect(ind.visiblePages == 0..<7 && ind.currentPage == 4)
        #expect(ind.dots.map(\.scale) == [1, 1, 1, 1, 1, 0.7, 0.5])
        // Shrinking below the current page clamps it.
        try ind.setPageCount(3)
        #expect(ind.currentPage == 2 && ind.visiblePages == 0..<3)
        #expect(throws: IndicatorError.invalidPageCount(-1)) { try ind.setPageCount(-1) }
        #expect(ind.pageCount == 3, "a refused count leaves the indicator unchanged")
    }

    // MARK: Activity

    /// Every page count up to 12 (also looping), every page and offsets in
    /// tenths: each dot's activity matches the definition, and the
    /// activities of all pages add up to 1.
    @Test func activityFollowsTheFractionalPosition() throws {
        var failures: [String] = []
        for n in 1...12 {
            for loops in [false, true] {
                var ind = try indicator(pages: n, maximum: 5)
                try ind.setPageCount(n, loops: loops)
                for page in 0..<n {
                    for tenth in -5...5 {
                        let offset = Double(tenth) / 10
                        ind.setCurrentPage(page, offset: offset)
                        let name = "\(n) pages\(loops ? " looping" : ""), page \(page) offset \(offset)"
                        failures += snapshotProblems(ind).map { "\(name): \($0)" }
                        let total = (0..<n).reduce(0.0) { $0 + ind.activity(ofPage: $1) }
                        if abs(total - 1) > 1e-9 { failures.append("\(name): activities add up to \(total)") }
                        let ends = !loops && ((page == 0 && offset < 0) || (page == n - 1 && offset > 0))
                        if ends && ind.pageOffset != 0 { failures.append("\(name): offset past an end kept as \(ind.pageOffset)") }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(5))")
    }

    @Test func aPositionInPagesSetsTheNearestPageAndTheOffset() throws {
        var ind = try indicator(pages: 10)
        #expect(ind.setPosition(Position(index: 3, fraction: 0.75)) == [.activity, .label])
        #expect(ind.currentPage == 4 && ind.pageOffset == -0.25)
        #expect(ind.activity(ofPage: 3) == 0.25 && ind.activity(ofPage: 4) == 0.75)
        #expect(ind.setPosition(Position(index: 3, fraction: 0.875)) == [.activity])
        #expect(ind.activity(ofPage: .min) == 0 && ind.activity(ofPage: .max) == 0 && ind.activity(ofPage: 10) == 0)
        ind.setCurrentPage(4, offset: .nan)
        #expect(ind.pageOffset == 0, "NaN counts as 0")
    }

    // MARK: Geometry

    @Test(arguments: Orientation.allCases)
    func dotsAreEvenlySpacedAndMirroredWhenReversed(orientation: Orientation) throws {
        for n in 1...12 {
            for m in 1...9 {
                let style = IndicatorStyle(dotDiameter: 6, spacing: 4)
                let forward = try indicator(pages: n, maximum: m, page: n / 2, style: style)
                let ind = try indicator(pages: n, maximum: m, page: n / 2, orientation: orientation, style: style)
                let v = min(n, m)
                let name = "\(n) pages, \(m) dots, \(orientation)"
                #expect(ind.extent == Double(v) * 6 + Double(v - 1) * 4, "\(name)")
                #expect(ind.thickness == 6)
                for i in 0..<v {
                    let expected = orientation.isReversed ? ind.extent - forward.dot(at: i).centre : forward.dot(at: i).centre
                    #expect(ind.dot(at: i).centre == expected, "\(name): dot \(i)")
                    #expect(forward.dot(at: i).centre == 3 + Double(i) * 10, "\(name): dot \(i) in reading order")
                    #expect(ind.dot(at: i).centre - 3 >= 0 && ind.dot(at: i).centre + 3 <= ind.extent, "\(name): dot \(i) inside")
                }
            }
        }
    }

    // MARK: Taps

    /// Every count up to 10, windows 1…7, every page, all four orientations,
    /// with and without hit slop, taps every half unit from before the first
    /// dot to past the last: the action matches a linear scan of the dots
    /// (a tap on a dot wins) and otherwise the screen side of the current dot.
    @Test func tapsMatchALinearScanOfTheDots() throws {
        var failures: [String] = []
        for orientation in Orientation.allCases {
            for slop in [0.0, 1.5] {
                for n in 1...10 {
                    for m in 1...7 {
                        for page in 0..<n {
                            let ind = try indicator(pages: n, maximum: m, page: page, orientation: orientation,
                                                    style: IndicatorStyle(dotDiameter: 4, spacing: 4, hitSlop: slop))
                            let dots = ind.dots
                            let current = try #require(dots.first { $0.page == page })
                            var x = -6.0
                            while x <= ind.extent + 6 {
                                var expected: IndicatorAction?
                                if let hit = dots.filter({ abs($0.centre - x) <= 2 + slop }).min(by: { abs($0.centre - x) < abs($1.centre - x) }) {
                                    expected = hit.page == page ? nil : .goTo(page: hit.page)
                                } else if x != current.centre {
                                    // Screen side → reading direction: before the dot is back unless reversed.
                                    let back = (x < current.centre) != orientation.isReversed
                                    if back && page > 0 { expected = .step(by: -1) }
                                    if !back && page < n - 1 { expected = .step(by: 1) }
                                }
                                let got = ind.action(forTapAt: x)
                                if got != expected {
                                    failures.append("\(n) pages, \(m) dots, page \(page), \(orientation), slop \(slop): tap at \(x) gave \(got.map(\.description) ?? "nothing"), expected \(expected.map(\.description) ?? "nothing")")
                                }
                                x += 0.5
                            }
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(5))")
    }

    @Test func tapsInPlainWords() throws {
        // 5 pages, dots 8 wide 8 apart: centres 4, 20, 36, 52, 68; on page 2.
        var ind = try indicator(pages: 5, page: 2)
        #expect(ind.action(forTapAt: 68) == .goTo(page: 4), "a tap on a dot goes there")
        #expect(ind.action(forTapAt: 36) == nil, "a tap on the current dot does nothing")
        #expect(ind.action(forTapAt: 28) == .step(by: -1), "a tap in a gap before the current dot steps back")
        #expect(ind.action(forTapAt: 100) == .step(by: 1), "a tap past the dots steps forward")
        ind.orientation = .rightToLeft   // centres 68, 52, 36, 20, 4
        #expect(ind.action(forTapAt: 4) == .goTo(page: 4))
        #expect(ind.action(forTapAt: 28) == .step(by: 1), "right-to-left: left of the current dot is forward")
        ind.setCurrentPage(0)
        #expect(ind.action(forTapAt: 100) == nil, "no step before the first page")
        try ind.setPageCount(5, loops: true)
        #expect(ind.action(forTapAt: 100) == .step(by: -1), "a loop steps back from page 0 to the last")
        #expect(ind.action(forTapAt: .nan) == nil)
    }

    // MARK: Scrub and slider

    /// A scrub from the first dot's centre to the last one's passes every
    /// page in order, whatever the number of visible dots, and mirrors for
    /// reversed orientations.
    @Test(arguments: Orientation.allCases)
    func aScrubSeeksAcrossAllPages(orientation: Orientation) throws {
        for (n, m) in [(1, 7), (2, 1), (7, 7), (340, 7), (340, 1), (1_000, 9)] {
            let ind = try indicator(pages: n, maximum: m, page: n / 3, orientation: orientation)
            let name = "\(n) pages, \(m) dots, \(orientation)"
            let first = ind.dot(at: 0).centre, last = ind.dot(at: ind.visibleDotCount - 1).centre
            if ind.visibleDotCount >= 2 {   // a lone dot spans the pages across its width instead
                #expect(ind.page(forScrubAt: first) == 0 && ind.page(forScrubAt: last) == n - 1, "\(name)")
            }
            #expect(ind.page(forScrubAt: orientation.isReversed ? -50 : ind.extent + 50) == n - 1, "\(name): clamped past the end")
            #expect(ind.page(forScrubAt: orientation.isReversed ? ind.extent + 50 : -50) == 0, "\(name): clamped before the start")
            // Sweep from the start of the reading order to its end in 4 samples per page.
            let from = m == 1 ? (orientation.isReversed ? ind.extent : 0) : first
            let to = m == 1 ? (orientation.isReversed ? 0 : ind.extent) : last
            var seen: [Int] = []
            let samples = 4 * n
            for i in 0...samples {
                let page = try #require(ind.page(forScrubAt: from + (to - from) * Double(i) / Double(samples)))
                if seen.last != page { seen.append(page) }
            }
            #expect(seen == Array(0..<n), "\(name): the sweep skipped or reordered pages")
            let mirrored = try indicator(pages: n, maximum: m, page: n / 3, orientation: orientation.isReversed ? .leftToRight : .rightToLeft)
            #expect(ind.page(forScrubAt: 10) == mirrored.page(forScrubAt: ind.extent - 10), "\(name): mirror")
        }
        let ind = try indicator(pages: 340, page: 169)
        #expect(ind.action(forScrubAt: 52) == .goTo(page: 170))
        #expect(ind.action(forScrubAt: 51.9) == nil, "the current page is no action")
    }

    @Test func theSliderRoundTripsEveryPage() throws {
        for n in [1, 2, 3, 50, 1_000_000, 1_000_000_000_000_000, PageCount.unboundedLimit] {
            var ind = try indicator(pages: n)
            let pages = n <= 50 ? Array(0..<n) : [0, 1, n / 3, n / 2, n - 2, n - 1]
            for page in pages {
                ind.setCurrentPage(page)
                #expect(ind.sliderValue >= 0 && ind.sliderValue <= 1, "\(n) pages, page \(page)")
                if n <= 1_000_000 {
                    #expect(ind.page(forSliderValue: ind.sliderValue) == page, "\(n) pages, page \(page): slider \(ind.sliderValue)")
                }
            }
            #expect(ind.page(forSliderValue: 0) == 0 && ind.page(forSliderValue: 1) == n - 1, "\(n) pages: ends")
            #expect(ind.page(forSliderValue: 7) == n - 1 && ind.page(forSliderValue: -1) == 0 && ind.page(forSliderValue: .nan) == 0)
        }
        var ind = try indicator(pages: 11, page: 5)
        ind.setCurrentPage(5, offset: 0.5)
        #expect(ind.sliderValue == 0.55, "the slider follows the drag")
        #expect(ind.action(forSliderValue: 0.5) == nil && ind.action(forSliderValue: 1) == .goTo(page: 10))
        #expect(try PageIndicator().page(forSliderValue: 0.5) == nil)
    }

    // MARK: Text

    @Test(arguments: [
        (11, 340, true, "12 / 340", "Page 12 of 340"),
        (11, 340, false, "12 / 340+", "Page 12 of at least 340"),
        (0, 1, true, "1 / 1", "Page 1 of 1"),
        (0, 0, true, "", "No pages"),
        (0, 0, false, "", "No pages"),
        (999_999, 1_000_000, true, "1000000 / 1000000", "Page 1000000 of 1000000"),
    ])
    func textForms(page: Int, count: Int, final: Bool, text: String, spoken: String) throws {
        let ind = try PageIndicator(pageCount: count, isCountFinal: final, currentPage: page)
        #expect(ind.text == text)
        #expect(ind.accessibilityValue == spoken)
    }

    // MARK: Errors, changes, descriptions

    @Test func badStylesAreTypedErrorsThatSayWhatToDo() {
        let cases: [(IndicatorStyle, IndicatorError)] = [
            (IndicatorStyle(maximumVisibleDots: 0), .invalidMaximumVisibleDots(0)),
            (IndicatorStyle(edgeScales: [0.5, 0]), .invalidEdgeScale(index: 1, value: 0)),
            (IndicatorStyle(edgeScales: [1.5]), .invalidEdgeScale(index: 0, value: 1.5)),
            (IndicatorStyle(dotDiameter: 0), .invalidLength(name: "dot diameter", value: 0)),
            (IndicatorStyle(spacing: -1), .invalidLength(name: "spacing", value: -1)),
            (IndicatorStyle(hitSlop: .infinity), .invalidLength(name: "hit slop", value: .infinity)),
        ]
        for (style, error) in cases {
            #expect(throws: error) { try PageIndicator(pageCount: 3, style: style) }
            #expect(!error.description.isEmpty)
        }
        #expect(IndicatorError.invalidMaximumVisibleDots(0).description
            == "An indicator shows at least 1 dot; set maximumVisibleDots to 1 or more, not 0.")
        #expect(throws: IndicatorError.invalidPageCount(-2)) { try PageIndicator(pageCount: -2) }
    }

    @Test func eachUpdateSaysWhatChanged() throws {
        var ind = try indicator(pages: 20)
        var log: [IndicatorChange] = []
        log.append(ind.setCurrentPage(0, offset: 0.25))      // a drag starts
        log.append(ind.setCurrentPage(1, offset: -0.4))      // nearer page 1
        log.append(ind.setCurrentPage(1))                    // settled
        log.append(ind.setCurrentPage(1))                    // nothing new
        log.append(ind.setCurrentPage(5))                    // past the last full dot: the window slides
        log.append(try ind.setStyle(IndicatorStyle(maximumVisibleDots: 9)))
        log.append(try ind.setPageCount(1))
        #expect(log == [[.activity], [.activity, .label], [.activity], [], [.dots, .activity, .label], [.dots], [.dots, .activity, .label]])
        ind.hidesForSinglePage = true
        #expect(ind.isHidden)
        #expect(try ind.setPageCount(2) == [.visibility, .dots, .label])
        #expect("\(log[4])" == "[dots, activity, label]")
    }

    @Test func descriptionsReadLikeSentences() throws {
        var ind = try PageIndicator(pageCount: 340, isCountFinal: false, currentPage: 11)
        ind.setCurrentPage(11, offset: 0.25)
        #expect(ind.description == "PageIndicator(page 11 of 340+, offset 0.25, dots 7..<14)")
        #expect(ind.dot(at: 5).description == "dot(page 12 ×0.7, active 0.25 at 84.0)")
        #expect(try PageIndicator().description == "PageIndicator(no pages)")
        #expect(IndicatorAction.step(by: -1).description == "step -1" && IndicatorAction.goTo(page: 3).description == "go to page 3")
        #expect(IndicatorStyle().description == "IndicatorStyle(7 dots, edges [0.5, 0.7], dot 8.0, spacing 8.0)")
    }

    // MARK: Property

    /// 1,000 runs: random counts up to 10^6 (growing or not, looping or
    /// not), random windows and random sequences of jumps, steps, drags and
    /// count changes; after each, the dots keep every rule, the window
    /// moves no further than the nearest allowed start, a tap on each dot
    /// goes to its page and the slider round-trips.
    @Test func randomCountsAndPageSequencesKeepTheRules() async {
        let setups = zip(Gen.int(in: 0...1_000_000), Gen.int(in: 1...12), Gen.int(in: 0...3), Gen.bool())
        let steps = zip(Gen.int(in: 0...4), Gen.int(in: 0...1_000_000), Gen.int(in: -50...50)).array(of: 1...40)
        await propertyCheck(count: 1_000, input: setups, steps) { setup, steps in
            let (count, maximum, scales, loops) = setup
            var style = IndicatorStyle(maximumVisibleDots: maximum)
            style.edgeScales = Array([0.4, 0.6, 0.8].prefix(scales))
            guard var ind = try? PageIndicator(pageCount: count, style: style) else {
                Issue.record("refused \(setup)"); return
            }
            _ = try? ind.setPageCount(count, loops: loops)
            var problems: [String] = []
            for (kind, a, b) in steps {
                let before = ind
                let n = ind.pageCount
                switch kind {
                case 0: ind.setCurrentPage(n == 0 ? 0 : a % n)                          // a jump
                case 1: ind.setCurrentPage(ind.currentPage + b.signum())                // a step
                case 2: ind.setCurrentPage(ind.currentPage + b % 3, offset: Double(b) / 100)  // a drag
                case 3: _ = try? ind.setPageCount(min(n + abs(b), 1_000_000), isFinal: b % 2 == 0, loops: loops)
                default: _ = try? ind.setPageCount(n == 0 ? 0 : a % (n + 1), loops: loops)
                }
                problems += transitionProblems(from: before, to: ind)
                for i in 0..<ind.visibleDotCount {
                    let dot = ind.dot(at: i)
                    let tap = ind.action(forTapAt: dot.centre)
                    if tap != (dot.page == ind.currentPage ? nil : .goTo(page: dot.page)) { problems.append("tap on \(dot) gave \(String(describing: tap))") }
                }
                if ind.pageOffset == 0, ind.pageCount > 0, ind.page(forSliderValue: ind.sliderValue) != ind.currentPage {
                    problems.append("slider \(ind.sliderValue) maps to \(String(describing: ind.page(forSliderValue: ind.sliderValue)))")
                }
                if !problems.isEmpty { break }
            }
            #expect(problems.isEmpty, "\(setup) → \(ind): \(problems.prefix(3))")
        }
    }

    // MARK: Fed by a real pager

    @Test func halfAPageDragMovesTheActivityBetweenTwoDots() throws {
        var h = try Harness(track: phone(.finite(20)))
        var ind = try PageIndicator()
        #expect(ind.update(from: h.pager) == [.visibility, .dots, .label])
        #expect(ind.dots.map(\.activity) == [1, 0, 0, 0, 0, 0, 0])
        h.dragBegan()
        h.drag(by: -93.75)  // a quarter of a 375-point page
        #expect(ind.update(from: h.pager) == [.activity])
        #expect(ind.dot(at: 0).activity == 0.75 && ind.dot(at: 1).activity == 0.25, "\(ind)")
        h.drag(by: -93.75)  // half a page: the current page becomes 1
        #expect(ind.update(from: h.pager) == [.activity, .label])
        #expect(ind.currentPage == 1 && ind.pageOffset == -0.5)
        #expect(ind.dot(at: 0).activity == 0.5 && ind.dot(at: 1).activity == 0.5, "\(ind)")
        #expect(ind.text == "2 / 20")
        h.dragEnded(velocity: 0)
        h.settle()
        ind.update(from: h.pager)
        #expect(ind.dots.map(\.activity) == [0, 1, 0, 0, 0, 0, 0])
        #expect(h.problems == [])
    }

    @Test func tapsAndScrubsDriveThePager() throws {
        var h = try Harness(track: phone(.finite(340)))
        var ind = try PageIndicator()
        ind.update(from: h.pager)
        let tap = try #require(ind.action(forTapAt: ind.dot(at: 3).centre))
        var copy = h.pager
        let effects = h.pager.perform(tap, animated: false)
        #expect(Array(effects) == Array(copy.move(toPage: 3, animated: false)), "perform(goTo) is move(toPage:)")
        h.record(effects)
        ind.update(from: h.pager)
        #expect(ind.currentPage == 3)
        let scrub = try #require(ind.action(forScrubAt: ind.extent))
        #expect(scrub == .goTo(page: 339))
        h.record(h.pager.perform(scrub, animated: false))
        ind.update(from: h.pager)
        #expect(ind.text == "340 / 340" && ind.visiblePages == 333..<340)
        h.record(h.pager.perform(try #require(ind.action(forTapAt: -5)), animated: true, at: h.time))
        h.settle()
        ind.update(from: h.pager)
        #expect(ind.currentPage == 338)
        #expect(h.problems == [])
    }

    @Test func twoPageSpreadsRightToLeftAndLoopsConvertToPages() throws {
        // Two-page spreads, cover alone: spreads (0), (1,2), (3,4) … A drag from spread 1
        // toward spread 2 moves the reading position from page 1 toward page 3.
        var h = try Harness(track: Track(orientation: .rightToLeft, pages: .finite(9), pagesPerSpread: 2,
                                         coverStandsAlone: true, pageExtent: 50, viewportExtent: 100), page: 1)
        var ind = try PageIndicator()
        ind.update(from: h.pager)
        #expect(ind.orientation == .rightToLeft && ind.dot(at: 0).centre > ind.dot(at: 1).centre)
        h.dragBegan()
        h.drag(by: 25)   // right-to-left: a quarter spread forward
        ind.update(from: h.pager)
        #expect(ind.currentPage == 1 && ind.pageOffset == 0.5, "\(ind)")
        #expect(ind.activity(ofPage: 1) == 0.5 && ind.activity(ofPage: 2) == 0.5)
        h.dragEnded(velocity: 0)
        h.settle()

        // A loop of 5: dragging back from page 0 moves the activity to page 4.
        var loop = try Harness(track: phone(.looping(5)))
        var ring = try PageIndicator()
        ring.update(from: loop.pager)
        #expect(ring.loops)
        loop.dragBegan()
        loop.drag(by: 75)   // a fifth of a page back
        ring.update(from: loop.pager)
        #expect(abs(ring.activity(ofPage: 4) - 0.2) < 1e-12 && abs(ring.activity(ofPage: 0) - 0.8) < 1e-12, "\(ring)")

        // Rubber band past the first page: the dots do not move.
        var edge = try Harness(track: phone(.finite(5)))
        var ind2 = try PageIndicator()
        edge.dragBegan()
        edge.drag(by: 100)
        ind2.update(from: edge.pager)
        #expect(ind2.pageOffset == 0 && ind2.activity(ofPage: 0) == 1)

        // Unbounded: the count is what has been seen, never final.
        var far = try Harness(track: phone(.unbounded), page: 41)
        var open = try PageIndicator()
        open.update(from: far.pager)
        #expect(open.text == "42 / 42+" && open.accessibilityValue == "Page 42 of at least 42")
        far.step(by: 1, animated: false)
        open.update(from: far.pager)
        #expect(open.text == "43 / 43+")
        #expect(h.problems == [] && loop.problems == [] && edge.problems == [] && far.problems == [])
    }

    /// The example in docs/readme/indicator.md, verbatim between the markers.
    @Test func theReadmeExampleRuns() throws {
        var pager = try Pager(track: phone(.finite(340)), page: 11)
        let x = 0.0, now = 0.0
        var drawn: [IndicatorDot] = []
        func draw(_ dot: IndicatorDot) { drawn.append(dot) }
        // README begin
        var indicator = try PageIndicator(style: IndicatorStyle(maximumVisibleDots: 9, dotDiameter: 1, spacing: 1))
        indicator.update(from: pager)                    // after each pager input: O(1), no allocation
        for i in 0..<indicator.visibleDotCount { draw(indicator.dot(at: i)) }  // page, scale, activity, centre
        if let action = indicator.action(forTapAt: x) {  // x along the dots from their left/top edge
            _ = pager.perform(action, animated: true, at: now)   // .goTo(page:) or .step(by: ±1)
        }
        // README end
        #expect(drawn.map(\.page) == Array(5..<14) && drawn.map(\.scale) == [0.5, 0.7, 1, 1, 1, 1, 1, 0.7, 0.5])
        #expect(indicator.text == "12 / 340" && indicator.accessibilityValue == "Page 12 of 340")
        #expect(pager.targetPage == 5, "x = 0 is on the first dot, page 5")
    }

    @Test(arguments: [PageCount.finite(10), .finite(1_000_000_000_000_000), .looping(1_000), .unbounded])
    func followingADragAllocatesNothing(count: PageCount) throws {
        var pager = try Pager(track: phone(count), page: 5)
        _ = pager.layout()
        _ = pager.dragBegan(at: 0)
        var ind = try PageIndicator(style: IndicatorStyle(maximumVisibleDots: 9))
        var t = 0.0
        for _ in 0..<10 { t += 0.016; _ = pager.dragMoved(by: -37, at: t); ind.update(from: pager) }
        var drawn = 0.0
        let counted = allocations {
            for i in 0..<2_000 {
                t += 0.016
                _ = pager.dragMoved(by: i % 40 < 20 ? -61 : 61, at: t)
                ind.update(from: pager)
                for d in 0..<ind.visibleDotCount {
                    let dot = ind.dot(at: d)
                    drawn += dot.activity * dot.centre * dot.diameter
                }
            }
        }
        #expect(counted == 0, "\(count): \(counted ?? -1) allocations in 2,000 indicator updates")
        #expect(drawn > 0)
    }
}
