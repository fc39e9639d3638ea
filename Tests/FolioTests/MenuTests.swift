import Testing
import PropertyBased
import FolioTestSupport
@testable import Folio

/// Measures a title in terminal columns (one per character: the titles here are ASCII).
let columns: MenuStrip<Int>.Measure = { Double($0.count) }

/// A strip described by whole numbers, as the tests generate it, with an
/// independent model: frames by a running sum, hit tests and visibility by
/// a linear scan.
struct StripSpec: Sendable, CustomStringConvertible {
    var widths: [Int]
    var padding = 0
    var leading = 0
    var trailing = 0
    var direction = MenuDirection.leftToRight
    var viewport = 10

    var metrics: MenuMetrics {
        MenuMetrics(padding: Double(padding), leadingInset: Double(leading), trailingInset: Double(trailing), direction: direction)
    }

    /// Title i is `widths[i]` letters long, so it measures `widths[i]` columns.
    var items: [MenuItem<Int>] { widths.indices.map { MenuItem(id: $0, title: String(repeating: "a", count: widths[$0])) } }

    func strip() throws -> MenuStrip<Int> {
        var strip = try MenuStrip<Int>(metrics: metrics, viewportWidth: Double(viewport), measure: columns)
        _ = try strip.setItems(items)
        return strip
    }

    var contentWidth: Double { Double(leading + widths.reduce(0) { $0 + $1 + 2 * padding } + trailing) }

    /// Each item's frame by a running sum, mirrored right to left.
    var frames: [MenuFrame] {
        var x = leading
        var out: [MenuFrame] = []
        for w in widths {
            out.append(MenuFrame(x: Double(x), width: Double(w + 2 * padding)))
            x += w + 2 * padding
        }
        guard direction == .rightToLeft else { return out }
        return out.map { MenuFrame(x: contentWidth - $0.x - $0.width, width: $0.width) }
    }

    /// The first item whose frame holds `x`, scanning them all.
    func linearHit(_ x: Double) -> Int? {
        frames.firstIndex { x >= $0.x && x < $0.x + $0.width }
    }

    /// The items overlapping `offset ..< offset + viewport`, scanning them all.
    func linearVisible(at offset: Double) -> [Int] {
        guard viewport > 0 else { return [] }
        return frames.indices.filter { frames[$0].x < offset + Double(viewport) && frames[$0].x + frames[$0].width > offset }
    }

    var description: String {
        "widths \(widths), padding \(padding), insets \(leading)/\(trailing), \(direction), viewport \(viewport)"
    }
}

/// The last item starting at or before `page` (item 0 for earlier pages), scanning them all.
func linearChapter(_ page: Int, _ starts: [Int]) -> Int {
    var found = 0
    for i in starts.indices where starts[i] <= page { found = i }
    return found
}

@Suite struct MenuTests {
    static let specs = zip(
        Gen.int(in: 0...20).array(of: 0...12), Gen.int(in: 0...3), Gen.int(in: 0...5), Gen.int(in: 0...5),
        Gen.bool(), Gen.int(in: 0...60)
    ).map { widths, padding, leading, trailing, rtl, viewport in
        StripSpec(widths: widths, padding: padding, leading: leading, trailing: trailing,
                  direction: rtl ? .rightToLeft : .leftToRight, viewport: viewport)
    }

    // MARK: Geometry

    @Test func framesAndContentWidthAreARunningSum() throws {
        for direction in MenuDirection.allCases {
            for widths in [[], [0], [5], [3, 0, 7], [1, 2, 3, 4, 5]] {
                let spec = StripSpec(widths: widths, padding: 2, leading: 3, trailing: 1, direction: direction)
                let strip = try spec.strip()
                #expect(strip.contentWidth == spec.contentWidth, "\(spec)")
                #expect(widths.indices.map { strip.frame(ofItem: $0) } == spec.frames, "\(spec)")
            }
        }
    }

