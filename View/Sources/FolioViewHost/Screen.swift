import CSDL2
import FolioViewCore
#if canImport(Glibc)
import Glibc
#endif

/// A window and its renderer, and what drawing needs from SDL: rectangles,
/// dots, UI text, textures and reading frames back.
///
/// Owned by the main thread; every method must be called there.
public final class Screen {
    /// The SDL window.
    public let window: OpaquePointer
    /// The SDL renderer.
    public let renderer: OpaquePointer
    /// The interface font (DejaVu Sans at 15 px) for the status row and the strip.
    public let uiFont: Font
    /// The window's drawable size in pixels.
    public private(set) var size: PixelSize

    /// Why a window could not be opened, in words for standard error.
    public struct Failure: Error, CustomStringConvertible {
        /// The message.
        public let description: String
    }

    /// Starts SDL's video, opens a resizable window of `size` (shrunk to the
    /// display) titled `title`, with a renderer.
    ///
    /// - Throws: ``Failure`` when there is no display or SDL cannot start.
    public init(title: String, size wanted: PixelSize) throws(Failure) {
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        if !Self.hasGPU {
            // SDL's own renderer, its frame shown as it is (not through OpenGL). A renderer named
            // in the environment (SDL_RENDER_DRIVER) still wins: SDL reads it over these hints.
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw Failure(description: "folio-view: cannot open a window: \(Self.lastError) (is DISPLAY set?)")
        }
        guard TTF_Init() == 0 else { throw Failure(description: "folio-view: cannot start SDL_ttf: \(Self.lastError)") }
        var size = wanted
        var bounds = SDL_Rect()
        if SDL_GetDisplayUsableBounds(0, &bounds) == 0, bounds.w > 0, bounds.h > 0 {
            size = PixelSize(width: min(size.width, Int(bounds.w)), height: min(size.height, Int(bounds.h)))
        }
        guard let window = SDL_CreateWindow(title, folio_windowpos_centered(), folio_windowpos_centered(),
                                            Int32(size.width), Int32(size.height),
                                            SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue) else {
            throw Failure(description: "folio-view: cannot open a window: \(Self.lastError)")
        }
        // Vsync where the driver offers it; the loop also caps itself at 60 frames a second.
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
            ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            throw Failure(description: "folio-view: cannot draw in the window: \(Self.lastError)")
        }
        self.window = window
        self.renderer = renderer
        do {
            uiFont = try Font(size: 15)
        } catch {
            throw Failure(description: "\(error)")
        }
        self.size = size
        refreshSize()
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// Whether the machine has a GPU to draw with: a render node in `/dev/dri`. Without one,
    /// OpenGL is Mesa's llvmpipe, drawn by the CPU, and SDL's own software renderer is quicker
    /// at everything folio-view draws. Measured under Xvfb here: llvmpipe's context alone took
    /// 60–67 ms before the first frame (a tiny photo's first frame came at 126 ms rather than
    /// 64), and a drag's frames took 9.3 ms rather than 4.4 (`Benchmarks/view-figures`).
    static var hasGPU: Bool {
        guard let folder = opendir("/dev/dri") else { return false }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("renderD") { return true }
        }
        return false
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// The renderer's name (`software`, `opengl`, …), as SDL gives it.
    public var rendererName: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    /// The pixel format a page drawn once and copied every frame is best kept in: the window's own
    /// when the renderer makes textures in it (a copy is then a plain copy of rows, where SDL's
    /// software renderer otherwise converts every pixel), else RGBA. Opaque: no alpha is kept.
    public var pageFormat: UInt32 {
        let window = SDL_GetWindowPixelFormat(self.window)
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, folio_bytes_per_pixel(window) == 4 else { return SDL_PIXELFORMAT_RGBA32.rawValue }
        let formats = withUnsafeBytes(of: info.texture_formats) { Array($0.bindMemory(to: UInt32.self).prefix(Int(info.num_texture_formats))) }
        return formats.contains(window) ? window : SDL_PIXELFORMAT_RGBA32.rawValue
    }

    /// SDL's last error message.
    public static var lastError: String { String(cString: SDL_GetError()) }

    /// Reads the drawable size again (after a resize); returns whether it changed.
    @discardableResult
    public func refreshSize() -> Bool {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        let new = PixelSize(width: Int(w), height: Int(h))
        defer { size = new }
        return new != size
    }

    /// Sets the draw colour.
    public func color(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        SDL_SetRenderDrawColor(renderer, r, g, b, a)
    }

    /// Clears the frame to (r, g, b).
    public func clear(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        color(r, g, b)
        SDL_RenderClear(renderer)
    }

    /// Fills a rectangle in the current colour.
    public func fill(x: Double, y: Double, width: Double, height: Double) {
        var rect = SDL_FRect(x: Float(x), y: Float(y), w: Float(width), h: Float(height))
        SDL_RenderFillRectF(renderer, &rect)
    }

