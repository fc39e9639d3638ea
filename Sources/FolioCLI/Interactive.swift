#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import Folio
import FolioReading
import FolioStore
import FolioTerminal
import FolioPictures

/// The terminal reader's loop: keys, mouse, resizes, a stream's bytes and
/// the clock go into one ``ReadingSession``; its effects come out as frames,
/// saved positions, other files opened and the end.
///
/// Another file (`:n`, `:p`, `:x`, `:e`, `:d`) is opened by ``ReaderFiles``;
/// the place of the file left is saved first, and the file opened starts at
/// its own saved place in a new session of the same size and options, which
/// keeps the last search.
///
/// Each turn: carry out the effects, draw if anything changed, then the
/// ``ReadingLoop``'s turn — the motion's next frame when it is due and a
/// slice of background work — going round again at once if it changed the
/// screen, then wait as long as the reading loop allows: a frame's time
/// while something moves, not at all while work is left, and without a
/// timeout (no CPU) when all is still. The first frame never waits for
/// background work, and the last slice of pagination or search is drawn
/// before the loop sleeps.
struct InteractiveReader {
    /// The most of a stream read between two chances to draw.
    static let streamBytesPerTurn = 128 * 1024
    /// The most of a stream read before its first screen, and the room touched for it
    /// while waiting: one pipe's worth, what the survey of line widths reads. The first
    /// screen is then drawn before the writer refills the pipe.
    static let firstStreamBytes = LineWidthSurvey.sampleBytes

    /// How long background work (pagination, reading the rest of a stream)
    /// waits after the first screen with text is written: the terminal has
    /// to read and draw it, and on a machine with two cores, folio paginating
    /// and a pipe's writer refilling the pipe would otherwise take both
    /// (`cat` of 100 MB into folio showed its first screen 0.3 ms later
    /// without the wait). Keys are still read at once.
    static let restAfterFirstText = 0.002

    /// The size of the pieces a frame is written in while it is rendered: a 200×50
    /// page of text (6 KB) goes out in four. Measured on `cat` of 100 MB into folio
    /// through a pseudo-terminal, the first screen showed 0.12 ms sooner (median of 41
    /// paired runs) than with the frame written whole once rendered.
    static let framePieceBytes = 1536

    /// How long the terminal's answers about pictures are waited for at most: every terminal answers
    /// the device attributes at once, so this is reached only by one that answers nothing.
    static let questionWait = 0.5
    /// How often the loop looks for pictures made on another thread while some are being made: 30 ms.
    static let pictureWait = 0.03

    /// The files: the list and the input read (the loop reads and switches it).
    let files: ReaderFiles
    let options: ReadingOptions
    let terminalOptions: Terminal.Options
    let forget: Bool
    /// How a book's pictures are drawn.
    let pictureMode: PictureMode
    let page: Int?
    let startKeys: [String]
    /// A notice for the first screen (files that did not open), else the file's place in the list when there are several.
    var startNotice: Notice? = nil

