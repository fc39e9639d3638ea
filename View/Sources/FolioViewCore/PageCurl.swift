#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The geometry of a page turning over a cylinder, as triangles a renderer
/// fills with the page's texture (`SDL_RenderGeometry`, a GPU mesh).
///
/// Coordinates are the page's own, in pixels: the page lies over
/// x ∈ 0 … ``width`` (the spine, or the left edge of a lone page, at 0) and
/// y ∈ 0 … ``height``. The page curls from its outer edge (x = width)
/// toward 0: a fold line at x = `fold` parallel to the spine, and a cylinder
/// of ``radius`` lying on the page along it. The part of the page left of
/// the fold lies flat; the rest wraps round the cylinder (its front
/// visible while the surface still faces the reader, then its back), and
/// what passes over the top of the cylinder lies flat again, back up,
/// mirrored, on top. The page is never stretched: each vertex's distance
/// along the surface from the fold equals its distance in the flat page.
///
/// A host mirrors x for a page turning the other way (back, or in a
/// right-to-left book) and offsets it to where the page is on screen.
///
/// ```swift
/// let curl = PageCurl(width: 600, height: 760, radius: 60)
/// let mesh = curl.mesh(progress: 0.5)      // the outer edge at x = 0
/// renderer.draw(mesh.front, texture: page)  // then the back, then the shadow
/// ```
public struct PageCurl: Hashable, Sendable, CustomStringConvertible {
    /// The page's width in pixels, > 0.
    public var width: Double
    /// The page's height in pixels, > 0.
    public var height: Double
    /// The cylinder's radius in pixels, > 0.
    public var radius: Double

