import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import FolioViewTestSupport
import Testing

/// A real EPUB with pictures read by the real ``BookViewer``, drawn headless
/// (SDL's dummy video driver, software renderer) with nobody touching
/// anything but the decoder's events, handed over as the loop would: a
/// picture in the flow is blank while it decodes, then drawn at twice its
/// size, centred in the column, with the text after it below; a full-page
/// picture fills its page; and both show in the page curl between them.
@MainActor
@Suite(.serialized) struct BookImageTests {
    static let size = PixelSize(width: 800, height: 600)

    static let screen: Screen = {
        // Hints, not environment variables: the end-to-end tests in this process start folio-view on X.
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
        return try! Screen(title: "book images", size: size)
    }()

    /// A PNG of `width` × `height` filled with one colour, written by SDL_image.
    static func png(width: Int, height: Int, color: (UInt8, UInt8, UInt8), in dir: URL) throws -> [UInt8] {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            throw GoldenError(description: "no surface: \(Screen.lastError)")
        }
        defer { SDL_FreeSurface(surface) }
        SDL_FillRect(surface, nil, SDL_MapRGBA(surface.pointee.format, color.0, color.1, color.2, 255))
        let path = dir.appendingPathComponent("picture-\(width)x\(height).png").path
        guard IMG_SavePNG(surface, path) == 0 else { throw GoldenError(description: "cannot write \(path)") }
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The two-chapter picture book (``PictureEPUB``) with its PNGs written by SDL_image.
    static func book(in dir: URL) throws -> String {
        try PictureEPUB.write(in: dir, red: try png(width: 120, height: 80, color: (255, 0, 0), in: dir),
                              blue: try png(width: 300, height: 200, color: (0, 0, 255), in: dir))
    }

    /// The bounds of the pixels of the frame close to `color`, and how many there are.
    static func region(of color: (Int, Int, Int), in frame: [UInt8], size: PixelSize) -> (x: Range<Int>, y: Range<Int>, count: Int)? {
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1, count = 0
        for y in 0..<size.height {
            for x in 0..<size.width {
                let i = (y * size.width + x) * 3
                guard abs(Int(frame[i]) - color.0) < 40, abs(Int(frame[i + 1]) - color.1) < 40, abs(Int(frame[i + 2]) - color.2) < 40 else { continue }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                count += 1
            }
        }
        return count == 0 ? nil : (minX..<(maxX + 1), minY..<(maxY + 1), count)
    }

    /// Runs the viewer's frames (work, motion) until it rests, on a made-up clock from `time`.
    static func settle(_ viewer: BookViewer, from time: inout Double) {
        for _ in 0..<600 where viewer.isAnimating {
            time += 1.0 / 60
            viewer.tick(at: time)
        }
    }

    /// A frame as the loop would show it once the pictures on screen are decoded:
    /// draws, hands the decoder's events to the viewer until no decode is left, draws again.
    static func frame(_ viewer: BookViewer, at time: Double) throws -> [UInt8] {
        viewer.draw()
        let deadline = Date().addingTimeInterval(10)
        while viewer.isDecodingPictures {
            guard Date() < deadline else { throw GoldenError(description: "the pictures were not decoded in 10 s") }
            var event = SDL_Event()
            if SDL_WaitEventTimeout(&event, 50) != 0 { viewer.handle(event, at: time) }
        }
        viewer.draw()
        return screen.readPixels()
    }

