/// What a GIF's blocks say before any pixel is decoded: its canvas size and how many frames it holds.
///
/// It walks the file's block structure (the header, the colour tables, each
/// extension and image descriptor and the sub-blocks after them) without
/// decoding a pixel, so a host can tell what decoding every frame would cost
/// before it starts: ``decodedBytes`` is the RGBA of every frame at the canvas size.
/// A file that ends early counts the frames that began before its end.
///
/// ```swift
/// let layout = GIFLayout(bytes)          // nil: not a GIF
/// layout?.frameCount                     // 3
/// layout?.decodedBytes                   // 3 × 400 × 300 × 4 = 1_440_000
/// ```
public struct GIFLayout: Hashable, Sendable, CustomStringConvertible {
    /// The canvas (logical screen) size, pixels.
    public let width: Int, height: Int
    /// How many frames (image descriptors) the file holds.
    public let frameCount: Int

    /// The layout of the GIF in `bytes`; nil when they do not start as a GIF (`GIF87a`, `GIF89a`).
    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 13, bytes.starts(with: Array("GIF8".utf8)), bytes[5] == UInt8(ascii: "a") else { return nil }
        width = Int(bytes[6]) | Int(bytes[7]) << 8
        height = Int(bytes[8]) | Int(bytes[9]) << 8
        var at = 13 + Self.colourTableBytes(flags: bytes[10])
        var frames = 0
        /// Skips a run of data sub-blocks (a length byte, that many bytes, … up to a length of 0).
        func skipSubBlocks() {
            while at < bytes.count {
                let length = Int(bytes[at])
                at += 1 + length
                if length == 0 { return }
            }
        }
        walk: while at < bytes.count {
            switch bytes[at] {
            case 0x21:  // an extension: its label, then sub-blocks
                at += 2
                skipSubBlocks()
            case 0x2C:  // an image descriptor: 10 bytes, a local colour table, the LZW code size, sub-blocks
                frames += 1
                guard at + 10 <= bytes.count else { break walk }
                at += 10 + Self.colourTableBytes(flags: bytes[at + 9]) + 1
                skipSubBlocks()
            default:  // the trailer (0x3B), or damage
                break walk
            }
        }
        frameCount = frames
    }

    /// The bytes of the colour table a block's `flags` announce (none when its top bit is clear).
    static func colourTableBytes(flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    /// Whether it holds more than one frame.
    public var isAnimated: Bool { frameCount > 1 }

    /// The bytes every frame takes decoded to RGBA at the canvas size.
    public var decodedBytes: Int { frameCount * width * height * 4 }

    /// `GIF 400×300, 3 frames`.
    public var description: String { "GIF \(width)×\(height), \(frameCount) frames" }
}
