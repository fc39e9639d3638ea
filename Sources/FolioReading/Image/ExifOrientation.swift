/// How a camera says its photo should be turned: the EXIF orientation tag
/// (1 … 8) of a JPEG, and the pixel remapping that shows the photo upright.
///
/// Decoders give the pixels as stored; a phone photo held upright is
/// often stored on its side with orientation 6. ``read(_:)`` finds the tag in
/// the file's first bytes (the APP1 segment comes first, in the first 64 KB);
/// ``shownSize(of:)`` is the upright size. (The window's `FolioViewCore` turns decoded pixels upright.)
///
/// ```swift
/// let orientation = ExifOrientation.read(firstBytes)     // .rotatedClockwise for a tag of 6
/// orientation.shownSize(of: ImageSize(width: 4032, height: 3024))   // 3024×4032
/// ```
public enum ExifOrientation: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// 1: as stored.
    case upright = 1
    /// 2: mirrored left to right.
    case mirrored = 2
    /// 3: turned half round.
    case upsideDown = 3
    /// 4: mirrored top to bottom.
    case flipped = 4
    /// 5: mirrored across the main diagonal.
    case transposed = 5
    /// 6: stored a quarter turn anticlockwise; shown turned clockwise.
    case rotatedClockwise = 6
    /// 7: mirrored across the other diagonal.
    case transversed = 7
    /// 8: stored a quarter turn clockwise; shown turned anticlockwise.
    case rotatedAnticlockwise = 8

    /// Whether width and height swap when shown.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The orientation in a JPEG's first bytes; ``upright`` when there is none
    /// or the bytes are not a JPEG with a readable EXIF block. O(bytes read).
    public static func read(_ bytes: [UInt8]) -> ExifOrientation {
        guard let tiff = tiffBlock(bytes) else { return .upright }
        return tiffOrientation(bytes, base: tiff.base, end: tiff.end) ?? .upright
    }

    /// Where the TIFF block of a JPEG's EXIF segment is in its first bytes: from `base` (its
    /// byte-order mark) to `end`; nil when the bytes are not a JPEG with an EXIF segment before its image data.
    public static func tiffBlock(_ bytes: [UInt8]) -> (base: Int, end: Int)? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xDA || marker == 0xD9 { break }  // the image data: no EXIF before it
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2 else { break }
            let body = i + 4
            if marker == 0xE1, body + 14 <= bytes.count, Array(bytes[body..<(body + 6)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                let end = min(bytes.count, i + 2 + length)
                guard body + 6 + 8 <= end, (bytes[body + 6], bytes[body + 7]) == (0x49, 0x49) || (bytes[body + 6], bytes[body + 7]) == (0x4D, 0x4D)
                else { return nil }
                return (body + 6, end)
            }
            i += 2 + length
        }
        return nil
    }

    /// The orientation tag of IFD0 in the TIFF block at `base` ..< `end`.
    static func tiffOrientation(_ b: [UInt8], base: Int, end: Int) -> ExifOrientation? {
        guard let tiff = TIFFBlock(b, base: base, end: end), let ifd = tiff.u32(base + 4),
              let at = tiff.entry(0x0112, in: ifd), let value = tiff.u16(at + 8) else { return nil }
        return ExifOrientation(rawValue: value)
    }

    /// The size shown for a picture stored at `size`.
    public func shownSize(of size: ImageSize) -> ImageSize {
        swapsSides ? ImageSize(width: size.height, height: size.width) : size
    }

    /// Where the pixel shown at (`x`, `y`) is stored, in a picture stored `storedWidth` × `storedHeight`.
    @inline(__always)
    public func storedPoint(x: Int, y: Int, storedWidth w: Int, storedHeight h: Int) -> (x: Int, y: Int) {
        switch self {
        case .upright: return (x, y)
        case .mirrored: return (w - 1 - x, y)
        case .upsideDown: return (w - 1 - x, h - 1 - y)
        case .flipped: return (x, h - 1 - y)
        case .transposed: return (y, x)
        case .rotatedClockwise: return (y, h - 1 - x)
        case .transversed: return (w - 1 - y, h - 1 - x)
        case .rotatedAnticlockwise: return (w - 1 - y, x)
        }
    }

    /// `rgba` (4 bytes a pixel, rows packed, stored `width` × `height`) turned upright, and its
    /// size shown. O(pixels); the input unchanged for ``upright``.
    public func turn(_ rgba: [UInt8], width: Int, height: Int) -> (rgba: [UInt8], size: ImageSize) {
        let shown = shownSize(of: ImageSize(width: width, height: height))
        guard self != .upright else { return (rgba, shown) }
        var out = [UInt8](repeating: 0, count: rgba.count)
        rgba.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { target in
                let s = source.bindMemory(to: UInt32.self), t = target.bindMemory(to: UInt32.self)
                for y in 0..<shown.height {
                    for x in 0..<shown.width {
                        let stored = storedPoint(x: x, y: y, storedWidth: width, storedHeight: height)
                        t[y * shown.width + x] = s[stored.y * width + stored.x]
                    }
                }
            }
        }
        return (out, shown)
    }

    /// The tag's value: `orientation 6`.
    public var description: String { "orientation \(rawValue)" }
}

/// A TIFF block (EXIF's, inside a JPEG's APP1) read in its byte order and within its bounds.
struct TIFFBlock {
    let bytes: [UInt8], base: Int, end: Int, little: Bool

    /// The block at `base` ..< `end` of `bytes`, when it starts with a byte order (`II` or `MM`) and 42.
    init?(_ bytes: [UInt8], base: Int, end: Int) {
        guard base >= 0, base + 8 <= end, end <= bytes.count else { return nil }
        switch (bytes[base], bytes[base + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        self.bytes = bytes
        self.base = base
        self.end = end
        guard u16(base + 2) == 42 else { return nil }
    }

    /// The 16-bit value at `at` (an index into the bytes), nil outside the block.
    func u16(_ at: Int) -> Int? {
        guard at >= base, at + 2 <= end else { return nil }
        return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    /// The 32-bit value at `at`, nil outside the block.
    func u32(_ at: Int) -> Int? {
        guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
        return high << 16 | low
    }

    /// Where the entry for `tag` is in the IFD at `ifd` (an offset from the block's start), as an
    /// index into the bytes (its value or value offset is 8 bytes on); nil when there is none.
    func entry(_ tag: Int, in ifd: Int) -> Int? {
        guard let count = u16(base + ifd) else { return nil }
        for index in 0..<count {
            let at = base + ifd + 2 + index * 12
            guard let found = u16(at) else { return nil }
            if found == tag { return at }
        }
        return nil
    }
}
