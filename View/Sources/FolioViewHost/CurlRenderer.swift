import CSDL2
import FolioViewCore

/// Draws a ``FolioViewCore/CurlMesh`` with `SDL_RenderGeometry`: the
/// page's texture on the front triangles, shaded; the back mirrored (its
/// own texture, or paper with the front showing through faintly); and a
/// shadow on the page beneath, right of the curl's reach.
@MainActor
public struct CurlRenderer {
    /// Where to draw.
    public let renderer: OpaquePointer
    /// The paper's colour, for a back without a texture of its own.
    public var paper: (UInt8, UInt8, UInt8) = (246, 243, 234)

    /// Whether the cylinder is copied a pixel column at a time (``columns(of:in:x:y:mirrored:u:height:)``)
    /// rather than drawn as triangles: on SDL's software renderer, which fills triangles pixel by
    /// pixel; a GPU renderer (OpenGL, even Mesa's llvmpipe) draws the triangles in one call and
    /// would pay a call per column.
    public var copiesColumns: Bool

    /// A renderer for `renderer`.
    public init(renderer: OpaquePointer) {
        self.renderer = renderer
        var info = SDL_RendererInfo()
        copiesColumns = SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    }

    /// Draws `mesh` (page coordinates) at (`x`, `y`), mirrored left-right
    /// when `mirrored` (a page turning the other way).
    ///
    /// - Parameters:
    ///   - front: the turning page's texture.
    ///   - back: the texture on its back (the next page of a spread), or nil for paper.
    ///   - shadowHeight: the height of the shadow band (the page's height).
    public func draw(_ mesh: CurlMesh, x: Double, y: Double, mirrored: Bool, front: Texture, back: Texture?, shadowHeight: Double) {
        defer { for texture in [front, back].compactMap({ $0 }) { Self.clearModulation(texture) } }
        func place(_ v: CurlVertex) -> SDL_FPoint {
            SDL_FPoint(x: Float(x + (mirrored ? -v.x : v.x)), y: Float(y + v.y))
        }
        // The shadow on the page beneath, from the curl's reach outwards.
        let width = 48.0
        let reach = mirrored ? x - mesh.reach : x + mesh.reach
        let far = mirrored ? reach - width : reach + width
        if mesh.front.contains(where: { $0.z > 0 }) || !mesh.back.isEmpty {
            let dark = SDL_Color(r: 0, g: 0, b: 0, a: 110), clear = SDL_Color(r: 0, g: 0, b: 0, a: 0)
            var shadow = [
                SDL_Vertex(position: SDL_FPoint(x: Float(reach), y: Float(y)), color: dark, tex_coord: SDL_FPoint()),
                SDL_Vertex(position: SDL_FPoint(x: Float(far), y: Float(y)), color: clear, tex_coord: SDL_FPoint()),
                SDL_Vertex(position: SDL_FPoint(x: Float(reach), y: Float(y + shadowHeight)), color: dark, tex_coord: SDL_FPoint()),
                SDL_Vertex(position: SDL_FPoint(x: Float(far), y: Float(y)), color: clear, tex_coord: SDL_FPoint()),
                SDL_Vertex(position: SDL_FPoint(x: Float(far), y: Float(y + shadowHeight)), color: clear, tex_coord: SDL_FPoint()),
                SDL_Vertex(position: SDL_FPoint(x: Float(reach), y: Float(y + shadowHeight)), color: dark, tex_coord: SDL_FPoint()),
            ]
            SDL_RenderGeometry(renderer, nil, &shadow, Int32(shadow.count), nil, 0)
        }
        // The front, shaded by its angle: its flat part copied as a band, the cylinder column by column.
        let front1 = split(mesh.front, of: front, x: x, y: y, mirrored: mirrored, u: { mirrored ? 1 - $0 : $0 }, height: shadowHeight)
        for band in front1.bands { copy(band, of: front) }
        if let columns = columns(of: front1.curved, in: front, x: x, y: y, mirrored: mirrored, u: { mirrored ? 1 - $0 : $0 }, height: shadowHeight) {
            for column in columns { copy(column, of: front, level: UInt8(max(0, min(255, column.shade * 255)))) }
        } else {
            var vertices = front1.curved.map { v -> SDL_Vertex in
                let level = UInt8(max(0, min(255, v.shade * 255)))
                return SDL_Vertex(position: place(v), color: SDL_Color(r: level, g: level, b: level, a: 255),
                                  tex_coord: SDL_FPoint(x: Float(mirrored ? 1 - v.u : v.u), y: Float(v.v)))
            }
            if !vertices.isEmpty { SDL_RenderGeometry(renderer, front.handle, &vertices, Int32(vertices.count), nil, 0) }
        }
        guard !mesh.back.isEmpty else { return }
        // The back: the next page the right way round, or paper with the front faintly through it.
        if let back {
            let back1 = split(mesh.back, of: back, x: x, y: y, mirrored: mirrored, u: { mirrored ? $0 : 1 - $0 }, height: shadowHeight)
            for band in back1.bands { copy(band, of: back) }
            if let columns = columns(of: back1.curved, in: back, x: x, y: y, mirrored: mirrored, u: { mirrored ? $0 : 1 - $0 }, height: shadowHeight) {
                for column in columns { copy(column, of: back, level: UInt8(max(0, min(255, column.shade * 255)))) }
            } else {
                var backs = back1.curved.map { v -> SDL_Vertex in
                    let level = UInt8(max(0, min(255, v.shade * 255)))
                    return SDL_Vertex(position: place(v), color: SDL_Color(r: level, g: level, b: level, a: 255),
                                      tex_coord: SDL_FPoint(x: Float(mirrored ? v.u : 1 - v.u), y: Float(v.v)))
                }
                if !backs.isEmpty { SDL_RenderGeometry(renderer, back.handle, &backs, Int32(backs.count), nil, 0) }
            }
        } else {
            let back1 = split(mesh.back, of: front, x: x, y: y, mirrored: mirrored, u: { mirrored ? 1 - $0 : $0 }, height: shadowHeight)
            let columns = columns(of: back1.curved, in: front, x: x, y: y, mirrored: mirrored, u: { mirrored ? 1 - $0 : $0 }, height: shadowHeight)
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
            if let columns {
                for column in columns {
                    let s = column.shade
                    SDL_SetRenderDrawColor(renderer, UInt8(Double(paper.0) * s), UInt8(Double(paper.1) * s), UInt8(Double(paper.2) * s), 255)
                    var rect = column.to
                    SDL_RenderFillRect(renderer, &rect)
                }
            } else {
                var paperVertices = back1.curved.map { v -> SDL_Vertex in
                    let s = v.shade
                    return SDL_Vertex(position: place(v),
                                      color: SDL_Color(r: UInt8(Double(paper.0) * s), g: UInt8(Double(paper.1) * s), b: UInt8(Double(paper.2) * s), a: 255),
                                      tex_coord: SDL_FPoint())
                }
                if !paperVertices.isEmpty { SDL_RenderGeometry(renderer, nil, &paperVertices, Int32(paperVertices.count), nil, 0) }
            }
            SDL_SetRenderDrawColor(renderer, paper.0, paper.1, paper.2, 255)
            for band in back1.bands {
                var rect = band.to
                SDL_RenderFillRect(renderer, &rect)
            }
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
            // The front is opaque and copied without blending elsewhere: blended here, faintly.
            var mode = SDL_BLENDMODE_NONE
            SDL_GetTextureBlendMode(front.handle, &mode)
            SDL_SetTextureBlendMode(front.handle, SDL_BLENDMODE_BLEND)
            Self.clearModulation(front)
            SDL_SetTextureAlphaMod(front.handle, 38)
            for band in back1.bands { copy(band, of: front) }
            if let columns {
                for column in columns { copy(column, of: front, level: 255) }
            } else {
                var through = back1.curved.map { v -> SDL_Vertex in
                    SDL_Vertex(position: place(v), color: SDL_Color(r: 255, g: 255, b: 255, a: 38),
                               tex_coord: SDL_FPoint(x: Float(mirrored ? 1 - v.u : v.u), y: Float(v.v)))
                }
                if !through.isEmpty { SDL_RenderGeometry(renderer, front.handle, &through, Int32(through.count), nil, 0) }
            }
            SDL_SetTextureBlendMode(front.handle, mode)
        }
    }