    func run() throws {
        let warnings = WarningLog()
        var store: JSONFilePositionStore?
        if !forget {
            do {
                store = try JSONFilePositionStore(environment: JSONFilePositionStore.stateVariables,
                                                  warn: { warnings.add("\($0)") })
            } catch {
                warnings.add("your place will not be remembered: \(error)")
            }
        }
        let terminal: Terminal
        do {
            terminal = try Terminal.start(terminalOptions)
        } catch {
            StandardStreams.error("folio: \(error)")
            throw ExitCodeError.failure
        }
        defer {
            terminal.stop()
            for warning in warnings.all { StandardStreams.error("folio: \(warning)") }
        }

        let start = StandardStreams.monotonicSeconds()
        func now() -> Double { StandardStreams.monotonicSeconds() - start }
        var display = ReaderDisplay(columns: terminal.size.columns, rows: terminal.size.rows)
        let files = self.files
        // A photo opened alone keeps no place: its folder, listed meanwhile, takes over and keeps it.
        var place = PlaceKeeper(document: files.current.document, source: files.current.placeSource,
                                store: files.current.photoFolder == nil ? store : nil)
        // A book's pictures: the terminal is asked what it draws (kitty, sixel, the size of a cell)
        // when a book first opens (the first document, or one opened later with :n) and --pictures
        // is auto; a text's start never waits for it.
        var asked = false
        var method = pictureMode.method(TerminalGraphics())
        var cell = TerminalGraphics.assumedCell
        func askTheTerminal(for document: Document) {
            guard pictureMode == .auto, !asked, document.book != nil else { return }
            asked = true
            // The book's first part is rendered while the terminal answers: the first page needs both.
            let graphics = TerminalGraphics(replies: terminal.ask(TerminalGraphics.questions, timeout: Self.questionWait,
                                                                  until: TerminalGraphics.isComplete,
                                                                  meanwhile: { document.book?.assembleFirst(budget: ReadingSession.firstPageBudget) }))
            method = pictureMode.method(graphics)
            cell = graphics.cell ?? TerminalGraphics.assumedCell
        }
        askTheTerminal(for: files.current.document)
        // The pictures take the rows their size asks for, in cells of that size. A PDF's typeset pages
        // in a terminal that draws only blocks would be a blur of letters: unless blocks are asked for,
        // it is read as its text there (and as pictures where the terminal draws pixels); a scanned
        // PDF, which has no text, is its pictures everywhere.
        func drawsPictures(of document: Document) -> Bool {
            let readsAsText = document.book?.source.renderer?.readsAsText ?? false
            return pictureMode.drawsPictures && !(pictureMode == .auto && method == .blocks && readsAsText)
        }
        func measurer(for document: Document) -> CellMeasurer { CellMeasurer(pictureCell: drawsPictures(of: document) ? cell : nil) }
        func picturesOf(_ document: Document) -> TerminalPictures? {
            guard drawsPictures(of: document), let book = document.book else { return nil }
            return TerminalPictures(source: book.source, method: method, cell: cell)
        }
        var pictures = picturesOf(files.current.document)
        var reading = ReadingLoop(ReadingSession(document: files.current.document, measurer: measurer(for: files.current.document),
                                                 viewport: display.screen.viewport(title: ReaderScreen.title(of: files.current.document)),
                                                 options: options, restoring: place.restore(), at: now()))
        reading.session.file = files.list.place
        if let folder = files.current.photoFolder { reading.adopt(folder.document, showingPart: folder.part) }
        func save(_ position: ReadingPosition) {
            do { try place.save(position) } catch { warnings.add("\(error)") }
        }
        var state = HostState()
        if let notice = startNotice ?? (files.list.names.count > 1 ? Notice(reading.session.fileTitle) : nil) {
            state.apply(reading.session.show(notice, at: now()))
        }
        if let page { state.apply(reading.handle(.goToPage(page - 1), at: now())) }
        for command in startKeys {
            for key in Self.keys(of: command) { state.apply(reading.handle(key: key, at: now())) }
        }
        defer { save(reading.readingPosition) }  // on the way out, moved or not: the reader that quits last wins

        var output: [UInt8] = []
        /// Reads what the stream has ready, up to `turn` bytes, straight into the session's
        /// stream (no buffer of the loop's: no copy, and no fresh pages before the first screen).
        func drain(upTo turn: Int) {
            var taken = 0
            while taken < turn {
                var ended = false
                let (count, effects) = reading.receive(upTo: turn - taken, at: now()) { room in
                    let read = files.current.readStream(into: room)
                    ended = read.ended
                    return read.count
                }
                state.apply(effects)
                taken += count
                if ended {
                    state.apply(reading.endOfInput(at: now()))
                    break
                }
                if count == 0 { break }
            }
        }
        // Background work waits a moment after the first screen with text (see restAfterFirstText).
        var textShown = false
        var restUntil = -Double.infinity
        // What a stream already holds (cat of a file has filled the pipe by now) goes into the
        // first screen: no empty screen drawn first and then overwritten. A slow stream has
        // nothing yet; its empty screen is drawn at once, as before.
        if files.current.streamDescriptor != nil { drain(upTo: Self.firstStreamBytes) }

        /// `:n`, `:p`, `:x`, `:e`, `:d`: the place of the file left is saved, and the file opened
        /// starts at its own; a file that does not open is a notice, and the reader stays.
        func open(_ request: FileRequest) {
            save(reading.session.readingPosition)
            switch files.open(request) {
            case .opened(let input):
                askTheTerminal(for: input.document)
                place = PlaceKeeper(document: input.document, source: input.placeSource, store: input.photoFolder == nil ? store : nil)
                let viewport = display.screen.viewport(title: ReaderScreen.title(of: input.document))
                reading.open(input.document, restoring: place.restore(), file: files.list.place, viewport: viewport,
                             measurer: measurer(for: input.document), at: now())
                pictures = picturesOf(input.document)
                if let folder = input.photoFolder { reading.adopt(folder.document, showingPart: folder.part) }
                // A stream's first bytes, when it has any waiting, go into its first screen (as at the start).
                if input.streamDescriptor != nil && !input.document.isComplete { drain(upTo: Self.firstStreamBytes) }
            case .stayed(let notice):
                reading.session.file = files.list.place
                if let notice { state.apply(reading.session.show(notice, at: now())) }
            }
            state.needsDraw = true
        }

        while !state.quit {
            // A stream's first bytes tell which stream it is: its place, if the reader has not moved
            // yet (and does not follow its end).
            if let saved = place.restoreWhenKnown(), !reading.isFiltering, reading.session.anchor == 0, !reading.session.isFollowing {
                state.apply(reading.handle(.goToOffset(saved.anchor), at: now()))
            }
            for effect in state.takeEffects() {
                switch effect {
                case .save(let position): save(position)
                case .reopen:
                    if let document = reopen() { reading.reload(with: document, at: now()) }
                    state.needsDraw = true
                case .open(let request):
                    open(request)
                case .adopted:
                    // A photo's folder took over: its pictures are drawn, and its place kept, from now on.
                    if let folder = files.current.photoFolder {
                        place = PlaceKeeper(document: reading.session.document, source: .file(path: folder.path), store: store)
                    }
                    pictures = picturesOf(reading.session.document)
                default: break
                }
            }
            if state.quit { break }
            if state.needsDraw {
                if state.repaint { display.forget() }
                output.removeAll(keepingCapacity: true)
                var wrote = false
                // A big frame goes out in pieces as its rows are rendered, as less's output does
                // through stdio: the terminal reads the top while the rest is rendered.
                try display.render(reading.session, into: &output, pictures: pictures, flushingEvery: Self.framePieceBytes) { piece in
                    try terminal.write(piece)
                    wrote = true
                }
                if !output.isEmpty {
                    try terminal.write(output)
                    wrote = true
                }
                if wrote {
                    display.prepareNextFrame()
                    if !textShown && reading.session.document.text.count > 0 {
                        textShown = true
                        restUntil = now() + Self.restAfterFirstText
                    }
                }
                state.needsDraw = false
                state.repaint = false
            }
            // The loop's turn after the frame — the motion's next frame when it is due, and a
            // slice of background work — so the first screen never waits for the work; what the
            // turn changes is drawn at the top of the next turn, before the loop can sleep.
            let rest = restUntil - now()
            state.apply(reading.turn(at: now(), clock: now, allowingWork: rest <= 0))
            if let pictures {
                // Pictures made since the last turn are drawn; the next pages' are started once these are.
                if pictures.collect() { state.needsDraw = true }
                if !pictures.isBusy && !reading.session.isAnimating { display.screen.prefetchPictures(reading.session, from: pictures) }
            }
            if state.needsDraw || state.quit { continue }

            let wanted = rest > 0 ? 0 : reading.wantedInput
            // Nothing has come yet: while the writer starts, the room for its first bytes is
            // touched, so reading them does not wait for fresh pages before the first screen.
            if wanted > 0 && reading.session.document.text.count == 0 {
                reading.wholeSession.document.stream?.prepareRoom(for: min(wanted, Self.firstStreamBytes))
            }
            var timeout = reading.timeout(now: now())
            // Pictures are made on another thread: a finished one wakes the wait (a book has no stream
            // to watch); with a stream watched too, look for them now and then until they are in.
            var watched = wanted > 0 ? files.current.streamDescriptor : nil
            if let pictures, pictures.isBusy {
                if watched == nil && pictures.wakeDescriptor >= 0 {
                    watched = pictures.wakeDescriptor
                } else {
                    timeout = min(timeout ?? Self.pictureWait, Self.pictureWait)
                }
            }
            if rest > 0 && (reading.hasWork || reading.wantedInput > 0) {
                // Resting after the first screen: work and reading wait out the rest, not longer.
                timeout = min(reading.session.isAnimating ? (timeout ?? rest) : rest, rest)
            }
            let (events, ready) = try terminal.read(timeout: timeout, alsoWatching: watched)
            let streamReady = ready && watched == files.current.streamDescriptor && watched != nil
            if streamReady {
                // Drain what is ready, up to what the session wants, 128 KB a turn: a fast
                // writer (cat of a big file) would otherwise fill the whole read-ahead before
                // the first screen is drawn; the next turn goes on at once.
                drain(upTo: min(wanted, reading.session.document.text.count == 0 ? Self.firstStreamBytes : Self.streamBytesPerTurn))
            }
            for event in events {
                switch event {
                case .key(.character("z"), let modifiers) where modifiers.contains(.control):
                    if !terminal.suspend() { state.apply(reading.handle(.showInfo, at: now())) }
                case .key(let key, let modifiers):
                    guard let readingKey = ReaderScreen.readingKey(key, modifiers) else { continue }
                    state.apply(reading.handle(key: readingKey, at: now()))
                case .mouse(let report):
                    guard let command = display.screen.command(for: report) else { continue }
                    state.apply(reading.handle(command, at: now()))
                case .resize(let size), .resumed(let size):
                    display.resize(columns: size.columns, rows: size.rows)
                    state.needsDraw = true
                    state.apply(reading.handle(.resize(display.screen.viewport(title: ReaderScreen.title(of: reading.session.document))),
                                               at: now()))
                }
            }
        }
    }

