import Foundation
import FolioPictures
import FolioReading
import FolioTerminal
import FolioTestSupport
import CJPEGDecode
import Testing

/// Pictures decoded by stb_image and libwebp, checked against ImageMagick's decoding of the same
/// files, and turned into cells by chafa, checked against the picture's own colours.
@Suite(.needs(.imageMagick)) struct PictureTests {
    /// ImageMagick's RGBA pixels of `path`, the reference decoder.
    static func reference(_ path: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["convert", path, "-depth", "8", "rgba:-"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }

    /// A picture ImageMagick draws: a gradient with shapes, saved as `format`.
    static func made(_ name: String, in fixtures: ComicFixtures) throws -> String {
        let path = fixtures.folder.appendingPathComponent(name).path
        try fixtures.run("/usr/bin/env", ["convert", "-size", "96x64", "gradient:red-blue", "-fill", "yellow",
                                          "-draw", "circle 48,32 60,40", "-depth", "8", "-quality", "92", path])
        return path
    }

    @Test(arguments: ["p.png", "p.jpg", "p.gif", "p.webp", "p.bmp"])
    func decodingAgreesWithImageMagick(name: String) throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let path = try Self.made(name, in: fixtures)
        let picture = try DecodedPicture(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        let expected = try Self.reference(path)
        #expect(picture.width == 96 && picture.height == 64)
        try #require(expected.count == picture.pixels.count, "ImageMagick gave \(expected.count) bytes")
        var total = 0, worst = 0
        for (a, b) in zip(picture.pixels, expected) {
            let difference = abs(Int(a) - Int(b))
            total += difference
            worst = max(worst, difference)
        }
        let mean = Double(total) / Double(expected.count)
        // Lossless formats agree exactly; JPEG and lossy WebP decoders may round differently, by a little.
        let lossy = name.hasSuffix(".jpg") || name.hasSuffix(".webp")
        #expect(lossy ? mean < 1.5 : worst == 0, "\(name): mean difference \(mean), worst \(worst)")
    }

    /// A JPEG drawn small is decoded at libjpeg's reduced scale: a quarter of each side for a quarter-size box,
    /// its pixels near ImageMagick's own reduction of the picture.
    @Test func aJPEGForASmallBoxIsDecodedAtAReducedScale() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let path = try Self.made("p.jpg", in: fixtures)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let small = try DecodedPicture(bytes: bytes, fitting: ImageSize(width: 24, height: 16))
        #expect(small.width == 24 && small.height == 16)
        let reduced = fixtures.folder.appendingPathComponent("reduced.png").path
        try fixtures.run("/usr/bin/env", ["convert", path, "-resize", "24x16!", reduced])
        let expected = try Self.reference(reduced)
        try #require(expected.count == small.pixels.count)
        let mean = Double(zip(small.pixels, expected).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(expected.count)
        #expect(mean < 12, "mean difference from ImageMagick's reduction: \(mean)")
    }

    /// A header asking for 50,000 × 50,000 pixels is refused before anything is decoded.
    @Test func aPictureBombIsRefusedFromItsHeader() {
        #expect(throws: DecodedPicture.Problem.tooLarge(width: 50_000, height: 50_000)) {
            try DecodedPicture(bytes: ComicFixtures.pngHeader(width: 50_000, height: 50_000))
        }
        #expect(throws: DecodedPicture.Problem.self) { try DecodedPicture(bytes: Array("not a picture".utf8)) }
        #expect(throws: DecodedPicture.Problem.self) { try DecodedPicture(bytes: Array(ComicFixtures.png(width: 40, height: 40).prefix(60))) }
    }

    /// A JPEG with stray bytes between its segments (found by the `picture` fuzz target): libjpeg skips
    /// them, a stuffed `FF 00` pair among them too (not a marker, so no length follows it), and so does
    /// the header reader now, so both read the same size; and libjpeg itself refuses a frame over the
    /// limit, whatever the header reader made of it, before decoding a row.
    @Test func aJPEGOverTheLimitIsRefusedByLibjpegToo() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let clean = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Self.made("p.jpg", in: fixtures))))
        for garbage: [UInt8] in [[0x00, 0x17, 0x00], [0xFF, 0x00, 0x01, 0x00, 0x00]] {
            let stray = Array(clean[..<2]) + garbage + Array(clean[2...])
            #expect(ImageHeader.size(of: stray) == ImageSize(width: 96, height: 64), "after \(garbage)")
            let decoded = try DecodedPicture(bytes: stray)
            #expect(decoded.width == 96 && decoded.height == 64, "after \(garbage)")
        }
        let stray = Array(clean[..<2]) + [0x00, 0x17, 0x00] + Array(clean[2...])
        #expect(throws: DecodedPicture.Problem.tooLarge(width: 96, height: 64)) { try DecodedPicture(bytes: stray, maximumPixels: 96 * 64 - 1) }
        var image = folio_jpeg_image()
        let status = clean.withUnsafeBufferPointer { folio_jpeg_decode_memory($0.baseAddress, $0.count, 10, 10, 96 * 64 - 1, &image) }
        #expect(status == -1 && image.too_large != 0 && image.pixels == nil)
        #expect(image.full_width == 96 && image.full_height == 64)
    }

    /// A PNG whose chunks after its header are damaged (found by the `picture` fuzz target): stb_image's
    /// reason came out as a bare line feed; the problem is one line that says something.
    @Test func aDamagedPNGsProblemIsOneLine() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 0x17,
                            0, 0, 0, 0x11, 0x10, 0x02, 0, 0, 0, 0xE9, 0x81, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82, 0x0A]
        do {
            _ = try DecodedPicture(bytes: png)
            Issue.record("a damaged PNG decoded")
        } catch {
            #expect(!error.description.contains("\n") && error.description.hasSuffix(")") && !error.description.hasSuffix("()"),
                    "\(error.description.debugDescription)")
        }
    }

    /// A GIF whose header says 31 × 0 (found by the `picture` fuzz target): stb_image gave a picture of
    /// no pixels, which a host would have tried to fit on a page; it is unreadable, as ImageMagick says.
    @Test func aPictureOfNoRowsIsUnreadable() {
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x1F, 0, 0, 0, 0xF0, 0, 0, 0, 0x26, 0, 0, 0, 0, 0x2C]
        #expect(throws: DecodedPicture.Problem.unreadable("the picture has no pixels")) { try DecodedPicture(bytes: gif) }
    }

    /// Four flat quarters, each two cells by two: every cell shows its quarter's colour, whatever block chafa picks.
    @Test func cellsShowThePicturesColoursWhereTheyAre() {
        let colours: [[UInt32]] = [[0xC82828, 0x2850C8], [0x28C850, 0xE0E020]]
        var pixels: [UInt8] = []
        for y in 0..<80 {
            for x in 0..<40 {
                let colour = colours[y / 40][x / 20]
                pixels += [UInt8(colour >> 16), UInt8(colour >> 8 & 0xFF), UInt8(colour & 0xFF), 255]
            }
        }
        let cells = CellPainter.cells(of: DecodedPicture(width: 40, height: 80, pixels: pixels), columns: 4, rows: 4)
        for row in 0..<4 {
            for column in 0..<4 {
                let cell = cells[column, row]
                let colour = colours[row / 2][column / 2]
                // A cell shows its background, and its foreground where its character has ink.
                let shown = cell.scalar == " " ? [cell.background] : cell.scalar == "█" ? [cell.foreground] : [cell.foreground, cell.background]
                for value in shown {
                    #expect(close(value, colour), "cell \(column),\(row) '\(cell.scalar)' shows \(String(value, radix: 16)), not \(String(colour, radix: 16))")
                }
            }
        }
    }

    func close(_ a: UInt32, _ b: UInt32, within tolerance: Int = 8) -> Bool {
        (0..<3).allSatisfy { (shift: UInt32) -> Bool in
            let x = Int((a >> (8 * shift)) & 0xFF), y = Int((b >> (8 * shift)) & 0xFF)
            return abs(x - y) <= tolerance
        }
    }

    /// A picture made off the main thread: nil at first (the placeholder is drawn), then its cells once collected.
    @Test func picturesAreMadeOffTheMainThreadAndKept() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let path = try fixtures.zip("c.cbz", [("p1.png", ComicFixtures.png(width: 30, height: 40, rgb: (200, 40, 40)))])
        let comic = try FolioComicsTestBook.open(path)
        let pictures = TerminalPictures(source: comic)
        let image = comic.part(at: 0).images[0]
        #expect(pictures.picture(image, columns: 6, rows: 4) == nil)
        #expect(pictures.isBusy)
        let deadline = Date().addingTimeInterval(10)
        while !pictures.collect() && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        let cells = try #require(pictures.picture(image, columns: 6, rows: 4))
        #expect(!pictures.isBusy)
        #expect(cells.columns == 6 && cells.rows == 4)
        #expect(close(cells[3, 2].background, 0xC82828))
    }
}

