import CSDL2
import FolioReading
import FolioViewCore

/// A book's pictures as textures, decoded from the book's bytes when a page
/// first shows them and kept by path within a byte budget.
///
/// Each picture is decoded with SDL_image and shrunk (``PhotoDecoder``'s
/// box filter) to the size it is drawn at, so a 3000 × 4000 cover on a
/// 600-pixel page holds 600 × 800 pixels, not 48 MB. Textures are dropped
/// least recently used first once they hold more than ``budget`` bytes. A
/// picture the book lacks or SDL_image cannot read is remembered as such
/// and its page shows its alt text instead. Used on the main thread only,
/// where the renderer lives; a decode happens while the page's texture is
/// drawn, once per picture and size, and pages are kept as textures too.
@MainActor
final class BookImages {
    /// The most bytes of textures kept: 48 MB, about a dozen full-page pictures.
    static let budget = 48 << 20

    private struct Kept {
        var texture: Texture
        /// The size asked for (the texture is at most that, never larger than the picture).
        var box: PixelSize
        var used: Int
    }

    private let source: any BookSource
    private let renderer: OpaquePointer
    private var kept: [String: Kept] = [:]
    private var unreadable: Set<String> = []
    private var clock = 0
    /// The bytes the kept textures hold.
    private(set) var bytes = 0
    /// Decodes done so far (for tests and traces).
    private(set) var decodes = 0

    /// A cache for `source`'s pictures, drawn with `renderer`.
    init(source: any BookSource, renderer: OpaquePointer) {
        self.source = source
        self.renderer = renderer
    }

    /// The picture at `path` as a texture shrunk to fit `size` pixels (the
    /// size it is drawn at; never larger than the picture itself), or nil
    /// when it cannot be read. A texture kept for another size is decoded again.
    func texture(_ path: String, size: PixelSize) -> Texture? {
        clock += 1
        if var entry = kept[path], entry.box == size {
            entry.used = clock
            kept[path] = entry
            return entry.texture
        }
        guard !unreadable.contains(path) else { return nil }
        guard let data = source.resource(path), !data.isEmpty,
              case .success(let decoded) = PhotoDecoder.decode(bytes: data, named: path, box: size) else {
            unreadable.insert(path)
            return nil
        }
        decodes += 1
        // Shrunk to the size drawn; one smaller than that (a small picture blown up) is scaled when drawn.
        guard let texture = Texture(renderer: renderer, rgba: decoded.rgba, size: decoded.size) else { return nil }
        if let old = kept[path] { bytes -= old.texture.bytes }
        kept[path] = Kept(texture: texture, box: size, used: clock)
        bytes += texture.bytes
        evict(keeping: path)
        return texture
    }

    /// Drops the least recently used textures until the budget holds (never `path`'s).
    private func evict(keeping path: String) {
        while bytes > Self.budget, let oldest = kept.filter({ $0.key != path }).min(by: { $0.value.used < $1.value.used }) {
            bytes -= oldest.value.texture.bytes
            kept[oldest.key] = nil
        }
    }
}
