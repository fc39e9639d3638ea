import Testing
import FolioReading
import FolioViewCore

@Suite struct SizeAndResampleTests {
    @Test func aLargePhotoShrinksToTheWindowKeepingItsShape() {
        let photo = PixelSize(width: 5640, height: 3172)
        let small = photo.downsampled(toFit: PixelSize(width: 1280, height: 800))
        #expect(small == PixelSize(width: 1280, height: 720))
        #expect(photo.bytes() == 71_560_320)
        #expect(small.bytes() == 3_686_400)
    }

    @Test func smallPhotosAreNeverBlownUpAndNothingIsEmpty() {
        #expect(PixelSize(width: 300, height: 200).downsampled(toFit: PixelSize(width: 1280, height: 800)) == PixelSize(width: 300, height: 200))
        #expect(PixelSize(width: 10000, height: 1).downsampled(toFit: PixelSize(width: 100, height: 100)) == PixelSize(width: 100, height: 1))
        #expect(PixelSize(width: 0, height: 5).downsampled(toFit: PixelSize(width: 100, height: 100)) == PixelSize(width: 0, height: 0))
    }

    /// Exhaustive over small sizes: the result fits the box, is never larger than the photo, keeps the aspect to a pixel.
    @Test func downsampledSizesFitForAllSmallCombinations() {
        for w in 1...24 { for h in 1...24 { for bw in 1...12 { for bh in 1...12 {
            let s = PixelSize(width: w, height: h).downsampled(toFit: PixelSize(width: bw, height: bh))
            let fits = s.width <= max(bw, 1) && s.height <= max(bh, 1) || s.width == 1 || s.height == 1
            #expect(fits && s.width <= w && s.height <= h && s.width >= 1 && s.height >= 1,
                    "\(w)×\(h) in \(bw)×\(bh) gave \(s)")
        } } } }
    }

    @Test func boxFilterAveragesTheCoveredPixels() {
        // 4×2 RGB: left half black, right half white; shrunk to 2×1 it is one black and one white pixel.
        var rgb: [UInt8] = []
        for _ in 0..<2 { for x in 0..<4 { rgb += x < 2 ? [0, 0, 0] : [255, 255, 255] } }
        let out = rgb.withUnsafeBytes {
            BoxResampler.shrink($0, size: PixelSize(width: 4, height: 2), pitch: 12, bytesPerPixel: 3, to: PixelSize(width: 2, height: 1))
        }
        #expect(out == [0, 0, 0, 255, 255, 255, 255, 255])
        // A 2×2 checker of 0 and 200 (RGBA) averages to 100.
        let rgba: [UInt8] = [0, 0, 0, 255, 200, 200, 200, 255, 200, 200, 200, 255, 0, 0, 0, 255]
        let one = rgba.withUnsafeBytes {
            BoxResampler.shrink($0, size: PixelSize(width: 2, height: 2), pitch: 8, bytesPerPixel: 4, to: PixelSize(width: 1, height: 1))
        }
        #expect(one == [100, 100, 100, 255])
    }

    @Test func boxFilterReadsPaddedRows() {
        // Rows 8 bytes apart holding 2 RGB pixels (2 bytes of padding each).
        let padded: [UInt8] = [10, 20, 30, 50, 60, 70, 9, 9, 10, 20, 30, 50, 60, 70, 9, 9]
        let out = padded.withUnsafeBytes {
            BoxResampler.shrink($0, size: PixelSize(width: 2, height: 2), pitch: 8, bytesPerPixel: 3, to: PixelSize(width: 1, height: 1))
        }
        #expect(out == [30, 40, 50, 255])
    }
}

