import CSDL2
import Folio
import FolioViewCore

/// A photo as the window keeps it: the texture shrunk to the window, and the file's full size.
public final class Photo: @unchecked Sendable {
    /// The shrunk image.
    public let texture: Texture
    /// The full image's size, for zoom.
    public let fullSize: PixelSize

    /// A photo holding `texture` for an image of `fullSize`.
    public init(texture: Texture, fullSize: PixelSize) {
        self.texture = texture
        self.fullSize = fullSize
    }
}

/// The photo pager: one photo per page, in a ``Folio/Pager``; decodes
/// through a ``Folio/ContentPipeline`` and a ``PhotoDecoder``; dots and
/// `n / count` from a ``Folio/PageIndicator``; zoom from ``PhotoZoom``.
///
/// Input turns into engine calls, engine effects into slot state, and the
/// slot state into drawing; nothing here decides which page is where.
@MainActor
public final class PhotoViewer: Scene {
    /// What a pool slot shows.
    struct SlotView {
        var spread: Spread?
        var offset = 0.0
        var display: PageDisplay<Photo> = .placeholder
    }

    /// Part of a photo decoded sharper than its window-sized copy: `region`
    /// in the upright picture's pixels, at `scale` picture pixels per texture pixel.
    struct Detail {
        var page: Int
        var region: PixelRect
        var scale: Double
        var texture: Texture
    }

    /// A pointer press being followed.
    struct Press {
        var x: Double, y: Double, time: Double
        var lastX: Double, lastY: Double
        var moved = false
    }

    let screen: Screen
    var list: PhotoList
    let decoder: PhotoDecoder
    /// Lists the opened photo's folder in the background, when only that photo was known at the start.
    let lister: FolderLister?
    /// The folder's list, waiting to replace the one-photo list until nothing moves and the photo is shown.
    var pendingList: PhotoList?
    /// Photos decoded under the one-photo list, handed to the folder's list instead of being decoded again.
    var handoff: [String: Photo] = [:]
    var pager: Pager
    var content: ContentPipeline<Photo>
    var indicator: PageIndicator
    var slots: [SlotView]
    var transition: Transition
    var zoom: PhotoZoom? {
        didSet { if zoom?.isZoomed != true { detail = nil } }
    }
    var zoomPage: Int?
    /// A sharper picture of the part of the zoomed photo around the window, decoded for the zoom.
    var detail: Detail?
    /// The detail being decoded, and whether the zoom moved on since it was asked for.
    var detailInFlight: (serial: Int, page: Int, scale: Double)?
    var detailWanted = false
    var detailSerial = 0
    var press: Press?
    var wheel = WheelGesture()
    var decodeBox: PixelSize
    /// Window-sized pictures of the photos mid-curl.
    var curlPages: [Int: Texture] = [:]
    /// Called once, the first time a decoded photo is drawn on screen.
    public var onFirstPhoto: (() -> Void)?
    /// Writes one line per notable event (for tests and measurements) when set.
    public var trace: ((String) -> Void)?
    /// Whether the scene changed since the last frame.
    public var needsDraw = true
    /// Whether the user asked to leave (q, Esc, closing the window).
    public private(set) var wantsQuit = false

    /// The gap between neighbouring photos while they slide, pixels.
    static let gap = 24.0
    /// The height of the bottom bar with the dots and `n / count`.
    static let barHeight = 36.0

    /// Opens `list` in `screen`, starting on `list.firstIndex`, decoding with
    /// events of `eventType`; with `lister`, the list holds the opened photo
    /// alone until the lister's folder list replaces it.
    public init(screen: Screen, list: PhotoList, transition: Transition = .slide, eventType: UInt32, lister: FolderLister? = nil) throws {
        self.screen = screen
        self.list = list
        self.transition = transition
        self.lister = lister
        decoder = PhotoDecoder(eventType: eventType)
        decodeBox = screen.size
        (pager, content, indicator) = try Self.engine(for: list, width: Double(screen.size.width), decodeBox: decodeBox)
        slots = Array(repeating: SlotView(), count: pager.slotCount)
        apply(pager.layout())
    }

