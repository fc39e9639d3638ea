import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import Testing

/// Whole windows, headless, driven by scripted input (``Rig``): drags held
/// and released, flicks, rubber bands, wheel notches, keys and resizes, each
/// frame compared with a committed golden image at ``Golden``'s tolerance,
/// and what the engine says checked beside it.
@MainActor
@Suite(.serialized) struct SceneGoldenTests {
    /// Five photos of different shapes, each with as many bars as its number, and one file that is not a photo.
    static let photos: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-scene-photos-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let shapes = [(900, 600), (500, 800), (1200, 500), (640, 640), (800, 450)]
        for (n, (w, h)) in shapes.enumerated() {
            var rgb = [UInt8](repeating: 0, count: w * h * 3)
            for y in 0..<h {
                for x in 0..<w {
                    let i = (y * w + x) * 3
                    let frame = x < 12 || y < 12 || x >= w - 12 || y >= h - 12
                    let bar = (x * 2 * (n + 1) / w) % 2 == 1 && y > h / 4 && y < 3 * h / 4
                    let base = [(200, 70, 60), (60, 160, 90), (60, 90, 200), (200, 170, 50), (150, 70, 170)][n]
                    let shade = 0.6 + 0.4 * Double(y) / Double(h)
                    let pixel = frame ? (240, 240, 240) : bar ? (20, 20, 20)
                        : (Int(Double(base.0) * shade), Int(Double(base.1) * shade), Int(Double(base.2) * shade))
                    rgb[i] = UInt8(pixel.0); rgb[i + 1] = UInt8(pixel.1); rgb[i + 2] = UInt8(pixel.2)
                }
            }
            try! Golden.save(rgb, size: PixelSize(width: w, height: h), to: folder.appendingPathComponent("photo\(n + 1).png").path)
        }
        // Sorted naturally it comes after photo5: a broken photo is an error page and paging goes on.
        try! Data("not a PNG at all".utf8).write(to: folder.appendingPathComponent("photo10.png"))
        return folder
    }()

    static let photoSize = PixelSize(width: 480, height: 320)

    /// The photos of `list` in `rig`'s window, as `folio-view` opens them, at `rig`'s time.
    func open(_ rig: Rig, _ list: PhotoList, folder: String? = nil, lister: FolderLister? = nil) throws -> BookViewer {
        try BookViewer(screen: rig.screen, photos: list, folder: folder, restores: false, lister: lister, transition: .slide, forget: true,
                       at: rig.now)
    }

    func openPhotos(_ rig: Rig) throws -> BookViewer {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.photos.path).map { Self.photos.appendingPathComponent($0).path }
        let viewer = try open(rig, PhotoList(names: names), folder: Self.photos.path)
        rig.wait(for: "the first two photos", viewer) { decoded(viewer, 0) && decoded(viewer, 1) }
        return viewer
    }

    /// The photos of the album open in `viewer`.
    func album(_ viewer: BookViewer) -> PhotoList { (viewer.session.document.book?.source as? PhotoAlbum)?.list ?? PhotoList(names: []) }

    /// Whether photo `page` is decoded (drawn when shown), prefetched as its neighbour's page is drawn.
    func decoded(_ viewer: BookViewer, _ page: Int) -> Bool {
        let names = album(viewer).names
        return page < names.count && viewer.images?.isReady(names[page]) == true
    }

    /// Where the pager is: the spread's index and the fraction of the next.
    func position(_ viewer: BookViewer) -> (index: Int, fraction: Double, stride: Double) {
        let frame = viewer.session.frame
        return (frame.position.index, frame.position.fraction, frame.spreadStride)
    }

    @Test func photosPageUnderDragsFlicksWheelKeysAndResizes() throws {
        let rig = Rig(size: Self.photoSize)
        let viewer = try openPhotos(rig)
        #expect(album(viewer).count == 6)
        try rig.expectFrame(viewer, "photos-1-open")

        // A slow drag held halfway: both photos, 1:1 with the pointer.
        rig.drag(from: 400, to: 150, y: 150, steps: 24, viewer)
        let held = position(viewer)
        #expect(abs(held.index == 0 ? held.fraction * held.stride - 250 : 99) < 1, "the pages moved as far as the pointer: \(held)")
        try rig.expectFrame(viewer, "photos-2-drag-held")
        // Let go without a flick: past half, it turns.
        rig.frames(6, viewer)
        rig.release(x: 150, y: 150, viewer)
        rig.settle(viewer)
        #expect(viewer.session.currentPage == 1)
        try rig.expectFrame(viewer, "photos-3-after-drag")

        // A short fast flick turns too.
        rig.wait(for: "photo 3", viewer) { decoded(viewer, 2) }
        rig.drag(from: 300, to: 240, y: 150, steps: 3, viewer)
        rig.release(x: 230, y: 150, viewer)
        rig.settle(viewer)
        #expect(viewer.session.currentPage == 2, "a flick of 70 px in 4 frames turns the page")

        // A short slow drag returns.
        rig.drag(from: 300, to: 260, y: 150, steps: 20, viewer)
        rig.frames(10, viewer)
        rig.release(x: 260, y: 150, viewer)
        rig.settle(viewer)
        #expect(viewer.session.currentPage == 2, "a slow drag of 40 px goes back")

        // Wheel: one notch turns one page; a second notch inside the same gesture does not.
        rig.wheel(-1, viewer)
        rig.frames(2, viewer)
        rig.wheel(-1, viewer)
        rig.settle(viewer)
        #expect(viewer.session.currentPage == 3, "two notches of one swipe turn one page")
        rig.wait(for: "photo 4", viewer) { decoded(viewer, 3) }
        try rig.expectFrame(viewer, "photos-4-wheel")

        // End: the last page, the broken file's error page.
        rig.key(SDLK_END, viewer)
        rig.settle(viewer)
        #expect(viewer.session.currentPage == 5)
        rig.settle(viewer)
        try rig.expectFrame(viewer, "photos-5-error-page")

        // Dragging past the last page pulls a rubber band and springs back.
        rig.drag(from: 300, to: 100, y: 150, steps: 10, viewer)
        let pulled = position(viewer)
        #expect(pulled.index == 5 && pulled.fraction > 0 && pulled.fraction * pulled.stride < 150,
                "past the end the page moves less than the pointer: \(pulled)")
        try rig.expectFrame(viewer, "photos-6-rubber-band")
        rig.release(x: 100, y: 150, viewer)
        rig.settle(viewer)
        #expect(viewer.session.currentPage == 5 && position(viewer).fraction == 0)

        // Home, then the window grows wider: the same photo, centred again.
        rig.key(SDLK_HOME, viewer)
        rig.settle(viewer)
        #expect(viewer.session.currentPage == 0)
        rig.resize(to: PixelSize(width: 600, height: 320), viewer)
        #expect(rig.screen.size == PixelSize(width: 600, height: 320), "the dummy driver resizes")
        #expect(viewer.session.viewport.width == 600, "the session pages in the new width: \(viewer.session.viewport)")
        rig.settle(viewer)
        rig.wait(for: "photo 1 decoded for the wider window", viewer) { !viewer.isDecodingPictures }
        try rig.expectFrame(viewer, "photos-7-resized")

        // + zooms toward the centre.
        rig.type("+", viewer)
        #expect(viewer.zoom?.isZoomed == true)
        try rig.expectFrame(viewer, "photos-8-zoomed")
    }

    /// Nobody touches anything: opened on one photo, the window shows it
    /// while its folder is listed in the background, then takes the folder's
    /// list without decoding the photo again — all with no input.
    @Test func aPhotoOpensAtOnceAndItsFolderArrivesWithoutInput() throws {
        let rig = Rig(size: Self.photoSize)
        let path = Self.photos.appendingPathComponent("photo3.png").path
        guard case .photos(let list, let folder, let listing) = try ViewerCommand(arguments: [path]).content() else {
            Issue.record("one photo opens as photos")
            return
        }
        #expect(list.count == 1 && folder == Self.photos.path && listing, "only the opened photo is known at first: \(list), \(folder ?? "-")")
        var trace: [String] = []
        let viewer = try open(rig, list, folder: folder, lister: FolderLister(folder: folder!, opened: list.names[0], eventType: SDL_RegisterEvents(1)))
        viewer.trace = { trace.append($0) }
        rig.wait(for: "the folder's list", viewer) { album(viewer).count == 6 }
        #expect(viewer.session.currentPage == 2, "still on photo3, now the third of six")
        #expect(position(viewer).fraction == 0)
        #expect(trace.filter { $0.hasPrefix("decoded photo3.png") }.count == 1, "photo3 was decoded once: \(trace)")
        #expect(trace.contains("6 photos, first 3"))
        rig.wait(for: "its neighbours", viewer) { decoded(viewer, 1) && decoded(viewer, 3) }
        try rig.expectFrame(viewer, "photos-opened-at-3")
    }

    /// Mean difference between horizontally neighbouring pixels over the
    /// middle of an RGB frame of `size`: about 0 for a smooth picture, about
    /// 255 for sharp 2-pixel black and white stripes drawn 1:1.
    static func sharpness(_ rgb: [UInt8], size: PixelSize) -> Double {
        var total = 0, count = 0
        for y in (size.height / 3)..<(size.height / 2) {
            for x in (size.width / 3)..<(2 * size.width / 3) {
                let i = (y * size.width + x) * 3
                total += abs(Int(rgb[i]) - Int(rgb[i + 3])); count += 1
            }
        }
        return Double(total) / Double(count)
    }

    /// Zoomed to 100 %, a photo far larger than the window is decoded again,
    /// sharp, for the part around the window — a PNG through SDL_image, a
    /// JPEG through libjpeg's cropped decode — and a pan keeps it sharp.
    @Test(arguments: ["png", "jpg"])
    func zoomingInDecodesTheVisiblePartSharp(format: String) throws {
        let rig = Rig(size: Self.photoSize)
        // 2400 × 1600 of black and white stripes two pixels wide: at fit (20 %) a flat grey.
        let size = PixelSize(width: 2400, height: 1600)
        var rgb = [UInt8](repeating: 0, count: size.width * size.height * 3)
        for y in 0..<size.height { for x in 0..<size.width where (x / 2) % 2 == 0 {
            let i = (y * size.width + x) * 3
            rgb[i] = 255; rgb[i + 1] = 255; rgb[i + 2] = 255
        } }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-zoom-\(format)-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("stripes.\(format)").path
        if format == "png" {
            try Golden.save(rgb, size: size, to: path)
        } else {
            var copy = rgb
            let saved = copy.withUnsafeMutableBytes { buffer -> Bool in
                let surface = SDL_CreateRGBSurfaceWithFormatFrom(buffer.baseAddress, Int32(size.width), Int32(size.height), 24,
                                                                 Int32(size.width * 3), SDL_PIXELFORMAT_RGB24.rawValue)
                defer { SDL_FreeSurface(surface) }
                return IMG_SaveJPG(surface, path, 95) == 0
            }
            try #require(saved, "IMG_SaveJPG: \(Screen.lastError)")
        }
        let viewer = try open(rig, PhotoList(names: [path]))
        var trace: [String] = []
        viewer.trace = { trace.append($0) }
        rig.wait(for: "the photo", viewer) { decoded(viewer, 0) }
        #expect(Self.sharpness(rig.look(viewer), size: rig.screen.size) < 30, "at fit the stripes blur to grey")

        rig.press(x: 240, y: 140, clicks: 2, viewer)
        rig.release(x: 240, y: 140, viewer)
        #expect(viewer.zoom?.scale == 1, "a double-click zooms to 100 %: \(String(describing: viewer.zoom))")
        rig.frames(1, viewer)  // the frame that asks for the sharper part
        #expect(Self.sharpness(rig.look(viewer), size: rig.screen.size) < 30, "before the sharp part arrives, the window-sized copy enlarged")
        rig.wait(for: "the sharp part", viewer) { viewer.images?.detail != nil }
        let sharp = Self.sharpness(rig.look(viewer), size: rig.screen.size)
        #expect(sharp > 100, "at 100 % the stripes show pixel for pixel: \(sharp); \(trace)")
        // The part decoded is the window's and some more, not the whole photo.
        let region = try #require(viewer.images?.detail?.region)
        #expect(region.width <= 2 * rig.screen.size.width && region.height <= 2 * rig.screen.size.height, "decoded \(region)")

        // A short pan stays inside the part decoded; a long one asks for the next part.
        rig.press(x: 240, y: 140, viewer)
        for step in 1...8 { rig.move(x: 240 - step * 5, y: 140, viewer) }
        rig.release(x: 200, y: 140, viewer)
        #expect(Self.sharpness(rig.look(viewer), size: rig.screen.size) > 100, "a short pan is still sharp")
        rig.press(x: 400, y: 140, viewer)
        for step in 1...20 { rig.move(x: 400 - step * 19, y: 140, viewer) }
        rig.release(x: 20, y: 140, viewer)
        rig.wait(for: "the next part", viewer) { viewer.images?.detail?.region.contains(viewer.zoom!.visibleRegion) == true }
        #expect(Self.sharpness(rig.look(viewer), size: rig.screen.size) > 100, "after a long pan, sharp again")
        #expect(viewer.session.currentPage == 0)
    }
}

