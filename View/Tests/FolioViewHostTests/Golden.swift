import CSDL2
import Foundation
import FolioViewCore
import Testing

/// Frames compared with committed golden images (`Golden/NAME.png`) at a
/// stated tolerance: a pixel matches when every channel is within
/// ``channelTolerance`` of the golden's, and a frame matches when at most
/// one pixel in ``badPixelsPerMille``/1000 does not. On a mismatch the
/// actual frame and a diff (white where pixels differ) are written beside
/// the golden as `NAME.actual.png` and `NAME.diff.png`. A missing golden is
/// written and the test fails, so nothing passes without a committed image;
/// `FOLIO_UPDATE_GOLDEN=1` rewrites them on purpose.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    /// How far a channel may be from the golden's and still match.
    static let channelTolerance = 8
    /// How many pixels in a thousand may differ before the frame does.
    static let badPixelsPerMille = 5

    /// Compares RGB `pixels` (3 bytes a pixel, rows packed) of `size` with the golden `name`.
    static func compare(_ pixels: [UInt8], size: PixelSize, name: String,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let goldenPath = folder.appendingPathComponent(name + ".png").path
        let update = ProcessInfo.processInfo.environment["FOLIO_UPDATE_GOLDEN"] == "1"
        guard !update, FileManager.default.fileExists(atPath: goldenPath) else {
            try save(pixels, size: size, to: goldenPath)
            if !update { Issue.record("no golden for \(name): wrote \(goldenPath); look at it and commit it", sourceLocation: sourceLocation) }
            return
        }
        let (expected, expectedSize) = try load(goldenPath)
        guard expectedSize == size else {
            try save(pixels, size: size, to: folder.appendingPathComponent(name).path + ".actual.png")
            Issue.record("\(name): the frame is \(size), the golden \(expectedSize)", sourceLocation: sourceLocation)
            return
        }
        var bad = 0
        var diff = [UInt8](repeating: 0, count: pixels.count)
        for i in stride(from: 0, to: pixels.count, by: 3) {
            let off = (0..<3).contains { abs(Int(pixels[i + $0]) - Int(expected[i + $0])) > channelTolerance }
            if off { bad += 1; diff[i] = 255; diff[i + 1] = 255; diff[i + 2] = 255 }
        }
        let total = pixels.count / 3
        if bad * 1000 > total * badPixelsPerMille {
            let base = folder.appendingPathComponent(name).path
            try save(pixels, size: size, to: base + ".actual.png")
            try save(diff, size: size, to: base + ".diff.png")
            Issue.record("\(name): \(bad) of \(total) pixels differ from the golden by more than \(channelTolerance); see \(base).actual.png and .diff.png",
                         sourceLocation: sourceLocation)
        }
    }

    /// Writes RGB `rgb` of `size` as a PNG at `path`.
    static func save(_ rgb: [UInt8], size: PixelSize, to path: String) throws {
        var copy = rgb
        let ok = copy.withUnsafeMutableBytes { buffer -> Bool in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(buffer.baseAddress, Int32(size.width), Int32(size.height), 24,
                                                                   Int32(size.width * 3), SDL_PIXELFORMAT_RGB24.rawValue) else { return false }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path) == 0
        }
        if !ok { throw GoldenError(description: "cannot write \(path)") }
    }

    /// The RGB pixels and size of the PNG at `path`.
    static func load(_ path: String) throws -> ([UInt8], PixelSize) {
        guard let loaded = IMG_Load(path), let rgb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGB24.rawValue, 0) else {
            throw GoldenError(description: "cannot read \(path)")
        }
        SDL_FreeSurface(loaded)
        defer { SDL_FreeSurface(rgb) }
        let size = PixelSize(width: Int(rgb.pointee.w), height: Int(rgb.pointee.h))
        var out = [UInt8](repeating: 0, count: size.width * size.height * 3)
        let pitch = Int(rgb.pointee.pitch)
        for y in 0..<size.height {
            let row = rgb.pointee.pixels.advanced(by: y * pitch).assumingMemoryBound(to: UInt8.self)
            for x in 0..<(size.width * 3) { out[y * size.width * 3 + x] = row[x] }
        }
        return (out, size)
    }
}

struct GoldenError: Error, CustomStringConvertible {
    let description: String
}
