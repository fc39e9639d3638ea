import CSDL2
import Foundation
import FolioReading
import FolioViewCore
import FolioViewHost
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

    /// A two-chapter EPUB: text, a 120 × 80 red picture, a missing one, more text;
    /// then a chapter that is only a 300 × 200 blue picture (a full page).
    static func book(in dir: URL) throws -> String {
        let red = try png(width: 120, height: 80, color: (255, 0, 0), in: dir)
        let blue = try png(width: 300, height: 200, color: (0, 0, 255), in: dir)
        func xhtml(_ body: String) -> [UInt8] {
            Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>\(body)</body></html>
            """.utf8)
        }
        let entries: [(String, [UInt8])] = [
            ("mimetype", Array("application/epub+zip".utf8)),
            ("META-INF/container.xml", Array("""
                <?xml version="1.0"?>
                <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
                  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
                </container>
                """.utf8)),
            ("OEBPS/content.opf", Array("""
                <?xml version="1.0" encoding="UTF-8"?>
                <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
                  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                    <dc:title>Pictures</dc:title><dc:language>en</dc:language><dc:identifier id="uid">urn:pictures</dc:identifier>
                  </metadata>
                  <manifest>
                    <item id="c1" href="ch1.xhtml" media-type="application/xhtml+xml"/>
                    <item id="c2" href="ch2.xhtml" media-type="application/xhtml+xml"/>
                    <item id="red" href="img/red.png" media-type="image/png"/>
                    <item id="blue" href="img/blue.png" media-type="image/png"/>
                  </manifest>
                  <spine><itemref idref="c1"/><itemref idref="c2"/></spine>
                </package>
                """.utf8)),
            ("OEBPS/ch1.xhtml", xhtml("""
                <p>Before the picture.</p><p><img src="img/red.png" alt="a red box"/></p><p>After the picture.</p>
                <p><img src="img/gone.png" alt="a lost picture"/></p><p>The end.</p>
                """)),
            ("OEBPS/ch2.xhtml", xhtml("<div><img src=\"img/blue.png\" alt=\"a blue page\"/></div>")),
            ("OEBPS/img/red.png", red),
            ("OEBPS/img/blue.png", blue),
        ]
        let path = dir.appendingPathComponent("pictures.epub").path
        try Data(StoredZip.archive(entries)).write(to: URL(fileURLWithPath: path))
        return path
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
        #expect(traced.last == "page 2 / 2", "the quick drag turned the page: \(traced)")

        // Page 2: the blue picture fills its page (800 × 532 below the strip): 600 × 400, centred.
        let second = try Self.frame(viewer, at: time)
        let blue = try #require(Self.region(of: (0, 0, 255), in: second, size: screen.size), "the blue picture is drawn")
        #expect(abs(blue.x.count - 600) <= 2 && abs(blue.y.count - 400) <= 2, "blue \(blue.x) × \(blue.y)")
        #expect(abs((blue.x.lowerBound + blue.x.upperBound) / 2 - 400) <= 2 && abs((blue.y.lowerBound + blue.y.upperBound) / 2 - 300) <= 2,
                "centred on the page: \(blue.x) × \(blue.y)")
        #expect(Self.region(of: (255, 0, 0), in: second, size: screen.size) == nil, "the red picture is on the page before")
    }
}

/// A zip archive of stored (uncompressed) entries, enough for an EPUB a test makes.
enum StoredZip {
    static func archive(_ entries: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = [], central: [UInt8] = []
        func le16(_ v: Int, _ into: inout [UInt8]) { into += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: UInt32, _ into: inout [UInt8]) { le16(Int(v & 0xFFFF), &into); le16(Int(v >> 16), &into) }
        for (name, bytes) in entries {
            let offset = UInt32(out.count), crc = crc32(bytes), nameBytes = Array(name.utf8)
            le32(0x0403_4B50, &out); le16(10, &out); le16(0, &out); le16(0, &out); le16(0, &out); le16(0, &out)
            le32(crc, &out); le32(UInt32(bytes.count), &out); le32(UInt32(bytes.count), &out)
            le16(nameBytes.count, &out); le16(0, &out)
            out += nameBytes + bytes
            le32(0x0201_4B50, &central); le16(20, &central); le16(10, &central); le16(0, &central); le16(0, &central)
            le16(0, &central); le16(0, &central)
            le32(crc, &central); le32(UInt32(bytes.count), &central); le32(UInt32(bytes.count), &central)
            le16(nameBytes.count, &central); le16(0, &central); le16(0, &central); le16(0, &central); le16(0, &central)
            le32(0, &central); le32(offset, &central)
            central += nameBytes
        }
        let start = UInt32(out.count)
        out += central
        le32(0x0605_4B50, &out); le16(0, &out); le16(0, &out); le16(entries.count, &out); le16(entries.count, &out)
        le32(UInt32(central.count), &out); le32(start, &out); le16(0, &out)
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