/// What a path opens as in the window.
@MainActor
@Suite struct ViewerContentTests {
    /// A folder of photos is photos; a comic's folder, whose pages are in folders of their own, is a
    /// book as in the terminal; a folder of neither says so.
    @Test func aFolderIsPhotosOrAComicsFolderOrNeither() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-view-content-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let comic = root.appendingPathComponent("comic"), empty = root.appendingPathComponent("empty")
        for folder in ["comic/ch1", "comic/ch2", "empty"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let photo = SceneGoldenTests.photos.appendingPathComponent("photo1.png")
        for page in ["ch1/p1.png", "ch2/p2.png"] { try FileManager.default.copyItem(at: photo, to: comic.appendingPathComponent(page)) }
        guard case .photos(let list, let folder, false) = try ViewerCommand(arguments: [SceneGoldenTests.photos.path]).content() else {
            Issue.record("a folder of photos opens as photos")
            return
        }
        #expect(list.count == 6 && folder == SceneGoldenTests.photos.path)
        guard case .book(let path) = try ViewerCommand(arguments: [comic.path]).content() else {
            Issue.record("a comic's folder opens as a book")
            return
        }
        #expect(path == comic.path)
        #expect(throws: ViewerCommand.UsageError.self) { try ViewerCommand(arguments: [empty.path]).content() }
    }
}