    /// A page of `width` × `height` pixels curling round a cylinder of `radius` pixels.
    public init(width: Double, height: Double, radius: Double) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.radius = max(1, radius)
    }

    /// Where the page's outer edge is at `progress`: 0 is flat (x = width),
    /// 0.5 over the spine (x = 0), 1 laid over on the far side (x = −width).
    /// Progress is clamped to 0 … 1.
    public func edge(progress: Double) -> Double {
        width * (1 - 2 * min(max(progress, 0), 1))
    }

    /// The fold line that brings the outer edge to x = `edge`, so the page
    /// follows a pointer that grabbed it there; `width` when nothing is curled.
    ///
    /// The edge's x grows with the fold's, so the fold is found by bisection
    /// (50 halvings: exact to far below a pixel). Edges left of −width are taken as −width.
    public func fold(forEdgeAt edge: Double) -> Double {
        guard edge < width else { return width }
        let target = max(edge, -width)
        var low = -width - Double.pi * radius, high = width
        for _ in 0..<50 {
            let mid = (low + high) / 2
            if place(width, fold: mid).x < target { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    /// The point of the page at flat x `x`, as it lies with the fold at `fold`:
    /// screen x, height above the page, the angle round the cylinder (0 flat,
    /// π/2 standing, π and more lying back up), and whether its back faces the reader.
    public func place(_ x: Double, fold: Double) -> (x: Double, z: Double, angle: Double, isBack: Bool) {
        let s = x - fold
        if s <= 0 { return (x, 0, 0, false) }
        let theta = s / radius
        if theta <= Double.pi {
            return (fold + radius * sin(theta), radius * (1 - cos(theta)), theta, theta > Double.pi / 2)
        }
        return (fold - (s - Double.pi * radius), 2 * radius, theta, true)
    }

    /// The page as triangles at `progress` (0 … 1, see ``edge(progress:)``),
    /// with at least `columns` strips across it and more on the cylinder.
    public func mesh(progress: Double, columns: Int = 32) -> CurlMesh {
        mesh(fold: fold(forEdgeAt: edge(progress: progress)), columns: columns)
    }

    /// The page as triangles with the fold line at x = `fold`.
    public func mesh(fold: Double, columns: Int = 32) -> CurlMesh {
        // Flat x of the samples: a uniform grid, the cylinder's landmarks, and a finer grid round it.
        var xs: [Double] = []
        let n = max(1, columns)
        for i in 0...n { xs.append(width * Double(i) / Double(n)) }
        let turn = Double.pi * radius
        let bends = 16
        for i in 0...bends { xs.append(fold + turn * Double(i) / Double(bends)) }
        xs = xs.filter { $0 >= 0 && $0 <= width }.sorted()
        var samples: [Double] = []
        for x in xs where samples.last.map({ x - $0 > 1e-6 }) ?? true { samples.append(x) }

        var mesh = CurlMesh(fold: fold, reach: fold)
        for i in 0..<(samples.count - 1) {
            let a = samples[i], b = samples[i + 1]
            let pa = place(a, fold: fold), pb = place(b, fold: fold)
            mesh.reach = max(mesh.reach, pa.x, pb.x)
            // A strip is on the back when its middle is: landmarks split strips at the quarter turn.
            let isBack = place((a + b) / 2, fold: fold).isBack
            let va = vertices(flatX: a, placed: pa), vb = vertices(flatX: b, placed: pb)
            let triangles = [va.top, vb.top, va.bottom, vb.top, vb.bottom, va.bottom]
            if isBack { mesh.back += triangles } else { mesh.front += triangles }
        }
        if fold >= width { mesh.reach = width }
        return mesh
    }

    /// The top and bottom vertices of the column at flat x `x`.
    func vertices(flatX x: Double, placed: (x: Double, z: Double, angle: Double, isBack: Bool)) -> (top: CurlVertex, bottom: CurlVertex) {
        let shade = Self.shade(angle: placed.angle)
        let u = x / width
        return (CurlVertex(x: placed.x, y: 0, z: placed.z, u: u, v: 0, shade: shade),
                CurlVertex(x: placed.x, y: height, z: placed.z, u: u, v: 1, shade: shade))
    }

    /// How bright the surface is at `angle` round the cylinder, 0 … 1: full
    /// when flat, darker as it turns away from the light, the back lit again as it lies down.
    public static func shade(angle: Double) -> Double {
        if angle <= 0 { return 1 }
        if angle <= Double.pi / 2 { return 0.55 + 0.45 * cos(angle) }
        if angle <= Double.pi { return 0.75 - 0.25 * cos(angle) }
        return 1
    }

    /// A compact, readable form for logs and test failures.
    public var description: String { "PageCurl(\(Int(width))×\(Int(height)), radius \(Int(radius)))" }
}

/// One vertex of a curled page: where it is (pixels, page coordinates), its
/// height above the page, its texture coordinate (0 … 1 across and down the
/// page), and how bright to draw it (0 … 1).
public struct CurlVertex: Hashable, Sendable, CustomStringConvertible {
    /// Screen x, pixels from the spine side.
    public var x: Double
    /// Screen y, pixels from the top.
    public var y: Double
    /// Height above the page, pixels (0 flat, 2 · radius lying back up).
    public var z: Double
    /// Texture x, 0 … 1 from the spine side of the page.
    public var u: Double
    /// Texture y, 0 … 1 from the top.
    public var v: Double
    /// Brightness, 0 … 1.
    public var shade: Double

    /// A vertex; see the properties for units.
    public init(x: Double, y: Double, z: Double, u: Double, v: Double, shade: Double) {
        self.x = x; self.y = y; self.z = z; self.u = u; self.v = v; self.shade = shade
    }

    /// A compact, readable form for logs and test failures.
    public var description: String { "(\(x), \(y), \(z)) uv(\(u), \(v)) ×\(shade)" }
}

/// A curled page's triangles (three vertices each), in drawing order:
/// ``front`` first, then ``back`` over it.
public struct CurlMesh: Hashable, Sendable, CustomStringConvertible {
    /// The fold line's x.
    public var fold: Double
    /// The largest x the page covers: the page beneath shows right of it,
    /// and its shadow falls there.
    public var reach: Double
    /// Triangles whose front faces the reader: the flat part and the rising curl.
    public var front: [CurlVertex] = []
    /// Triangles whose back faces the reader (draw mirrored paper over them).
    public var back: [CurlVertex] = []

    /// An empty mesh for a fold at `fold`.
    public init(fold: Double, reach: Double) {
        self.fold = fold
        self.reach = reach
    }

    /// A compact, readable form for logs and test failures.
    public var description: String {
        "CurlMesh(fold \(Int(fold)), reach \(Int(reach)), \(front.count / 3) front, \(back.count / 3) back triangles)"
    }
}
