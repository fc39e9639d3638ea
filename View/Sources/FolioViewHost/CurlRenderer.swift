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

    /// A renderer for `renderer`.
    public init(renderer: OpaquePointer) {
        self.renderer = renderer
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
        // The front, shaded by its angle.
        var vertices = mesh.front.map { v -> SDL_Vertex in
            let level = UInt8(max(0, min(255, v.shade * 255)))
            return SDL_Vertex(position: place(v), color: SDL_Color(r: level, g: level, b: level, a: 255),
                              tex_coord: SDL_FPoint(x: Float(mirrored ? 1 - v.u : v.u), y: Float(v.v)))
        }
        SDL_RenderGeometry(renderer, front.handle, &vertices, Int32(vertices.count), nil, 0)
        guard !mesh.back.isEmpty else { return }
        // The back: the next page the right way round, or paper with the front faintly through it.
        if let back {
            var backs = mesh.back.map { v -> SDL_Vertex in
                let level = UInt8(max(0, min(255, v.shade * 255)))
                return SDL_Vertex(position: place(v), color: SDL_Color(r: level, g: level, b: level, a: 255),
                                  tex_coord: SDL_FPoint(x: Float(mirrored ? v.u : 1 - v.u), y: Float(v.v)))
            }
            SDL_RenderGeometry(renderer, back.handle, &backs, Int32(backs.count), nil, 0)
        } else {
            var paperVertices = mesh.back.map { v -> SDL_Vertex in
                let s = v.shade
                return SDL_Vertex(position: place(v),
                                  color: SDL_Color(r: UInt8(Double(paper.0) * s), g: UInt8(Double(paper.1) * s), b: UInt8(Double(paper.2) * s), a: 255),
                                  tex_coord: SDL_FPoint())
            }
            SDL_RenderGeometry(renderer, nil, &paperVertices, Int32(paperVertices.count), nil, 0)
            var through = mesh.back.map { v -> SDL_Vertex in
                SDL_Vertex(position: place(v), color: SDL_Color(r: 255, g: 255, b: 255, a: 38),
                           tex_coord: SDL_FPoint(x: Float(mirrored ? 1 - v.u : v.u), y: Float(v.v)))
            }
            SDL_RenderGeometry(renderer, front.handle, &through, Int32(through.count), nil, 0)
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
