import FolioReading

/// What `folio --help` prints: the usage, one table of every option — folio's
/// own and all of `less`'s, each marked with what it means to folio — and the
/// keys, from ``ReadingSession/keyHelp``. Built from the tables the parser
/// reads (``LessOption``), so it cannot leave an option out.
enum HelpText {
    /// The marks in the options table's first column, and what they say.
    static let legend = "(* folio differs from less  ~ read, not acted on yet  · accepted, means nothing to folio  + folio's own)"

    /// The whole help text, ending with a line break.
    static var text: String {
        """
        USAGE: folio [OPTIONS] [+COMMAND] [FILE ...]

        Page through a text, Markdown, EPUB, PDF or comic (CBZ, CBR, CB7, CBT, a folder of pictures) in the terminal,
        as less does, a page at a time.

        folio reads less's command line, so it can be PAGER, MANPAGER, GIT_PAGER or SYSTEMD_PAGER: first the LESS
        variable (as less reads it: LESS=FRX), then FOLIO (say FOLIO='--spread single --forget'), then the command
        line, which wins. An option that means nothing to folio is accepted and ignored, never an error.
        Options cluster (-FRX), take a value attached or next (-x8, -x 8, --tabs=8, --tabs 8), -+X sets X back,
        -- ends the options.

        With no FILE, folio reads standard input when it is a pipe (like less), else opens its guide; - is standard
        input. A FIFO or a device (folio <(cmd), folio /dev/stdin) is read as it arrives. With several files, folio
        reads the first and :n, :p, :x, :e, :d go between them, each at its own place. +COMMAND runs keys at the
        start, as in less: +G opens at the end, +/pattern at the first match, +&pattern with only the lines that
        match, +42g at line 42 (page 42 where pages turn), +50% half way.
        When standard output is not a terminal (or TERM is dumb), folio writes the document's text unchanged, with a
        form feed between pages.

        OPTIONS \(legend)
        \(optionTable)

        KEYS (less's keys where they do not take a paging key away; a number before a key counts;
        * differs from less, ! changed in this version)
        \(keyTable)
        A text shown a page at a time scrolls by lines, top to bottom, as in less (--pages: whole pages side to side);
        two pages side by side and books turn pages. Without --mouse the wheel scrolls through the terminal's
        alternate scroll and text can be selected; with it, click the outer thirds, a dot, a chapter or a link, or
        drag a page.

        """
    }

    /// Every option, a row each: mark, letters, long name (with its value), what it does.
    static var optionTable: String {
        let rows = (LessOption.folioTable + LessOption.lessTable).map(row)
        let letterWidth = rows.map(\.letters.count).max() ?? 0
        let nameWidth = rows.map(\.name.count).max() ?? 0
        return rows.map { row in
            "  \(row.mark) " + pad(row.letters, letterWidth) + "  " + pad(row.name, nameWidth) + "  " + row.text
        }.joined(separator: "\n")
    }

    /// The keys, a row each, from the session's bindings.
    static var keyTable: String {
        let list = ReadingSession.keyHelp + [("Ctrl-Z", "suspend (fg comes back)", "")]
        let width = list.map(\.keys.count).max() ?? 0
        return list.map { keys, action, note in
            let mark = note.first.map { String($0) } ?? " "
            let how = note.isEmpty ? "" : " (" + note.dropFirst(2) + ")"
            return "  \(mark) " + pad(keys, width) + "  " + action + how
        }.joined(separator: "\n")
    }

    /// One option's row.
    static func row(_ option: LessOption) -> (mark: String, letters: String, name: String, text: String) {
        var letters = ""
        if let letter = option.letter {
            let character = Character(Unicode.Scalar(letter))
            letters = "-\(character)"
            if option.kind.isTriple { letters += " -\(character.uppercased())" }
        }
        // A summary that starts with "=N: …" names the value: --tabs=N[,…].
        var name = "--" + option.names.joined(separator: " --")
        var text = option.summary
        if text.hasPrefix("="), let colon = text.firstIndex(of: ":") {
            name += text[..<colon]
            text = String(text[text.index(after: colon)...].drop { $0 == " " })
        }
        let mark: String
        switch option.support {
        case .asInLess: mark = " "
        case .differs(let how):
            mark = "*"
            text += " (folio: \(how))"
        case .notYet: mark = "~"
        case .ignored: mark = "·"
        case .folioOnly: mark = "+"
        }
        return (mark, letters, name, text)
    }

    /// `text` with spaces after it up to `width` characters.
    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
