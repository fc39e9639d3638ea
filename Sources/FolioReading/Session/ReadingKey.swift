/// A key, as every host can report it: the reading session's key bindings
/// are shared, so the terminal and the window answer the same keys.
public enum ReadingKey: Hashable, Sendable, CustomStringConvertible {
    /// A printable character.
    case character(Character)
    /// A letter with Ctrl held (`control("l")` for Ctrl-L).
    case control(Character)
    /// Enter (or Return).
    case enter
    /// Esc.
    case escape
    /// Backspace.
    case backspace
    /// An arrow key.
    case left, right, up, down
    /// Page Up, Page Down.
    case pageUp, pageDown
    /// Home, End.
    case home, end
    /// F1.
    case help
    /// Tab, and Shift-Tab.
    case tab, backTab

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .character(let c): "\(c)"
        case .control(let c): "Ctrl-\(c)"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .left: "←"
        case .right: "→"
        case .up: "↑"
        case .down: "↓"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .help: "F1"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        }
    }
}

extension ReadingSession {
    /// The keys, as the help overlay, `--help` and the README list them:
    /// `less`'s keys wherever they do not take a paging key away. `note` says
    /// where a key differs from `less` (`*`) or changed its meaning in this
    /// version (`!`: `j`, `k`, `d`, `u` and their kin move lines now where a
    /// text scrolls by lines); empty where it is as in `less`.
    public static let keyHelp: [(keys: String, action: String, note: String)] = [
        ("Space f PgDn z Ctrl-F Ctrl-V", "a screen on (a page, or a spread of two)", ""),
        ("b PgUp w Backspace Ctrl-B", "a screen back", ""),
        ("j ↓ Enter e Ctrl-E Ctrl-N", "a line on (Nj: N lines); a page in two pages or a book", "! turned a page before"),
        ("k ↑ y Ctrl-Y Ctrl-P Ctrl-K", "a line back; a page in two pages or a book", "! turned a page before"),
        ("d Ctrl-D  u Ctrl-U", "half a screen on, back (Nd: N lines from then on)", "! turned a page before"),
        ("→ l  ← h", "next, previous page (by the screen in right-to-left books); with -S → ← scroll sideways",
         "* less scrolls sideways; h is its help"),
        ("g < Home", "the start (Ng: line N where lines scroll, page N where pages turn)", ""),
        ("G > End", "the end, the last line at the bottom (NG: line or page N)", ""),
        ("F", "follow the end as the file or pipe grows (any key stops)", "* any key stops; less stops on Ctrl-C"),
        ("N%  Np", "N percent of the way through", ""),
        ("/pattern  ?pattern", "search forward, backward (regular expression)", ""),
        ("/ Enter  ? Enter", "repeat the last search", ""),
        ("n  N", "next match, previous match", ""),
        ("&pattern  &!pattern", "only the lines that match, that do not; & Enter: all", ""),
        ("[  ]", "previous, next chapter", "* folio's own"),
        ("Tab Shift-Tab  Enter", "choose a link on the page, follow it", "* folio's own"),
        ("''  ma  'a", "go back (after a link or a jump); marks", ""),
        (":n  :p  :x  :e  :d", "next, previous, first file; examine one; drop this one", ""),
        ("=  Ctrl-G", "file name, page and position", ""),
        ("r  Ctrl-L", "repaint the screen", ""),
        ("R", "read the file again (after it changed)", ""),
        ("x", "turn pages the other way (right to left)", "* folio's own"),
        ("v", "lines top to bottom, or pages side by side", "* less opens an editor"),
        ("H  F1", "this help", "* less's h is help too"),
        ("Esc", "close help, a prompt or a message; stop a wait", "* less reads Esc as a prefix"),
        ("q  Q  Ctrl-C", "quit", ""),
    ]

