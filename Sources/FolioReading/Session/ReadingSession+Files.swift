import Folio

extension ReadingSession {
    /// Where the document is in the host's list of files (`file 2 of 3`), or nil when the host
    /// keeps no list. The host sets it when it opens a file and whenever the list changes
    /// (a file that failed to open leaves it); `=` and the first notice of a file show it.
    public var file: FilePlace? {
        get { navigation.file }
        set { navigation.file = newValue }
    }

    /// The document's name as `=` and a newly opened file show it: `b.log`, or
    /// `b.log (file 2 of 3)` when the host's list holds more than one file (less's `%f (file %i of %m)`).
    public var fileTitle: String {
        let name = document.path.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? document.title
        guard let file, file.count > 1 else { return name }
        return "\(name) (\(file))"
    }

    /// A session over another `document` of the host's list, as less examines another file:
    /// in this session's page area (or `viewport`, when the title row changes with the document),
    /// with its options and last search pattern (`n` goes on searching in the new file), at
    /// `restoring` (the new document's own saved place and marks), as `file` of the list, measured
    /// by `measurer` when it needs another (pictures drawn in one, not in another), else by this one's.
    /// The reader sees the file's name and place in the list on the status row.
    public func opening(_ document: Document, restoring saved: ReadingPosition?, file: FilePlace?,
                        viewport: Viewport? = nil, measurer: (any TextMeasurer)? = nil, at time: Double) -> ReadingSession {
        var next = ReadingSession(document: document, measurer: measurer ?? self.measurer, viewport: viewport ?? self.viewport, options: options,
                                  restoring: saved, at: time)
        next.finder.remember(finder.last)
        next.navigation.file = file
        if !next.isWaiting { next.mode = .reading(Notice(next.fileTitle)) }
        return next
    }

    /// Shows `notice` on the status row (a file the host could not open, say); a jump on its
    /// way to the reader's place goes on. Returns what the host must do.
    public mutating func show(_ notice: Notice, at time: Double) -> [SessionEffect] {
        note(time)
        var out = Outbox()
        let pending = pendingOffset
        notify(notice.text, kind: notice.kind, into: &out)
        if let pending { keepPlace(pending, into: &out) }
        return finish(out)
    }

    /// `:` — less's file commands come next (`:n`), with the count typed before the colon (`2:n`).
    mutating func beginFileCommand(count: Int?, into out: inout Outbox) {
        mode = .typing(Prompt(kind: .file(count: count), text: ""))
        out.redraw()
    }

    /// The key after `:`, or the name typed after `:e`. The letter acts at once, as in less:
    /// `n`, `p`, `x`, `d` ask the host for another file (``SessionEffect/open(_:)``), `e` asks
    /// for a name (Enter with none reads the current file again, as `R`), `f` is `=`, `q` quits;
    /// any other key closes the prompt.
    mutating func typeFileCommand(_ key: ReadingKey, into prompt: Prompt, out: inout Outbox) {
        switch (prompt.kind, key) {
        case (.file(let count), .character(let letter)):
            mode = .reading(nil)
            switch letter {
            case "n": out.append(.open(.next(count ?? 1)))
            case "p": out.append(.open(.previous(count ?? 1)))
            case "x": out.append(.open(.number(count ?? 1)))
            case "d": out.append(.open(.removeCurrent))
            case "e": mode = .typing(Prompt(kind: .examine, text: ""))
            case "f": perform(.showInfo, into: &out)
            case "q", "Q": perform(.quit, into: &out)
            default: break
            }
        case (.file, _):
            mode = .reading(nil)
        case (.examine, .enter):
            mode = .reading(nil)
            let name = String(prompt.text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            if name.isEmpty { perform(.reload, into: &out) } else { out.append(.open(.examine(name))) }
        case (.examine, .character(let c)):
            var typed = prompt
            typed.text.append(c)
            mode = .typing(typed)
        default:
            break
        }
        out.redraw()
    }
}

extension ReadingLoop {
    /// Goes on with another document of the host's list (after ``SessionEffect/open(_:)``), at its
    /// own saved place (see ``ReadingSession/opening(_:restoring:file:viewport:measurer:at:)``).
    public mutating func open(_ document: Document, restoring saved: ReadingPosition?, file: FilePlace?,
                              viewport: Viewport? = nil, measurer: (any TextMeasurer)? = nil, at time: Double) {
        session = session.opening(document, restoring: saved, file: file, viewport: viewport, measurer: measurer, at: time)
    }
}
