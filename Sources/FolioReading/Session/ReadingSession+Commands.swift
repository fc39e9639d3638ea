import Folio

extension ReadingSession {
    /// Carries out `command` at time `time` (seconds on the host's
    /// monotonic clock) and returns what the host must do.
    public mutating func handle(_ command: ReadingCommand, at time: Double) -> [SessionEffect] {
        note(time)
        var out = Outbox()
        // While following, a click or a tap stops it and does nothing else, as a key does.
        if isFollowing && Self.stopsFollowing(command) {
            cancel(into: &out)
            return finish(out)
        }
        let pending = pendingOffset
        perform(command, into: &out)
        if let pending { keepPlace(pending, into: &out) }
        if command != .tick { noticeChange(into: &out) }
        return finish(out)
    }

    /// A command that ended the wait for the reader's place (after a resize or a restore) without
    /// going anywhere — a notice, a tap — leaves the stand-in pages on screen: the jump goes on.
    mutating func keepPlace(_ pending: Int, into out: inout Outbox) {
        guard !isWaiting, case .reading = mode, navigation.pager.activity == .idle,
              navigation.recorder.position?.anchor == pending else { return }
        // Already shown — on a page pagination has closed: the last page still being laid out
        // seems to hold every byte after its start.
        if case .onPage = work.pagination.lookup(pending), spreadBytes.contains(pending) { return }
        go(to: .offset(pending), animated: false, into: &out)
    }

    mutating func note(_ time: Double) {
        if time.isFinite { now = max(now, time) }
    }

    mutating func perform(_ command: ReadingCommand, into out: inout Outbox) {
        switch command {
        case .turn(let count):
            turn(count, into: &out)
        case .turnRight(let count):
            turn(options.rightToLeft && !isVertical ? -count : count, into: &out)
        case .turnLeft(let count):
            turn(options.rightToLeft && !isVertical ? count : -count, into: &out)
        case .lines(let count):
            scroll(lines: count, into: &out)
        case .halfScreens(let count):
            scroll(halfScreens: count, lines: nil, into: &out)
        case .wheel(let notches):
            if isLineView { scroll(lines: 3 * notches, into: &out) } else { turn(notches, into: &out) }
        case .sideways(let count):
            scrollSideways(by: count * max(1, pageBoxWidth / 2), into: &out)
        case .goToLine(let line):
            remember()
            go(to: .line(max(1, line)), animated: true, into: &out)
        case .first:
            go(to: .page(0), animated: true, into: &out)
        case .last:
            go(to: .end, animated: true, into: &out)
        case .goToPage(let page):
            go(to: .page(max(0, page)), animated: true, into: &out)
        case .goToPercent(let percent):
            guard document.isComplete || document.book != nil else {
                notify("The size is not known until the input ends", kind: .problem, into: &out)
                return
            }
            remember()
            go(to: .percent(percent), animated: true, into: &out)
        case .goToChapter(let index):
            guard let offset = chapterOffset(index, into: &out) else { return }
            remember()
            go(to: .offset(offset), animated: true, into: &out)
        case .goToOffset(let offset):
            go(to: .offset(max(0, offset)), animated: true, into: &out)
        case .follow:
            startFollowing(into: &out)
        case .search(let source, let backward):
            startSearch(source, backward: backward, into: &out)
        case .searchNext:
            nextMatch(reversed: false, into: &out)
        case .searchPrevious:
            nextMatch(reversed: true, into: &out)
        case .filter(let rule):
            requestFilter(rule, into: &out)
        case .press(let x, let y):
            // The stand-in pages are not to be dragged or tapped either (the drag and the release
            // that follow need a press).
            if placeIsComing { return }
            mode = .pressing(Press(x: x, y: y, along: isVertical ? y : x, isDragging: false))
        case .drag(let x, let y):
            drag(toX: x, y: y, into: &out)
        case .release(let x, let y):
            release(x: x, y: y, into: &out)
        case .tapStrip(let x):
            let along = Double(x) + Double(measurer.columnWidth) / 2
            // A chapter whose text is not in yet has no page to show: it is assembled and gone to.
            if let index = navigation.menu.item(atViewportX: along), index >= work.chapters.count {
                perform(.goToChapter(index), into: &out)
                return
            }
            for effect in navigation.menu.tap(atViewportX: along) {
                if case .showPage(let page) = effect { go(to: .page(page), animated: true, into: &out) }
                out.redraw()
            }
        case .tapIndicator(let x):
            let along = Double(x) + Double(measurer.columnWidth) / 2
            guard along >= 0, along < navigation.indicator.extent, let action = navigation.indicator.action(forTapAt: along) else { return }
            if case .waiting = mode { mode = .reading(nil) }
            absorb(navigation.pager.perform(action, animated: true, at: now), into: &out)
        case .resize(let newViewport):
            guard newViewport != viewport else { return }
            // The place first: in a text scrolled by lines it is read through the old line height's share of a page.
            let place = anchor
            viewport = newViewport
            relayout(keeping: place, into: &out)
        case .tick:
            absorb(navigation.pager.advance(to: now), into: &out)
        case .toggleHelp:
            mode = mode == .help ? .reading(nil) : .help
            out.redraw()
        case .cancel:
            cancel(into: &out)
        // The notice goes first: the relayout keeps it, unless it must wait for pagination to
        // reach the reader's text (a notice set after would end that wait on another page).
        case .toggleRightToLeft:
            options.rightToLeft.toggle()
            notify(options.rightToLeft ? "Pages turn right to left" : "Pages turn left to right", into: &out)
            relayout(into: &out)
        case .toggleVertical:
            // From the way pages follow now, which a text shown a page at a time chose itself.
            if isVertical {
                options.vertical = false
                options.scrollsText = false
            } else {
                options.vertical = true
            }
            notify(options.vertical ? "Pages follow top to bottom" : "Pages follow left to right", into: &out)
            relayout(into: &out)
        case .reload:
            out.append(.reopen)
        case .showInfo:
            notify(info, into: &out)
        case .quit:
            out.append(.quit)
        }
    }