    /// The binary search agrees with a linear scan at every half column of
    /// random strips, in content and viewport coordinates.
    @Test func hitTestsAgreeWithALinearScan() async {
        await propertyCheck(count: 1_000, input: Self.specs, Gen.int(in: -20...200)) { spec, offsetSeed in
            guard var strip = try? spec.strip() else { Issue.record("refused \(spec)"); return }
            for x in stride(from: -4.0, through: spec.contentWidth + 4, by: 0.5) {
                #expect(strip.item(atContentX: x) == spec.linearHit(x), "\(spec): content x \(x)")
            }
            _ = strip.scroll(to: Double(offsetSeed))
            let offset = strip.scrollOffset
            for x in stride(from: -2.0, through: Double(spec.viewport) + 2, by: 0.5) {
                let inside = x >= 0 && x < Double(spec.viewport)
                let expected = inside ? spec.linearHit(x + offset) : nil
                #expect(strip.item(atViewportX: x) == expected, "\(spec): viewport x \(x) at offset \(offset)")
            }
        }
    }

    @Test func visibleItemsAgreeWithALinearScan() async {
        await propertyCheck(count: 1_000, input: Self.specs, Gen.int(in: -30...250)) { spec, offset in
            guard let strip = try? spec.strip() else { Issue.record("refused \(spec)"); return }
            for start in [Double(offset), Double(offset) + 0.5] {
                let visible = strip.visibleItems(atOffset: start)
                #expect(visible.map(\.index) == spec.linearVisible(at: start), "\(spec): offset \(start)")
                #expect(visible.map(\.frame) == visible.map(\.index).map { spec.frames[$0] }, "\(spec): offset \(start)")
            }
        }
    }

    // MARK: Scrolling

