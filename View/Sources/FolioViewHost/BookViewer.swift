import CSDL2
import Folio
import FolioFormats
import FolioReading
import FolioStore
import FolioViewCore
import Foundation

/// A document read as a book in the window: a ``FolioReading/ReadingSession``
/// paginating in pixels (``PixelMeasurer``), one page or two facing pages by
/// the window's shape (the session's spread rule), the chapter strip on top,
/// dots and `page / count` at the bottom, the page curl, and the same
/// reading positions as the terminal reader (``FolioStore/PlaceKeeper``).
///
/// The session decides everything about pages; this class turns SDL events
/// into ``FolioReading/ReadingCommand``s and keys, carries out the
/// ``FolioReading/SessionEffect``s, and draws what the session says is visible.
@MainActor
public final class BookViewer: Scene {
    let screen: Screen
    var measurer: PixelMeasurer
    /// How a book's text is set: size, theme, typeface, line length (``BookViewer/styleKey(_:at:)``).
    var style = ReadingStyle()
    /// Where styles are kept per book (nil: nowhere, as places).
    var styleKeeper: StyleKeeper?
    /// The reading session and the loop that schedules it, the terminal reader's own.
    var reading: ReadingLoop
    /// The session read (drawn from; input goes through ``reading``).
    var session: ReadingSession { reading.session }
    /// The clock background work's slices are timed by (the loop's clock may be a script's).
    var workClock: () -> Double = EventLoop.ticks
    var place: PlaceKeeper
    /// Where places are kept (nil: nowhere), and how this document is known there.
    var store: JSONFilePositionStore?
    let placeSource: PlaceKeeper.Source?
    /// A photo's folder being listed, whose photos take over when listed.
    var lister: FolderLister?
    var transition: Transition
    var glyphs: [UInt64: (Texture, drop: Int)] = [:]
    /// Runs of Arabic shaped together (``shapedRun(_:style:)``), by face, colour and text.
    var shapedRuns: [String: (Texture, drop: Int)] = [:]
    var pages: [Int: Texture] = [:]
    /// What each kept page texture marks (``marksKey(onPage:)``): drawn again when it changes.
    var pageMarks: [Int: Int] = [:]
    /// The key help's keys: the interface font's size, bold.
    lazy var helpKeyFont: Font = (try? Font(size: 15, face: 1)) ?? screen.uiFont
    /// A book's pictures, decoded in the background as pages show them (nil for a text or Markdown file).
    let images: BookImages?
    var pagesKey: [Int] = []
    var wheel = WheelGesture()
    var pressing = false
    /// The zoom of a picture page (``BookViewer/zoomKey(_:)``), its page and how it follows the pages; nil: the pages as laid out.
    var zoom: PhotoZoom?
    var zoomPage: Int?
    var zoomMode: ZoomMode?
    /// Whether the last turn from a zoomed page went back (fit width then shows the page's bottom).
    var zoomBackward = false
    /// Where a drag panning the zoomed page was last.
    var zoomDrag: (x: Int, y: Int)?
    /// A click on a picture page, held for the double-click interval: a double-click zooms and never turns.
    var heldClick = HeldClick(interval: BookViewer.doubleClickInterval)
    /// Photos' slideshow (`s`), timed by the loop's clock.
    var slideshow = Slideshow()
    /// Where Delete sends photos (``BookViewer/trashKey(_:at:)``), and the photos sent there, the last last.
    lazy var trash = Trash(environment: ProcessInfo.processInfo.environment)
    var trashedPhotos: [TrashedPhoto] = []
    /// What to say again once a list of photos adopted takes over (the session saying it now is replaced).
    var noticeOnTakeover: Notice?
    /// The animated photo on screen and its frames' timing, on the loop's clock (``followAnimation(at:)``).
    var animation: (path: String, playback: AnimationPlayback)?
    /// How far each photo was turned (Ctrl+R, Ctrl+Shift+R), by path, for this session.
    var turns: [String: QuarterTurns] = [:]
    /// Whether the photo's facts are shown over it (`i`).
    var showsInfo = false
    /// The facts of the photos the overlay showed, by path (read once each).
    var facts: [String: PhotoFacts] = [:]
    var warnings: [String] = []
    /// Writes one line per notable event when set (the pictures' decodes too).
    public var trace: ((String) -> Void)? {
        didSet { images?.trace = trace }
    }
    /// Whether the first picture drawn has been traced (the figure "first picture on screen").
    var tracedPicture = false
    /// Called once, when the first picture is drawn (the frame it is in is drawn next).
    public var onFirstPicture: (() -> Void)?
    /// The pictures shown so far, and how many of them were ready when first shown (made ahead) or not.
    var shownPictures: Set<String> = []
    var picturesReady = 0, picturesLate = 0
    /// Whether the scene changed since the last frame.
    public var needsDraw = true
    /// Whether the user asked to leave (q, Esc, closing the window).
    public private(set) var wantsQuit = false

    /// How the pages are dressed: a book's or photos'.
    public internal(set) var look: Look

    /// Why a document could not be opened, in words.
    public struct Failure: Error, CustomStringConvertible {
        /// The message.
        public let description: String
    }