    /// One pixel column of the cylinder: the texture's column it shows, where, and how bright (0 … 1).
    struct Column {
        var from: SDL_Rect
        var to: SDL_Rect
        var shade: Double
    }

    /// The pixel columns that `curved` (strips of two triangles, placed at (`x`, `y`)) covers, each
    /// with the texel column and brightness its triangles give the pixel's centre (both linear
    /// across a strip, as SDL_RenderGeometry interpolates them): a strip's texture only stretches
    /// across, so a column is a plain copy, and SDL's software renderer copies a column far faster
    /// than it fills triangles. Nil when `texture` is not `height` pixels tall (drawn scaled), or
    /// the renderer draws triangles well (``copiesColumns``).
    func columns(of curved: [CurlVertex], in texture: Texture, x: Double, y: Double, mirrored: Bool, u: (Double) -> Double,
                 height: Double) -> [Column]? {
        guard copiesColumns, Double(texture.size.height) == height else { return nil }
        let w = Double(texture.size.width), top = Int32((y - 0.5).rounded(.up)), h = Int32(texture.size.height)
        var columns: [Column] = []
        columns.reserveCapacity(Int(height))
        var i = 0
        while i + 6 <= curved.count {
            let a = curved[i], b = curved[i + 1]
            i += 6
            let sa = x + (mirrored ? -a.x : a.x), sb = x + (mirrored ? -b.x : b.x)
            guard sa != sb else { continue }
            let ta = u(a.u) * w, tb = u(b.u) * w
            var p = Int((min(sa, sb) - 0.5).rounded(.up))
            let end = Int((max(sa, sb) - 0.5).rounded(.up))
            while p < end {
                let f = (Double(p) + 0.5 - sa) / (sb - sa)
                let texel = min(max(Int((ta + f * (tb - ta)).rounded(.down)), 0), texture.size.width - 1)
                columns.append(Column(from: SDL_Rect(x: Int32(texel), y: 0, w: 1, h: h), to: SDL_Rect(x: Int32(p), y: top, w: 1, h: h),
                                      shade: a.shade + f * (b.shade - a.shade)))
                p += 1
            }
        }
        return columns
    }

