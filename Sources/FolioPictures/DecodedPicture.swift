import CFolioImage
import FolioReading

/// A picture decoded to 8-bit RGBA pixels, row by row, no padding.
///
/// Decoded by stb_image (JPEG, PNG, GIF's first frame, BMP) or libwebp
/// (WebP). The size is read from the header first, and a picture of more
/// than `maximumPixels` is refused before any pixel is decoded.
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

    /// Decodes `bytes`.
    ///
    /// - Throws: ``Problem``: unreadable, or over `maximumPixels` (checked from the header, before decoding).
    public init(bytes: [UInt8], maximumPixels: Int = 1 << 26) throws(Problem) {
        // The reading layer's header reader knows a size from a header alone, even one cut short of its pixels.
        if let size = ImageHeader.size(of: Array(bytes.prefix(64 << 10))), size.width * size.height > maximumPixels {
            throw .tooLarge(width: size.width, height: size.height)
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
                return .failure(.unreadable(String(cString: stbi_failure_reason())))
            }
            guard Int(width) * Int(height) <= maximumPixels else { return .failure(.tooLarge(width: Int(width), height: Int(height))) }
            guard let rgba = stbi_load_from_memory(base, Int32(buffer.count), &width, &height, &channels, 4) else {
                return .failure(.unreadable(String(cString: stbi_failure_reason())))
            }
            defer { stbi_image_free(rgba) }
            let count = Int(width) * Int(height) * 4
            return .success(DecodedPicture(width: Int(width), height: Int(height),
                                           pixels: Array(UnsafeBufferPointer(start: rgba, count: count))))
        }
        self = try decoded.get()
    }
}
