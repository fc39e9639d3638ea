import CFolioImage
import CJPEGDecode
import FolioReading

/// A picture decoded to 8-bit RGBA pixels, row by row, no padding.
///
/// Decoded by libjpeg (JPEG, at the smallest of its DCT scales that still
/// covers the box the picture is drawn in: a 1200 × 1800 page for 40 × 48
/// cells decodes a quarter of each side), stb_image (PNG, GIF's first frame,
/// BMP, and JPEGs libjpeg refuses) or libwebp (WebP). The size is read from
/// the header first, and a picture of more than `maximumPixels` is refused
/// before any pixel is decoded.
///
/// ```swift
/// let picture = try DecodedPicture(bytes: pngBytes)
/// picture.width   // 640
/// ```
public struct DecodedPicture: Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public let pixels: [UInt8]

    /// Why a picture cannot be decoded.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// No decoder knows the bytes, or they are damaged.
        case unreadable(String)
        /// The header asks for more pixels than allowed.
        case tooLarge(width: Int, height: Int)

        /// One line: `the picture is damaged (…)`.
        public var description: String {
            switch self {
            case .unreadable(let reason): "the picture cannot be read (\(reason))"
            case .tooLarge(let width, let height): "the picture is \(width) × \(height) pixels, too large to show"
            }
        }
    }

    /// A picture of `width` × `height` from `pixels` (RGBA, `width × height × 4` bytes).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA pixels: width × height × 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes `bytes`; a JPEG at a reduced scale when `box` (in pixels) is smaller than the picture.
    ///
    /// - Throws: ``Problem``: unreadable, or over `maximumPixels` (checked from the header, before decoding).
    public init(bytes: [UInt8], fitting box: ImageSize? = nil, maximumPixels: Int = 1 << 26) throws(Problem) {
        // The reading layer's header reader knows a size from a header alone, even one cut short of its pixels.
        if let size = ImageHeader.size(of: Array(bytes.prefix(64 << 10))), size.width * size.height > maximumPixels {
            throw .tooLarge(width: size.width, height: size.height)
        }
        if bytes.starts(with: [0xFF, 0xD8]) {
            switch Self.jpeg(bytes, fitting: box, maximumPixels: maximumPixels) {
            case .success(let jpeg?):
                self = jpeg
                return
            case .success(nil): break  // libjpeg cannot read it: stb_image tries
            case .failure(let problem): throw problem
            }
        }
        let isWebP = bytes.count > 12 && bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8)
        let decoded: Result<DecodedPicture, Problem> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0, buffer.count < Int(Int32.max) else {
                return .failure(.unreadable("empty"))
            }
            var width: Int32 = 0, height: Int32 = 0, channels: Int32 = 0
            if isWebP {
                guard WebPGetInfo(base, buffer.count, &width, &height) != 0 else { return .failure(.unreadable("not a WebP picture")) }
                guard Int(width) * Int(height) <= maximumPixels else { return .failure(.tooLarge(width: Int(width), height: Int(height))) }
                guard let rgba = WebPDecodeRGBA(base, buffer.count, &width, &height) else {
                    return .failure(.unreadable("the WebP picture is damaged"))
                }
                defer { WebPFree(rgba) }
                let count = Int(width) * Int(height) * 4
                return .success(DecodedPicture(width: Int(width), height: Int(height),
                                               pixels: Array(UnsafeBufferPointer(start: rgba, count: count))))
            }
            guard stbi_info_from_memory(base, Int32(buffer.count), &width, &height, &channels) != 0 else {
                return .failure(.unreadable(Self.stbReason()))
            }
            guard Int(width) * Int(height) <= maximumPixels else { return .failure(.tooLarge(width: Int(width), height: Int(height))) }
            guard let rgba = stbi_load_from_memory(base, Int32(buffer.count), &width, &height, &channels, 4) else {
                return .failure(.unreadable(Self.stbReason()))
            }
            defer { stbi_image_free(rgba) }
            let count = Int(width) * Int(height) * 4
            return .success(DecodedPicture(width: Int(width), height: Int(height),
                                           pixels: Array(UnsafeBufferPointer(start: rgba, count: count))))
        }
        let picture = try decoded.get()
        // stb_image decodes a GIF whose header says 0 rows as a picture of no pixels.
        guard picture.width >= 1, picture.height >= 1 else { throw .unreadable("the picture has no pixels") }
        self = picture
    }

    /// stb_image's reason for its last failure, as one line: its first, or "damaged data" when that is
    /// empty (a damaged PNG's reason came out as a bare line feed, found by the `picture` fuzz target).
    private static func stbReason() -> String {
        let line = String(cString: stbi_failure_reason()).split(whereSeparator: \.isNewline).first ?? ""
        let words = line.split(separator: " ").joined(separator: " ")
        return words.isEmpty ? "damaged data" : words
    }

    /// A JPEG through libjpeg at the scale `box` needs; nil when libjpeg cannot read it (stb_image tries then),
    /// and a problem when its frame header asks for more than `maximumPixels` (whatever the header reader made of it).
    /// A picture libjpeg reads at full scale but not at a reduced one is decoded whole: what a small box shows is never
    /// less than what a large one does (the `picture` fuzz target holds both decodes to that).
    private static func jpeg(_ bytes: [UInt8], fitting box: ImageSize?, maximumPixels: Int) -> Result<DecodedPicture?, Problem> {
        var image = folio_jpeg_image()
        var status: Int32 = -1
        for fit in box == nil ? [nil] : [box, nil] {
            let width = Int32(clamping: fit?.width ?? Int(Int32.max)), height = Int32(clamping: fit?.height ?? Int(Int32.max))
            status = bytes.withUnsafeBufferPointer {
                folio_jpeg_decode_memory($0.baseAddress, $0.count, width, height, Int64(maximumPixels), &image)
            }
            if status == 0 || image.too_large != 0 { break }
        }
        if image.too_large != 0 { return .failure(.tooLarge(width: Int(image.full_width), height: Int(image.full_height))) }
        guard status == 0, let rgb = image.pixels else { return .success(nil) }
        defer { folio_jpeg_free(&image) }
        let count = Int(image.width) * Int(image.height)
        var rgba = [UInt8](repeating: 255, count: count * 4)
        rgba.withUnsafeMutableBufferPointer { out in
            for i in 0..<count {
                out[4 * i] = rgb[3 * i]
                out[4 * i + 1] = rgb[3 * i + 1]
                out[4 * i + 2] = rgb[3 * i + 2]
            }
        }
        return .success(DecodedPicture(width: Int(image.width), height: Int(image.height), pixels: rgba))
    }
}