    /// Carries out a key: a binding, a digit of a count (`42g`), or typing
    /// into a prompt (`/` and `?` searches). Returns what the host must do.
    public mutating func handle(key: ReadingKey, at time: Double) -> [SessionEffect] {
        note(time)
        var out = Outbox()
        switch mode {
        case .typing(let prompt):
            type(key, into: prompt, out: &out)
        case .waiting(let wait) where !wait.animated:
            // Finding the page for a restored place or a new size: keys would act on a stand-in page.
            // F does not (it leaves for the end): `folio +F log` follows even when log had a saved place.
            if key == .character("q") || key == .character("Q") || key == .control("c") { out.append(.quit) }
            if key == .character("F") { perform(.follow, into: &out) }
        case .waiting:
            // Any key stops a wait the reader asked for (as in less); Ctrl-C and q stop it too, without quitting.
            perform(.cancel, into: &out)
        case .help:
            if key == .character("q") || key == .character("Q") || key == .control("c") {
                out.append(.quit)
            } else {
                perform(.cancel, into: &out)
            }
        case .linking(let link):
            chooseLink(key, from: link, into: &out)
        case .reading, .pressing:
            bind(key, count: nil, into: &out)
        }
        noticeChange(into: &out)
        return finish(out)
    }

    /// The binding for `key`, with an optional count typed before it.
    mutating func bind(_ key: ReadingKey, count: Int?, into out: inout Outbox) {
        let n = max(1, count ?? 1)
        switch key {
        // A line, half a screen, a screen, as in less; a line or half a screen is a page where
        // lines mean nothing across the spine (two pages side by side, books).
        case .character("j"), .down, .enter, .character("e"), .control("e"), .control("n"):
            perform(.lines(n), into: &out)
        case .character("k"), .up, .character("y"), .control("y"), .control("p"), .control("k"):
            perform(.lines(-n), into: &out)
        case .character("d"), .control("d"):
            if isLineView { scroll(halfScreens: 1, lines: count, into: &out) } else { perform(.turn(n), into: &out) }
        case .character("u"), .control("u"):
            if isLineView { scroll(halfScreens: -1, lines: count, into: &out) } else { perform(.turn(-n), into: &out) }
        case .character(" "), .character("f"), .pageDown, .character("z"), .control("f"), .control("v"):
            perform(.turn(n), into: &out)
        case .character("b"), .pageUp, .character("w"), .backspace, .control("b"):
            perform(.turn(-n), into: &out)
        // With lines chopped, → and ← scroll sideways: half the page, or N columns (N→), as in less.
        case .right where options.chopsLongLines:
            if let count { scrollSideways(by: count * measurer.columnWidth, into: &out) } else { perform(.sideways(1), into: &out) }
        case .left where options.chopsLongLines:
            if let count { scrollSideways(by: -count * measurer.columnWidth, into: &out) } else { perform(.sideways(-1), into: &out) }
        case .right, .character("l"):
            perform(.turnRight(n), into: &out)
        case .left, .character("h"):
            perform(.turnLeft(n), into: &out)
        // Ng: line N where the text scrolls by lines (as in less), page N where it turns pages.
        case .character("g"), .character("<"), .home:
            perform(count.map { isLineView ? .goToLine($0) : .goToPage($0 - 1) } ?? .first, into: &out)
        case .character("G"), .character(">"), .end:
            perform(count.map { isLineView ? .goToLine($0) : .goToPage($0 - 1) } ?? .last, into: &out)
        case .character("F"):
            perform(.follow, into: &out)
        case .character("%"), .character("p"):
            perform(.goToPercent(Double(count ?? 0)), into: &out)
        case .character("/"):
            mode = .typing(Prompt(kind: .search(backward: false), text: ""))
            out.redraw()
        case .character("?"):
            mode = .typing(Prompt(kind: .search(backward: true), text: ""))
            out.redraw()
        case .character("&"):
            mode = .typing(Prompt(kind: .filter, text: ""))
            out.redraw()
        case .character("n"):
            perform(.searchNext, into: &out)
        case .character("N"):
            perform(.searchPrevious, into: &out)
        case .character("["), .character("]"):
            chapterStep(key == .character("]") ? n : -n, into: &out)
        case .character("="), .control("g"):
            perform(.showInfo, into: &out)
        case .character("r"), .control("l"), .control("r"):
            if case .reading(.some) = mode { mode = .reading(nil) }
            out.append(.repaint)
        case .character("R"):
            perform(.reload, into: &out)
        case .character("x"):
            perform(.toggleRightToLeft, into: &out)
        case .character("v"):
            perform(.toggleVertical, into: &out)
        case .character("H"), .help:
            perform(.toggleHelp, into: &out)
        case .tab, .backTab:
            chooseLink(key, from: nil, into: &out)
        case .character("m"):
            mode = .typing(Prompt(kind: .mark(set: true), text: ""))
            out.redraw()
        case .character("'"):
            mode = .typing(Prompt(kind: .mark(set: false), text: ""))
            out.redraw()
        case .character(":"):
            beginFileCommand(count: count, into: &out)
        case .escape:
            perform(.cancel, into: &out)
        case .character("q"), .character("Q"), .control("c"):
            perform(.quit, into: &out)
        case .character(let c) where c.isASCII && c.isNumber:
            mode = .typing(Prompt(kind: .count, text: String(c)))
            out.redraw()
        default:
            break
        }
    }