    /// Turns `count` spreads; past the pages known so far it waits for them.
    mutating func turn(_ count: Int, into out: inout Outbox) {
        guard count != 0 else { return }
        if placeIsComing { return }
        if case .waiting = mode { mode = .reading(nil) }
        if case .reading(.some) = mode { mode = .reading(nil); out.redraw() }
        if isLineView {
            turnScreens(count, into: &out)
            return
        }
        let pages = currentPages
        let lastKnown = work.pagination.knownPages - 1
        if count > 0 && pages.upperBound >= lastKnown {
            if work.pagination.isComplete {
                notify("End of the document", into: &out)
            } else {
                go(to: .page(pages.upperBound + 1), animated: true, into: &out)
            }
            return
        }
        if count < 0 && pages.lowerBound == 0 && navigation.pager.activity == .idle {
            notify("Start of the document", into: &out)
            return
        }
        absorb(navigation.pager.step(by: count, animated: true, at: now), into: &out)
    }

    mutating func cancel(into out: inout Outbox) {
        switch mode {
        case .waiting(let wait) where wait.target == .follow:
            stopFollowing(into: &out)
        case .waiting:
            // The reader stays on the page shown, so that is the place to remember now.
            abandonPendingPlace(for: nil)
            mode = .reading(Notice("Stopped"))
            settleHere(into: &out)
        case .linking:
            mode = .reading(nil)
        case .pressing(let press):
            if press.isDragging { absorb(navigation.pager.dragEnded(velocity: 0, at: now), into: &out) }
            mode = .reading(nil)
        case .typing, .help, .reading:
            mode = .reading(nil)
        }
        out.redraw()
    }

    // MARK: Pointer

    mutating func drag(toX x: Int, y: Int, into out: inout Outbox) {
        guard case .pressing(var press) = mode else { return }
        let along = isVertical ? y : x
        if !press.isDragging {
            let threshold = isVertical ? measurer.lineHeight : measurer.columnWidth
            guard abs(along - press.along) >= threshold else { return }
            press.isDragging = true
            absorb(navigation.pager.dragBegan(at: now), into: &out)
        }
        absorb(navigation.pager.dragMoved(by: Double(along - press.along), at: now), into: &out)
        press.along = along
        mode = .pressing(press)
    }

    mutating func release(x: Int, y: Int, into out: inout Outbox) {
        guard case .pressing(let press) = mode else { return }
        if press.isDragging {
            drag(toX: x, y: y, into: &out)
            mode = .reading(nil)
            absorb(navigation.pager.dragEnded(velocity: nil, at: now), into: &out)
            return
        }
        mode = .reading(nil)
        // A click on a link follows it; elsewhere, the outer thirds turn the page.
        if let link = link(atX: press.x, y: press.y) {
            follow(link, into: &out)
            return
        }
        let extent = isVertical ? viewport.height : viewport.width
        let along = isVertical ? press.y : press.x
        let third = extent / 3
        if along < third {
            perform(isVertical ? .turn(-1) : .turnLeft(1), into: &out)
        } else if along >= extent - third {
            perform(isVertical ? .turn(1) : .turnRight(1), into: &out)
        }
    }

    // MARK: Search

    mutating func startSearch(_ source: String, backward: Bool, into out: inout Outbox) {
        if case .failed(let message) = finder.start(source, backward: backward, caseSensitivity: options.caseSensitivity,
                                                    in: document.text, firstSlice: 1 << 20) {
            notify(message, kind: .problem, into: &out)
            return
        }
        remember()
        // From the reader's place: a pending jump's byte, not the stand-in pages shown meanwhile.
        let from = pendingOffset ?? spreadBytes.lowerBound
        goToMatch(from: from, forward: !backward, including: !backward, animated: true, into: &out)
        out.redraw()
    }

    mutating func nextMatch(reversed: Bool, into out: inout Outbox) {
        guard let search = finder.current else {
            if let last = finder.last { startSearch(last.source, backward: last.backward != reversed, into: &out) }
            else { notify("No previous search: press / to search", kind: .problem, into: &out) }
            return
        }
        let forward = search.isBackward == reversed
        let bytes = pendingOffset.map { $0..<$0 } ?? spreadBytes
        goToMatch(from: forward ? bytes.upperBound : bytes.lowerBound, forward: forward, including: forward,
                  animated: true, into: &out)
    }

    /// The document's name, place and size, for ``ReadingCommand/showInfo``.
    var info: String {
        let pages = currentPages
        let pagination = work.pagination
        let count = pagination.knownPages
        let place = pages.count > 1 ? "pages \(pages.lowerBound + 1)–\(pages.upperBound + 1)" : "page \(pages.lowerBound + 1)"
        let size = document.isComplete ? "\(document.text.count) bytes" : "\(document.text.count)+ bytes so far"
        let share = percent.map { " · \($0)%" } ?? ""
        return "\(fileTitle) · \(place) of \(count)\(pagination.isComplete ? "" : "+") · byte \(anchor) of \(size)\(share)"
    }
}