    /// A pager on `list` (starting on its first index) for a window `width` wide, its content pipeline and dots.
    static func engine(for list: PhotoList, width: Double, decodeBox: PixelSize) throws
        -> (Pager, ContentPipeline<Photo>, PageIndicator) {
        var pager = try Pager(track: Track(pages: .finite(list.count), pageExtent: width, spacing: gap, viewportExtent: width),
                              page: list.firstIndex)
        var physics = Physics()
        physics.flickVelocity = 400  // pixels a second
        try pager.setPhysics(physics)
        // About 12 window-sized photos: 45 MB at 1280 × 720.
        let content = try ContentPipeline<Photo>(maximumCount: 12, maximumCost: 12 * max(1, decodeBox.bytes()), prefetchAhead: 2, prefetchBehind: 1)
        let indicator = try PageIndicator(pageCount: list.count, currentPage: list.firstIndex,
                                          style: IndicatorStyle(maximumVisibleDots: 15, dotDiameter: 8, spacing: 8))
        return (pager, content, indicator)
    }

    /// Takes the folder's list once it is ready, nothing moves, and the
    /// opened photo is decoded (or failed): the same photo stays on screen,
    /// now among its neighbours, and its decoded picture is handed over.
    func adoptFolderList() {
        if let ready = lister?.take() { pendingList = ready }
        guard let full = pendingList, pager.activity == .idle, press == nil else { return }
        if case .placeholder = content.display(ofPage: currentPage) { return }
        pendingList = nil
        trace?("\(full.count) photos, first \(full.firstIndex + 1)")
        guard full.count > 1, let engine = try? Self.engine(for: full, width: Double(screen.size.width), decodeBox: decodeBox) else { return }
        if case .content(let photo) = content.display(ofPage: currentPage) { handoff[list.names[currentPage]] = photo }
        let zoomed = zoomPage == currentPage ? zoom : nil
        detail = nil
        if detailInFlight != nil { detailInFlight?.page = -1; detailWanted = true }  // its page number is the old list's
        list = full
        (pager, content, indicator) = engine
        slots = Array(repeating: SlotView(), count: pager.slotCount)
        zoom = zoomed
        zoomPage = zoomed == nil ? nil : full.firstIndex
        apply(pager.layout())
        handoff.removeAll()
    }

    /// Whether something moves (or, for a book, background pagination is left): the loop runs at the frame rate.
    public var isAnimating: Bool { pager.activity != .idle }

    /// Asks the loop to leave after this frame.
    public func quit() { wantsQuit = true }

    /// The page on screen now.
    public var currentPage: Int { pager.currentPage ?? 0 }

    // MARK: Engine output

    /// Carries out a pager update: slots, events, the indicator, then content.
    func apply(_ effects: Effects) {
        guard !effects.isEmpty else { return }
        var changedTo: Int?
        for effect in effects {
            switch effect {
            case .configure(let slot, let spread):
                slots[slot].spread = spread
                slots[slot].display = .placeholder
            case .place(let slot, let offset):
                slots[slot].offset = offset
            case .park(let slot):
                slots[slot].spread = nil
            case .event(.currentPageChanged(_, let to)):
                changedTo = to
            case .event(.settled(let page)):
                if zoomPage != page { zoom = nil; zoomPage = nil }
                trace?("settled \(page + 1)")
            case .event:
                break
            }
        }
        indicator.update(from: pager)
        run(content.apply(effects, of: pager))
        if let page = changedTo {
            // Whether the photo coming on screen was already decoded: the prefetch hit rate.
            let ready = if case .content = content.display(ofPage: page) { "ready" } else { "waiting" }
            trace?("page \(page + 1) / \(list.count) \(ready)")
        }
        needsDraw = true
    }

