import Testing
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