    /// Fills a disc centred at (`x`, `y`) of `diameter` pixels, row by row.
    public func disc(x: Double, y: Double, diameter: Double) {
        let r = diameter / 2
        var dy = -r + 0.5
        while dy < r {
            let half = (r * r - dy * dy).squareRoot()
            fill(x: x - half, y: y + dy - 0.5, width: 2 * half, height: 1)
            dy += 1
        }
    }

    /// Draws `texture` into the destination rectangle.
    public func copy(_ texture: Texture, x: Double, y: Double, width: Double, height: Double) {
        var dst = SDL_FRect(x: Float(x), y: Float(y), w: Float(width), h: Float(height))
        SDL_RenderCopyF(renderer, texture.handle, nil, &dst)
    }

    /// Draws `texture` turned by `turns` so that it fills the destination rectangle (`width` ×
    /// `height` as shown, after turning): the texture is drawn at the rectangle's size before
    /// turning, round the rectangle's centre.
    public func copy(_ texture: Texture, x: Double, y: Double, width: Double, height: Double, turned turns: QuarterTurns) {
        guard turns != .none else { return copy(texture, x: x, y: y, width: width, height: height) }
        let w = turns.swapsSides ? height : width, h = turns.swapsSides ? width : height
        var dst = SDL_FRect(x: Float(x + (width - w) / 2), y: Float(y + (height - h) / 2), w: Float(w), h: Float(h))
        SDL_RenderCopyExF(renderer, texture.handle, nil, &dst, Double(turns.degrees), nil, SDL_FLIP_NONE)
    }

    /// Draws `text` in the interface font with its left edge at `x` and its
    /// middle at `y`, in (r, g, b); returns its width in pixels.
    @discardableResult
    public func text(_ text: String, x: Double, y: Double, color: (UInt8, UInt8, UInt8) = (230, 230, 230), font: Font? = nil) -> Double {
        guard !text.isEmpty, let texture = (font ?? uiFont).render(text, color: color, renderer: renderer) else { return 0 }
        copy(texture, x: x.rounded(), y: (y - Double(texture.size.height) / 2).rounded(),
             width: Double(texture.size.width), height: Double(texture.size.height))
        return Double(texture.size.width)
    }

    /// The frame drawn so far as RGB bytes (3 per pixel, rows packed):
    /// call before ``present()``, which may discard the back buffer.
    public func readPixels() -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 3)
        pixels.withUnsafeMutableBytes { buffer in
            _ = SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_RGB24.rawValue, buffer.baseAddress, Int32(size.width * 3))
        }
        return pixels
    }

    /// Writes the frame drawn so far to a PNG at `path` (before ``present()``).
    public func savePNG(_ path: String) -> Bool {
        var pixels = readPixels()
        return pixels.withUnsafeMutableBytes { buffer -> Bool in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(buffer.baseAddress, Int32(size.width), Int32(size.height), 24,
                                                                   Int32(size.width * 3), SDL_PIXELFORMAT_RGB24.rawValue) else { return false }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path) == 0
        }
    }

    /// Shows the frame.
    public func present() { SDL_RenderPresent(renderer) }
}

/// An SDL texture owned by Swift: destroyed when the last reference goes
/// (on the main thread, where the renderer lives).
public final class Texture: @unchecked Sendable {
    /// The SDL texture.
    public let handle: OpaquePointer
    /// Its size in pixels.
    public let size: PixelSize
    /// Bytes it holds (4 per pixel).
    public var bytes: Int { size.bytes() }

    /// Wraps `handle` of `size`; the texture is destroyed with this object.
    public init(handle: OpaquePointer, size: PixelSize) {
        self.handle = handle
        self.size = size
    }

    /// A texture holding RGBA bytes (4 per pixel, rows packed), or nil when SDL refuses.
    public convenience init?(renderer: OpaquePointer, rgba: [UInt8], size: PixelSize) {
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(size.width), Int32(size.height)) else { return nil }
        let opaque = rgba.withUnsafeBytes { bytes -> Bool in
            _ = SDL_UpdateTexture(texture, nil, bytes.baseAddress, Int32(size.width * 4))
            return Self.isOpaque(bytes)
        }
        // An opaque picture (every photo from a JPEG) is copied rather than blended: the same
        // pixels, and a software renderer skips a multiply per channel and pixel.
        SDL_SetTextureBlendMode(texture, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        self.init(handle: texture, size: size)
    }

    /// Whether every pixel of RGBA `bytes` (4 per pixel) has full alpha. Cost: one pass, a compare per pixel.
    static func isOpaque(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 3
        while i < bytes.count {
            if bytes[i] != 255 { return false }
            i += 4
        }
        return true
    }

    deinit { SDL_DestroyTexture(handle) }
}
