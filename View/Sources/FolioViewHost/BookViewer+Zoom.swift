import CSDL2
import Folio
import FolioReading
import FolioViewCore

/// Zoom and pan on a book's picture pages (a comic's, a PDF's), as for photos: pixels, so a host
/// matter; the session goes on paging under it.
///
/// - Ctrl-= / Ctrl-+ and Ctrl-wheel zoom in toward the pointer, Ctrl-- out; Ctrl-0 fits the page
///   again; Ctrl-1 shows it at 100 %; Ctrl-2 fits its width, the top first. A double-click toggles
///   fit and 100 % under the pointer.
/// - While zoomed, a drag pans, the wheel and ↑ ↓ move up and down, Space and Page Down move down a
///   screen and turn the page at its bottom. Fit width goes on with the next page, from its top;
///   any other zoom ends when the page turns.
/// - The picture is drawn for the zoomed size (a PDF's page rendered again, sharp), up to 4096 pixels a side.
extension BookViewer {
    /// How a zoomed page is shown.
    enum ZoomMode {
        /// Its width fills the window; it pans down (kept when the page turns).
        case width
        /// A scale the reader chose.
        case free
    }

    /// The most pixels a side of a zoomed picture is drawn with; past that it is stretched.
    static let largestZoomSide = 4096

    /// The page zoomed (else the first shown) and its picture; nil on a page of text.
    var zoomablePage: (page: Int, picture: PageImage)? {
        let page = zoomPage.flatMap { session.currentPages.contains($0) ? $0 : nil } ?? session.currentPage
        guard let picture = session.images(onPage: page).first(where: { $0.image.isStandalone }) else { return nil }
        return (page, picture)
    }

    /// The page area, where a zoomed page is drawn.
    var zoomViewport: PixelSize { PixelSize(width: screen.size.width, height: pageHeight) }

    /// A zoom of the page zoomed or shown, at fit; nil on a page of text.
    func makeZoom() -> PhotoZoom? {
        guard let (page, picture) = zoomablePage else { return nil }
        zoomPage = page
        let upright = PixelSize(width: picture.size.width, height: picture.size.height)
        return PhotoZoom(image: turns(of: picture.image.path).shownSize(of: upright), viewport: zoomViewport)
    }

    /// Changes the zoom with `change` (made first at fit when there is none); a zoom back at fit ends.
    func changeZoom(mode: ZoomMode = .free, _ change: (inout PhotoZoom) -> Void) {
        guard var z = zoom ?? makeZoom() else { return }
        stopSlideshow()  // the reader looks closer: the photos stay
        change(&z)
        zoom = z.isZoomed || mode == .width ? z : nil
        zoomMode = zoom == nil ? nil : mode
        if zoom == nil { zoomPage = nil; images?.dropDetail() }
        trace?("\(z)")
        pages.removeAll()
        needsDraw = true
    }

    /// The width filling the window, the top first (the bottom with `fromBottom`).
    func fitWidth(fromBottom: Bool = false) {
        changeZoom(mode: .width) { z in
            z.zoom(to: Double(z.viewport.width) / Double(max(1, z.image.width)), toward: (Double(z.viewport.width) / 2, 0))
            z.pan(dx: 0, dy: Double(z.image.height) * z.scale * (fromBottom ? -1 : 1))
        }
    }

    /// On from the zoomed page, `step` (±1) pages: the other page of the spread shown, or a turn.
    /// Fit width goes on there from the top going forward, from the bottom going back.
    func stepZoomedPage(_ step: Int, at now: Double) {
        guard let page = zoomPage else { return }
        if session.currentPages.contains(page + step) {
            let mode = zoomMode
            zoom = nil
            zoomPage = page + step
            if mode == .width { fitWidth(fromBottom: step < 0) } else { endZoom() }
            return
        }
        zoomBackward = step < 0
        apply(reading.handle(.turn(step), at: now))
    }

    /// Ctrl with = + - 0 1 2: true when the key was a zoom key.
    func zoomKey(_ keysym: SDL_Keysym) -> Bool {
        guard keysym.mod & UInt16(KMOD_CTRL.rawValue) != 0 else { return false }
        let centre = (Double(zoomViewport.width) / 2, Double(zoomViewport.height) / 2)
        switch UInt32(bitPattern: keysym.sym) {
        case SDLK_EQUALS.rawValue, SDLK_PLUS.rawValue, SDLK_KP_PLUS.rawValue: changeZoom { $0.zoom(by: 1.25, toward: centre) }
        case SDLK_MINUS.rawValue, SDLK_KP_MINUS.rawValue: changeZoom { $0.zoom(by: 0.8, toward: centre) }
        case SDLK_0.rawValue, SDLK_KP_0.rawValue: endZoom()
        case SDLK_1.rawValue, SDLK_KP_1.rawValue: changeZoom { $0.zoom(to: 1, toward: centre) }
        case SDLK_2.rawValue, SDLK_KP_2.rawValue: fitWidth()
        default: return false
        }
        return true
    }

