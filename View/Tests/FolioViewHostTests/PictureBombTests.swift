import Foundation
import FolioViewCore
@testable import FolioViewHost
import Testing

/// Decompression bombs by pixel count: a picture whose header asks for more than
/// ``PhotoDecoder/maximumPixels`` is refused in words before SDL_image or libjpeg
/// allocates a row (a 40,000 × 40,000 PNG would be 6.4 GB of pixels).
@Suite struct PictureBombTests {
    /// A PNG's signature and header chunk for `width` × `height` (no pixel data: nothing reaches it).
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8)
            + be32(width) + be32(height) + [8, 6, 0, 0, 0] + be32(0)
    }

    /// A JPEG's start and frame header for `width` × `height` (baseline, three components).
    static func jpegHeader(width: UInt16, height: UInt16) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3,
         1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
    }

    @Test func aBombIsRefusedFromItsHeaderFromAFileAndFromMemory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bombs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, bytes) in [("bomb.png", Self.pngHeader(width: 40_000, height: 40_000)),
                              ("bomb.jpg", Self.jpegHeader(width: 40_000, height: 40_000))] {
            let path = folder.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let box = PixelSize(width: 800, height: 600)
            for result in [PhotoDecoder.decode(path: path, box: box), PhotoDecoder.decode(bytes: bytes, named: name, box: box)] {
                guard case .failure(let error) = result else {
                    Issue.record("\(name) was decoded")
                    continue
                }
                #expect(error.description.contains("40000 × 40000 pixels, too large to show"), "\(name): \(error)")
            }
        }
    }
}
