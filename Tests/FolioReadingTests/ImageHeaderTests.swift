import Foundation
import Testing
import FolioTestSupport
import FolioReading

/// Picture sizes read from file headers (a book's images are sized before any is decoded).
@Suite struct ImageHeaderTests {
    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }

    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(640) + be32(480)
        + [8, 6, 0, 0, 0]
    static let gif: [UInt8] = Array("GIF89a".utf8) + le16(320) + le16(200) + [0, 0, 0]
    static let bmp: [UInt8] = Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + le32(40) + le32(100) + le32(-50 & 0xFFFF_FFFF)
    /// A JPEG: SOI, an APP0 segment to skip, then a baseline frame header (SOF0) of 1024 × 768.
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x06, 0x4A, 0x46, 0x49, 0x46,
                                0xFF, 0xC0, 0x00, 0x11, 0x08, 0x03, 0x00, 0x04, 0x00, 0x03]
    static let webp: [UInt8] = Array("RIFF".utf8) + le32(30) + Array("WEBPVP8X".utf8) + le32(10) + [0, 0, 0, 0]
        + [0x1F, 0x03, 0x00] + [0x57, 0x02, 0x00]

    @Test func sizesComeFromTheHeadersOfTheCommonFormats() {
        #expect(ImageHeader.size(of: Self.png) == ImageSize(width: 640, height: 480))
        #expect(ImageHeader.size(of: Self.gif) == ImageSize(width: 320, height: 200))
        #expect(ImageHeader.size(of: Self.bmp) == ImageSize(width: 100, height: 50), "a top-down BMP's height is negative")
        #expect(ImageHeader.size(of: Self.jpeg) == ImageSize(width: 1024, height: 768))
        #expect(ImageHeader.size(of: Self.webp) == ImageSize(width: 800, height: 600))
    }

    /// TIFFs as ImageMagick writes them, both byte orders, sized as ImageMagick's `identify` says;
    /// and a QOI header (the format's own 14 bytes).
    @Test(.needs(.imageMagick), arguments: ["LSB", "MSB"])
    func tiffSizesAreThoseImageMagickReads(endian: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-header-\(endian)-\(getpid()).tiff").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        func run(_ arguments: [String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        _ = try run(["convert", "-size", "123x45", "gradient:red-blue", "-endian", endian, path])
        let said = try run(["identify", "-format", "%w %h", path]).split(separator: " ").compactMap { Int($0) }
        try #require(said.count == 2, "identify: \(said)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(ImageHeader.size(of: bytes) == ImageSize(width: said[0], height: said[1]))
        #expect(ImageHeader.size(of: Array("qoif".utf8) + Self.be32(1920) + Self.be32(1080) + [4, 0]) == ImageSize(width: 1920, height: 1080))
    }

    /// A header cut anywhere gives its size or nil (the caller decodes instead), never a wrong size;
    /// bytes of no known format give nil.
    @Test func aHeaderCutShortGivesItsSizeOrNilNeverAWrongOne() {
        for header in [Self.png, Self.gif, Self.bmp, Self.jpeg, Self.webp] {
            let whole = ImageHeader.size(of: header)
            for length in 0..<header.count {
                let size = ImageHeader.size(of: Array(header.prefix(length)))
                #expect(size == nil || size == whole, "\(length) of \(header.count) bytes gave \(String(describing: size))")
            }
        }
        #expect(ImageHeader.size(of: Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == nil)
    }
}
