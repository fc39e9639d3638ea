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

    /// An SVG drawing's size in pixels, from its `<svg>` element's `width` and `height` (in px,
    /// pt, pc, in, cm or mm, 96 to the inch) or else its `viewBox`; nil when `bytes` hold no
    /// `<svg` tag with a size. Kept apart from ``size(of:)``, which a book's pagination asks of
    /// every picture: a book's SVG is sized as its page lays it out.
    public static func drawingSize(of bytes: [UInt8]) -> ImageSize? {
        let head = Array(bytes.prefix(64 << 10))
        /// Where `needle` starts in `head` at or after `from` and before `to`.
        func find(_ needle: [UInt8], from: Int, to: Int) -> Int? {
            guard to - from >= needle.count else { return nil }
            return (from...(to - needle.count)).first { at in needle.indices.allSatisfy { head[at + $0] == needle[$0] } }
        }
        guard let open = find(Array("<svg".utf8), from: 0, to: head.count),
              let close = head[(open + 4)...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func attribute(_ name: String) -> String? {
            var from = open + 4
            while let found = find(Array(name.utf8), from: from, to: close) {
                var after = found + name.utf8.count
                while after < close, isSpace(head[after]) { after += 1 }
                if isSpace(head[found - 1]), after < close, head[after] == UInt8(ascii: "=") {
                    var quote = after + 1
                    while quote < close, isSpace(head[quote]) { quote += 1 }
                    guard quote < close, head[quote] == UInt8(ascii: "\"") || head[quote] == UInt8(ascii: "'"),
                          let end = head[(quote + 1)..<close].firstIndex(of: head[quote]) else { return nil }
                    return String(decoding: head[(quote + 1)..<end], as: UTF8.self)
                }
                from = found + 1
            }
            return nil
        }
        func length(_ value: String?) -> Double? {
            guard let value = value?.trimmingWhitespace, !value.hasSuffix("%") else { return nil }
            let units: [(String, Double)] = [("px", 1), ("pt", 96.0 / 72), ("pc", 16), ("in", 96), ("cm", 96 / 2.54), ("mm", 96 / 25.4)]
            for (unit, scale) in units where value.hasSuffix(unit) { return Double(value.dropLast(2)).map { $0 * scale } }
            return Double(value)
        }
        let box = attribute("viewBox").map { $0.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) } }
        let boxSize = box.flatMap { $0.count == 4 ? ($0[2], $0[3]) : nil }
        var width = length(attribute("width")), height = length(attribute("height"))
        if let (w, h) = boxSize, w > 0, h > 0 {
            // One side given: the other from the view box's shape.
            if width == nil, let height { width = height * w / h }
            if height == nil, let width { height = width * h / w }
            if width == nil { width = w; height = h }
        }
        guard let width, let height, width >= 1, height >= 1, width < Double(1 << 20), height < Double(1 << 20) else { return nil }
        return ImageSize(width: Int(width.rounded()), height: Int(height.rounded()))
    }
}