    /// Copies `column` of `texture` into the frame, its colour scaled by `level` / 255.
    func copy(_ column: Column, of texture: Texture, level: UInt8) {
        var from = column.from, to = column.to
        SDL_SetTextureColorMod(texture.handle, level, level, level)
        SDL_RenderCopy(renderer, texture.handle, &from, &to)
    }

    /// A band of a texture copied one texel to a pixel: where from, where to, and whether mirrored.
    struct Band {
        var from: SDL_Rect
        var to: SDL_Rect
        var flipped: Bool
    }

    /// `triangles` of the mesh placed at (`x`, `y`) split into bands of `texture` to copy (its flat,
    /// unshaded parts) and the triangles left. `u` turns the mesh's texture x into the texture's
    /// (mirrored or not). A band covers every pixel its triangles touch, each showing the texel
    /// under the pixel's centre. A texture not drawn one texel to a pixel
    /// (a page of another size) keeps all its triangles.
    func split(_ triangles: [CurlVertex], of texture: Texture, x: Double, y: Double, mirrored: Bool, u: (Double) -> Double,
               height: Double) -> (bands: [Band], curved: [CurlVertex]) {
        let (spans, curved) = CurlMesh.flatSpans(of: triangles)
        guard !spans.isEmpty else { return ([], triangles) }
        let w = Double(texture.size.width)
        guard Double(texture.size.height) == height else { return ([], triangles) }
        let top = Int32((y - 0.5).rounded(.up))
        var bands: [Band] = []
        for span in spans {
            var s0 = x + (mirrored ? -span.start : span.start), s1 = x + (mirrored ? -span.end : span.end)
            var t0 = u(span.startU) * w, t1 = u(span.endU) * w
            if s0 > s1 { swap(&s0, &s1); swap(&t0, &t1) }
            guard abs((s1 - s0) - abs(t1 - t0)) < 0.01 else { return ([], triangles) }
            // Every pixel the band touches: the triangles drawn after it cover theirs again, and none is left a gap.
            let p0 = Int(s0.rounded(.down)), p1 = Int(s1.rounded(.up))
            guard p1 > p0 else { continue }
            let flipped = t1 < t0
            var from = flipped ? Int((t0 + s0 - 0.5).rounded(.down)) - p1 + 1 : p0 + Int((t0 + 0.5 - s0).rounded(.down))
            var to = p0, width = p1 - p0
            // Texels outside the texture are not there to copy.
            if from < 0 { if !flipped { to -= from }; width += from; from = 0 }
            if from + width > texture.size.width { let over = from + width - texture.size.width; if flipped { to += over }; width -= over }
            guard width > 0 else { continue }
            bands.append(Band(from: SDL_Rect(x: Int32(from), y: 0, w: Int32(width), h: Int32(texture.size.height)),
                              to: SDL_Rect(x: Int32(to), y: top, w: Int32(width), h: Int32(texture.size.height)), flipped: flipped))
        }
        return (bands, curved)
    }

    /// Copies `band` of `texture` into the frame.
    func copy(_ band: Band, of texture: Texture) {
        var from = band.from, to = band.to
        if band.flipped {
            SDL_RenderCopyEx(renderer, texture.handle, &from, &to, 0, nil, SDL_FLIP_HORIZONTAL)
        } else {
            SDL_RenderCopy(renderer, texture.handle, &from, &to)
        }
    }

    /// Leaves `texture` unmodulated: SDL's software renderer keeps the last vertex colour of a
    /// textured `SDL_RenderGeometry` as the texture's colour, which darkened the page when it was
    /// next drawn flat (a page that had just been the curling leaf or its back).
    static func clearModulation(_ texture: Texture) {
        SDL_SetTextureColorMod(texture.handle, 254, 254, 254)
        SDL_SetTextureColorMod(texture.handle, 255, 255, 255)
        SDL_SetTextureAlphaMod(texture.handle, 254)
        SDL_SetTextureAlphaMod(texture.handle, 255)
    }
}
