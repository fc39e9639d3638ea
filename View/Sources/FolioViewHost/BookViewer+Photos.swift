import CSDL2
import FolioReading
import FolioViewCore

/// Photos' own features, where an image viewer (Eye of GNOME, Loupe) has them:
///
/// - `i` shows the photo's facts over it (``FolioReading/PhotoFacts``: file name, size, pixels,
///   the date taken or changed); `i` again or Esc hides them.
/// - Ctrl+R turns the photo a quarter clockwise, Ctrl+Shift+R anticlockwise (``turns``, for this
///   session; the file is not written). It is shown turned and fitted, and zooms turned.
/// - `s` starts and stops a slideshow (``FolioViewCore/Slideshow``): a photo every few seconds on
///   the loop's clock, from the last back to the first; a turn key, a click, the wheel or Esc stops it.
/// - An animated GIF plays on screen, each frame for its delay (``FolioViewCore/AnimationPlayback``),
///   on the loop's clock as the slideshow is; the photos beside it show their first frames.
/// - The bar says the zoom (`150 %`) while a photo is zoomed, and `Slideshow` while one runs.
extension BookViewer {
    /// The file of the photo shown (a page that says it cannot be shown too); nil when these are not photos.
    var shownPhotoPath: String? {
        guard look.statusOverPages, let album = session.document.book?.source as? PhotoAlbum else { return nil }
        let page = session.currentPage
        return page < album.list.count ? album.list.names[page] : nil
    }

    /// How far the picture at `path` is turned (never, for a book's pictures).
    func turns(of path: String) -> QuarterTurns {
        look.statusOverPages ? turns[path] ?? .none : .none
    }

    // MARK: Keys

    /// `i` and `s`, photos' letters: true when `character` was one of them.
    func photoLetter(_ character: Character, at now: Double) -> Bool {
        switch character {
        case "i":
            showsInfo.toggle()
            needsDraw = true
        case "s":
            slideshow.toggle(at: now)
            trace?("\(slideshow)")
            needsDraw = true
        default:
            return false
        }
        return true
    }

    /// Ctrl+R and Ctrl+Shift+R turn the photo shown, as in Eye of GNOME: true when the key was one of them.
    func photoControlKey(_ keysym: SDL_Keysym) -> Bool {
        guard look.statusOverPages, keysym.mod & UInt16(KMOD_CTRL.rawValue) != 0, UInt32(bitPattern: keysym.sym) == SDLK_r.rawValue else { return false }
        turnPhoto(clockwise: keysym.mod & UInt16(KMOD_SHIFT.rawValue) == 0)
        return true
    }

    /// Esc over photos: hides the facts, else stops the slideshow; true when it did either.
    func photoEscape() -> Bool {
        if showsInfo {
            showsInfo = false
        } else if slideshow.isRunning {
            stopSlideshow()
        } else {
            return false
        }
        needsDraw = true
        return true
    }

    // MARK: Turning

    /// Turns the photo shown a quarter clockwise or anticlockwise; a zoom ends (it was of the photo as it was).
    func turnPhoto(clockwise: Bool) {
        guard let path = shownPhotoPath, !session.images(onPage: session.currentPage).isEmpty else { return }
        let turned = turns(of: path).turned(clockwise: clockwise)
        turns[path] = turned
        endZoom()
        trace?("turned \(PhotoAlbum.name(of: path)) \(turned)")
        pages.removeAll()
        needsDraw = true
    }

    // MARK: Slideshow

    /// Stops the slideshow, if it runs.
    func stopSlideshow() {
        guard slideshow.isRunning else { return }
        slideshow.stop()
        trace?("\(slideshow)")
        needsDraw = true
    }

    /// The slideshow's next photo, at `now`: the next one, or the first after the last; skipped
    /// while a hand is on the photos (a press, a drag).
    func slideshowStep(at now: Double) {
        guard !pressing, zoomDrag == nil, let album = session.document.book?.source as? PhotoAlbum, album.list.count > 1 else { return }
        let last = session.currentPage >= album.list.count - 1
        apply(reading.handle(last ? .first : .turn(1), at: now))
    }

    // MARK: Animation

    /// Starts the animation of the photo on screen once its frames are decoded, at `now`, and
    /// stops the one that was playing when another photo (or none) is shown.
    func followAnimation(at now: Double) {
        guard let path = shownPhotoPath, let delays = images?.delays(of: path) else {
            if animation != nil { animation = nil; needsDraw = true }
            return
        }
        guard animation?.path != path else { return }
        animation = (path, AnimationPlayback(delays: delays, at: now))
        trace?("animating \(PhotoAlbum.name(of: path)), \(delays.count) frames")
        needsDraw = true
    }

    /// The frame of the picture at `path` to draw: the animation's, when it plays on screen; else the first.
    func animationFrame(of path: String) -> Int {
        animation.map { $0.path == path ? $0.playback.frame : 0 } ?? 0
    }

    // MARK: Drawing

    /// What the bar says at its right: the zoom (`150 %`) while a picture is zoomed, `Slideshow` while one runs.
    var barState: String {
        [zoom.map { "\(Int(($0.scale * 100).rounded())) %" }, slideshow.isRunning ? "Slideshow" : nil]
            .compactMap { $0 }.joined(separator: "   ")
    }

    /// The photo's facts in a dark panel at the window's top left, when `i` asked for them.
    func drawInfo() {
        guard showsInfo, let path = shownPhotoPath else { return }
        let known = facts[path] ?? PhotoFacts(path: path)
        if facts.count > 256 { facts.removeAll() }
        facts[path] = known
        var lines = known.lines
        let turned = turns(of: path)
        if turned != .none { lines.append("Shown turned \(turned)") }
        let font = screen.uiFont, step = 24.0, pad = 12.0
        let width = Double(lines.map { font.width(of: $0) }.max() ?? 0) + 2 * pad
        let height = step * Double(lines.count) + 2 * pad - (step - Double(font.lineSkip))
        screen.color(0, 0, 0, 180)
        screen.fill(x: 16, y: 16, width: width, height: height)
        for (index, line) in lines.enumerated() {
            screen.text(line, x: 16 + pad, y: 16 + pad + Double(font.lineSkip) / 2 + step * Double(index),
                        color: index == 0 ? (255, 255, 255) : (200, 200, 200))
        }
    }
}