@Suite struct ExifOrientationTests {
    /// A JPEG's start: SOI, an APP0 to skip, then APP1 with an EXIF block holding one IFD0 entry.
    static func jpeg(orientation: Int, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        var tiff: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        tiff += u16(42) + u32(8) + u16(2)
        tiff += u16(0x010F) + u16(2) + u32(4) + u32(0)          // Make, a tag before it
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0)
        tiff += u32(0)
        let app1 = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let app0: [UInt8] = [0xFF, 0xE0, 0, 7, 0x4A, 0x46, 0x49, 0x46, 0]
        return [0xFF, 0xD8] + app0 + [0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)] + app1 + [0xFF, 0xDA, 0, 2]
    }

    @Test func readsTheTagInBothByteOrders() {
        for value in 1...8 {
            for little in [true, false] {
                #expect(ExifOrientation.read(Self.jpeg(orientation: value, littleEndian: little)).rawValue == value, "\(value) little \(little)")
            }
        }
        #expect(ExifOrientation.read([0xFF, 0xD8, 0xFF, 0xDA, 0, 2]) == .upright)
        #expect(ExifOrientation.read(Array("not a jpeg".utf8)) == .upright)
        // Truncated anywhere: never a crash, upright or the tag.
        let whole = Self.jpeg(orientation: 6, littleEndian: true)
        for n in 0...whole.count { _ = ExifOrientation.read(Array(whole.prefix(n))) }
    }

    /// A 3 × 2 photo whose pixels are their indices, turned each of the eight ways, checked against
    /// where each corner must end up.
    @Test func turnsPixelsUprightAllEightWays() {
        // Stored:  0 1 2
        //          3 4 5
        let pixels: [UInt8] = (0..<6).flatMap { i -> [UInt8] in [UInt8(i), 0, 0, 255] }
        let size = PixelSize(width: 3, height: 2)
        let expected: [ExifOrientation: [Int]] = [
            .upright: [0, 1, 2, 3, 4, 5],
            .mirrored: [2, 1, 0, 5, 4, 3],
            .upsideDown: [5, 4, 3, 2, 1, 0],
            .flipped: [3, 4, 5, 0, 1, 2],
            .transposed: [0, 3, 1, 4, 2, 5],
            .rotatedClockwise: [3, 0, 4, 1, 5, 2],
            .transversed: [5, 2, 4, 1, 3, 0],
            .rotatedAnticlockwise: [2, 5, 1, 4, 0, 3],
        ]
        for orientation in ExifOrientation.allCases {
            let (out, shown) = orientation.apply(to: pixels, size: size)
            #expect(shown == orientation.shownSize(of: size))
            let order = stride(from: 0, to: out.count, by: 4).map { Int(out[$0]) }
            #expect(order == expected[orientation], "\(orientation): \(order)")
        }
    }
}

/// Cropping the stored pixels at `storedRect(of:stored:)` and turning the
/// crop upright gives the same pixels as turning the whole picture upright
/// and cropping that: the sharp part of a zoomed photo lines up with the
/// rest, whatever its EXIF orientation. Every orientation, 400 random
/// pictures and rectangles each, from a printed seed.
@Test func aStoredRectTurnedUprightIsThePartOfTheUprightPicture() {
    var seed = UInt64.random(in: 1...UInt64.max)
    let start = seed
    func next(_ range: ClosedRange<Int>) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return range.lowerBound + Int((seed >> 33) % UInt64(range.count))
    }
    for orientation in (1...8).compactMap(ExifOrientation.init(rawValue:)) {
        for _ in 0..<400 {
            let stored = PixelSize(width: next(1...9), height: next(1...9))
            // Each pixel's four bytes hold its own number, so any mix-up shows.
            let pixels: [UInt8] = (0..<(stored.width * stored.height)).flatMap { (n: Int) -> [UInt8] in [UInt8(n & 255), UInt8(n >> 8), 7, 255] }
            let (upright, shown) = orientation.apply(to: pixels, size: stored)
            let x = next(0...(shown.width - 1)), y = next(0...(shown.height - 1))
            let part = PixelRect(x: x, y: y, width: next(1...(shown.width - x)), height: next(1...(shown.height - y)))
            let rect = orientation.storedRect(of: part, stored: stored)
            var crop: [UInt8] = []
            for row in rect.y..<(rect.y + rect.height) {
                let from = (row * stored.width + rect.x) * 4
                crop += pixels[from..<(from + rect.width * 4)]
            }
            let (turned, turnedSize) = orientation.apply(to: crop, size: PixelSize(width: rect.width, height: rect.height))
            var expected: [UInt8] = []
            for row in part.y..<(part.y + part.height) {
                let from = (row * shown.width + part.x) * 4
                expected += upright[from..<(from + part.width * 4)]
            }
            guard turned == expected, turnedSize == PixelSize(width: part.width, height: part.height) else {
                Issue.record("seed \(start): \(orientation), stored \(stored), part \(part) → stored rect \(rect) is not that part")
                return
            }
        }
    }
}
