import Testing
import FolioTestSupport
import FolioTerminal

/// What a reader's updates cost in bytes, and that drawing and rendering stay off the heap.
///
/// The figures print as one line each, starting with `frame-bytes:`:
/// `swift test --filter RenderCostTests 2>&1 | grep frame-bytes`. Times are measured in `Benchmarks/`.
@Suite struct RenderCostTests {
    static let width = 200, height = 50

    /// Words for pages of text: mostly English, with accented, CJK and emoji words mixed in.
    static let words = [
        "the", "a", "reader", "turns", "page", "of", "and", "in", "terminal", "book", "chapter", "light",
        "wind", "over", "river", "stone", "quietly", "e\u{301}tude", "cafe\u{301}", "naïve", "漢字", "東京",
        "😀", "while", "morning", "to", "was", "had", "letters", "window", "she", "he", "said", "before",
    ]

    /// The lines of page `number`: words word-wrapped to `columns`, from a seeded sequence.
    static func page(_ number: Int, columns: Int, lines: Int) -> [String] {
        var random = SplitMix(seed: UInt64(number))
        var result: [String] = []
        var line = ""
        while result.count < lines {
            let word = words[random.next(words.count)]
            if !line.isEmpty && Frame.width(of: line) + 1 + Frame.width(of: word) > columns {
                result.append(line)
                line = ""
            }
            line += line.isEmpty ? word : " " + word
            if random.next(12) == 0 { line += "." }
        }
        return result
    }

    /// A reader's screen: a menu bar, the page's lines from `offset` (columns), the next page
    /// beside it, and the indicator row.
    static func screen(page number: Int, offset: Int = 0) -> Frame {
        var frame = Frame(width: width, height: height)
        draw(page: number, offset: offset, into: &frame)
        return frame
    }

    static func draw(page number: Int, offset: Int, into frame: inout Frame) {
        frame.fill(columns: 0..<width, rows: 0..<1, style: Style(reverse: true))
        frame.draw(" Chapter 1   Chapter 2   Chapter 3 ", atColumn: 2, row: 0, style: Style(reverse: true))
        for (row, line) in page(number, columns: width - 4, lines: height - 2).enumerated() {
            frame.draw(line, atColumn: 2 + offset, row: row + 1)
        }
        for (row, line) in page(number + 1, columns: width - 4, lines: height - 2).enumerated() {
            frame.draw(line, atColumn: width + 2 + offset, row: row + 1)
        }
        frame.draw("● ○ ○ ○   \(number) / 340", atColumn: width / 2 - 8, row: height - 1, style: Style(dim: true))
    }

    @Test func aPageTurnAndADragFrameCostFewerBytesThanARepaint() {
        let renderer = Renderer()
        let first = Self.screen(page: 1), second = Self.screen(page: 3)
        let repaint = renderer.render(from: nil, to: second).count
        let turn = renderer.render(from: first, to: second).count
        let dragged = Self.screen(page: 1, offset: -1)
        let drag = renderer.render(from: first, to: dragged, horizontalShift: -1).count
        let dragUnhinted = renderer.render(from: first, to: dragged).count
        let cells = Self.width * Self.height
        print("frame-bytes: \(Self.width)×\(Self.height) text page: full repaint \(repaint) B, page turn \(turn) B, "
              + "1-column drag \(drag) B with the shift hint, \(dragUnhinted) B without; \(cells) cells")

        // Each frame really does what it says on the test terminal.
        for (old, new, shift) in [(first, second, 0), (first, dragged, -1), (first, dragged, 0)] {
            var screen = VirtualTerminal(showing: old)
            screen.apply(renderer.render(from: old, to: new, horizontalShift: shift))
            #expect(screen.problems.isEmpty && screen.differences(from: new).isEmpty, "shift \(shift)")
        }
        // A page turn costs about a repaint (every word moves); it never needs more than a
        // byte per cell plus 20%. A drag with the hint costs a row's worth of moves per row.
        #expect(turn < repaint * 6 / 5, "page turn \(turn) B vs repaint \(repaint) B")
        #expect(repaint < cells * 6 / 5, "repaint \(repaint) B for \(cells) cells")
        #expect(drag * 10 < repaint, "drag \(drag) B vs repaint \(repaint) B")
        #expect(drag < Self.height * 24, "drag \(drag) B: more than 24 bytes a row")
    }

    @Test func drawingAndRenderingAPageAllocateNothing() throws {
        let renderer = Renderer()
        var shown = Self.screen(page: 1)
        var next = shown
        let lines = Self.page(2, columns: Self.width - 4, lines: Self.height - 2)
        var output: [UInt8] = []
        output.reserveCapacity(64 * 1024)
        var rendered = 0
        func turnPages(_ count: Int) {
            for turn in 0..<count {
                next.clear()
                // (An index loop: a for-in over the array allocates in a debug build, in the test.)
                for row in lines.indices { next.draw(lines[row], atColumn: 2 + turn % 3, row: row + 1) }
                output.removeAll(keepingCapacity: true)
                renderer.render(from: shown, to: next, horizontalShift: turn % 3 == 0 ? 0 : 1, into: &output)
                rendered += output.count
                swap(&shown, &next)
            }
        }
        turnPages(4)  // warm up: both frames' storage grows to its steady size
        let counted = try #require(allocations { turnPages(10) }, "the counting malloc is missing on this platform")
        #expect(counted == 0, "\(counted) allocations in 10 frames of drawing and rendering")
        #expect(rendered > 10_000)
    }

    /// Every page turn writes at least a byte for each cell that changed, and hardly more
    /// than a full repaint of the new page: when every row changes, the diff's moves can
    /// come to a few bytes more (25 in 10,229 at most here), never 1 % more. Times per
    /// frame are in `Benchmarks/`.
    @Test func aPageTurnWritesWhatChangedAndNoMoreThanARepaint() {
        let renderer = Renderer()
        let pages = (1...4).map { Self.page($0, columns: Self.width - 4, lines: Self.height - 2) }
        var shown = Self.screen(page: 0), next = Self.screen(page: 0)
        for turn in 0..<8 {
            let lines = pages[turn % pages.count]
            next.clear()
            for row in lines.indices { next.draw(lines[row], atColumn: 2, row: row + 1) }
            var changed = 0
            for row in 0..<Self.height {
                for column in 0..<Self.width where next[column, row].width > 0 && next[column, row] != shown[column, row] {
                    changed += 1
                }
            }
            let turned = renderer.render(from: shown, to: next)
            let repaint = renderer.render(from: nil, to: next)
            #expect(changed > 1_000, "turn \(turn) changes a page of text")
            #expect(turned.count >= changed, "turn \(turn): \(turned.count) bytes for \(changed) changed cells")
            #expect(turned.count * 100 <= repaint.count * 101, "turn \(turn): \(turned.count) bytes, a repaint \(repaint.count)")
            swap(&shown, &next)
        }
    }
}