    /// Opens `path` (text, Markdown or EPUB; nil for the bundled guide) in
    /// `screen` at its saved place, unless `forget`, with `options` (spreads,
    /// direction), at `now` seconds on the loop's clock.
    public convenience init(screen: Screen, path: String?, transition: Transition, forget: Bool, options: ReadingOptions = ReadingOptions(),
                            at now: Double = EventLoop.ticks()) throws {
        // Known to the store as the terminal reader knows it: a file by its path, the guide by its text.
        try self.init(screen: screen, document: path.map { try Self.open($0) } ?? WindowGuide.document,
                      place: path.map { .file(path: $0) } ?? .content, restores: true, look: .book,
                      transition: transition, forget: forget, options: options, at: now)
    }

    /// Opens `list`'s photos in `screen` on its first index, with `options` (one photo at a time
    /// unless they say otherwise), at `now` seconds on the loop's clock.
    ///
    /// - `folder`: the folder they are in, which titles them and keeps the place: opening the
    ///   folder again (`restores`) goes back to the photo last shown, unless `forget`. Nil for
    ///   photos from several places, which keep no place.
    /// - `lister`: the folder being listed while the one photo opened is shown; its list takes
    ///   over with that photo still on screen (``FolioReading/ReadingLoop/adopt(_:showingPart:)``).
    public convenience init(screen: Screen, photos list: PhotoList, folder: String?, restores: Bool, lister: FolderLister? = nil,
                            transition: Transition, forget: Bool, options: ReadingOptions = ReadingOptions(spread: .single),
                            at now: Double = EventLoop.ticks()) throws {
        let title = folder.map(PhotoAlbum.title(ofFolder:)) ?? "Photos"
        let document = Document(book: PhotoAlbum(list: list, title: title), path: folder ?? list.names.first)
        try self.init(screen: screen, document: document, place: folder.map { .file(path: $0) }, restores: restores && lister == nil,
                      look: .photos, transition: transition, forget: forget, options: options, at: now)
        self.lister = lister
        if lister != nil { place = PlaceKeeper(document: document, source: .content, store: nil) }  // the folder's list keeps the place
    }

    /// Opens `document` in `screen`, its place kept under `place` (nil: nowhere) and restored
    /// when `restores`, unless `forget`; dressed as `look`.
    init(screen: Screen, document: Document, place source: PlaceKeeper.Source?, restores: Bool, look: Look, transition: Transition,
         forget: Bool, options: ReadingOptions, at now: Double) throws {
        self.screen = screen
        self.transition = transition
        self.look = look
        var warnings: [String] = []
        if !forget && source != nil {
            do {
                store = try JSONFilePositionStore(environment: ProcessInfo.processInfo.environment)
            } catch {
                warnings.append("your place will not be remembered: \(error)")
            }
        }
        placeSource = source
        // A book's text as the reader last set it (photos are not text).
        var style = ReadingStyle(), dressed = look
        if !look.statusOverPages {
            let keeper = store.map { StyleKeeper(directory: $0.directory) }
            style = keeper?.style(for: Self.styleName(of: source, title: document.title)) ?? style
            dressed.paper = style.paper
            dressed.ink = style.ink
            dressed.margin = style.margin
            styleKeeper = keeper
        }
        self.style = style
        self.look = dressed
        measurer = try PixelMeasurer(size: style.size, family: style.family, roomForRuby: Self.setsRuby(in: document))
        let viewport = Self.textViewport(for: screen.size, look: dressed, style: style, columnWidth: measurer.columnWidth, format: document.format)
        place = PlaceKeeper(document: document, source: source ?? .content, store: store)
        let restoring = restores ? place.restore() : nil
        // The window turns pages with its curl: a text shown a page at a time turns pages too,
        // rather than scrolling by lines as in the terminal.
        var options = options
        options.scrollsText = false
        reading = ReadingLoop(ReadingSession(document: document, measurer: measurer, viewport: viewport,
                                             options: options, restoring: restoring, at: now))
        self.warnings = warnings
        images = document.book.map { BookImages(source: $0.source, renderer: screen.renderer, eventType: SDL_RegisterEvents(1)) }
        SDL_SetWindowTitle(screen.window, document.title + " — folio-view")
        SDL_StartTextInput()
        // The first pages' pictures start decoding now, while the first frame is drawn without them.
        for page in session.currentPages {
            for (placed, _, fitted) in pictures(onPage: page, size: pageSize(of: page)) { _ = images?.texture(placed.image.path, size: fitted) }
        }
    }

    /// The document at `path`: a book (an EPUB, a comic) or a text or Markdown file.
    static func open(_ path: String) throws -> Document {
        do {
            if let book = try BookOpener.open(path: path) { return book }
        } catch {
            throw Failure(description: "\(error)".replacingOccurrences(of: "folio:", with: "folio-view:"))
        }
        do {
            switch try Document.open(path: path) {
            case .file(let opened): return opened
            case .stream: throw Failure(description: "folio-view: \(path) is not a regular file")
            }
        } catch let error as Document.OpenError {
            throw Failure(description: "\(error)".replacingOccurrences(of: "folio:", with: "folio-view:"))
        }
    }

    /// The top of the page boxes, pixels from the window's top.
    var pageTop: Int { look.stripHeight }
    /// The height of a page box, pixels.
    var pageHeight: Int { session.viewport.height + 2 * look.pad }

    /// Whether something moves or background work can go on: the event loop runs at the frame rate.
    public var isAnimating: Bool { !reading.isIdle }

    /// Asks the loop to leave after this frame.
    public func quit() { wantsQuit = true }

    /// Saves the place on the way out and reports warnings.
    public func close() {
        images?.close()
        save(reading.readingPosition)  // in the whole text, while a filter (&) shows some lines
        for warning in warnings { FileHandle.standardError.write(Data("folio-view: \(warning)\n".utf8)) }
    }