    /// Every viewport width × every selected item of small strips: the
    /// offset is in range, the item is wholly visible when it fits, and it
    /// is centred unless that would scroll past an end.
    @Test func selectingScrollsTheItemIntoViewCentredWherePossible() throws {
        let shapes: [[Int]] = [[4], [1, 1], [2, 9, 3], [5, 0, 5, 1], [3, 3, 3, 3, 3, 3], [12, 1, 7, 2, 8]]
        var checked = 0
        for direction in MenuDirection.allCases {
            for widths in shapes {
                for (padding, leading, trailing) in [(0, 0, 0), (1, 2, 3)] {
                    var spec = StripSpec(widths: widths, padding: padding, leading: leading, trailing: trailing, direction: direction)
                    let content = spec.contentWidth
                    for viewport in 0...(Int(content) + 3) {
                        spec.viewport = viewport
                        var strip = try spec.strip()
                        for item in widths.indices {
                            _ = strip.select(item)
                            let offset = strip.scrollOffset
                            let frame = spec.frames[item]
                            let v = Double(viewport)
                            let highest = max(0, content - v)
                            let centred = frame.x + frame.width / 2 - v / 2
                            let name = "\(spec), item \(item): offset \(offset)"
                            #expect(offset >= 0 && offset <= highest, "\(name) out of 0…\(highest)")
                            if content <= v { #expect(offset == 0, "\(name): content fits, so 0") }
                            if frame.width <= v {
                                #expect(frame.x >= offset && frame.x + frame.width <= offset + v, "\(name): not wholly visible")
                            }
                            if centred >= 0 && centred <= highest {
                                #expect(offset == centred, "\(name): not centred (\(centred))")
                            } else {
                                #expect(offset == (centred < 0 ? 0 : highest), "\(name): not clamped to the nearer end")
                            }
                            #expect(offset == strip.offset(centringItem: item), "\(name)")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked > 1_000)
    }

    @Test func scrollingTheStripClampsAtBothEnds() throws {
        var strip = try StripSpec(widths: [10, 10, 10], viewport: 12).strip()
        #expect(strip.scroll(to: 5) == [.scroll(to: 5)])
        #expect(strip.scroll(by: 100) == [.scroll(to: 18)])
        #expect(strip.scroll(by: 1) == [], "already at the end")
        #expect(strip.scroll(to: -3) == [.scroll(to: 0)])
        #expect(strip.scroll(to: .nan) == [])
        var narrow = try StripSpec(widths: [2], viewport: 12).strip()
        #expect(narrow.scroll(to: 5) == [], "content narrower than the viewport never scrolls")
        #expect(narrow.maximumScrollOffset == 0)
    }

    // MARK: Underline and selection

    @Test func theUnderlineInterpolatesBetweenFrames() throws {
        for direction in MenuDirection.allCases {
            let spec = StripSpec(widths: [4, 6, 2, 10, 3], padding: 1, leading: 2, trailing: 2, direction: direction)
            let strip = try spec.strip()
            let three = spec.frames[3]
            let four = spec.frames[4]
            #expect(strip.underlineFrame(atItem: 3, fraction: 0) == three, "\(direction)")
            #expect(strip.underlineFrame(atItem: 3, fraction: 1) == four, "\(direction)")
            let middle = strip.underlineFrame(atItem: 3, fraction: 0.5)
            #expect(middle.x == (three.x + four.x) / 2 && middle.width == (three.width + four.width) / 2, "\(direction): \(middle)")
            let forty = strip.underlineFrame(atItem: 3, fraction: 0.4)
            #expect(abs(forty.x - (three.x + 0.4 * (four.x - three.x))) < 1e-12, "\(direction): \(forty)")
            #expect(abs(forty.width - (three.width + 0.4 * (four.width - three.width))) < 1e-12, "\(direction): \(forty)")
            #expect(strip.underlineFrame(atItem: 3, fraction: -2) == three, "clamped below")
            #expect(strip.underlineFrame(atItem: 3, fraction: 7) == four, "clamped above")
            #expect(strip.underlineFrame(atItem: 4, fraction: 0.5) == four, "past the last item it stays")
            #expect(strip.underlineFrame(from: 0, to: 3, fraction: 0.25) == spec.frames[0].interpolated(to: three, fraction: 0.25))
        }
    }

    @Test func aTapSelectsAndAsksForTheChapterStart() throws {
        var strip = try MenuStrip<String>(metrics: MenuMetrics(padding: 1, leadingInset: 2), viewportWidth: 10, measure: { Double($0.count) })
        let titles = ["One", "Two", "Three", "Four"]
        #expect(try strip.setItems(titles.map { MenuItem(id: $0, title: $0) }, startPages: [0, 4, 9, 20]) == [
            .selectionChanged(from: nil, to: 0), .moveUnderline(to: MenuFrame(x: 2, width: 5)),
        ])
        // Frames: One 2..<7, Two 7..<12, Three 12..<19, Four 19..<25; content 25.
        #expect(strip.tap(atViewportX: 1) == [], "the leading inset is not an item")
        #expect(strip.tap(atViewportX: 8) == [
            .selectionChanged(from: 0, to: 1), .moveUnderline(to: MenuFrame(x: 7, width: 5)), .scroll(to: 4.5), .showPage(4),
        ])
        // Viewport x 9 is content x 13.5: "Three".
        #expect(strip.tap(atViewportX: 9) == [
            .selectionChanged(from: 1, to: 2), .moveUnderline(to: MenuFrame(x: 12, width: 7)), .scroll(to: 10.5), .showPage(9),
        ])
        #expect(strip.select(2) == [.showPage(9)], "choosing the selected item again still goes to its start")
        #expect(strip.select(id: "Four") == [
            .selectionChanged(from: 2, to: 3), .moveUnderline(to: MenuFrame(x: 19, width: 6)), .scroll(to: 15), .showPage(20),
        ])
        #expect(strip.select(id: "Five") == [], "an unknown id does nothing")
        #expect(strip.select(-4) == [
            .selectionChanged(from: 3, to: 0), .moveUnderline(to: MenuFrame(x: 2, width: 5)), .scroll(to: 0), .showPage(0),
        ], "an index below 0 clamps to the first item")
    }

    // MARK: Direction

    @Test func rightToLeftMirrorsEveryFrameHitAndViewport() async {
        await propertyCheck(count: 500, input: Self.specs, Gen.int(in: -10...150)) { spec, offset in
            var ltrSpec = spec
            ltrSpec.direction = .leftToRight
            var rtlSpec = spec
            rtlSpec.direction = .rightToLeft
            guard let ltr = try? ltrSpec.strip(), let rtl = try? rtlSpec.strip() else { Issue.record("refused \(spec)"); return }
            let w = ltr.contentWidth
            for i in spec.widths.indices {
                let a = ltr.frame(ofItem: i)
                #expect(rtl.frame(ofItem: i) == MenuFrame(x: w - a.x - a.width, width: a.width), "\(spec): item \(i)")
            }
            if !spec.widths.isEmpty {
                #expect(rtl.frame(ofItem: 0).maxX == w - Double(spec.leading), "\(spec): item 0 ends at the right inset")
            }
            // Probes a quarter column inside, so they never sit on a boundary.
            for x in stride(from: -2.25, through: w + 2, by: 0.5) {
                #expect(rtl.item(atContentX: x) == ltr.item(atContentX: w - x), "\(spec): x \(x)")
            }
            let o = Double(offset)
            #expect(rtl.visibleItems(atOffset: o).itemIndices == ltr.visibleItems(atOffset: w - o - Double(spec.viewport)).itemIndices,
                    "\(spec): offset \(o)")
        }
    }

    // MARK: Replacing items

    @Test func replacingItemsKeepsTheSelectedID() throws {
        func items(_ ids: [String]) -> [MenuItem<String>] { ids.map { MenuItem(id: $0, title: $0) } }
        var strip = try MenuStrip<String>(viewportWidth: 4, measure: { Double($0.count) })
        #expect(strip.selectedIndex == nil && strip.underline == nil)
        _ = try strip.setItems(items(["aa", "bb", "cc", "dd"]))
        _ = strip.select(id: "cc")
        // Two items inserted before it: it is now item 4, at 8..<10.
        #expect(try strip.setItems(items(["xx", "yy", "aa", "bb", "cc", "dd"])) == [
            .selectionChanged(from: 2, to: 4), .moveUnderline(to: MenuFrame(x: 8, width: 2)), .scroll(to: 7),
        ])
        #expect(strip.selectedID == "cc")
        // Same id, same index, retitled wider: only the geometry moves.
        #expect(try strip.setItems(items(["xx", "yy", "aa", "bb", "cc", "dd"]).enumerated().map {
            MenuItem(id: $0.element.id, title: $0.offset == 0 ? "xxxx" : $0.element.title)
        }) == [.moveUnderline(to: MenuFrame(x: 10, width: 2)), .scroll(to: 9)])
        // Its id gone: the item now at its index (4) is selected, reported though the index is the same.
        #expect(try strip.setItems(items(["p", "q", "r", "s", "t", "u"])) == [
            .selectionChanged(from: 4, to: 4), .moveUnderline(to: MenuFrame(x: 4, width: 1)), .scroll(to: 2),
        ])
        #expect(strip.selectedID == "t")
        // Fewer items than the index: the last one.
        _ = try strip.setItems(items(["m", "n"]))
        #expect(strip.selectedIndex == 1 && strip.selectedID == "n")
        // Empty: nothing selected, underline hidden.
        #expect(try strip.setItems([]) == [.selectionChanged(from: 1, to: nil), .moveUnderline(to: nil)])
        #expect(strip.selectedIndex == nil && strip.visibleItems.isEmpty && strip.contentWidth == 0)
        // From empty: item 0.
        #expect(try strip.setItems(items(["k"])) == [.selectionChanged(from: nil, to: 0), .moveUnderline(to: MenuFrame(x: 0, width: 1))])
    }

    @Test func badItemsAreTypedErrorsAndChangeNothing() throws {
        var strip = try MenuStrip<Int>(viewportWidth: 10, measure: { $0 == "bad" ? -1 : Double($0.count) })
        _ = try strip.setItems([MenuItem(id: 1, title: "one"), MenuItem(id: 2, title: "two")], startPages: [0, 5])
        let cases: [([MenuItem<Int>], [Int]?, MenuError)] = [
            ([MenuItem(id: 1, title: "a"), MenuItem(id: 1, title: "b")], nil, .duplicateID("1", first: 0, second: 1)),
            ([MenuItem(id: 1, title: "bad")], nil, .invalidTitleWidth(item: 0, title: "bad", width: -1)),
            ([MenuItem(id: 1, title: "a")], [0, 1], .startPageCount(items: 1, startPages: 2)),
            ([MenuItem(id: 1, title: "a")], [-1], .negativeStartPage(item: 0, page: -1)),
            ([MenuItem(id: 1, title: "a"), MenuItem(id: 2, title: "b")], [3, 2], .unsortedStartPages(item: 1, page: 2, previous: 3)),
        ]
        for (items, starts, error) in cases {
            #expect(throws: error, "\(items) \(starts.map { "\($0)" } ?? "nil")") { _ = try strip.setItems(items, startPages: starts) }
            #expect(strip.count == 2 && strip.startPages == [0, 5] && strip.contentWidth == 6, "unchanged after \(error)")
        }
        #expect(throws: MenuError.invalidLength(name: "viewport width", value: -1)) { _ = try strip.resize(viewportWidth: -1) }
        #expect(throws: MenuError.invalidLength(name: "padding", value: .infinity)) {
            _ = try strip.setMetrics(MenuMetrics(padding: .infinity))
        }
        #expect(strip.viewportWidth == 10 && strip.metrics == MenuMetrics())
        #expect("\(MenuError.unsortedStartPages(item: 1, page: 2, previous: 3))"
            == "Item 1 starts at page 2, before the page the item before it starts at (3); sort the start pages.")
    }

    @Test func metricsAndResizeRecentreTheUnderline() throws {
        var strip = try StripSpec(widths: [4, 4, 4, 4, 4], viewport: 8).strip()
        _ = strip.select(2)  // 8..<12, centred at offset 6
        #expect(try strip.resize(viewportWidth: 4) == [.scroll(to: 8)])
        #expect(try strip.setMetrics(MenuMetrics(padding: 1, direction: .rightToLeft)) == [
            .moveUnderline(to: MenuFrame(x: 12, width: 6)), .scroll(to: 13),
        ])
        #expect(strip.visibleItems.map(\.index) == [2], "\(strip.visibleItems)")
    }

    // MARK: Chapters and the pager

    /// Every sorted list of up to 4 start pages in 0…4 (repeats allowed),
    /// every page 0…8: the binary search agrees with a linear scan.
    @Test func pageToChapterAgreesWithALinearScan() throws {
        var lists: [[Int]] = []
        var shorter: [[Int]] = [[]]
        for _ in 1...4 {
            shorter = shorter.flatMap { list in ((list.last ?? 0)...4).map { list + [$0] } }
            lists += shorter
        }
        var checked = 0
        for starts in lists where !starts.isEmpty {
            var strip = try MenuStrip<Int>(viewportWidth: 10, measure: columns)
            _ = try strip.setItems(starts.indices.map { MenuItem(id: $0, title: "c\($0)") }, startPages: starts)
            for page in 0...8 {
                #expect(strip.item(containingPage: page) == linearChapter(page, starts), "starts \(starts), page \(page)")
                checked += 1
            }
        }
        #expect(checked == 125 * 9, "every non-decreasing list of 1…4 pages in 0…4")
        let empty = try MenuStrip<Int>(viewportWidth: 10, measure: columns)
        #expect(empty.item(containingPage: 3) == nil)
    }

    /// Chapters start at pages 0, 3, 4 and 9 of a 12-page pager.
    func chapters() throws -> (MenuStrip<Int>, StripSpec) {
        let spec = StripSpec(widths: [5, 3, 8, 4], padding: 1, leading: 1, trailing: 1, viewport: 12)
        var strip = try MenuStrip<Int>(metrics: spec.metrics, viewportWidth: 12, measure: columns)
        _ = try strip.setItems(spec.items, startPages: [0, 3, 4, 9])
        return (strip, spec)
    }

    @Test func theStripFollowsARealPager() throws {
        var (strip, spec) = try chapters()
        let f = spec.frames  // 1..<8, 8..<13, 13..<23, 23..<29; content 30
        var h = try Harness(track: phone(.finite(12)))
        // Within chapter 0 (pages 0–2) the underline does not move.
        h.swipe(-375)
        #expect(h.pager.settledPage == 1)
        #expect(strip.follow(h.pager) == [])
        h.move(toPage: 2, animated: false)
        #expect(strip.follow(h.pager) == [])
        // Crossing from page 2 (chapter 0) into page 3 (chapter 1): the underline moves with the drag.
        h.dragBegan()
        h.drag(by: -150)  // 40% of the way
        #expect(abs(h.pager.position.fraction - 0.4) < 1e-12 && h.pager.position.index == 2)
        let forty = f[0].interpolated(to: f[1], fraction: h.pager.position.fraction)
        #expect(strip.follow(h.pager) == [.moveUnderline(to: forty), .scroll(to: forty.midX - 6)])
        #expect(abs(forty.midX - 6.9) < 1e-12, "3.8..<10 is centred at 6.9")
        #expect(strip.selectedIndex == 0)
        h.drag(by: -75)  // 60%: the current page is 3, so chapter 1 is selected
        let sixty = f[0].interpolated(to: f[1], fraction: h.pager.position.fraction)
        #expect(strip.follow(h.pager) == [
            .selectionChanged(from: 0, to: 1), .moveUnderline(to: sixty), .scroll(to: sixty.midX - 6),
        ])
        h.dragEnded(velocity: 0)
        h.settle()
        _ = strip.follow(h.pager)
        #expect(h.pager.settledPage == 3 && strip.underline == f[1] && strip.selectedIndex == 1)
        #expect(h.problems == [])
    }

    @Test func aTappedChapterHoldsWhileThePagerAnimatesThere() throws {
        var (strip, spec) = try chapters()
        var h = try Harness(track: phone(.finite(12)))
        #expect(strip.scroll(to: 5) == [.scroll(to: 5)])
        #expect(strip.tap(atViewportX: 9) == [  // content x 14: chapter 2, pages 4–8
            .selectionChanged(from: 0, to: 2), .moveUnderline(to: spec.frames[2]), .scroll(to: 12), .showPage(4),
        ])
        h.move(toPage: 4, animated: true)  // starts at page 3 (chapter 1) and animates to 4
        var held = 0
        while h.pager.isSettling {
            #expect(strip.follow(h.pager) == [], "holds at \(h.pager.position)")
            #expect(strip.selectedIndex == 2)
            held += 1
            h.tick()
        }
        #expect(held > 3)
        #expect(strip.follow(h.pager) == [], "arrived where it already shows")
        // Then it follows again: back one page is chapter 1.
        h.swipe(375)
        #expect(h.pager.settledPage == 3)
        #expect(strip.follow(h.pager) == [
            .selectionChanged(from: 2, to: 1), .moveUnderline(to: spec.frames[1]), .scroll(to: 4.5),
        ])
        #expect(h.problems == [])
    }

    @Test func anEmptyChapterChosenByTapStaysSelected() throws {
        var strip = try MenuStrip<Int>(viewportWidth: 40, measure: columns)
        // "Part One" and its first chapter both start on page 2.
        _ = try strip.setItems([0, 1, 2, 3].map { MenuItem(id: $0, title: "t\($0)") }, startPages: [0, 2, 2, 5])
        var h = try Harness(track: phone(.finite(8)))
        _ = strip.select(1)
        h.move(toPage: 2, animated: false)
        #expect(strip.follow(h.pager) == [], "item 1 stays chosen on its own page")
        h.move(toPage: 3, animated: false)
        #expect(strip.follow(h.pager) == [
            .selectionChanged(from: 1, to: 2), .moveUnderline(to: strip.frame(ofItem: 2)),
        ], "page 3 belongs to item 2 alone")
        h.move(toPage: 2, animated: false)
        #expect(strip.follow(h.pager) == [], "back on page 2 without a tap: item 2, the chapter containing it")
        #expect(strip.selectedIndex == 2)
        #expect(h.problems == [])
    }

    /// Random pager inputs (the engine's own property-test steps, spreads,
    /// loops and data changes included) with random chapters: after every
    /// step the selection is the linear-scan chapter of the current page and
    /// the underline is the documented interpolation between the chapters
    /// of the two spreads around the position.
    @Test func followingAnyPagerKeepsSelectionAndUnderlineInStep() async {
        let chapters = Gen.int(in: 0...4).array(of: 1...8).map { gaps in gaps.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1) } }
        await propertyCheck(count: 300, input: PagerPropertyTests.setups, PagerPropertyTests.steps, chapters) { setup, steps, starts in
            guard var h = try? Harness(track: setup.track, pool: setup.pool, physics: setup.physics),
                  var strip = try? MenuStrip<Int>(metrics: MenuMetrics(padding: 1), viewportWidth: 9, measure: columns)
            else { Issue.record("refused \(setup)"); return }
            let spec = StripSpec(widths: starts.indices.map { $0 % 5 + 1 }, padding: 1, viewport: 9)
            _ = try? strip.setItems(spec.items, startPages: starts)
            let frames = spec.frames
            for (number, step) in steps.enumerated() {
                PagerPropertyTests().apply(step, to: &h)
                let effects = strip.follow(h.pager)
                let name = "\(setup), chapters \(starts), after step \(number) \(step): \(h.pager)"
                guard let page = h.pager.currentPage else {
                    #expect(effects == [], "\(name)")
                    continue
                }
                #expect(strip.selectedIndex == linearChapter(page, starts), "\(name)")
                let track = h.pager.track
                var index = h.pager.position.index
                var fraction = h.pager.position.fraction
                if track.loops {
                    index = track.wrap(index)
                } else if index < 0 || index >= track.spreadCount - 1 {
                    index = min(max(index, 0), track.spreadCount - 1)
                    fraction = 0
                }
                let from = linearChapter(track.spread(at: index).firstPage, starts)
                let to = fraction > 0 ? linearChapter(track.spread(at: track.wrap(index + 1)).firstPage, starts) : from
                #expect(strip.underline == frames[from].interpolated(to: frames[to], fraction: fraction), "\(name)")
                if effects.contains(where: { if case .moveUnderline = $0 { true } else { false } }) {
                    #expect(strip.scrollOffset == strip.offset(centring: strip.underline!), "scrolls with the underline: \(name)")
                }
            }
        }
    }

    // MARK: Scale

    /// 100,000 chapters with realistic titles ("Chapter 50001: The Long
    /// Night", 16–45 characters). Only the items in the viewport are
    /// produced: with chapter 50,000 selected and centred, `centred` items;
    /// at the worst offset anywhere along the strip, `worst` (found by a
    /// two-pointer sweep over every item). These are the figures the README
    /// quotes: `swift test --filter MenuTests`.
    @Test(arguments: [
        (viewport: 80.0, perCharacter: 1.0, padding: 1.0, inset: 1.0, centred: 5, worst: 6),
        (viewport: 1_280.0, perCharacter: 7.0, padding: 12.0, inset: 8.0, centred: 8, worst: 10),
    ])
    func onlyTheVisibleOf100000ItemsAreMaterialised(
        host: (viewport: Double, perCharacter: Double, padding: Double, inset: Double, centred: Int, worst: Int)
    ) throws {
        let words = ["The", "Long", "Night", "Harbour", "Letters", "Of", "A", "Quiet", "Storm", "River", "Return", "Glass"]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let items = (0..<100_000).map { i in
            MenuItem(id: i, title: "Chapter \(i + 1): " + (0...next(3)).map { _ in words[next(words.count)] }.joined(separator: " "))
        }
        let perCharacter = host.perCharacter
        var strip = try MenuStrip<Int>(
            metrics: MenuMetrics(padding: host.padding, leadingInset: host.inset, trailingInset: host.inset),
            viewportWidth: host.viewport, measure: { Double($0.count) * perCharacter })
        _ = try strip.setItems(items)
        _ = strip.select(50_000)

        // The model: left edges by a running sum.
        var lefts: [Double] = []
        var rights: [Double] = []
        var x = host.inset
        for item in items {
            lefts.append(x)
            x += Double(item.title.count) * perCharacter + 2 * host.padding
            rights.append(x)
        }
        // Offsets along the whole strip, each against a scan of all 100,000.
        for offset in Array(stride(from: 0, to: strip.maximumScrollOffset, by: strip.maximumScrollOffset / 7)) + [strip.scrollOffset] {
            let scanned = items.indices.filter { lefts[$0] < offset + host.viewport && rights[$0] > offset }
            #expect(Array(strip.visibleItems(atOffset: offset).itemIndices) == scanned, "offset \(offset)")
        }
        // The most any offset can show: just before item i's right edge, items i ..< j where j is the first starting at or past it + viewport.
        var worst = 0
        var j = 0
        for i in items.indices {
            while j < items.count && lefts[j] < rights[i] + host.viewport { j += 1 }
            worst = max(worst, j - i)
        }
        var produced: [Int] = []
        for item in strip.visibleItems { produced.append(item.index) }
        #expect(produced.contains(50_000) && produced == Array(strip.visibleItems.itemIndices))
        #expect(produced.count == host.centred && worst == host.worst,
                "the README quotes \(host.centred) (worst \(host.worst)) of 100,000 for a \(host.viewport)-wide viewport; measured \(produced.count) (worst \(worst))")
    }

    @Test func followingAPagerAllocatesNothing() throws {
        let count = 100_000
        var strip = try MenuStrip<Int>(metrics: MenuMetrics(padding: 1), viewportWidth: 80, measure: columns)
        _ = try strip.setItems((0..<count).map { MenuItem(id: $0, title: "Chapter \($0)") }, startPages: (0..<count).map { $0 * 3 })
        var pager = try Pager(track: phone(.finite(3 * count)), page: 150_000)
        _ = pager.layout()
        _ = pager.dragBegan(at: 0)
        var t = 0.0
        var moved = 0
        func update(_ i: Int) {
            t += 0.016
            _ = pager.dragMoved(by: i % 80 < 40 ? -61 : 61, at: t)
            moved += strip.follow(pager).count
            let visible = strip.visibleItems
            if visible.count > 0 { moved += visible[0].index & 0 }
        }
        // Warm up: the first calls instantiate generic metadata, once per process.
        for i in 0..<80 { update(i) }
        let counted = allocations { for i in 0..<2_000 { update(i) } }
        #expect(counted == 0, "\(counted ?? -1) allocations in 2,000 drag updates followed by the strip")
        #expect(moved > 0, "the underline moved")
    }

    /// The example in docs/readme/menu.md, verbatim between the markers.
    @Test func theReadmeExampleWorks() throws {
        struct Chapter { var title: String; var firstPage: Int }
        let chapters = [Chapter(title: "Loomings", firstPage: 0), Chapter(title: "The Carpet-Bag", firstPage: 4),
                        Chapter(title: "The Spouter-Inn", firstPage: 9)]
        var pager = try Pager(track: Track(pages: .finite(12), pageExtent: 80, viewportExtent: 80))
        var drawn: [String] = []
        func draw(_ title: String, at x: Double) { drawn.append("\(title) at \(x)") }
        var applied: [MenuEffect] = []
        func apply(_ effect: MenuEffect) { applied.append(effect) }
        let column = 12.0
        // README begins
        var strip = try MenuStrip<Int>(metrics: MenuMetrics(padding: 1, leadingInset: 1, trailingInset: 1),
                                       viewportWidth: 80, measure: { Double($0.count) })   // columns; pixels in a window
        _ = try strip.setItems(chapters.indices.map { MenuItem(id: $0, title: chapters[$0].title) },
                               startPages: chapters.map(\.firstPage))                       // sorted; nil: item i = page i
        for item in strip.visibleItems { draw(item.title, at: item.frame.x - strip.scrollOffset + 1) }
        for effect in strip.tap(atViewportX: column) {                                      // a click on the top row
            if case .showPage(let page) = effect { _ = pager.move(toPage: page, animated: true) }
        }
        for effect in strip.follow(pager) { apply(effect) }   // after each pager update: selection, underline, scroll
        // README ends
        #expect(drawn == ["Loomings at 2.0", "The Carpet-Bag at 12.0", "The Spouter-Inn at 28.0"])
        #expect(pager.targetPage == 4 && strip.selectedIndex == 1)
        #expect(applied == [], "holds while the pager animates to the tapped chapter")
    }

    @Test func descriptionsReadLikeSentences() throws {
        var strip = try StripSpec(widths: [3, 5], padding: 1, viewport: 6).strip()
        _ = strip.select(1)
        #expect("\(strip)" == "MenuStrip(2 items, content 12 in viewport 6, offset 5.5, selected 1 \"aaaaa\", left to right)")
        #expect("\(strip.select(0))" == "[select 1→0, underline 0..<5, scroll 0, show page 0]")
        #expect("\(strip.visibleItems)" == "items 0..<2")
        #expect("\(strip.visibleItems[0])" == "0 \"aaa\" 0..<5")
        #expect("\(MenuItem(id: 7, title: "Intro"))" == "\"Intro\" (id 7)")
        #expect("\(MenuMetrics(padding: 1.5))" == "MenuMetrics(padding 1.5, insets 0/0, left to right)")
        #expect("\(MenuEffect.moveUnderline(to: nil))" == "underline hidden")
    }
}