    /// Typing into the prompt: characters, Backspace, Enter, Esc; a count
    /// ends with the key it counts.
    mutating func type(_ key: ReadingKey, into prompt: Prompt, out: inout Outbox) {
        var typed = prompt
        switch (prompt.kind, key) {
        case (_, .escape), (_, .control("c")), (_, .control("g")):
            mode = .reading(nil)
        case (_, .backspace):
            if typed.text.isEmpty {
                mode = .reading(nil)
            } else {
                typed.text.removeLast()
                mode = typed.text.isEmpty && prompt.kind == .count ? .reading(nil) : .typing(typed)
            }
        case (.search(let backward), .enter):
            mode = .reading(nil)
            perform(.search(typed.text, backward: backward), into: &out)
        case (.filter, .enter):
            mode = .reading(nil)
            perform(.filter(FilterRule(typed: typed.text)), into: &out)
        case (.search, .character(let c)), (.filter, .character(let c)):
            typed.text.append(c)
            mode = .typing(typed)
        case (.count, .character(let c)) where c.isASCII && c.isNumber && typed.text.count < 15:
            typed.text.append(c)
            mode = .typing(typed)
        case (.count, _):
            mode = .reading(nil)
            bind(key, count: Int(typed.text), into: &out)
        case (.mark(let set), .character(let name)):
            mode = .reading(nil)
            if set { setMark(name, into: &out) } else { goToMark(name, into: &out) }
        case (.file, _), (.examine, _):
            typeFileCommand(key, into: typed, out: &out)
        default:
            break
        }
        out.redraw()
    }

    /// Goes `count` chapters forward or back from the last chapter that starts on the pages
    /// shown or before them, as the strip selects it — in a two-page spread the next chapter
    /// may start on the right-hand page, and `]` then goes to the one after it, not to the
    /// spread already shown.
    mutating func chapterStep(_ count: Int, into out: inout Outbox) {
        guard chapterCount > 0 else {
            notify("No chapters", kind: .problem, into: &out)
            return
        }
        // Where the reader is headed: a second press during the turn counts from the first's chapter.
        let shown = pendingOffset.map { $0..<($0 + 1) } ?? (isLineView ? screenBytes : bytes(ofSpreadHolding: pager.targetPage ?? currentPage))
        let current = chapters.lastIndex { $0.offset < shown.upperBound } ?? -1
        if count > 0 && current + 1 >= chapterCount {
            notify("No more chapters", into: &out)
            return
        }
        perform(.goToChapter(min(max(current + count, 0), chapterCount - 1)), into: &out)
    }
}