/// Pixels for terminals that draw them: the sixel chafa writes, read back by ImageMagick (its own sixel
/// reader), is the picture at the size asked (sixel heights come in steps of six pixels).
@Suite(.needs(.imageMagick)) struct PixelPictureTests {
    @Test func sixelReadBackByImageMagickIsThePicture() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let colours: [UInt32] = [0xC82828, 0x2850C8]
        var pixels: [UInt8] = []
        for _ in 0..<120 {
            for x in 0..<100 {
                let colour = colours[x / 50]
                pixels += [UInt8(colour >> 16), UInt8(colour >> 8 & 0xFF), UInt8(colour & 0xFF), 255]
            }
        }
        let sixel = CellPainter.pixels(of: DecodedPicture(width: 100, height: 120, pixels: pixels), columns: 10, rows: 6,
                                       cell: ImageSize(width: 10, height: 20), method: .sixel)
        #expect(sixel.starts(with: [0x1B, 0x50]), "a DCS")
        let path = fixtures.folder.appendingPathComponent("p.six").path
        try Data(sixel).write(to: URL(fileURLWithPath: path))
        let decoded = fixtures.folder.appendingPathComponent("p.txt").path
        // Through PNG: ImageMagick's text output of a sixel's palette reads black.
        let png = fixtures.folder.appendingPathComponent("p.png").path
        try fixtures.run("/usr/bin/env", ["convert", "sixel:" + path, png])
        try fixtures.run("/usr/bin/env", ["convert", png, "-depth", "8", "txt:" + decoded])
        let text = try String(contentsOfFile: decoded, encoding: .utf8)
        let header = try #require(text.split(separator: "\n").first)
        #expect(header.contains("100,120,"), "10 × 6 cells of 10 × 20 pixels: \(header)")
        // The left half red, the right half blue, as drawn.
        func pixel(_ x: Int, _ y: Int) -> String? {
            text.split(separator: "\n").first { $0.hasPrefix("\(x),\(y):") }.map(String.init)
        }
        // Sixel colours are in percent: each channel within 3 of the picture's.
        func colour(_ line: String) -> UInt32? {
            guard let hash = line.firstIndex(of: "#") else { return nil }
            return UInt32(line[line.index(after: hash)...].prefix(6), radix: 16)
        }
        let left = try #require(pixel(20, 50).flatMap(colour)), right = try #require(pixel(80, 50).flatMap(colour))
        #expect(PictureTests().close(left, colours[0], within: 3), "\(String(left, radix: 16))")
        #expect(PictureTests().close(right, colours[1], within: 3), "\(String(right, radix: 16))")
    }

    @Test func kittyPixelsAreAnAPCImage() {
        let picture = DecodedPicture(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 64))
        let kitty = CellPainter.pixels(of: picture, columns: 2, rows: 1, cell: ImageSize(width: 10, height: 20), method: .kitty)
        #expect(kitty.starts(with: Array("\u{1B}_G".utf8)), "\(String(decoding: kitty.prefix(40), as: UTF8.self))")
        #expect(CellPainter.pixels(of: picture, columns: 2, rows: 1, cell: ImageSize(width: 10, height: 20), method: .blocks).isEmpty)
    }
}
