import Folio

extension ReadingSession {
    /// Whether the page area is a window on the text's lines, as in `less`: a
    /// text (not a book) shown one page at a time, its pages following top to
    /// bottom. There the pager may rest a number of lines past a page
    /// (``Pager/move(to:animated:at:)``), `j` and `k` move a line, `d` and `u`
    /// half a screen, and the place kept is the top line's first byte. In a
    /// two-page spread or a book, where a line means nothing across the spine,
    /// those keys turn pages.
    public var isLineView: Bool {
        isVertical && document.format != .book && navigation.book.mode == .onePage
    }

    /// One line's share of a page, in page units: a line's height over the page's.
    var lineFraction: Double { Double(max(1, measurer.lineHeight)) / Double(max(1, viewport.height)) }

    /// The lines a full page holds.
    var linesPerPage: Int { work.pagination.layout.geometry.lines }

    /// The page and the line on it at the top of the page area at `position`.
    func topLine(at position: Position) -> (page: Int, line: Int) {
        let known = work.pagination.knownPages
        guard position.index >= 0 else { return (0, 0) }
        let page = min(position.index, known - 1)
        let line = page < position.index ? 0 : min(Int((position.fraction / lineFraction).rounded()), linesPerPage - 1)
        return (page, line)
    }

    /// The first byte of line `line` of page `page`: the page's end when it has fewer lines.
    func byte(ofLine line: Int, onPage page: Int) -> Int {
        let pagination = work.pagination
        guard page < pagination.knownPages else { return pagination.textCount }
        let bytes = pagination.bytes(ofPage: page)
        guard line > 0 else { return bytes.lowerBound }
        let lines = layout(ofPage: page).lines
        return line < lines.count ? lines[line].start : bytes.upperBound
    }

    /// The bytes in the page area of a text scrolled by lines: from the top line's first byte
    /// to the first byte after the bottom line.
    var screenBytes: Range<Int> {
        let (page, line) = topLine(at: navigation.pager.position)
        let pagination = work.pagination
        let start = byte(ofLine: line, onPage: page)
        let end = line == 0 ? pagination.bytes(ofPage: page).upperBound
            : page + 1 < pagination.knownPages ? byte(ofLine: line, onPage: page + 1) : pagination.textCount
        return start..<max(start, end)
    }

    /// The rest that puts the line holding byte `offset` (on page `page`) at the top.
    func position(ofByte offset: Int, onPage page: Int) -> Position {
        var line = 0
        for (index, laid) in layout(ofPage: page).lines.enumerated() where laid.start <= offset { line = index }
        return Position(index: page, fraction: Double(line) * lineFraction)
    }

    /// The rest that puts the text's last line on the bottom row — the end of a text scrolled
    /// by lines, as `less` shows it — or nil until the pages are all counted.
    var endPosition: Position? {
        work.pagination.isComplete ? lastLinePosition : nil
    }

    /// The rest that puts the last line laid out so far on the bottom row (the end of what has
    /// come, for a text followed as it grows).
    var lastLinePosition: Position {
        let last = work.pagination.knownPages - 1
        guard last > 0 else { return Position(index: 0) }
        let lines = layout(ofPage: last).lines.count
        if lines >= linesPerPage { return Position(index: last) }
        return Position(index: last - 1, fraction: Double(lines) * lineFraction)
    }

    /// Moves `count` lines (negative: up) from where the pager is heading, at once; in pages
    /// side by side or a book, turns `count` pages instead.
    mutating func scroll(lines count: Int, into out: inout Outbox) {
        guard count != 0 else { return }
        guard isLineView else {
            turn(count, into: &out)
            return
        }
        if placeIsComing { return }
        if case .waiting = mode { mode = .reading(nil) }
        if case .reading(.some) = mode { mode = .reading(nil); out.redraw() }
        let from = navigation.pager.destination
        let moved = from.advanced(by: Double(count) * lineFraction)
        // On the grid of lines, whatever rounding the sum carried.
        var target = Position(index: moved.index, fraction: (moved.fraction / lineFraction).rounded() * lineFraction)
        if count > 0 {
            let last = endPosition ?? Position(index: work.pagination.knownPages - 1)
            if from >= last {
                if work.pagination.isComplete { notify("End of the document", into: &out) }
                return
            }
            target = min(target, last)
        } else {
            if from <= Position(index: 0) {
                notify("Start of the document", into: &out)
                return
            }
            target = max(target, Position(index: 0))
        }
        absorb(navigation.pager.move(to: target, animated: false, at: now), into: &out)
        out.redraw()
    }

    /// Moves `count` half screens (negative: up): `d` and `u`, as in `less`. A count given
    /// to `d` or `u` becomes the size of a half screen, in lines, from then on.
    mutating func scroll(halfScreens count: Int, lines: Int?, into out: inout Outbox) {
        if let lines, lines > 0 { navigation.halfScreen = lines }
        let half = navigation.halfScreen ?? max(1, linesPerPage / 2)
        scroll(lines: count * half, into: &out)
    }

    /// Turns `count` screens in a text scrolled by lines, keeping the line offset, from where
    /// the pager is heading; the end is the last line on the bottom row.
    mutating func turnScreens(_ count: Int, into out: inout Outbox) {
        let from = navigation.pager.destination
        var target = from.advanced(by: Double(count))
        if count > 0 {
            if let end = endPosition {
                if from >= end {
                    notify("End of the document", into: &out)
                    return
                }
                target = min(target, end)
            } else if target.index >= work.pagination.knownPages - 1 {
                // The pages ahead are still being counted: wait for them.
                go(to: .page(min(target.index, work.pagination.knownPages)), animated: true, into: &out)
                return
            }
        } else {
            if from <= Position(index: 0) && navigation.pager.activity == .idle {
                notify("Start of the document", into: &out)
                return
            }
            target = max(target, Position(index: 0))
        }
        absorb(navigation.pager.move(to: target, animated: true, at: now), into: &out)
    }

    /// Records the reader's place at a rest of a text scrolled by lines: the remembered byte
    /// while it is still on the top line (so relayouts do not drift it to a line's start),
    /// else the top line's first byte.
    mutating func recordTopLine(into out: inout Outbox) {
        let (page, line) = topLine(at: navigation.pager.position)
        let start = byte(ofLine: line, onPage: page)
        let next = line + 1 < linesPerPage ? byte(ofLine: line + 1, onPage: page) : work.pagination.bytes(ofPage: page).upperBound
        var anchor = start
        if let remembered = navigation.recorder.position?.anchor, remembered >= start, remembered < max(next, start + 1) {
            anchor = remembered
        }
        if let save = navigation.recorder.settled(atAnchor: anchor, page: page, pageCount: work.pagination.knownPages) {
            out.append(.save(save.marking(navigation.marks)))
        }
    }

    /// Scrolls chopped lines sideways by `distance` host units (negative: back), from 0 to the
    /// widest line on screen less a column; elsewhere nothing (long lines fold there).
    mutating func scrollSideways(by distance: Int, into out: inout Outbox) {
        guard options.chopsLongLines else { return }
        let widest = visiblePages.map { layout(ofPage: $0.page).lines.map(\.width).max() ?? 0 }.max() ?? 0
        let limit = max(0, widest - measurer.columnWidth)
        let next = min(max(0, navigation.sideways + distance), max(limit, navigation.sideways))
        guard next != navigation.sideways else { return }
        navigation.sideways = next
        out.redraw()
    }
}