    /// Carries out the content pipeline's effects: displays, decodes, cancellations.
    func run(_ effects: [ContentEffect<Photo>]) {
        for effect in effects {
            switch effect {
            case .show(let update):
                if slots[update.slot].spread?.contains(page: update.page) == true {
                    slots[update.slot].display = update.display
                    needsDraw = true
                }
            case .load(let ticket):
                if let photo = handoff.removeValue(forKey: list.names[ticket.page]) {
                    run(content.loaded(photo, cost: photo.texture.bytes, for: ticket))
                } else {
                    decoder.submit(ticket, path: list.names[ticket.page], box: decodeBox)
                }
            case .cancel(let ticket):
                decoder.cancel(ticket)
            }
        }
    }

    /// Asks for a sharper picture of the zoomed photo when the window-sized
    /// copy is coarser than the zoom shows, and the one held does not cover
    /// the window at that sharpness; one request at a time.
    func refreshDetail() {
        guard let zoom, zoom.isZoomed, let page = zoomPage, case .content(let photo) = content.display(ofPage: page) else {
            detail = nil
            return
        }
        let held = Double(photo.texture.size.width) / Double(max(1, photo.fullSize.width))
        let needed = min(1, zoom.scale)
        guard needed > held * 1.05 else {
            detail = nil
            return
        }
        if let detail, detail.page == page, detail.region.contains(zoom.visibleRegion), detail.scale >= needed * 0.99 { return }
        guard detailInFlight == nil else {
            detailWanted = true
            return
        }
        detailSerial += 1
        detailInFlight = (detailSerial, page, needed)
        decoder.submitDetail(serial: detailSerial, path: list.names[page], region: zoom.detailRegion, shownSize: photo.fullSize, scale: needed)
    }

    /// Takes finished detail decodes: the latest one for the page still zoomed is kept.
    func takeDetails() {
        for (serial, region, result) in decoder.takeDetails() {
            guard let asked = detailInFlight, asked.serial == serial else { continue }
            detailInFlight = nil
            switch result {
            case .success(let decoded):
                if zoomPage == asked.page, zoom?.isZoomed == true,
                   let texture = Texture(renderer: screen.renderer, rgba: decoded.rgba, size: decoded.size) {
                    detail = Detail(page: asked.page, region: region, scale: asked.scale, texture: texture)
                    needsDraw = true
                    trace?("detail \(asked.page + 1) \(region) to \(decoded.size)")
                }
            case .failure(let error):
                trace?("detail \(asked.page + 1) failed: \(error)")
            }
            if detailWanted {
                detailWanted = false
                refreshDetail()
            }
        }
    }

    /// Takes finished decodes: a texture for each photo, or its error page.
    func takeDecodes() {
        for (ticket, result) in decoder.takeFinished() {
            switch result {
            case .success(let decoded):
                if let texture = Texture(renderer: screen.renderer, rgba: decoded.rgba, size: decoded.size) {
                    run(content.loaded(Photo(texture: texture, fullSize: decoded.fullSize), cost: texture.bytes, for: ticket))
                    trace?("decoded \(ticket.page + 1) \(decoded.fullSize) to \(decoded.size) (\(name(of: ticket.page)))")
                } else {
                    run(content.failed("cannot make a texture: \(Screen.lastError)", for: ticket))
                }
            case .failure(let error):
                run(content.failed(error.description, for: ticket))
                trace?("failed \(ticket.page + 1): \(error)")
            }
        }
    }

    // MARK: Input