    func save(_ position: ReadingPosition) {
        do { try place.save(position) } catch {
            if !warnings.contains("\(error)") { warnings.append("\(error)") }
        }
    }

    // MARK: Session output

    func apply(_ effects: [SessionEffect]) {
        for effect in effects {
            switch effect {
            case .redraw: needsDraw = true
            case .repaint:
                pages.removeAll()
                needsDraw = true
            case .adopted:
                tookOver()
            case .save(let position): save(position)
            case .quit: wantsQuit = true
            case .reopen: reopen(at: session.now)
            case .open:
                // The window reads one book: it keeps no list of files for :n, :p, :x, :e, :d to go to.
                _ = reading.session.show(Notice("The window reads one book: no other file to go to", kind: .problem), at: session.now)
                needsDraw = true
            case .filter: break  // the loop's own: ReadingLoop carries it out and never returns it
            }
        }
        let pageNow = session.currentPage
        if session.isAnimating {
            moving = true
        } else if pageNow != lastTracedPage || moving {
            if pageNow != lastTracedPage { trace?("page \(session.statusLine.pages)") }
            if moving { trace?("settled \(pageNow + 1)") }
            lastTracedPage = pageNow
            moving = false
            prefetchPictures(session.frame)  // held to one decode while the pages moved
        }
    }
    var lastTracedPage = -1
    /// Whether the pages moved since they last came to rest (`settled n` is traced when they do).
    var moving = false

    /// The folder's photos, listed: handed to the loop, to take over with the photo shown.
    func folderListed() {
        guard let list = lister?.take(), case .file(let folder)? = placeSource, let album = session.document.book?.source as? PhotoAlbum else { return }
        trace?("\(list.count) photos, first \(list.firstIndex + 1)")
        guard list.count > 1 else { return }
        reading.adopt(Document(book: PhotoAlbum(list: list, title: album.title), path: folder), showingPart: list.firstIndex)
    }

    /// The folder's photos took over: its pictures are theirs, and its place is kept from now on.
    func tookOver() {
        lastTracedPage = -1
        if let source = session.document.book?.source { images?.source = source }
        place = PlaceKeeper(document: session.document, source: placeSource ?? .content, store: store)
        if let notice = noticeOnTakeover {
            noticeOnTakeover = nil
            apply(reading.session.show(notice, at: session.now))
        }
    }

    // MARK: Input

    /// Whether a book's pictures are being decoded (their pages are drawn again when they come).
    public var isDecodingPictures: Bool { images?.isDecoding ?? false }

