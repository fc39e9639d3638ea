import PropertyBased
import Testing
@testable import FolioReading

/// A JPEG's head: its size from the frame header, and its EXIF thumbnail's place, in either
/// byte order; and no head, however cut or damaged, is read outside its bytes.
@Suite struct JPEGHeadTests {
    /// A head made here: SOI, an EXIF APP1 whose IFD0 holds an orientation and whose IFD1 points
    /// at a small JPEG of its own, then a frame header of `width` × `height`.
    static func head(littleEndian: Bool, width: Int, height: Int) -> (bytes: [UInt8], thumbnail: Range<Int>) {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        func entry(_ tag: Int, _ type: Int, _ value: Int) -> [UInt8] { u16(tag) + u16(type) + u32(1) + u32(value) }
        let small: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x02, 0xFF, 0xD9]
        var tiff: [UInt8] = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8)
        tiff += u16(1) + entry(0x0112, 3, littleEndian ? 6 : 6 << 16) + u32(26)  // IFD0: orientation 6; IFD1 at 26
        tiff += u16(2) + entry(0x0201, 4, 56) + entry(0x0202, 4, small.count) + u32(0)  // IFD1 at 26 … 56
        tiff += small
        let app1: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1] + [UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)] + app1
        bytes += [0xFF, 0xC2, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
        bytes += [UInt8](repeating: 0, count: 12) + [0xFF, 0xDA, 0x00, 0x02]
        let start = 4 + 2 + 6 + 56
        return (bytes, start..<(start + small.count))
    }

    @Test(arguments: [true, false]) func theSizeAndTheThumbnailAreRead(littleEndian: Bool) throws {
        let made = Self.head(littleEndian: littleEndian, width: 5640, height: 3172)
        let head = JPEGHead(made.bytes)
        #expect(head.size == ImageSize(width: 5640, height: 3172))
        #expect(head.thumbnail == made.thumbnail)
        #expect(ExifOrientation.read(made.bytes) == .rotatedClockwise)
        #expect(JPEGHead(Array(made.bytes.prefix(made.thumbnail.upperBound - 1))).thumbnail == nil, "a thumbnail cut short is none")
    }

    /// Every prefix of a head, and heads with bytes changed at random, are read within their bytes:
    /// a thumbnail found lies inside them and starts as a JPEG does.
    @Test func aCutOrDamagedHeadIsReadWithinItsBytes() async {
        let made = Self.head(littleEndian: true, width: 640, height: 480).bytes
        for length in 0...made.count { _ = JPEGHead(Array(made.prefix(length))) }
        let changes = Gen.int(in: 0...(made.count - 1)).array(of: 1...6)
        await propertyCheck(count: 2_000, input: changes, Gen.int(in: 0...255)) { places, value in
            var bytes = made
            for place in places { bytes[place] = UInt8(value) }
            if let found = JPEGHead(bytes).thumbnail {
                #expect(found.lowerBound >= 0 && found.upperBound <= bytes.count && bytes[found.lowerBound] == 0xFF
                        && bytes[found.lowerBound + 1] == 0xD8, "\(found) in \(bytes.count) bytes")
            }
        }
    }
}