    /// Turns one SDL event at `now` seconds into engine or session input.
    public func handle(_ event: SDL_Event, at now: Double) {
        if let lister, event.type == lister.eventType {
            adoptFolderList()
            return
        }
        switch event.type {
        case decoder.eventType:
            takeDecodes()
            takeDetails()
            adoptFolderList()
        case SDL_QUIT.rawValue:
            wantsQuit = true
        case SDL_KEYDOWN.rawValue:
            key(event.key.keysym, at: now)
        case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            pressed(x: Double(event.button.x), y: Double(event.button.y), clicks: Int(event.button.clicks), at: now)
        case SDL_MOUSEMOTION.rawValue where press != nil:
            moved(x: Double(event.motion.x), y: Double(event.motion.y), at: now)
        case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            released(x: Double(event.button.x), y: Double(event.button.y), at: now)
        case SDL_MOUSEWHEEL.rawValue:
            wheel(event.wheel, at: now)
        case SDL_WINDOWEVENT.rawValue:
            if event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) { resized() }
            needsDraw = true
        default:
            break
        }
    }

    func key(_ keysym: SDL_Keysym, at now: Double) {
        let ctrl = keysym.mod & UInt16(KMOD_CTRL.rawValue) != 0
        let centre = (x: Double(screen.size.width) / 2, y: Double(screen.size.height) / 2)
        switch UInt32(bitPattern: keysym.sym) {
        case SDLK_q.rawValue, SDLK_ESCAPE.rawValue: wantsQuit = true
        case SDLK_RIGHT.rawValue, SDLK_DOWN.rawValue, SDLK_PAGEDOWN.rawValue, SDLK_SPACE.rawValue: turn(by: 1, at: now)
        case SDLK_LEFT.rawValue, SDLK_UP.rawValue, SDLK_PAGEUP.rawValue, SDLK_BACKSPACE.rawValue: turn(by: -1, at: now)
        case SDLK_HOME.rawValue: apply(pager.moveToFirst(animated: transition != .none, at: now))
        case SDLK_END.rawValue: apply(pager.moveToLast(animated: transition != .none, at: now))
        case SDLK_PLUS.rawValue, SDLK_EQUALS.rawValue, SDLK_KP_PLUS.rawValue: zoom(by: 1.25, toward: centre)
        case SDLK_MINUS.rawValue, SDLK_KP_MINUS.rawValue: zoom(by: 0.8, toward: centre)
        case SDLK_0.rawValue where !ctrl: zoom = nil; needsDraw = true
        case SDLK_t.rawValue:
            transition = transition.next
            trace?("transition \(transition)")
        case SDLK_f.rawValue, SDLK_F11.rawValue: toggleFullScreen()
        default: break
        }
    }

    func turn(by count: Int, at now: Double) {
        apply(pager.step(by: count, animated: transition != .none, at: now))
    }

    func toggleFullScreen() {
        let full = SDL_GetWindowFlags(screen.window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
        SDL_SetWindowFullscreen(screen.window, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
    }

    /// Whether (x, y) is on the dots' bar.
    func onBar(y: Double) -> Bool { y >= Double(screen.size.height) - Self.barHeight }

    func pressed(x: Double, y: Double, clicks: Int, at now: Double) {
        if onBar(y: y), !indicator.isHidden {
            if let action = indicator.action(forTapAt: x - dotsLeft) { apply(pager.perform(action, animated: true, at: now)) }
            return
        }
        if clicks == 2 {
            toggleZoom(toward: (x, y))
            return
        }
        press = Press(x: x, y: y, time: now, lastX: x, lastY: y)
        if zoom?.isZoomed != true { apply(pager.dragBegan(at: now)) }
    }

    func moved(x: Double, y: Double, at now: Double) {
        guard var p = press else { return }
        let dx = x - p.lastX, dy = y - p.lastY
        p.lastX = x; p.lastY = y
        if abs(x - p.x) > 4 || abs(y - p.y) > 4 { p.moved = true }
        press = p
        if var z = zoom, z.isZoomed, !pager.isDragging {
            let rest = z.pan(dx: dx, dy: dy)
            zoom = z
            needsDraw = true
            refreshDetail()
            // Past the zoomed photo's edge the pager takes over, as PhotoScroller does.
            if abs(rest) > 0.5 {
                apply(pager.dragBegan(at: now))
                apply(pager.dragMoved(by: rest, at: now))
            }
            return
        }
        apply(pager.dragMoved(by: dx, at: now))
    }

    func released(x: Double, y: Double, at now: Double) {
        guard let p = press else { return }
        press = nil
        defer { if pendingList != nil { adoptFolderList() } }
        if pager.isDragging { apply(pager.dragEnded(velocity: nil, at: now)) }
        // A click (no movement): the outer thirds turn.
        if !p.moved, now - p.time < 0.5, zoom?.isZoomed != true {
            let w = Double(screen.size.width)
            if x < w / 3 { turn(by: -1, at: now) } else if x > 2 * w / 3 { turn(by: 1, at: now) }
        }
    }

    func wheel(_ wheel: SDL_MouseWheelEvent, at now: Double) {
        let ctrl = SDL_GetModState().rawValue & KMOD_CTRL.rawValue != 0
        var mx: Int32 = 0, my: Int32 = 0
        SDL_GetMouseState(&mx, &my)
        let notch = wheel.y != 0 ? Int(wheel.y) : -Int(wheel.x)
        guard notch != 0 else { return }
        if ctrl {
            zoom(by: notch > 0 ? 1.25 : 0.8, toward: (Double(mx), Double(my)))
        } else if self.wheel.event(at: now) {
            turn(by: notch > 0 ? -1 : 1, at: now)
        }
    }

    /// The current photo's zoom, made when first needed (the photo must be decoded).
    func currentZoom() -> PhotoZoom? {
        if let zoom, zoomPage == currentPage { return zoom }
        guard case .content(let photo) = content.display(ofPage: currentPage) else { return nil }
        zoomPage = currentPage
        return PhotoZoom(image: photo.fullSize, viewport: screen.size)
    }

    func zoom(by factor: Double, toward point: (x: Double, y: Double)) {
        guard pager.activity == .idle, var z = currentZoom() else { return }
        z.zoom(by: factor, toward: point)
        zoom = z
        needsDraw = true
        trace?("\(z)")
        refreshDetail()
    }

    func toggleZoom(toward point: (x: Double, y: Double)) {
        guard pager.activity == .idle, var z = currentZoom() else { return }
        z.toggleFit(toward: point)
        zoom = z
        needsDraw = true
        trace?("\(z)")
        refreshDetail()
    }

    func resized() {
        guard screen.refreshSize() else { return }
        let width = Double(screen.size.width)
        if let effects = try? pager.resize(viewportExtent: width, pageExtent: width) { apply(effects) }
        zoom = nil
        curlPages.removeAll()
        // Photos decoded for a smaller window are decoded again at the new size.
        if screen.size.width > decodeBox.width || screen.size.height > decodeBox.height {
            decodeBox = screen.size
            run(content.reloadAll())
        }
        needsDraw = true
    }

    /// Advances the motion (and a book's background work) to `now` seconds.
    public func tick(at now: Double) {
        apply(pager.advance(to: now))
        if pendingList != nil { adoptFolderList() }
    }

    // MARK: Drawing

    /// The left edge of the dots, centred with the `n / count` text after them.
    var dotsLeft: Double {
        ((Double(screen.size.width) - indicator.extent - 16 - statusWidth) / 2).rounded()
    }

    var statusText: String { indicator.text }

    var statusWidth: Double {
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(screen.uiFont.handle, statusText, &w, &h)
        return Double(w)
    }

    /// Draws a frame from the engine's state (not presented).
    public func draw() {
        screen.clear(16, 16, 16)
        let w = Double(screen.size.width), h = Double(screen.size.height)
        if drawCurl() {
            drawBar()
            return
        }
        for slot in slots {
            guard let spread = slot.spread else { continue }
            let x = slot.offset
            guard x < w, x + w > 0 else { continue }
            drawPage(spread.firstPage, display: slot.display, x: x, width: w, height: h)
        }
        drawBar()
    }

    /// The photo the position is on, curling over the next one; false when
    /// nothing is mid-turn or the transition is not the curl.
    func drawCurl() -> Bool {
        let position = pager.position
        guard transition == .curl, position.fraction > 0, position.index >= 0,
              position.index + 1 < pager.track.spreadCount else {
            curlPages.removeAll()
            return false
        }
        let leaf = pager.track.spread(at: position.index).firstPage
        let beneath = pager.track.spread(at: position.index + 1).firstPage
        let w = Double(screen.size.width), h = Double(screen.size.height)
        drawPage(beneath, display: content.display(ofPage: beneath), x: 0, width: w, height: h)
        guard let front = curlTexture(leaf) else { return false }
        let mesh = PageCurl(width: w, height: h, radius: max(24, w * 0.08)).mesh(progress: position.fraction)
        var renderer = CurlRenderer(renderer: screen.renderer)
        renderer.paper = (58, 58, 62)
        renderer.draw(mesh, x: 0, y: 0, mirrored: false, front: front, back: nil, shadowHeight: h)
        return true
    }

    /// Photo `page` as a window-sized picture to bend (kept while it curls, once decoded).
    func curlTexture(_ page: Int) -> Texture? {
        if let kept = curlPages[page] { return kept }
        let size = screen.size
        guard let handle = SDL_CreateTexture(screen.renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                             Int32(size.width), Int32(size.height)) else { return nil }
        let texture = Texture(handle: handle, size: size)
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
        SDL_SetRenderTarget(screen.renderer, handle)
        screen.clear(16, 16, 16)
        let display = content.display(ofPage: page)
        drawPage(page, display: display, x: 0, width: Double(size.width), height: Double(size.height))
        SDL_SetRenderTarget(screen.renderer, nil)
        if case .content = display {
            if curlPages.count >= 2 { curlPages.removeAll() }
            curlPages[page] = texture
        }
        return texture
    }

    func drawPage(_ page: Int, display: PageDisplay<Photo>, x: Double, width w: Double, height h: Double) {
        switch display {
        case .content(let photo):
            let frame: (x: Double, y: Double, width: Double, height: Double)
            if let zoom, zoomPage == page {
                frame = zoom.frame
            } else {
                let fit = photo.fullSize.downsampled(toFit: screen.size)
                frame = ((w - Double(fit.width)) / 2, (h - Double(fit.height)) / 2, Double(fit.width), Double(fit.height))
            }
            screen.copy(photo.texture, x: x + frame.x, y: frame.y, width: frame.width, height: frame.height)
            if let detail, detail.page == page, zoomPage == page, zoom != nil {
                let scale = frame.width / Double(photo.fullSize.width)
                screen.copy(detail.texture, x: x + frame.x + Double(detail.region.x) * scale, y: frame.y + Double(detail.region.y) * scale,
                            width: Double(detail.region.width) * scale, height: Double(detail.region.height) * scale)
            }
            if page == currentPage, let first = onFirstPhoto {
                onFirstPhoto = nil
                first()
            }
        case .placeholder:
            screen.color(40, 40, 44)
            screen.fill(x: x + w * 0.1, y: h * 0.1, width: w * 0.8, height: h * 0.8)
            screen.text("Loading " + name(of: page) + "…", x: x + w * 0.1 + 16, y: h * 0.1 + 20, color: (150, 150, 150))
        case .failed(let reason):
            screen.text("Cannot show " + name(of: page), x: x + 40, y: h / 2 - 14, color: (240, 120, 100))
            screen.text(reason, x: x + 40, y: h / 2 + 14, color: (200, 200, 200))
        }
    }

    func name(of page: Int) -> String {
        let path = list.names[page]
        return path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The dots and `n / count` on a translucent bar at the bottom.
    func drawBar() {
        let w = Double(screen.size.width), h = Double(screen.size.height)
        screen.color(0, 0, 0, 150)
        screen.fill(x: 0, y: h - Self.barHeight, width: w, height: Self.barHeight)
        let y = h - Self.barHeight / 2
        let left = dotsLeft
        for dot in indicator.dots {
            let level = UInt8(100 + 155 * dot.activity)
            screen.color(level, level, level)
            screen.disc(x: left + dot.centre, y: y, diameter: dot.diameter)
        }
        screen.text(statusText, x: left + indicator.extent + 16, y: y)
    }
}