    static func event(_ type: SDL_EventType, configure: (inout SDL_Event) -> Void) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        configure(&event)
        return event
    }

    @Test func picturesAreDrawnInTheFlowOnAPageOfTheirOwnAndInTheCurl() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-view-images-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let screen = Self.screen
        #expect(screen.size == Self.size, "the dummy driver gives the asked size")
        let viewer = try BookViewer(screen: screen, path: try Self.book(in: dir), transition: .curl, forget: true)
        var traced: [String] = []
        viewer.trace = { traced.append($0) }
        // The session's clock is SDL's (it opened at EventLoop.ticks()); the frames go on from there.
        var time = EventLoop.ticks()
        Self.settle(viewer, from: &time)

        // Page 1: the red picture at twice its size (240 × 160), centred in the single page's column.
        viewer.draw()
        let decoding = screen.readPixels()
        let first = try Self.frame(viewer, at: time)
        let red = try #require(Self.region(of: (255, 0, 0), in: first, size: screen.size), "the red picture is drawn")
        #expect(abs(red.x.count - 240) <= 2 && abs(red.y.count - 160) <= 2, "red \(red.x) × \(red.y)")
        #expect(abs((red.x.lowerBound + red.x.upperBound) / 2 - 400) <= 2, "centred across the page: \(red.x)")
        #expect(red.count >= 240 * 160 * 95 / 100, "\(red.count) red pixels")
        // Before the picture was decoded, its rows were blank: neither the picture nor its placeholder text.
        #expect(Self.region(of: (255, 0, 0), in: decoding, size: screen.size) == nil)
        #expect(!red.y.contains { y in (40..<760).contains { x in decoding[(y * 800 + x) * 3] < 100 } }, "no text where the picture goes")
        // Text above and below it: ink in a band over the picture and in one under it.
        let ink = { (ys: Range<Int>) in ys.contains { y in (60..<740).contains { x in first[(y * 800 + x) * 3] < 100 } } }
        #expect(ink(54..<(red.y.lowerBound - 2)), "the line before the picture is drawn above it")
        #expect(ink((red.y.upperBound + 2)..<(red.y.upperBound + 40)), "the line after the picture is drawn below it")

        // A drag on the page curls it: the red picture on the leaf, the blue page's picture beneath.
        viewer.handle(Self.event(SDL_MOUSEBUTTONDOWN) { $0.button.button = UInt8(SDL_BUTTON_LEFT); $0.button.x = 780; $0.button.y = 300 },
                      at: time)
        // A short drag: the fold stays right of the red picture, and the blue page shows beneath it.
        for x in stride(from: 770, through: 690, by: -20) {
            time += 1.0 / 60
            viewer.handle(Self.event(SDL_MOUSEMOTION) { $0.motion.x = Int32(x); $0.motion.y = 300 }, at: time)
            viewer.tick(at: time)
        }
        let curling = try Self.frame(viewer, at: time)
        #expect(Self.region(of: (255, 0, 0), in: curling, size: screen.size) != nil, "the red picture on the curling leaf")
        #expect(Self.region(of: (0, 0, 255), in: curling, size: screen.size) != nil, "the blue picture on the page beneath")
        time += 1.0 / 60
        viewer.handle(Self.event(SDL_MOUSEBUTTONUP) { $0.button.button = UInt8(SDL_BUTTON_LEFT); $0.button.x = 690; $0.button.y = 300 },
                      at: time)
        Self.settle(viewer, from: &time)
        #expect(traced.suffix(2) == ["page 2 / 2", "settled 2"], "the quick drag turned the page: \(traced)")

        // Page 2: the blue picture fills its page (800 × 532 below the strip): 600 × 400, centred.
        let second = try Self.frame(viewer, at: time)
        let blue = try #require(Self.region(of: (0, 0, 255), in: second, size: screen.size), "the blue picture is drawn")
        #expect(abs(blue.x.count - 600) <= 2 && abs(blue.y.count - 400) <= 2, "blue \(blue.x) × \(blue.y)")
        #expect(abs((blue.x.lowerBound + blue.x.upperBound) / 2 - 400) <= 2 && abs((blue.y.lowerBound + blue.y.upperBound) / 2 - 300) <= 2,
                "centred on the page: \(blue.x) × \(blue.y)")
        #expect(Self.region(of: (255, 0, 0), in: second, size: screen.size) == nil, "the red picture is on the page before")
    }

    /// A book's cover, shown by none of its chapters, is its first page,
    /// the picture filling the page; the book's text follows on page 2.
    @Test func theCoverIsTheFirstPageFilledByItsPicture() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-view-cover-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try PictureEPUB.write(in: dir, red: try Self.png(width: 120, height: 80, color: (255, 0, 0), in: dir),
                                         blue: try Self.png(width: 300, height: 200, color: (0, 0, 255), in: dir),
                                         cover: try Self.png(width: 200, height: 300, color: (0, 200, 0), in: dir))
        let screen = Self.screen
        let viewer = try BookViewer(screen: screen, path: path, transition: .curl, forget: true)
        var time = EventLoop.ticks()
        Self.settle(viewer, from: &time)
        #expect(viewer.session.currentPage == 0)
        let first = try Self.frame(viewer, at: time)
        let green = try #require(Self.region(of: (0, 200, 0), in: first, size: screen.size), "the cover is drawn on page 1")
        // Upright 2:3 in a page box 532 high (less the padding): as tall as the page allows, centred.
        #expect(green.y.count >= 400 && abs(green.x.count * 3 - green.y.count * 2) <= 6, "the cover keeps its shape: \(green.x) × \(green.y)")
        #expect(abs((green.x.lowerBound + green.x.upperBound) / 2 - 400) <= 2, "centred across the page: \(green.x)")
        #expect(Self.region(of: (255, 0, 0), in: first, size: screen.size) == nil, "the first chapter is on the next page")
        let ink = (0..<(screen.size.width * screen.size.height)).contains { i in
            let y = i / screen.size.width
            return y > 40 && y < screen.size.height - 40 && first[i * 3] < 60 && first[i * 3 + 1] < 60 && first[i * 3 + 2] < 60
        }
        #expect(!ink, "no text on the cover page")
    }
}
