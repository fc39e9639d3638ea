import CSDL2
import Foundation
import FolioViewCore
import FolioViewHost
import Testing

/// Curl frames drawn headless — SDL's dummy video driver and software
/// renderer, no display — at fixed progress values, forward and mirrored
/// (back, or a right-to-left book), with and without a page on the back,
/// compared with committed golden images at a stated tolerance: a pixel
/// matches when every channel is within 8 of the golden's, and a frame
/// matches when at most 0.5 % of its pixels do not. On a mismatch the
/// actual frame and a diff (white where pixels differ) are written beside
/// the golden as `*.actual.png` and `*.diff.png`. A missing golden is written
/// and the test fails, so nothing passes without a committed image
/// (`FOLIO_UPDATE_GOLDEN=1` rewrites them on purpose).
@MainActor
@Suite(.serialized) struct CurlGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
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
        let goldenPath = Self.golden.appendingPathComponent(name + ".png").path
        let update = ProcessInfo.processInfo.environment["FOLIO_UPDATE_GOLDEN"] == "1"
        guard !update, FileManager.default.fileExists(atPath: goldenPath) else {
            try save(pixels, to: goldenPath)
            if !update { Issue.record("no golden for \(name): wrote \(goldenPath); look at it and commit it") }
            return
        }
        let expected = try load(goldenPath)
        var bad = 0
        var diff = [UInt8](repeating: 0, count: pixels.count)
        for i in stride(from: 0, to: pixels.count, by: 3) {
            let off = (0..<3).contains { abs(Int(pixels[i + $0]) - Int(expected[i + $0])) > 8 }
            if off { bad += 1; diff[i] = 255; diff[i + 1] = 255; diff[i + 2] = 255 }
        }
        let total = pixels.count / 3
        if bad * 200 > total {
            let base = Self.golden.appendingPathComponent(name).path
            try save(pixels, to: base + ".actual.png")
            try save(diff, to: base + ".diff.png")
            Issue.record("\(name): \(bad) of \(total) pixels differ from the golden by more than 8; see \(base).actual.png and .diff.png")
        }
    }

    func save(_ rgb: [UInt8], to path: String) throws {
        var copy = rgb
        let ok = copy.withUnsafeMutableBytes { buffer -> Bool in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(buffer.baseAddress, Int32(Self.size.width), Int32(Self.size.height), 24,
                                                                   Int32(Self.size.width * 3), SDL_PIXELFORMAT_RGB24.rawValue) else { return false }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path) == 0
        }
        if !ok { throw GoldenError(description: "cannot write \(path)") }
    }

    func load(_ path: String) throws -> [UInt8] {
        guard let loaded = IMG_Load(path), let rgb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGB24.rawValue, 0) else {
            throw GoldenError(description: "cannot read \(path)")
        }
        SDL_FreeSurface(loaded)
        defer { SDL_FreeSurface(rgb) }
        var out = [UInt8](repeating: 0, count: Self.size.width * Self.size.height * 3)
        let pitch = Int(rgb.pointee.pitch)
        for y in 0..<Self.size.height {
            let row = rgb.pointee.pixels.advanced(by: y * pitch).assumingMemoryBound(to: UInt8.self)
            for x in 0..<(Self.size.width * 3) { out[y * Self.size.width * 3 + x] = row[x] }
        }
        return out
    }
}

struct GoldenError: Error, CustomStringConvertible {
    let description: String
}
