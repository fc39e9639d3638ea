/// An image's pixel size read from the first bytes of its file, without
/// decoding it: PNG, JPEG, GIF, BMP, WebP, TIFF and QOI.
///
/// A book's pagination needs every image's size before it draws any, so
/// the size comes from the header (a few dozen bytes, or a JPEG's segment
/// headers) rather than a full decode. Formats it does not know (SVG) give
/// nil, and the caller decodes instead.
///
/// ```swift
/// ImageHeader.size(of: pngBytes)  // 640×480
/// ```
public enum ImageHeader {
    /// The size in `bytes`' header, or nil when the format is unknown or the header is cut short.
    public static func size(of bytes: [UInt8]) -> ImageSize? {
        func be16(_ i: Int) -> Int { i + 1 < bytes.count ? Int(bytes[i]) << 8 | Int(bytes[i + 1]) : -1 }
        func le16(_ i: Int) -> Int { i + 1 < bytes.count ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : -1 }
        func be32(_ i: Int) -> Int { i + 3 < bytes.count ? be16(i) << 16 | be16(i + 2) : -1 }
        func le32(_ i: Int) -> Int { i + 3 < bytes.count ? le16(i) | le16(i + 2) << 16 : -1 }
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<(offset + prefix.count)]) == prefix
        }
        func valid(_ width: Int, _ height: Int) -> ImageSize? {
            width > 0 && height > 0 && width < 1 << 20 && height < 1 << 20 ? ImageSize(width: width, height: height) : nil
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) && starts(Array("IHDR".utf8), at: 12) {
            return valid(be32(16), be32(20))
        }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            return valid(le16(6), le16(8))
        }
        if starts(Array("BM".utf8)) && bytes.count >= 26 {
            // A top-down bitmap stores its height negated.
            return valid(le32(18), abs(Int(Int32(truncatingIfNeeded: le32(22)))))
        }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            if starts(Array("VP8 ".utf8), at: 12), bytes.count >= 30 { return valid(le16(26) & 0x3FFF, le16(28) & 0x3FFF) }
            if starts(Array("VP8L".utf8), at: 12), bytes.count > 24 {
                let bits = le32(21)
                return valid((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            }
            if starts(Array("VP8X".utf8), at: 12), bytes.count > 29 {
                let width = Int(bytes[24]) | Int(bytes[25]) << 8 | Int(bytes[26]) << 16
                let height = Int(bytes[27]) | Int(bytes[28]) << 8 | Int(bytes[29]) << 16
                return valid(width + 1, height + 1)
            }
            return nil
        }
        if starts([0xFF, 0xD8]) {
            // JPEG: walk the segments to the first start-of-frame.
            var i = 2
            while i + 3 < bytes.count {
                // Bytes between segments are skipped to the next marker, as libjpeg skips them.
                guard bytes[i] == 0xFF else { i += 1; continue }
                let marker = bytes[i + 1]
                if marker == 0xFF { i += 1; continue }  // fill bytes
                if marker == 0x00 { i += 2; continue }  // a stuffed zero is no marker: libjpeg skips it as stray bytes
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
                let length = be16(i + 2)
                guard length >= 2 else { return nil }
                let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
                if isFrame { return i + 8 < bytes.count ? valid(be16(i + 7), be16(i + 5)) : nil }
                i += 2 + length
            }
        }
        if starts(Array("qoif".utf8)) {
            return valid(be32(4), be32(8))
        }
        let tiffLittle = starts([0x49, 0x49, 42, 0]), tiffBig = starts([0x4D, 0x4D, 0, 42])
        if tiffLittle || tiffBig {
            // TIFF: the first directory's ImageWidth (256) and ImageLength (257), short or long.
            func u16(_ i: Int) -> Int { tiffLittle ? le16(i) : be16(i) }
            func u32(_ i: Int) -> Int { tiffLittle ? le32(i) : be32(i) }
            let directory = u32(4), count = u16(directory)
            guard directory >= 8, count > 0 else { return nil }
            var width = -1, height = -1
            for entry in 0..<count {
                let at = directory + 2 + entry * 12
                guard at + 12 <= bytes.count else { return nil }
                let tag = u16(at), value = u16(at + 2) == 3 ? u16(at + 8) : u32(at + 8)
                if tag == 256 { width = value } else if tag == 257 { height = value }
            }
            return valid(width, height)
        }
        return nil
    }
}