extension DecodedPicture {
    /// The photo in `bytes` decoded to fit `box` as it is shown, upright by its EXIF orientation; nil when it cannot be read.
    static func upright(_ bytes: [UInt8], fitting box: ImageSize, maximumPixels: Int) -> DecodedPicture? {
        let orientation = ExifOrientation.read(Array(bytes.prefix(64 << 10)))
        let storedBox = orientation.swapsSides ? ImageSize(width: box.height, height: box.width) : box
        return (try? DecodedPicture(bytes: bytes, fitting: storedBox, maximumPixels: maximumPixels))?.turned(orientation)
    }

    /// The picture turned upright as a camera's `orientation` tag says (``FolioReading/ExifOrientation``). O(pixels).
    public func turned(_ orientation: ExifOrientation) -> DecodedPicture {
        let (turned, size) = orientation.turn(pixels, width: width, height: height)
        return DecodedPicture(width: size.width, height: size.height, pixels: turned)
    }

    func marked(_ marks: [PictureBox]) -> DecodedPicture {
        guard !marks.isEmpty else { return self }
        var rgba = pixels
        let alpha = 110, yellow = (255, 200, 0)
        for box in marks {
            let x0 = max(0, Int(box.x0 * Double(width))), x1 = min(width, Int((box.x1 * Double(width)).rounded(.up)))
            let y0 = max(0, Int(box.y0 * Double(height))), y1 = min(height, Int((box.y1 * Double(height)).rounded(.up)))
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let i = (y * width + x) * 4
                    rgba[i] = UInt8((Int(rgba[i]) * (255 - alpha) + yellow.0 * alpha) / 255)
                    rgba[i + 1] = UInt8((Int(rgba[i + 1]) * (255 - alpha) + yellow.1 * alpha) / 255)
                    rgba[i + 2] = UInt8((Int(rgba[i + 2]) * (255 - alpha) + yellow.2 * alpha) / 255)
                }
            }
        }
        return DecodedPicture(width: width, height: height, pixels: rgba)
    }
}
