/// A key the reader understands, decoded from the terminal's bytes.
public enum ReaderKey: Hashable, Sendable {
    /// A printable character.
    case character(Character)
    /// Enter (or Return).
    case enter
    /// Esc: closes a prompt, the help or a message.
    case escape
    /// Backspace.
    case backspace
    /// An arrow key.
    case left, right, up, down
    /// Page Up, Page Down.
    case pageUp, pageDown
    /// Home, End.
    case home, end
    /// Ctrl-C.
    case interrupt
}

extension Reader {
    /// Carries out a key; returns false when the key asks to quit (q, Ctrl-C).
    ///
    /// Bindings: → l Space PgDn (j ↓ too) next; ← h b PgUp (k ↑ too)
    /// previous — arrows and h/l mirror in right-to-left mode; Home End;
    /// `g` then a page number or a percentage and Enter; `/` then text and
    /// Enter searches, `n`/`N` next/previous match; `?` help; `r`
    /// right-to-left; `v` vertical; Esc closes what is open; `q` quits.
    public mutating func handle(key: ReaderKey) -> Bool {
        if key == .interrupt { return false }
        if prompt != nil { typeInPrompt(key); return true }
        if showsHelp && key != .character("q") { showsHelp = false; return true }
        let mirrored = options.rightToLeft && !options.vertical
        switch key {
        case .right, .character("l"): handle(.turn(mirrored ? -1 : 1))
        case .left, .character("h"): handle(.turn(mirrored ? 1 : -1))
        case .character(" "), .pageDown, .down, .character("j"), .enter: handle(.turn(1))
        case .character("b"), .pageUp, .up, .character("k"), .backspace: handle(.turn(-1))
        case .home: handle(.first)
        case .end, .character("G"): handle(.last)
        case .character("g"): prompt = Prompt(kind: .goTo, text: "")
        case .character("/"): prompt = Prompt(kind: .search, text: "")
        case .character("n"): handle(.searchNext)
        case .character("N"): handle(.searchPrevious)
        case .character("?"): handle(.toggleHelp)
        case .character("r"): handle(.toggleRightToLeft)
        case .character("v"): handle(.toggleVertical)
        case .character("q"): return false
        case .escape: message = nil
        default: break
        }
        return true
    }

    private mutating func typeInPrompt(_ key: ReaderKey) {
        guard var typing = prompt else { return }
        switch key {
        case .character(let c):
            typing.text.append(c)
            prompt = typing
        case .backspace:
            if typing.text.isEmpty { prompt = nil } else { typing.text.removeLast(); prompt = typing }
        case .escape:
            prompt = nil
        case .enter:
            prompt = nil
            switch typing.kind {
            case .search: handle(.search(typing.text))
            case .goTo: goTo(typing.text)
            }
        default:
            break
        }
    }

    /// `37` is page 37 (1-based), `50%` half way through the document.
    private mutating func goTo(_ text: String) {
        let trimmed = text.filter { !$0.isWhitespace }
        if trimmed.hasSuffix("%"), let percent = Double(trimmed.dropLast()) {
            handle(.goToPercent(percent))
        } else if let page = Int(trimmed), page >= 1 {
            handle(.goToPage(page - 1))
        } else if !trimmed.isEmpty {
            message = "Not a page or a percentage: \(text)"
        }
    }
}