    /// Turns one SDL event at `now` seconds into engine or session input.
    public func handle(_ event: SDL_Event, at now: Double) {
        defer { followAnimation(at: now) }  // a photo decoded or turned to: its animation starts
        if let lister, event.type == lister.eventType {
            folderListed()
            return
        }
        if let images, event.type == images.eventType {
            // Pictures decoded: the pages that showed them blank are drawn again.
            if images.collect() {
                pages.removeAll()
                needsDraw = true
            }
            return
        }
        switch event.type {
        case SDL_QUIT.rawValue:
            wantsQuit = true
        case SDL_KEYDOWN.rawValue:
            keyDown(event.key.keysym, at: now)
        case SDL_TEXTINPUT.rawValue:
            var text = event.text.text
            let string = withUnsafeBytes(of: &text) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            for character in string { typed(character, at: now) }
        case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.clicks == 2
            && Int(event.button.y) > pageTop && Int(event.button.y) < screen.size.height - look.statusHeight && zoomablePage != nil:
            // A double-click on a picture page: fit ↔ 100 % under the pointer.
            // Its first click, held (see ``heldClick``), is dropped: the page does not turn.
            let point = (Double(event.button.x), Double(Int(event.button.y) - pageTop))
            heldClick.drop()
            stopSlideshow()
            if zoom != nil { endZoom() } else { changeZoom { $0.toggleFit(toward: point) } }
            if pressing { pressing = false; apply(reading.handle(.cancel, at: now)) }
        case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT) && zoom != nil && Int(event.button.y) > pageTop:
            zoomDrag = (Int(event.button.x), Int(event.button.y))
        case SDL_MOUSEMOTION.rawValue where zoomDrag != nil:
            if let last = zoomDrag { panZoom(dx: Double(Int(event.motion.x) - last.x), dy: Double(Int(event.motion.y) - last.y)) }
            zoomDrag = (Int(event.motion.x), Int(event.motion.y))
        case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT) && zoomDrag != nil:
            zoomDrag = nil
        case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            pressed(x: Int(event.button.x), y: Int(event.button.y), at: now)
        case SDL_MOUSEMOTION.rawValue where pressing:
            apply(reading.handle(.drag(x: Int(event.motion.x), y: Int(event.motion.y) - pageTop - look.pad), at: now))
        case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT) && pressing:
            pressing = false
            released(x: Int(event.button.x), y: Int(event.button.y) - pageTop - look.pad, at: now)
        case SDL_MOUSEWHEEL.rawValue where SDL_GetModState().rawValue & KMOD_CTRL.rawValue != 0 && event.wheel.y != 0:
            var mx: Int32 = 0, my: Int32 = 0
            SDL_GetMouseState(&mx, &my)
            changeZoom { $0.zoom(by: event.wheel.y > 0 ? 1.25 : 0.8, toward: (Double(mx), Double(Int(my) - pageTop))) }
        case SDL_MOUSEWHEEL.rawValue where zoom != nil:
            panZoom(dx: -Double(event.wheel.x) * 60, dy: Double(event.wheel.y) * 60)
        case SDL_MOUSEWHEEL.rawValue:
            let notch = event.wheel.y != 0 ? Int(event.wheel.y) : -Int(event.wheel.x)
            if notch != 0, wheel.event(at: now) {
                stopSlideshow()
                apply(reading.handle(.turn(notch > 0 ? -1 : 1), at: now))
            }
        case SDL_WINDOWEVENT.rawValue:
            if event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue), screen.refreshSize() {
                pages.removeAll()
                if var z = zoom { z.viewport = zoomViewport; zoom = z }
                apply(reading.handle(.resize(textViewport), at: now))
            }
            needsDraw = true
        default:
            break
        }
    }

    var isTyping: Bool {
        if case .typing = session.mode { return true }
        return false
    }

    func keyDown(_ keysym: SDL_Keysym, at now: Double) {
        if !isTyping && (styleKey(keysym, at: now) || photoControlKey(keysym) || trashKey(keysym, at: now) || zoomKey(keysym) || zoomedKey(keysym, at: now)) { return }
        let ctrl = keysym.mod & UInt16(KMOD_CTRL.rawValue) != 0
        let key: ReadingKey?
        switch UInt32(bitPattern: keysym.sym) {
        case SDLK_RIGHT.rawValue: key = .right
        case SDLK_LEFT.rawValue: key = .left
        case SDLK_UP.rawValue: key = .up
        case SDLK_DOWN.rawValue: key = .down
        case SDLK_PAGEUP.rawValue: key = .pageUp
        case SDLK_PAGEDOWN.rawValue: key = .pageDown
        case SDLK_HOME.rawValue: key = .home
        case SDLK_END.rawValue: key = .end
        case SDLK_RETURN.rawValue, SDLK_KP_ENTER.rawValue: key = .enter
        case SDLK_BACKSPACE.rawValue: key = .backspace
        case SDLK_TAB.rawValue: key = keysym.mod & UInt16(KMOD_SHIFT.rawValue) != 0 ? .backTab : .tab
        case SDLK_F1.rawValue: key = .help
        case SDLK_F11.rawValue:
            toggleFullScreen()
            key = nil
        case SDLK_ESCAPE.rawValue:
            // Esc closes what is open (photos' facts, a slideshow too); with nothing open it leaves, as in the photo pager.
            if case .reading(nil) = session.mode {
                if !photoEscape() { wantsQuit = true }
                key = nil
            } else {
                key = .escape
            }
        default:
            // Letters with Ctrl come here (no text input for them); plain characters come as text input.
            if ctrl, keysym.sym >= 97, keysym.sym <= 122, let scalar = Unicode.Scalar(UInt32(keysym.sym)) {
                key = .control(Character(scalar))
            } else {
                key = nil
            }
        }
        guard let key else { return }
        if !isTyping { stopSlideshow() }  // a key that turns or goes somewhere: the reader takes over
        apply(reading.handle(key: key, at: now))
    }

    func typed(_ character: Character, at now: Double) {
        if !isTyping && character == " " && zoomedSpace(at: now) { return }
        if !isTyping && look.statusOverPages && (photoLetter(character, at: now) || photoKey(character)) { return }
        if !isTyping && character != "t" { stopSlideshow() }
        if !isTyping && character == "t" {
            transition = transition.next
            trace?("transition \(transition)")
            needsDraw = true
            return
        }
        apply(reading.handle(key: .character(character), at: now))
    }

    /// Photos' own keys, as image viewers have them: + = - zoom without Ctrl, 0 fits a zoomed
    /// photo (else it is a count's digit, as in `10g`), f full screen. True when the key was one of them.
    func photoKey(_ character: Character) -> Bool {
        let centre = (Double(zoomViewport.width) / 2, Double(zoomViewport.height) / 2)
        switch character {
        case "+", "=": changeZoom { $0.zoom(by: 1.25, toward: centre) }
        case "-": changeZoom { $0.zoom(by: 0.8, toward: centre) }
        case "0" where zoom != nil: endZoom()
        case "f": toggleFullScreen()
        default: return false
        }
        return true
    }

    func toggleFullScreen() {
        let full = SDL_GetWindowFlags(screen.window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
        SDL_SetWindowFullscreen(screen.window, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
    }

    func pressed(x: Int, y: Int, at now: Double) {
        // A click held for a double-click that did not come (this one is too far or too late) is carried out first.
        if let held = heldClick.take() { tap(x: held.x, y: held.y, at: now) }
        stopSlideshow()
        if y < look.stripHeight {
            apply(reading.handle(.tapStrip(x: x), at: now))
        } else if y >= screen.size.height - look.statusHeight {
            apply(reading.handle(.tapIndicator(x: x - Int(dotsLeft)), at: now))
        } else {
            pressing = true
            apply(reading.handle(.press(x: x, y: y - pageTop - look.pad), at: now))
        }
    }

    /// The button let go at (`x`, `y`) in the session's page coordinates: a drag ends, a click
    /// on a text page is carried out, and a click on a picture page at fit is held for the
    /// double-click interval (``heldClick``), so that a double-click zooms without turning.
    /// Holding it rather than turning at once and turning back on the second click is what phones'
    /// photo viewers do: nothing moves that then moves back.
    func released(x: Int, y: Int, at now: Double) {
        if case .pressing(let press) = session.mode, !press.isDragging, zoomablePage != nil, zoom == nil {
            apply(reading.handle(.cancel, at: now))
            heldClick.hold(x: x, y: y, at: now)
            return
        }
        apply(reading.handle(.release(x: x, y: y), at: now))
    }

    /// A click at (`x`, `y`) in the session's page coordinates carried out now: a link followed, or a turn in the outer thirds.
    func tap(x: Int, y: Int, at now: Double) {
        apply(reading.handle(.press(x: x, y: y), at: now))
        apply(reading.handle(.release(x: x, y: y), at: now))
    }

    /// Seconds within which a second click makes a double-click: SDL's (its hint, else 500 ms).
    static var doubleClickInterval: Double {
        SDL_GetHint(SDL_HINT_MOUSE_DOUBLE_CLICK_TIME).flatMap { Double(String(cString: $0)) }.map { $0 / 1000 } ?? 0.5
    }

    /// When the scene wants a tick while nothing moves: a held click falling due, the slideshow's
    /// next photo, the animated photo's next frame.
    public var wakeTime: Double? {
        [heldClick.deadline, slideshow.deadline, animation?.playback.deadline].compactMap { $0 }.min()
    }

    /// The reading loop's turn at `now` seconds: a held click falling due, the slideshow's next
    /// photo, the animated photo's next frame, the motion's next frame, and a slice of background work.
    public func tick(at now: Double) {
        if let held = heldClick.due(at: now) { tap(x: held.x, y: held.y, at: now) }
        if slideshow.advance(at: now) { slideshowStep(at: now) }
        apply(reading.turn(at: now, clock: workClock))
        followAnimation(at: now)
        if animation?.playback.advance(at: now) == true { needsDraw = true }
    }

    // MARK: Drawing

    var dotsLeft: Double {
        guard look.statusOverPages else { return 16 }
        // Photos: the dots and `n / count` together in the middle of the bar.
        let w = screen.uiFont.width(of: session.statusLine.pages)
        return ((Double(screen.size.width) - session.indicator.extent - 16 - Double(w)) / 2).rounded()
    }

    /// Draws a frame from the session's ``ReadingFrame`` (not presented).
    public func draw() {
        let frame = session.frame
        if lastTracedPage < 0 {
            lastTracedPage = session.currentPage
            trace?("page \(frame.status.pages) (\(frame.isTwoPages ? "two pages" : "one page"))")
        }
        screen.clear(look.desk.0, look.desk.1, look.desk.2)
        // A page kept whose size changed (a page found to be a double one) is drawn again: see pageTexture.
        // (A page whose matches or chosen link changed is drawn again by pageTexture.)
        let key = [session.pageBoxWidth, pageHeight, frame.isTwoPages ? 2 : 1, session.options.rightToLeft ? 1 : 0]
        if key != pagesKey { pages.removeAll(); pagesKey = key }
        if !drawZoom() && !drawCurl(frame) { drawSlidingPages(frame) }
        if look.stripHeight > 0 { drawStrip() }
        if look.statusOverPages { drawBar(); drawInfo() } else { drawStatus() }
        if frame.showsHelp { drawHelp() }
        prefetchPictures(frame)
    }

    /// The pages where the engine's slots put them (slide and none; curl at rest).
    func drawSlidingPages(_ frame: ReadingFrame) {
        for visible in frame.pages.map(\.placement) {
            // A photo is drawn straight into the frame: no page of paper to make first as it slides in.
            if look.statusOverPages && !session.images(onPage: visible.page).isEmpty {
                _ = drawImages(onPage: visible.page, size: pageSize(of: visible.page), at: (Double(visible.x - look.margin), Double(pageTop)))
                continue
            }
            guard let texture = pageTexture(visible.page) else { continue }
            screen.copy(texture, x: Double(visible.x - look.margin), y: Double(pageTop),
                        width: Double(texture.size.width), height: Double(texture.size.height))
        }
        screen.color(20, 20, 20, 120)
        for spine in frame.spines { screen.fill(x: Double(spine), y: Double(pageTop), width: Double(look.spine), height: Double(pageHeight)) }
    }

    /// The page curl of the frame's leaf mid-turn (``ReadingFrame/leaf``); false when nothing is
    /// mid-turn, or a double page turns (one sheet: it slides), and then the pages are drawn flat.
    func drawCurl(_ frame: ReadingFrame) -> Bool {
        guard transition == .curl, let leaf = frame.leaf else { return false }
        let two = frame.isTwoPages
        let rtl = leaf.outerSide == .left
        let outer = leaf.outerSide, inner: ScreenSide = rtl ? .right : .left
        let box = Double(session.pageBoxWidth)
        func x(of side: ScreenSide) -> Double { two && side == .right ? box + Double(look.spine) : 0 }
        let top = Double(pageTop), height = Double(pageHeight)
        func drawFlat(_ page: Int?, side: ScreenSide) {
            guard let page, let texture = pageTexture(page) else { return }
            let double = Double(texture.size.width) > box
            screen.copy(texture, x: double ? 0 : x(of: side), y: top, width: double ? Double(texture.size.width) : box, height: height)
        }
        drawFlat(leaf.beneath, side: outer)
        if two { drawFlat(leaf.opposite, side: inner) }
        guard let front = pageTexture(leaf.front) else { return true }
        let back = leaf.back.flatMap { pageTexture($0) }
        let curl = PageCurl(width: box, height: height, radius: max(24, box * 0.1))
        let mesh = curl.mesh(progress: leaf.progress)
        // The leaf turns round the spine (the near edge of a lone page).
        let origin = two ? (rtl ? box : box + Double(look.spine)) : (rtl ? box : 0)
        if two {
            screen.color(20, 20, 20, 120)
            screen.fill(x: box, y: top, width: Double(look.spine), height: height)
        }
        var renderer = CurlRenderer(renderer: screen.renderer)
        renderer.paper = look.paper
        renderer.draw(mesh, x: origin, y: top, mirrored: rtl, front: front, back: back, shadowHeight: height)
        return true
    }

    /// The size page `page` is drawn at: its box; a double page in two-page spreads is as wide as
    /// both pages and the spine between.
    func pageSize(of page: Int) -> PixelSize {
        let double = session.isDoublePage(page)
        return PixelSize(width: double ? 2 * session.pageBoxWidth + look.spine : session.pageBoxWidth, height: pageHeight)
    }

    /// Page `page` drawn on paper into a texture the size of its box, kept until the layout changes.
    func pageTexture(_ page: Int) -> Texture? {
        let size = pageSize(of: page), marks = marksKey(onPage: page)
        if let kept = pages[page], kept.size == size, pageMarks[page] == marks { return kept }
        pageMarks[page] = marks
        guard size.width > 0, size.height > 0,
              let handle = SDL_CreateTexture(screen.renderer, screen.pageFormat, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                             Int32(size.width), Int32(size.height)) else { return nil }
        let texture = Texture(handle: handle, size: size)
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
        // Paper is opaque: the page is copied into the frame, not blended (the same pixels, less work).
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_NONE)
        SDL_SetRenderTarget(screen.renderer, handle)
        screen.clear(look.paper.0, look.paper.1, look.paper.2)
        let lineHeight = measurer.lineHeight
        let ascentOffset = (lineHeight - measurer.fonts[0].lineSkip) / 2, inset = session.textInset
        let pictured = drawImages(onPage: page, size: size)
        if look.statusOverPages && session.images(onPage: page).isEmpty {
            // Among photos a page of words is a file that could not be shown: said in the middle.
            var lines: [String] = []
            session.forEachGlyph(onPage: page) { row, glyph in
                while lines.count <= row { lines.append("") }
                lines[row].unicodeScalars.append(glyph.scalar)
            }
            var words = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            // `[photo 6 (x.png): why]` is said as a headline and its reason.
            if words.count == 1, words[0].hasPrefix("["), words[0].hasSuffix("]"), let colon = words[0].range(of: ": ") {
                let line = words[0]
                words = [String(line[line.index(after: line.startIndex)..<colon.lowerBound]),
                         String(line[colon.upperBound..<line.index(before: line.endIndex)])]
            }
            drawNotice(words, in: size)
            trace?("page \(page + 1) says: \(words.joined(separator: " "))")
            SDL_SetRenderTarget(screen.renderer, nil)
            pages[page] = texture
            return texture
        }
        let justified = justification(onPage: page)
        drawMarks(onPage: page, skippingRows: pictured, justified: justified)
        if session.writesVertically {
            drawVerticalText(onPage: page, skippingRows: pictured)
        } else {
            drawText(onPage: page, skippingRows: pictured, inset: inset, top: { look.pad + $0 * lineHeight + ascentOffset }, justified: justified)
        }
        SDL_SetRenderTarget(screen.renderer, nil)
        if pages.count > 12 { pages.removeAll() }
        pages[page] = texture
        return texture
    }

    /// Draws the pictures of page `page` (a texture of `size`) where the
    /// session placed them: each scaled to fit the line width and its rows
    /// (at most twice its size, aspect kept) and centred there; a standalone
    /// picture or the cover fills the page. Returns the rows covered by a
    /// picture, drawn or still decoding (blank until it comes); a picture
    /// that cannot be read leaves its rows to its placeholder text, `[image: alt]`.
    func drawImages(onPage page: Int, size: PixelSize, at origin: (x: Double, y: Double) = (0, 0)) -> [Range<Int>] {
        guard let images else { return [] }
        var covered: [Range<Int>] = []
        for (placed, box, fitted) in pictures(onPage: page, size: size) {
            let lookup = images.texture(placed.image.path, size: fitted, frame: animationFrame(of: placed.image.path))
            if shownPictures.insert(placed.image.path).inserted {
                if case .ready = lookup { picturesReady += 1 } else { picturesLate += 1 }
            }
            switch lookup {
            case .ready(let texture):
                if !tracedPicture {
                    tracedPicture = true
                    trace?("picture \(placed.image.path) drawn (\(fitted))")
                    onFirstPicture?()
                }
                let turned = turns(of: placed.image.path), shown = turned.shownSize(of: fitted)
                let x = origin.x + Double(box.x + (box.width - shown.width) / 2), y = origin.y + Double(box.y + (box.height - shown.height) / 2)
                screen.copy(texture, x: x, y: y, width: Double(shown.width), height: Double(shown.height), turned: turned)
                if turned == .none { markMatches(on: placed, page: page, x: x, y: y, width: Double(fitted.width), height: Double(fitted.height)) }
                if let shortfall = images.shortfall(of: placed.image.path), placed.image.isStandalone {
                    drawShortfall(shortfall.notice(for: BookImages.name(of: placed.image.path)), x: x, y: y, width: Double(shown.width))
                }
                covered.append(placed.rowRange)
            case .pending:
                covered.append(placed.rowRange)  // blank until it comes, rather than its text for a moment
            case .unreadable(let reason) where placed.image.isStandalone:
                // A page that is a picture (a photo, a comic's page) says why it cannot be shown.
                drawNotice(["Cannot show " + BookImages.name(of: placed.image.path), reason], in: size, at: origin)
                covered.append(placed.rowRange)
            case .unreadable:
                break  // a picture in a book's text leaves its alt text
            }
        }
        return covered
    }

    /// The pictures of page `page` (a texture of `size`) with the box each is fitted in and its
    /// size there: the line width and its rows (at most twice its size), or the page for a standalone one.
    /// The size is the picture's before it is turned (``turns(of:)``): the size decoded.
    func pictures(onPage page: Int, size: PixelSize) -> [(placed: PageImage, box: (x: Int, y: Int, width: Int, height: Int), fitted: PixelSize)] {
        let lineHeight = measurer.lineHeight
        return session.images(onPage: page).map { placed in
            let box = if placed.image.isStandalone {
                (x: 0, y: 0, width: size.width, height: size.height)
            } else if session.writesVertically {
                // In columns: the columns it takes (the last the leftmost), their length down.
                (x: glyphRect(row: placed.row + placed.rows - 1, x: 0, width: 0).x, y: look.pad, width: placed.rows * lineHeight,
                 height: session.textWidth)
            } else {
                (x: session.textInset, y: look.pad + placed.row * lineHeight, width: min(session.textWidth, size.width - 2 * session.textInset),
                 height: placed.rows * lineHeight)
            }
            // A photo the reader turned is fitted turned, and decoded at that size before turning.
            let turned = turns(of: placed.image.path)
            let upright = PixelSize(width: placed.size.width, height: placed.size.height), shown = turned.shownSize(of: upright)
            let fitted = ImageSize(width: shown.width, height: shown.height)
                .fitted(width: box.width, height: box.height, maximumScale: look.enlargesPictures ? ImageSize.maximumScale : 1)
            return (placed, box, turned.shownSize(of: PixelSize(width: fitted.width, height: fitted.height)))
        }
    }

    /// Starts the pictures of the pages either side of those `frame` shows (the next two spreads and the
    /// one before), so a page turn finds them decoded or drawn, once the pages shown have theirs;
    /// no more than ``decodesAhead`` decodes at once (one while the pages move). The work is on the decoding queue: a frame
    /// does not wait for it.
    func prefetchPictures(_ frame: ReadingFrame) {
        guard let images else { return }
        let shown = frame.currentPages, known = frame.knownPages
        // The pages shown come first: nothing is made ahead while their own pictures are being made.
        for page in shown where pictures(onPage: page, size: pageSize(of: page)).contains(where: { images.isPending($0.placed.image.path) }) {
            return
        }
        // While the pages move, one decode at a time: the frames keep a core.
        let limit = session.isAnimating ? 1 : Self.decodesAhead
        let span = frame.isTwoPages ? 2 : 1
        // The next two spreads first (the way a reader goes), then the one before.
        let ahead = Array((shown.upperBound + 1)...(shown.upperBound + 2 * span)), behind = Array((shown.lowerBound - span)..<shown.lowerBound)
        for page in ahead + behind where page >= 0 && page < known {
            guard images.decodes < limit else { return }
            for (placed, _, fitted) in pictures(onPage: page, size: pageSize(of: page)) {
                _ = images.texture(placed.image.path, size: fitted)
            }
        }
    }

    /// The most decodes under way at once that prefetching starts: one a core, on two cores.
    static let decodesAhead = 2

    /// How many pictures were ready when their page first showed them, and how many came later: `--trace` says at the end.
    public var pictureSummary: String? {
        picturesReady + picturesLate == 0 ? nil
            : "pictures: \(picturesReady) ready when first shown, \(picturesLate) made after"
    }

    /// Marks the search's matches on a picture that shows its text (a PDF page), where its
    /// renderer says the matched text is drawn, over the picture at (`x`, `y`) of `width` × `height`.
    func markMatches(on placed: PageImage, page: Int, x: Double, y: Double, width: Double, height: Double) {
        screen.color(255, 200, 0, 110)
        for box in session.matchBoxes(on: placed, onPage: page) {
            screen.fill(x: x + box.x0 * width, y: y + box.y0 * height, width: (box.x1 - box.x0) * width, height: (box.y1 - box.y0) * height)
        }
    }

    /// `notice` on a dark band across the top of a picture drawn at (`x`, `y`), `width` wide: a file
    /// that ended early, shown as far as it goes, or an animation too large to play.
    func drawShortfall(_ notice: String, x: Double, y: Double, width: Double) {
        screen.color(0, 0, 0, 170)
        screen.fill(x: x, y: y, width: width, height: 30)
        let w = Double(screen.uiFont.width(of: notice))
        screen.text(notice, x: x + max(8, (width - w) / 2), y: y + 15, color: (255, 210, 120))
    }

    /// `lines` in the middle of a page of `size` drawn at `origin`, the first in the ink's colour, the rest in grey.
    func drawNotice(_ lines: [String], in size: PixelSize, at origin: (x: Double, y: Double) = (0, 0)) {
        let step = 28.0
        var y = origin.y + Double(size.height) / 2 - step * Double(lines.count - 1) / 2
        for (index, line) in lines.enumerated() {
            let w = screen.uiFont.width(of: line)
            let grey: (UInt8, UInt8, UInt8) = look.statusOverPages ? (200, 200, 200) : (90, 86, 80)
            screen.text(line, x: origin.x + max(8, (Double(size.width) - Double(w)) / 2), y: y, color: index == 0 ? look.ink : grey)
            y += step
        }
    }

    /// One glyph in one face and colour, rendered once by the font that draws it (a stand-in for
    /// a character the face lacks, ``Font/font(for:)``), with how far below the face's box top
    /// its own box goes so that both share the baseline.
    func glyphTexture(_ scalar: Unicode.Scalar, face: Int, color: (UInt8, UInt8, UInt8)) -> (Texture, drop: Int)? {
        let key = UInt64(scalar.value) | UInt64(face) << 21 | UInt64(color.0) << 25 | UInt64(color.1) << 33 | UInt64(color.2) << 41
        if let kept = glyphs[key] { return kept }
        let own = measurer.fonts[face], font = own.font(for: scalar)
        guard let surface = TTF_RenderGlyph32_Blended(font.handle, scalar.value, SDL_Color(r: color.0, g: color.1, b: color.2, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let handle = SDL_CreateTextureFromSurface(screen.renderer, surface) else { return nil }
        let texture = Texture(handle: handle, size: PixelSize(width: Int(surface.pointee.w), height: Int(surface.pointee.h)))
        if glyphs.count > 4096 { glyphs.removeAll() }
        glyphs[key] = (texture, own.ascent - font.ascent)
        return (texture, own.ascent - font.ascent)
    }

    /// The chapter strip (or the title) with the selected chapter underlined.
    func drawStrip() {
        let w = Double(screen.size.width), h = Double(look.stripHeight)
        screen.color(32, 30, 28)
        screen.fill(x: 0, y: 0, width: w, height: h)
        let menu = session.menu
        let font = measurer.fonts[0]
        guard !menu.items.isEmpty else {
            screen.text(Bidi.displayed(session.document.title), x: 16, y: h / 2, color: (220, 220, 220), font: measurer.fonts[1])
            return
        }
        for item in menu.visibleItems {
            let x = item.frame.x - menu.scrollOffset + Double(measurer.columnWidth)
            let selected = item.index == menu.selectedIndex
            // Drawn as seen: a Hebrew or Arabic title reordered, not letter-reversed.
            screen.text(Bidi.displayed(item.title), x: x, y: h / 2, color: selected ? (255, 255, 255) : (170, 165, 160),
                        font: selected ? measurer.fonts[1] : font)
        }
        if let line = menu.underline {
            screen.color(235, 190, 90)
            screen.fill(x: line.x - menu.scrollOffset, y: h - 3, width: line.width, height: 3)
        }
    }

    /// Photos' bar: translucent over the pictures' foot, the dots and `n / count` in the middle,
    /// a message (a prompt, a notice) at the left. A message longer than the room left of the
    /// dots takes the bar's width, and the dots and count wait until it has gone.
    func drawBar() {
        let w = Double(screen.size.width), h = Double(screen.size.height), bar = Double(look.statusHeight)
        screen.color(0, 0, 0, 150)
        screen.fill(x: 0, y: h - bar, width: w, height: bar)
        let y = h - bar / 2, left = dotsLeft
        let state = barState, stateWidth = Double(screen.uiFont.width(of: state))
        if !state.isEmpty { screen.text(state, x: w - 16 - stateWidth, y: y) }
        let besideDots = drawMessage(x: 16, y: y, room: left - 32, widest: w - 48 - stateWidth)
        if besideDots {
            drawDots(left: left, y: y)
            screen.text(session.statusLine.pages, x: left + session.indicator.extent + 16, y: y)
        }
    }

    /// Draws the status line's message (a prompt with its caret) at `x`, centred on `y`, and says
    /// whether it fitted in `room` pixels, beside what else the row shows. A longer one is given
    /// `widest` pixels, the row leaving out what it would cover, and is cut with an ellipsis if
    /// longer still (a prompt keeps its end, where the typing is).
    @discardableResult
    func drawMessage(x: Double, y: Double, room: Double, widest: Double) -> Bool {
        let status = session.statusLine
        guard !status.message.isEmpty else { return true }
        let message = status.message + (status.isPrompt ? "▏" : "")
        let fits = Double(screen.uiFont.width(of: message)) <= room
        let shown = fits ? message : screen.uiFont.fitted(message, width: Int(max(widest, 0)), keepingEnd: status.isPrompt)
        screen.text(shown, x: x, y: y, color: status.isProblem ? (240, 120, 100) : (220, 220, 220))
        return fits
    }

    /// The indicator's dots from `left`, centred on `y`, the current one brightest.
    func drawDots(left: Double, y: Double) {
        for dot in session.indicator.dots {
            let level = UInt8(100 + 155 * dot.activity)
            screen.color(level, level, level)
            screen.disc(x: left + dot.centre, y: y, diameter: dot.diameter)
        }
    }

    /// The dots, the message, and `page / count  percent` (while a message fits beside it).
    func drawStatus() {
        let w = Double(screen.size.width), h = Double(screen.size.height), bar = Double(look.statusHeight)
        screen.color(32, 30, 28)
        screen.fill(x: 0, y: h - bar, width: w, height: bar)
        let y = h - bar / 2
        let indicator = session.indicator
        drawDots(left: dotsLeft, y: y)
        let status = session.statusLine
        let right = [barState, status.pages, status.percent].filter { !$0.isEmpty }.joined(separator: "   ")
        let rightWidth = Double(screen.uiFont.width(of: right)), x = dotsLeft + indicator.extent + 24
        // A message the count would cover hides the count while it shows.
        if drawMessage(x: x, y: y, room: w - 40 - rightWidth - x, widest: w - 16 - x) {
            screen.text(right, x: w - 16 - rightWidth, y: y)
        }
    }
}
