import CSDL2
import Foundation
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

    func openPhotos(_ rig: Rig) throws -> PhotoViewer {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.photos.path).map { Self.photos.appendingPathComponent($0).path }
        let viewer = try PhotoViewer(screen: rig.screen, list: PhotoList(names: names), eventType: SDL_RegisterEvents(1))
        rig.wait(for: "the first two photos", viewer) { decoded(viewer, 0) && decoded(viewer, 1) }
        return viewer
    }

    func decoded(_ viewer: PhotoViewer, _ page: Int) -> Bool {
        if case .content = viewer.content.display(ofPage: page) { return true }
        return false
    }

    @Test func photosPageUnderDragsFlicksWheelKeysAndResizes() throws {
        let rig = Rig(size: Self.photoSize)
        let viewer = try openPhotos(rig)
        #expect(viewer.list.count == 6)
        try rig.expectFrame(viewer, "photos-1-open")

        // A slow drag held halfway: both photos, 1:1 with the pointer.
        rig.drag(from: 400, to: 160, y: 150, steps: 24, viewer)
        #expect(abs(viewer.pager.position.index == 0 ? viewer.pager.position.fraction * viewer.pager.track.stride - 240 : 99) < 1,
                "the pages moved as far as the pointer: \(viewer.pager.position)")
        try rig.expectFrame(viewer, "photos-2-drag-held")
        // Let go without a flick: past half, it turns.
        rig.frames(6, viewer)
        rig.release(x: 160, y: 150, viewer)
        rig.settle(viewer)
        #expect(viewer.currentPage == 1)
        try rig.expectFrame(viewer, "photos-3-after-drag")

        // A short fast flick turns too.
        rig.wait(for: "photo 3", viewer) { decoded(viewer, 2) }
        rig.drag(from: 300, to: 240, y: 150, steps: 3, viewer)
        rig.release(x: 230, y: 150, viewer)
        rig.settle(viewer)
        #expect(viewer.currentPage == 2, "a flick of 70 px in 4 frames turns the page")

        // A short slow drag returns.
        rig.drag(from: 300, to: 260, y: 150, steps: 20, viewer)
        rig.frames(10, viewer)
        rig.release(x: 260, y: 150, viewer)
        rig.settle(viewer)
        #expect(viewer.currentPage == 2, "a slow drag of 40 px goes back")

        // Wheel: one notch turns one page; a second notch inside the same gesture does not.
        rig.wheel(-1, viewer)
        rig.frames(2, viewer)
        rig.wheel(-1, viewer)
        rig.settle(viewer)
        #expect(viewer.currentPage == 3, "two notches of one swipe turn one page")
        rig.wait(for: "photo 4", viewer) { decoded(viewer, 3) }
        try rig.expectFrame(viewer, "photos-4-wheel")

        // End: the last page, the broken file's error page.
        rig.key(SDLK_END, viewer)
        rig.settle(viewer)
        #expect(viewer.currentPage == 5)
        rig.wait(for: "photo10's error", viewer) {
            if case .failed = viewer.content.display(ofPage: 5) { return true } else { return false }
        }
        try rig.expectFrame(viewer, "photos-5-error-page")

        // Dragging past the last page pulls a rubber band and springs back.
        rig.drag(from: 300, to: 100, y: 150, steps: 10, viewer)
        let pulled = viewer.pager.position
        #expect(pulled.index == 5 && pulled.fraction > 0 && pulled.fraction * viewer.pager.track.stride < 150,
                "past the end the page moves less than the pointer: \(pulled)")
        try rig.expectFrame(viewer, "photos-6-rubber-band")
        rig.release(x: 100, y: 150, viewer)
        rig.settle(viewer)
        #expect(viewer.currentPage == 5 && viewer.pager.position.fraction == 0)

        // Home, then the window grows wider: the same photo, centred again.
        rig.key(SDLK_HOME, viewer)
        rig.settle(viewer)
        #expect(viewer.currentPage == 0)
        rig.resize(to: PixelSize(width: 600, height: 320), viewer)
        #expect(rig.screen.size == PixelSize(width: 600, height: 320), "the dummy driver resizes")
        rig.wait(for: "photo 1 decoded for the wider window", viewer) { decoded(viewer, 0) }
        try rig.expectFrame(viewer, "photos-7-resized")

        // + zooms toward the centre.
        rig.key(SDLK_PLUS, viewer)
        #expect(viewer.zoom?.isZoomed == true)
        try rig.expectFrame(viewer, "photos-8-zoomed")
    }

    /// Nobody touches anything: opened on one photo, the window shows it
    /// while its folder is listed in the background, then takes the folder's
    /// list without decoding the photo again — all with no input.
    @Test func aPhotoOpensAtOnceAndItsFolderArrivesWithoutInput() throws {
        let rig = Rig(size: Self.photoSize)
        let path = Self.photos.appendingPathComponent("photo3.png").path
        guard case .photos(let list, let folder) = try ViewerCommand(arguments: [path]).content() else {
            Issue.record("one photo opens as photos")
            return
        }
        #expect(list.count == 1 && folder == Self.photos.path, "only the opened photo is known at first: \(list), \(folder ?? "-")")
        let events = SDL_RegisterEvents(2)
        let viewer = try PhotoViewer(screen: rig.screen, list: list, eventType: events,
                                     lister: FolderLister(folder: folder!, opened: list.names[0], eventType: events + 1))
        var trace: [String] = []
        viewer.trace = { trace.append($0) }
        rig.wait(for: "the folder's list", viewer) { viewer.list.count == 6 }
        #expect(viewer.currentPage == 2, "still on photo3, now the third of six")
        #expect(viewer.pager.position.fraction == 0)
        #expect(trace.filter { $0.hasSuffix("(photo3.png)") }.count == 1, "photo3 was decoded once: \(trace)")
        #expect(trace.contains("6 photos, first 3"))
        rig.wait(for: "its neighbours", viewer) { decoded(viewer, 1) && decoded(viewer, 3) }
        try rig.expectFrame(viewer, "photos-opened-at-3")
    }
}