    /// Opens the same file again for ``SessionEffect/reopen``; nil for a stream or the guide.
    func reopen() -> Document? {
        guard case .file(let path) = files.current.source, case .file(let document)? = try? Document.open(path: path) else { return nil }
        return document
    }

    /// The keys of a `+COMMAND`: `G`, `/pattern` or `&pattern` (then Enter), `42g`, `50%`.
    static func keys(of command: String) -> [ReadingKey] {
        var keys = command.map { ReadingKey.character($0) }
        if command.hasPrefix("/") || command.hasPrefix("?") || command.hasPrefix("&") { keys.append(.enter) }
        return keys
    }
}

/// What the terminal's loop carries between turns: whether to draw, and the effects it carries
/// out at the top of its next turn.
struct HostState {
    var pending: [SessionEffect] = []
    var needsDraw = true
    var repaint = false
    var quit = false

    /// Takes a session's effects: draws and quits are noted now; saves, reopens and other files wait for the loop.
    mutating func apply(_ effects: [SessionEffect]) {
        for effect in effects {
            switch effect {
            case .redraw: needsDraw = true
            case .repaint: repaint = true; needsDraw = true
            case .quit: quit = true
            case .save, .reopen, .open, .adopted: pending.append(effect)
            case .filter: break  // the loop's own: ReadingLoop carries it out and never returns it
            }
        }
    }

    mutating func takeEffects() -> [SessionEffect] {
        defer { pending.removeAll() }
        return pending
    }
}

/// Warnings gathered while the terminal shows the reader, printed after it is restored (each once).
final class WarningLog: Sendable {
    private let warnings = Mutex<[String]>([])
    func add(_ warning: String) { warnings.withLock { if !$0.contains(warning) { $0.append(warning) } } }
    var all: [String] { warnings.withLock { $0 } }
}