    /// Back to the pages as the session lays them out.
    func endZoom() {
        guard zoom != nil else { return }
        zoom = nil
        zoomMode = nil
        zoomPage = nil
        images?.dropDetail()
        pages.removeAll()
        needsDraw = true
    }

    /// Moves the zoomed page by (`dx`, `dy`); returns whether it moved.
    @discardableResult
    func panZoom(dx: Double, dy: Double) -> Bool {
        guard var z = zoom else { return false }
        let before = z.frame
        z.pan(dx: dx, dy: dy)
        zoom = z
        needsDraw = true
        return z.frame.x != before.x || z.frame.y != before.y
    }

    /// A key while zoomed: ↑ ↓ pan, Space and Page Down a screen down (the next page at the bottom),
    /// Page Up a screen up; true when the zoom took it.
    func zoomedKey(_ keysym: SDL_Keysym, at now: Double) -> Bool {
        guard zoom != nil else { return false }
        let screenful = Double(zoomViewport.height) * 0.9
        switch UInt32(bitPattern: keysym.sym) {
        case SDLK_UP.rawValue: panZoom(dx: 0, dy: 60)
        case SDLK_DOWN.rawValue: panZoom(dx: 0, dy: -60)
        case SDLK_PAGEUP.rawValue: if !panZoom(dx: 0, dy: screenful) { stepZoomedPage(-1, at: now) }
        case SDLK_PAGEDOWN.rawValue: if !panZoom(dx: 0, dy: -screenful) { stepZoomedPage(1, at: now) }
        default: return false
        }
        return true
    }

    /// Space while zoomed: a screen down, or the next page at the bottom.
    func zoomedSpace(at now: Double) -> Bool {
        guard zoom != nil else { return false }
        if !panZoom(dx: 0, dy: -Double(zoomViewport.height) * 0.9) { stepZoomedPage(1, at: now) }
        return true
    }

    /// Follows the page: fit width goes on from the top of the page now shown; any other zoom ends.
    func followZoomPage() {
        guard zoom != nil, !session.isAnimating, let page = zoomPage, !session.currentPages.contains(page) else { return }
        if zoomMode == .width {
            // The first page of the spread turned to, or its last going back, from its top or bottom.
            zoom = nil
            zoomPage = zoomBackward ? session.currentPages.upperBound : session.currentPages.lowerBound
            if zoomablePage != nil { fitWidth(fromBottom: zoomBackward) }
        } else {
            endZoom()
        }
        zoomBackward = false
    }

    /// Draws the zoomed page over the page area; false when nothing is zoomed.
    func drawZoom() -> Bool {
        followZoomPage()
        guard let zoom, let images, let (_, picture) = zoomablePage else { return false }
        let frame = zoom.frame
        let top = Double(pageTop)
        var clip = SDL_Rect(x: 0, y: Int32(pageTop), w: Int32(zoomViewport.width), h: Int32(zoomViewport.height))
        SDL_RenderSetClipRect(screen.renderer, &clip)
        defer { SDL_RenderSetClipRect(screen.renderer, nil) }
        screen.color(look.paper.0, look.paper.1, look.paper.2)
        screen.fill(x: 0, y: top, width: Double(zoomViewport.width), height: Double(zoomViewport.height))
        let path = picture.image.path
        if session.document.book?.source.file(path) != nil {
            // A photo: its page's copy stretched, and over it the part the window shows decoded sharper.
            guard let page = zoomPage, let fitted = pictures(onPage: page, size: pageSize(of: page)).first(where: { $0.placed.image.path == path })?.fitted,
                  case .ready(let texture) = images.texture(path, size: fitted, frame: animationFrame(of: path)) else { return true }
            let turned = turns(of: path)
            screen.copy(texture, x: frame.x, y: top + frame.y, width: frame.width, height: frame.height, turned: turned)
            // (A turned photo is not decoded again in parts: its window-sized copy is enlarged.)
            if turned == .none, let detail = images.detail(for: path, zoom: zoom, held: texture.size) {
                let scale = frame.width / Double(max(1, zoom.image.width))
                screen.copy(detail.texture, x: frame.x + Double(detail.region.x) * scale, y: top + frame.y + Double(detail.region.y) * scale,
                            width: Double(detail.region.width) * scale, height: Double(detail.region.height) * scale)
            }
            return true
        }
        // Drawn for the zoomed size (at most the largest side), then stretched to it.
        let shrink = min(1, Double(Self.largestZoomSide) / max(frame.width, frame.height))
        let size = PixelSize(width: max(1, Int((frame.width * shrink).rounded())), height: max(1, Int((frame.height * shrink).rounded())))
        if case .ready(let texture) = images.texture(path, size: size) {
            screen.copy(texture, x: frame.x, y: top + frame.y, width: frame.width, height: frame.height)
        }
        return true
    }
}
