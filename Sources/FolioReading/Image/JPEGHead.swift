/// What a JPEG's first bytes say before its image data: its size (the frame header) and where
/// its EXIF thumbnail is, the small picture a camera stores beside the photo. A window shows
/// the thumbnail the moment it has read the head, while the photo itself is decoded.
///
/// ```swift
/// let head = JPEGHead(firstBytes)
/// head.size          // 5640×3172
/// head.thumbnail     // 34482 ..< 41240: a JPEG of its own inside the EXIF block
/// ```
public struct JPEGHead: Hashable, Sendable {
    /// The picture's stored size (before any EXIF turn), from its frame header; nil when the
    /// bytes end before it.
    public var size: ImageSize?
    /// Where the EXIF thumbnail's own JPEG is in the bytes; nil when there is none, or it does
    /// not lie whole within them.
    public var thumbnail: Range<Int>?

    /// Reads `bytes`, a JPEG's first bytes (its head: the first 64 KB hold it for nearly every
    /// photo). O(markers).
    public init(_ bytes: [UInt8]) {
        size = Self.frameSize(bytes)
        thumbnail = Self.thumbnail(bytes)
    }

    /// The size in the first frame header (SOF0 … SOF15 but DHT, JPG and DAC) before the image data.
    static func frameSize(_ bytes: [UInt8]) -> ImageSize? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard i + 9 <= bytes.count else { return nil }
                let height = Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]), width = Int(bytes[i + 7]) << 8 | Int(bytes[i + 8])
                return width > 0 && height > 0 ? ImageSize(width: width, height: height) : nil
            }
            i += 2 + length
        }
        return nil
    }

    /// IFD1's JPEGInterchangeFormat (0x0201) and its length (0x0202), as a range of `bytes`
    /// starting with a JPEG's first marker.
    static func thumbnail(_ bytes: [UInt8]) -> Range<Int>? {
        guard let found = ExifOrientation.tiffBlock(bytes), let tiff = TIFFBlock(bytes, base: found.base, end: found.end),
              let ifd0 = tiff.u32(tiff.base + 4), let count = tiff.u16(tiff.base + ifd0),
              let ifd1 = tiff.u32(tiff.base + ifd0 + 2 + count * 12), ifd1 > 0,
              let offsetAt = tiff.entry(0x0201, in: ifd1), let offset = tiff.u32(offsetAt + 8),
              let lengthAt = tiff.entry(0x0202, in: ifd1), let length = tiff.u32(lengthAt + 8), length > 4 else { return nil }
        let start = tiff.base + offset
        guard start + length <= tiff.end, bytes[start] == 0xFF, bytes[start + 1] == 0xD8 else { return nil }
        return start..<(start + length)
    }
}
