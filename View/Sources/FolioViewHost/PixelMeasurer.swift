import CSDL2
import FolioReading
import FolioViewCore

/// Text measured in pixels with SDL_ttf: the reading layer paginates
/// against it exactly as the terminal paginates against cells.
///
/// Faces follow ``FolioReading/TextStyle/face`` (regular, bold, oblique,
/// bold oblique of DejaVu Sans, the same of DejaVu Sans Mono for code, and all
/// eight at half the size for a ruby's readings, which take no room on the
/// line: ``BookViewer`` sets them above their base). Widths are the glyphs' advances in the
/// font that draws them (a stand-in for what DejaVu lacks, ``Font/font(for:)``), cached
/// per face (ASCII in arrays, the rest in a dictionary). Used on the main
/// thread only, where SDL_ttf is called.
public final class PixelMeasurer: TextMeasurer, @unchecked Sendable {
    /// The faces, by ``FolioReading/TextStyle/face``.
    public let fonts: [Font]
    /// One column: the mean advance of the letters of common English text, pixels.
    public let columnWidth: Int
    /// The distance between lines: the font's line skip and a fifth more for reading, and the
    /// readings' size more when lines leave room for ruby, pixels.
    public let lineHeight: Int
    /// Pixels are square.
    public var unitAspect: Double { 1 }
    private var ascii: [[Int]]
    private var other = [[UInt32: Int]](repeating: [:], count: TextStyle.faceCount)
    /// The natural sizes of a book's images by path, nil for one that cannot be read.
    private var imageSizes: [String: ImageSize?] = [:]

    /// A measurer in DejaVu Sans (or Serif for `.serif`) at `size` pixels, whose lines leave room
    /// above them for a ruby's readings when `roomForRuby` (``BookViewer/setsRuby(in:)``).
    public init(size: Int, family: ReadingStyle.Family = .sans, roomForRuby: Bool = false) throws(Font.Failure) {
        var fonts: [Font] = []
        for face in 0..<TextStyle.faceCount {
            fonts.append(try Font(size: face < 8 ? size : BookViewer.rubySize(forTextSize: size), face: face & 7, family: family))
        }
        self.fonts = fonts
        ascii = fonts.map { font in (0..<128).map { font.advance(of: Unicode.Scalar(UInt8($0))) } }
        let sample = "etaoin shrdlu cmfwyp"
        let total = sample.unicodeScalars.reduce(0) { $0 + fonts[0].advance(of: $1) }
        columnWidth = max(1, Int((Double(total) / Double(sample.unicodeScalars.count)).rounded()))
        lineHeight = max(1, Int((Double(fonts[0].lineSkip) * 1.2).rounded())) + (roomForRuby ? fonts[8].pointSize : 0)
    }

    /// The advance of `scalar` in `style`'s face, pixels; 0 for a ruby's reading (drawn above its base).
    public func width(of scalar: Unicode.Scalar, style: TextStyle) -> Int {
        let face = style.face
        if style.attributes.contains(.rubyText) { return 0 }
        if scalar.value < 128 { return ascii[face][Int(scalar.value)] }
        if let known = other[face][scalar.value] { return known }
        let measured = fonts[face].advance(of: scalar)
        other[face][scalar.value] = measured
        return measured
    }

    /// Pairs are kerned as the font kerns them (``Font/kerning(between:and:)``).
    public var kerns: Bool { true }

    /// The font's kerning of `left` then `right` in `style`'s face, pixels.
    public func kerning(between left: Unicode.Scalar, and right: Unicode.Scalar, style: TextStyle) -> Int {
        fonts[style.face].kerning(between: left, and: right)
    }

    /// True: a `vertical-rl` book is set in columns (``BookViewer`` draws them).
    public var setsVertically: Bool { true }

    /// The installed hyphen-* dictionary for `language` (``HyphenDictionary/forLanguage(_:in:)``).
    public func hyphenator(forLanguage language: String) -> (any Hyphenator)? {
        HyphenDictionary.forLanguage(language)
    }

    /// The pixel size of `image`, read once from its bytes' header
    /// (``FolioReading/ImageHeader``), or by decoding it for a format the
    /// header reader does not know (SVG); nil when the book lacks it or
    /// SDL_image cannot read it, and the image stays its line of text.
    public func imageSize(of image: BookImage, in book: any BookSource) -> ImageSize? {
        if let known = imageSizes[image.path] { return known }
        if let size = image.size { return size }
        var size: ImageSize?
        if let bytes = book.resource(image.path), !bytes.isEmpty {
            if let header = ImageHeader.size(of: bytes) {
                size = header
            } else {
                size = bytes.withUnsafeBytes { raw -> ImageSize? in
                    guard let base = raw.baseAddress, let stream = SDL_RWFromConstMem(base, Int32(raw.count)),
                          let surface = IMG_Load_RW(stream, 1) else { return nil }
                    defer { SDL_FreeSurface(surface) }
                    guard surface.pointee.w > 0, surface.pointee.h > 0 else { return nil }
                    return ImageSize(width: Int(surface.pointee.w), height: Int(surface.pointee.h))
                }
            }
        }
        imageSizes[image.path] = .some(size)
        return size
    }
}
