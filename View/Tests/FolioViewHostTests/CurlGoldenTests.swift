import CSDL2
import Foundation
import FolioViewCore
import FolioViewHost
import Testing

/// Curl frames drawn headless — SDL's dummy video driver and software
/// renderer, no display — at fixed progress values, forward and mirrored
/// (back, or a right-to-left book), with and without a page on the back,
/// compared with committed golden images at ``Golden``'s tolerance.
/// Whole book and photo windows at the same progress values are in
/// ``SceneGoldenTests``.
@MainActor
@Suite(.serialized) struct CurlGoldenTests {
    static let size = PixelSize(width: 480, height: 320)

    /// A page texture: coloured columns with a dark frame, so position and mirroring show.
    static func page(on screen: Screen, hue: Int) -> Texture {
        let w = 200, h = 280
        var rgba = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                let edge = x < 4 || y < 4 || x >= w - 4 || y >= h - 4
                let band = x / 25
                rgba[i] = edge ? 30 : UInt8((band * 30 + hue) % 256)
                rgba[i + 1] = edge ? 30 : UInt8((y / 35 * 30 + 60) % 256)
                rgba[i + 2] = edge ? 30 : UInt8((255 - band * 28 + hue / 2) % 256)
            }
        }
        return Texture(renderer: screen.renderer, rgba: rgba, size: PixelSize(width: w, height: h))!
    }

    static let screen: Screen = {
        // Hints, not environment variables: the end-to-end tests in this process start folio-view on X.
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
        return try! Screen(title: "golden", size: size)
    }()

    /// One frame: the page beneath flat, the leaf curled at `progress` round x = `origin`.
    func frame(progress: Double, mirrored: Bool, withBack: Bool) -> [UInt8] {
        let screen = Self.screen
        let front = Self.page(on: screen, hue: 0), beneath = Self.page(on: screen, hue: 120), back = Self.page(on: screen, hue: 200)
        screen.clear(58, 54, 50)
        let origin = 240.0, top = 20.0
        screen.copy(beneath, x: mirrored ? origin - 200 : origin, y: top, width: 200, height: 280)
        let mesh = PageCurl(width: 200, height: 280, radius: 24).mesh(progress: progress)
        CurlRenderer(renderer: screen.renderer).draw(mesh, x: origin, y: top, mirrored: mirrored, front: front,
                                                     back: withBack ? back : nil, shadowHeight: 280)
        return screen.readPixels()
    }

    @Test(arguments: [0.25, 0.5, 0.75])
    func curlFrames(progress: Double) throws {
        #expect(Self.screen.size == Self.size, "the dummy driver gives the asked size")
        for (mirrored, withBack) in [(false, false), (false, true), (true, false), (true, true)] {
            let name = "curl-\(Int(progress * 100))-\(mirrored ? "mirrored" : "forward")-\(withBack ? "back" : "paper")"
            try compare(frame(progress: progress, mirrored: mirrored, withBack: withBack), name: name)
        }
    }

    /// At rest nothing is curled: the leaf lies flat exactly where the page is.
    @Test func atRestTheLeafIsFlat() {
        let flat = frame(progress: 0, mirrored: false, withBack: false)
        let screen = Self.screen
        screen.clear(58, 54, 50)
        screen.copy(Self.page(on: screen, hue: 0), x: 240, y: 20, width: 200, height: 280)
        let plain = screen.readPixels()
        let differing = zip(flat, plain).filter { abs(Int($0) - Int($1)) > 8 }.count
        #expect(differing < flat.count / 200, "\(differing) channels differ from the flat page")
    }

    func compare(_ pixels: [UInt8], name: String) throws {
        try Golden.compare(pixels, size: Self.size, name: name)
    }
}
