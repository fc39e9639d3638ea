import CSDL2
import FolioViewCore

/// A DejaVu Sans face at one pixel size, with a cache of rendered strings.
public final class Font: @unchecked Sendable {
    /// The fonts' folder (Debian's fonts-dejavu-core).
    public static let folder = "/usr/share/fonts/truetype/dejavu/"
    /// Regular, bold, oblique and bold oblique, by ``FolioReading/TextStyle/face``.
    public static let faceFiles = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf"]

    /// The TTF_Font.
    public let handle: OpaquePointer
    /// The pixel size asked for.
    public let pointSize: Int
    /// The recommended distance between baselines, pixels.
    public let lineSkip: Int
    private var strings: [String: Texture] = [:]

    /// Why a font could not be opened.
    public struct Failure: Error, CustomStringConvertible {
        /// The message, naming the file and the package that ships it.
        public let description: String
    }

    /// Opens face `face` (0 regular, 1 bold, 2 oblique, 3 bold oblique) at `size` pixels.
    public init(size: Int, face: Int = 0) throws(Failure) {
        let path = Self.folder + Self.faceFiles[max(0, min(3, face))]
        guard let font = TTF_OpenFont(path, Int32(size)) else {
            throw Failure(description: "folio-view: cannot open the font \(path) (install fonts-dejavu-core): \(String(cString: SDL_GetError()))")
        }
        handle = font
        pointSize = size
        lineSkip = Int(TTF_FontLineSkip(font))
    }

    deinit { TTF_CloseFont(handle) }

    /// The advance of `scalar` in pixels (0 for a glyph the font lacks and cannot stand in for).
    public func advance(of scalar: Unicode.Scalar) -> Int {
        var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0, advance: Int32 = 0
        guard TTF_GlyphMetrics32(handle, scalar.value, &minX, &maxX, &minY, &maxY, &advance) == 0 else { return 0 }
        return Int(advance)
    }

    /// `text` rendered in `color` as a texture for `renderer`, kept for the next call
    /// (the cache is emptied when it passes 256 strings).
    public func render(_ text: String, color: (UInt8, UInt8, UInt8), renderer: OpaquePointer) -> Texture? {
        let key = "\(color.0),\(color.1),\(color.2):" + text
        if let kept = strings[key] { return kept }
        guard let surface = TTF_RenderUTF8_Blended(handle, text, SDL_Color(r: color.0, g: color.1, b: color.2, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        let made = Texture(handle: texture, size: PixelSize(width: Int(surface.pointee.w), height: Int(surface.pointee.h)))
        if strings.count > 256 { strings.removeAll() }
        strings[key] = made
        return made
    }
}
