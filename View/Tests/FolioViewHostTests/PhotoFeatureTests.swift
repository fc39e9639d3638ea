import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import FolioViewTestSupport
import Testing

/// What an image viewer's user expects of the photos, checked on the pixels
/// the window shows: a double-click zooms wherever it lands and never turns,
/// `i` shows the photo's facts, Ctrl+R turns it, the bar says the zoom and the
/// slideshow, and the slideshow moves on with the scene's clock.
///
/// The photos are ``SceneGoldenTests/photos``: photo 1 (900 × 600) is red with
/// a white frame and dark bars in its right half's middle rows, photo 2 green.
@MainActor
@Suite(.serialized) struct PhotoFeatureTests {
    let scenes = SceneGoldenTests()
    static let size = SceneGoldenTests.photoSize

    /// The pixel at (`x`, `y`) of an RGB frame of the rig's size.
    func pixel(_ rgb: [UInt8], _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * Self.size.width + x) * 3
        return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
    }

    func isRed(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.r > 110 && p.g < 90 && p.b < 90 }
    func isGreen(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.g > 90 && p.r < 80 }
    func isWhite(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.r > 225 && p.g > 225 && p.b > 225 }
    func isDark(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.r < 40 && p.g < 40 && p.b < 40 }

    /// The columns of the rectangle at (`x`, `y`) of `width` × `height` in which some pixel is bright (text on the bar).
    func brightColumns(_ rgb: [UInt8], x: Int, y: Int, width: Int, height: Int) -> ClosedRange<Int>? {
        var columns: [Int] = []
        for column in x..<(x + width) where (y..<(y + height)).contains(where: { row in
            let p = pixel(rgb, column, row)
            return p.r > 150 && p.g > 150 && p.b > 150
        }) { columns.append(column) }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    /// The text at the bar's right: the columns its bright pixels span, right of `n / count`.
    func barRight(_ rgb: [UInt8]) -> ClosedRange<Int>? {
        brightColumns(rgb, x: Self.size.width / 2 + 90, y: Self.size.height - 30, width: Self.size.width / 2 - 90, height: 24)
    }

    /// Whether the bar's right shows `text` (its bright pixels those of `text` drawn there in the
    /// interface font, right-aligned 16 pixels from the window's edge, on black), in frame `rgb`.
    func barSays(_ text: String, _ rgb: [UInt8], _ rig: Rig) -> Bool {
        let screen = rig.screen
        screen.clear(0, 0, 0)
        screen.text(text, x: Double(Self.size.width - 16 - screen.uiFont.width(of: text)), y: Double(Self.size.height) - 18)
        let expected = screen.readPixels()
        var differing = 0, bright = 0
        for y in (Self.size.height - 30)..<(Self.size.height - 6) {
            for x in (Self.size.width / 2 + 90)..<Self.size.width {
                let a = pixel(rgb, x, y), b = pixel(expected, x, y)
                let shown = a.r > 150 && a.g > 150 && a.b > 150, drawn = b.r > 150 && b.g > 150 && b.b > 150
                if drawn { bright += 1 }
                if shown != drawn { differing += 1 }
            }
        }
        // (Edges of letters blended over the bar rather than black may fall either side of the threshold.)
        return bright > 20 && differing * 5 <= bright
    }

    // MARK: Double-click

    /// A double-click in the right third zooms to 100 % there and the page
    /// stays: the first click is held for the double-click interval and
    /// dropped by the second. A single click there turns once the interval passes.
    @Test func aDoubleClickInTheOuterThirdZoomsAndDoesNotTurn() throws {
        let rig = Rig(size: Self.size)
        let viewer = try scenes.openPhotos(rig)
        let fit = rig.look(viewer)
        #expect(isWhite(pixel(fit, 2, 40)), "at fit, photo 1's white frame is at the window's left edge")

        rig.press(x: 440, y: 100, viewer)
        rig.release(x: 440, y: 100, viewer)
        rig.frames(6, viewer)
        rig.press(x: 440, y: 100, clicks: 2, viewer)
        rig.release(x: 440, y: 100, viewer)
        rig.seconds(1, viewer)
        rig.settle(viewer)
        #expect(viewer.session.currentPage == 0, "a double-click does not turn the page")
        // (Photo 1 fits at 53 %: a double-click magnifies it twice, to 107 %.)
        #expect(viewer.zoom.map { $0.scale > 1 } == true, "a double-click zooms: \(String(describing: viewer.zoom))")
        let zoomed = rig.look(viewer)
        // Magnified toward x = 440, the window's left edge shows photo 1's inside, not its frame, nor photo 2.
        #expect(isRed(pixel(zoomed, 2, 40)), "photo 1 magnified: \(pixel(zoomed, 2, 40))")
        #expect(isRed(pixel(zoomed, 20, 20)), "photo 1 magnified: \(pixel(zoomed, 20, 20))")

        // Back to fit; a single click in the right third is held, then turns.
        rig.type("0", viewer)
        #expect(viewer.zoom == nil)
        rig.press(x: 440, y: 100, viewer)
        rig.release(x: 440, y: 100, viewer)
        rig.frames(12, viewer)
        #expect(viewer.session.currentPage == 0 && !viewer.session.isAnimating, "held for a second click: nothing moves yet")
        #expect(isWhite(pixel(rig.look(viewer), 2, 40)))
        rig.seconds(0.5, viewer)
        rig.settle(viewer)
        #expect(viewer.session.currentPage == 1, "a single click in the right third turns")
        rig.wait(for: "photo 2", viewer) { scenes.decoded(viewer, 1) }
        #expect(isGreen(pixel(rig.look(viewer), 240, 60)), "photo 2 shown: \(pixel(rig.look(viewer), 240, 60))")
    }

    // MARK: Facts

    /// A JPEG of photo 1's pixels whose EXIF says it was taken on 12 May 2011 at 14:03:22.
    static let datedJPEG: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-facts-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("dated.jpg").path
        let source = SceneGoldenTests.photos.appendingPathComponent("photo1.png").path
        let loaded = IMG_Load(source)!
        defer { SDL_FreeSurface(loaded) }
        #expect(IMG_SaveJPG(loaded, path, 90) == 0)
        // TIFF, big-endian: IFD0 with the Exif IFD's offset (26), the Exif IFD with DateTimeOriginal at 44.
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v >> 16) + u16(v & 0xFFFF) }
        var tiff: [UInt8] = [0x4D, 0x4D, 0, 42] + u32(8)
        tiff += u16(1) + u16(0x8769) + u16(4) + u32(1) + u32(26) + u32(0)
        tiff += u16(1) + u16(0x9003) + u16(2) + u32(20) + u32(44) + u32(0)
        tiff += Array("2011:05:12 14:03:22".utf8) + [0]
        let app1: [UInt8] = [0xFF, 0xE1] + u16(2 + 6 + tiff.count) + [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let jpeg = [UInt8](FileManager.default.contents(atPath: path)!)
        _ = FileManager.default.createFile(atPath: path, contents: Data(Array(jpeg.prefix(2)) + app1 + Array(jpeg.dropFirst(2))))
        return path
    }()

    @Test func theFactsAreTheFileTheHeaderAndTheEXIFDate() throws {
        let facts = PhotoFacts(path: Self.datedJPEG)
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: Self.datedJPEG)[.size] as? Int)
        #expect(facts.lines == ["dated.jpg", PhotoFacts.byteCount(bytes), "900 × 600 pixels", "Taken 2011-05-12 14:03"], "\(facts)")
        // A PNG has no EXIF: the file's modification time says when.
        let png = PhotoFacts(path: SceneGoldenTests.photos.appendingPathComponent("photo2.png").path)
        #expect(png.size == ImageSize(width: 500, height: 800) && png.date?.source == .modified, "\(png)")
        #expect(png.date.map { $0.text.count == 16 && $0.text.hasPrefix("20") } == true, "\(png)")
        #expect([PhotoFacts.byteCount(1), PhotoFacts.byteCount(999), PhotoFacts.byteCount(2_449_000), PhotoFacts.byteCount(999_990)]
                == ["1 byte", "999 bytes", "2.4 MB", "1.0 MB"])
    }

    /// `i` draws the photo's facts in a panel at the top left over the photo;
    /// `i` again hides them, and so does Esc, which then does not quit.
    @Test func iShowsThePhotosFactsOverItAndIOrEscHidesThem() throws {
        let rig = Rig(size: Self.size)
        let viewer = try scenes.open(rig, PhotoList(names: [Self.datedJPEG]))
        rig.wait(for: "the photo", viewer) { scenes.decoded(viewer, 0) }
        let plain = rig.look(viewer)
        rig.type("i", viewer)
        let shown = rig.look(viewer)
        // The panel: four lines of light text on a darkened photo, as wide as the longest line.
        let lines = PhotoFacts(path: Self.datedJPEG).lines
        let widest = lines.map { rig.screen.uiFont.width(of: $0) }.max() ?? 0
        let text = try #require(brightColumns(shown, x: 20, y: 20, width: 300, height: 100), "no text in the panel")
        #expect(abs(text.lowerBound - 28) <= 3 && abs(text.count - widest) <= 4, "the facts' text spans \(text), the widest line \(widest)")
        let inside = pixel(shown, 22, 20), under = pixel(plain, 22, 20)
        #expect(inside.r < under.r / 2, "the panel darkens the photo: \(inside) over \(under)")
        try rig.expectFrame(viewer, "photo-facts")
        rig.type("i", viewer)
        let hidden = rig.look(viewer) == plain
        #expect(hidden, "i again hides the facts")
        rig.type("i", viewer)
        rig.key(SDLK_ESCAPE, viewer)
        let closed = rig.look(viewer) == plain
        #expect(closed && !viewer.wantsQuit, "Esc hides the facts and stays")
        rig.key(SDLK_ESCAPE, viewer)
        #expect(viewer.wantsQuit, "with nothing over the photo, Esc leaves")
    }

    // MARK: Turning

    /// Ctrl+R turns photo 1 a quarter clockwise (its left edge on top, its
    /// barred right half below, fitted to the window's height), Ctrl+Shift+R
    /// back and on anticlockwise; each photo keeps its own turn.
    @Test func ctrlRTurnsThePhotoAndItStaysTurned() throws {
        let rig = Rig(size: Self.size)
        let viewer = try scenes.openPhotos(rig)
        let upright = rig.look(viewer)
        func turned(_ modifiers: [SDL_Keymod]) -> [UInt8] {
            rig.key(SDLK_r, with: modifiers, viewer)
            rig.frames(1, viewer)
            rig.wait(for: "the photo decoded turned", viewer) { !viewer.isDecodingPictures }
            return rig.look(viewer)
        }
        // 600 × 900 fitted in 480 × 320: 213 × 320, from x = 133.
        let clockwise = turned([KMOD_CTRL])
        #expect(isDark(pixel(clockwise, 60, 160)) && isDark(pixel(clockwise, 420, 160)), "the desk either side of a portrait")
        #expect(isWhite(pixel(clockwise, 134, 160)) && isWhite(pixel(clockwise, 344, 160)), "its frame's sides at x 133 and 346")
        #expect(isRed(pixel(clockwise, 240, 60)), "its left half on top: \(pixel(clockwise, 240, 60))")
        #expect(isDark(pixel(clockwise, 240, 250)), "its barred right half below: \(pixel(clockwise, 240, 250))")
        try rig.expectFrame(viewer, "photo-turned-clockwise")

        let back = turned([KMOD_CTRL, KMOD_SHIFT]) == upright
        #expect(back, "Ctrl+Shift+R turns it back")
        let anticlockwise = turned([KMOD_CTRL, KMOD_SHIFT])
        #expect(isDark(pixel(anticlockwise, 240, 60)) && isRed(pixel(anticlockwise, 240, 250)), "anticlockwise: the bars on top")
        #expect(viewer.session.currentPage == 0, "Ctrl+R is not a key of the reader's here")

        // The next photo is upright; back on photo 1, it is still turned.
        rig.key(SDLK_RIGHT, viewer)
        rig.settle(viewer)
        rig.wait(for: "photo 2", viewer) { scenes.decoded(viewer, 1) }
        #expect(isGreen(pixel(rig.look(viewer), 240, 60)))
        rig.key(SDLK_LEFT, viewer)
        rig.settle(viewer)
        rig.wait(for: "photo 1 turned", viewer) { !viewer.isDecodingPictures && scenes.decoded(viewer, 0) }
        let kept = rig.look(viewer) == anticlockwise
        #expect(kept, "photo 1 kept its turn")

        // Zoomed, it stays turned: the double-click's 100 % of the 600 × 900 picture.
        rig.press(x: 240, y: 160, clicks: 2, viewer)
        rig.release(x: 240, y: 160, viewer)
        #expect(viewer.zoom?.image == PixelSize(width: 600, height: 900) && viewer.zoom?.scale == 1, "\(String(describing: viewer.zoom))")
        // The window shows the turned picture's x 60…540, y 290…610: a bar above, red below and at the left edge.
        let close = rig.look(viewer)
        #expect(isDark(pixel(close, 240, 20)) && isRed(pixel(close, 240, 270)) && isRed(pixel(close, 10, 160)),
                "zoomed turned: \(pixel(close, 240, 20)) \(pixel(close, 240, 270)) \(pixel(close, 10, 160))")
    }

    // MARK: The bar

    /// Zoomed, the bar says how far at its right, in the photo's own pixels as image viewers say it
    /// (photo 1 fits at 53 %: `+` shows `67 %`, `+` again `83 %`); at fit it says nothing there.
    @Test func theBarSaysTheZoom() throws {
        let rig = Rig(size: Self.size)
        let viewer = try scenes.openPhotos(rig)
        #expect(barRight(rig.look(viewer)) == nil, "at fit the bar's right is empty")
        rig.type("+", viewer)
        let once = rig.look(viewer)
        #expect(barSays("67 %", once, rig), "67 % at the bar's right")
        rig.type("+", viewer)
        let twice = rig.look(viewer)
        #expect(barSays("83 %", twice, rig) && !barSays("67 %", twice, rig), "83 % at the bar's right")
        rig.type("0", viewer)
        #expect(barRight(rig.look(viewer)) == nil, "back at fit")
    }

    // MARK: Slideshow

    /// `s` starts a slideshow: a photo every four seconds of the scene's
    /// clock, `Slideshow` in the bar; a turn key stops it and turns, Esc stops
    /// it without leaving, and after the last photo it goes on from the first.
    @Test func sRunsASlideshowOnTheScenesClockUntilAKeyStopsIt() throws {
        let rig = Rig(size: Self.size)
        let viewer = try scenes.openPhotos(rig)
        rig.type("s", viewer)
        let running = rig.look(viewer)
        #expect(barSays("Slideshow", running, rig), "Slideshow at the bar's right")
        rig.seconds(3.8, viewer)
        #expect(viewer.session.currentPage == 0 && !viewer.session.isAnimating, "the first photo for 4 s")
        rig.seconds(0.3, viewer)
        rig.settle(viewer)
        #expect(viewer.session.currentPage == 1, "then the next")
        rig.wait(for: "photo 2", viewer) { scenes.decoded(viewer, 1) }
        #expect(isGreen(pixel(rig.look(viewer), 240, 60)))
        rig.seconds(4.2, viewer)
        rig.settle(viewer)
        #expect(viewer.session.currentPage == 2, "and the next")

        rig.key(SDLK_LEFT, viewer)
        rig.settle(viewer)
        #expect(viewer.session.currentPage == 1, "← turns back")
        rig.seconds(9, viewer)
        #expect(viewer.session.currentPage == 1 && !viewer.slideshow.isRunning, "and stopped the slideshow")
        #expect(barRight(rig.look(viewer)) == nil, "the bar no longer says Slideshow")

        rig.type("s", viewer)
        rig.key(SDLK_ESCAPE, viewer)
        #expect(!viewer.wantsQuit && !viewer.slideshow.isRunning, "Esc stops it and stays")
        rig.seconds(5, viewer)
        #expect(viewer.session.currentPage == 1)

        rig.key(SDLK_END, viewer)
        rig.settle(viewer)
        rig.type("s", viewer)
        rig.seconds(4.1, viewer)
        rig.settle(viewer)
        #expect(viewer.session.currentPage == 0, "after the last photo, the first")
        rig.type("s", viewer)
        #expect(!viewer.slideshow.isRunning, "s again stops it")
    }

    // MARK: Drawings

    /// An SVG opens as a picture, drawn by SDL_image at the size it is shown,
    /// not as its XML: a red square and a green disc, 400 × 200, centred.
    @Test func anSVGOpensAsAPicture() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-svg-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("drawing.svg").path
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 40 20">
              <rect x="0" y="0" width="20" height="20" fill="#e02020"/>
              <circle cx="30" cy="10" r="8" fill="#20c040"/>
            </svg>
            """.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(ImageHeader.drawingSize(of: Array(try Data(contentsOf: URL(fileURLWithPath: path)))) == ImageSize(width: 400, height: 200))
        guard case .photos(let list, _, _) = try ViewerCommand(arguments: [path]).content() else {
            Issue.record("an SVG opens as a picture")
            return
        }
        let rig = Rig(size: Self.size)
        let viewer = try scenes.open(rig, list)
        rig.wait(for: "the drawing", viewer) { scenes.decoded(viewer, 0) }
        let frame = rig.look(viewer)
        // 400 × 200 in 480 × 320, not enlarged: from (40, 60) to (440, 260).
        let square = pixel(frame, 140, 160), disc = pixel(frame, 340, 160), desk = pixel(frame, 20, 160)
        #expect(square.r > 200 && square.g < 50 && square.b < 50, "the square: \(square)")
        #expect(disc.g > 170 && disc.r < 50, "the disc: \(disc)")
        #expect(isDark(desk) && isDark(pixel(frame, 240, 40)), "the desk round it")
        #expect(isDark(pixel(frame, 438, 70)), "the disc's corner is the desk: the drawing's transparency")
    }

    // MARK: Damage

    /// The photo at `path` alone in the window: the frame, and how many pixels of the notice's yellow
    /// are in the band at the photo's top.
    func shownWithNotice(_ path: String) -> (notice: Int, frame: [UInt8]) {
        let rig = Rig(size: Self.size)
        let viewer = try! scenes.open(rig, PhotoList(names: [path]))
        rig.wait(for: "the photo", viewer) { scenes.decoded(viewer, 0) }
        let frame = rig.look(viewer)
        var notice = 0
        for y in 6..<30 { for x in 20..<460 {
            let p = pixel(frame, x, y)
            if p.r > 200 && p.g > 150 && p.b < 170 { notice += 1 }
        } }
        return (notice, frame)
    }

    /// A JPEG cut off at 45 % of its bytes shows the rows that came (photo 1's
    /// red top) and says over it that it is cut short; the whole file says nothing.
    @Test func aTruncatedJPEGShowsWhatDecodedAndSaysItIsCutShort() throws {
        let folder = try MadePictures.folder("cut-jpeg")
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole.jpg").path, cut = folder.appendingPathComponent("cut.jpg").path
        let loaded = try #require(IMG_Load(SceneGoldenTests.photos.appendingPathComponent("photo1.png").path))
        defer { SDL_FreeSurface(loaded) }
        try #require(IMG_SaveJPG(loaded, whole, 90) == 0)
        try MadePictures.cut(whole, to: cut, keeping: 0.45)
        #expect(try PhotoDecoder.decode(path: cut, box: Self.size).get().shortfall == .cutShort)
        let damaged = shownWithNotice(cut), intact = shownWithNotice(whole)
        #expect(damaged.notice > 100, "the notice over the damaged photo: \(damaged.notice) yellow pixels")
        #expect(intact.notice == 0, "a whole photo says nothing: \(intact.notice)")
        #expect(isRed(pixel(damaged.frame, 100, 60)) && isRed(pixel(damaged.frame, 20, 100)), "the rows that came are shown: \(pixel(damaged.frame, 100, 60))")
        let grey = pixel(damaged.frame, 100, 260)
        #expect(abs(grey.r - grey.g) < 12 && abs(grey.g - grey.b) < 12, "the rows that did not come are grey: \(grey)")
    }

    /// A PNG of red noise (so that its bytes spread evenly over its rows) cut off at half its bytes,
    /// which SDL_image refuses whole: libpng's rows that came are shown, grey below, under the
    /// notice; an interlaced one cut short shows what its passes gave, with the notice too.
    @Test func aTruncatedPNGShowsWhatDecodedAndSaysItIsCutShort() throws {
        let folder = try MadePictures.folder("cut-png")
        defer { try? FileManager.default.removeItem(at: folder) }
        let width = Self.size.width, height = Self.size.height
        var seed: UInt64 = 0x5EED
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: rgb.count, by: 3) {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            rgb[i] = 200 + UInt8(seed >> 59)
            rgb[i + 1] = UInt8(seed >> 40 & 31)
            rgb[i + 2] = UInt8(seed >> 20 & 31)
        }
        let whole = folder.appendingPathComponent("whole.png").path, cut = folder.appendingPathComponent("noise.png").path
        try rgb.withUnsafeMutableBytes { raw in
            let surface = try #require(SDL_CreateRGBSurfaceWithFormatFrom(raw.baseAddress, Int32(width), Int32(height), 24, Int32(width * 3),
                                                                          SDL_PIXELFORMAT_RGB24.rawValue))
            defer { SDL_FreeSurface(surface) }
            try #require(IMG_SavePNG(surface, whole) == 0)
        }
        try MadePictures.cut(whole, to: cut, keeping: 0.5)
        #expect(IMG_Load(cut) == nil, "SDL_image refuses the cut PNG whole")
        let decoded = try PhotoDecoder.decode(path: cut, box: Self.size).get()
        #expect(decoded.shortfall == .cutShort && decoded.size == Self.size)
        #expect(decoded.shortfall?.notice(for: "noise.png") == "noise.png is cut short: showing the part that could be read")

        let damaged = shownWithNotice(cut), intact = shownWithNotice(whole)
        #expect(damaged.notice > 100, "the notice over the cut photo: \(damaged.notice) yellow pixels")
        #expect(intact.notice == 0, "a whole photo says nothing: \(intact.notice)")
        for y in [40, 80, 120] {
            #expect(isRed(pixel(damaged.frame, 240, y)), "row \(y) came: \(pixel(damaged.frame, 240, y))")
        }
        let grey = pixel(damaged.frame, 240, 280)
        #expect(grey.r == 128 && grey.g == 128 && grey.b == 128, "the rows that did not come are grey: \(grey)")

        let interlaced = folder.appendingPathComponent("interlaced.png").path, cutInterlaced = folder.appendingPathComponent("cut-interlaced.png").path
        try MadePictures.convert([whole, "-interlace", "PNG", interlaced])
        try MadePictures.cut(interlaced, to: cutInterlaced, keeping: 0.5)
        #expect(try PhotoDecoder.decode(path: cutInterlaced, box: Self.size).get().shortfall == .cutShort)
        #expect(shownWithNotice(cutInterlaced).notice > 100)
    }
}
