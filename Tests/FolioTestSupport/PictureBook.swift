import FolioReading

/// A book with pictures, made in a test: parts of text lines and image
/// placeholder lines, each image named by its natural size
/// (`pic-80x60.png`) so ``PictureMeasurer`` can size it without decoding.
public final class PictureBook: BookSource {
    /// One block of a part.
    public enum Block: Hashable, Sendable, CustomStringConvertible {
        /// A line of text (no line feed).
        case text(String)
        /// An image in the flow, of natural size `width` × `height`.
        case image(width: Int, height: Int)
        /// A full-page image (``BookImage/isStandalone``).
        case standalone(width: Int, height: Int)
        /// An image the measurer cannot size (a missing file): it stays text.
        case missing

        /// `text(…)`, `image 80x60`, `standalone 80x60`, `missing`.
        public var description: String {
            switch self {
            case .text(let line): "text(\(line.utf8.count) bytes)"
            case .image(let w, let h): "image \(w)x\(h)"
            case .standalone(let w, let h): "standalone \(w)x\(h)"
            case .missing: "missing"
            }
        }
    }

    /// The parts, block by block.
    public let parts: [[Block]]

    /// A book of `parts`.
    public init(parts: [[Block]]) {
        self.parts = parts
    }

    /// "Pictures".
    public var title: String { "Pictures" }
    /// No authors.
    public var authors: [String] { [] }
    /// None.
    public var language: String? { nil }
    /// Left to right.
    public var isRightToLeft: Bool { false }
    /// The number of parts.
    public var partCount: Int { parts.count }
    /// No table of contents.
    public var contents: [BookContentsEntry] { [] }
    /// No bytes: the sizes are in the names.
    public func resource(_ path: String) -> [UInt8]? { nil }

    /// Part `index`: its blocks as lines, each image a `[image: name]` line.
    public func part(at index: Int) -> BookPart {
        var text: [UInt8] = []
        var images: [BookImage] = []
        for block in parts[index] {
            switch block {
            case .text(let line):
                text += Array(line.utf8)
            case .image(let w, let h), .standalone(let w, let h):
                let name = "pic-\(w)x\(h).png"
                images.append(BookImage(offset: text.count, path: name, alt: nil, isStandalone: {
                    if case .standalone = block { return true }
                    return false
                }()))
                text += Array("[image: \(name)]".utf8)
            case .missing:
                images.append(BookImage(offset: text.count, path: "missing.png"))
                text += Array("[image: missing.png]".utf8)
            }
            text.append(0x0A)
        }
        return BookPart(text: text, images: images)
    }
}

/// A window-like measurer for tests: every character one unit wide, rows
/// ``lineHeight`` units tall, and images sized from their names
/// (`pic-80x60.png` is 80 × 60; any other name has no size).
public struct PictureMeasurer: TextMeasurer {
    /// The height of a row, in units.
    public let lineHeight: Int

    /// A measurer with rows `lineHeight` units tall.
    public init(lineHeight: Int = 10) {
        self.lineHeight = lineHeight
    }

    /// One unit.
    public func width(of scalar: Unicode.Scalar, style: TextStyle) -> Int { 1 }
    /// One unit.
    public var columnWidth: Int { 1 }
    /// Square units.
    public var unitAspect: Double { 1 }

    /// The size in the image's name, or nil.
    public func imageSize(of image: BookImage, in book: any BookSource) -> ImageSize? {
        guard image.path.hasPrefix("pic-"), image.path.hasSuffix(".png") else { return nil }
        let numbers = image.path.dropFirst(4).dropLast(4).split(separator: "x").compactMap { Int($0) }
        guard numbers.count == 2 else { return nil }
        return ImageSize(width: numbers[0], height: numbers[1])
    }
}
