/// A band of a curled page that lies flat and unshaded — the part not yet lifted, or the part
/// lying back up past the cylinder — which a renderer can draw as one copy of a band of the
/// page's texture instead of as triangles.
///
/// Screen x is in the mesh's page coordinates (pixels, before the host mirrors and offsets
/// them); `u` is the texture x at each edge, 0 … 1 across the page. The band runs the page's
/// whole height. Its texture runs the other way from the screen when `startU > endU`.
///
/// A software renderer (SDL's) fills a triangle pixel by pixel with per-pixel texture lookups,
/// and a page's flat part is most of the page: copying it as one band is what keeps a curl
/// frame within a 60 Hz frame at 1920×1080.
public struct CurlSpan: Hashable, Sendable, CustomStringConvertible {
    /// Screen x of the band's first edge, pixels.
    public var start: Double
    /// Screen x of the band's second edge, pixels.
    public var end: Double
    /// Texture x at ``start``, 0 … 1.
    public var startU: Double
    /// Texture x at ``end``, 0 … 1.
    public var endU: Double

    /// A band from screen x `start` (texture x `startU`) to `end` (texture x `endU`).
    public init(start: Double, end: Double, startU: Double, endU: Double) {
        self.start = start; self.end = end; self.startU = startU; self.endU = endU
    }

    /// A compact, readable form for logs and test failures.
    public var description: String { "CurlSpan(x \(start)…\(end), u \(startU)…\(endU))" }
}

extension CurlMesh {
    /// `triangles` (``front`` or ``back``, strips of two triangles as ``PageCurl/mesh(fold:columns:)``
    /// makes them) split into the bands that lie flat and unshaded — every vertex at full
    /// brightness, both edges at the same height above the page — and the triangles left, in
    /// their order. Neighbouring flat strips make one band.
    ///
    /// Drawing the bands (as copies) and then the triangles left covers what the triangles did.
    /// Cost: O(triangles).
    public static func flatSpans(of triangles: [CurlVertex]) -> (spans: [CurlSpan], curved: [CurlVertex]) {
        var spans: [CurlSpan] = [], curved: [CurlVertex] = []
        var i = 0
        while i + 6 <= triangles.count {
            // A strip: its first column's top, the second's top, the first's bottom, then the second's top and bottom.
            let strip = triangles[i..<(i + 6)]
            let a = strip[i], b = strip[i + 1]
            if strip.allSatisfy({ $0.shade == 1 }) && a.z == b.z && strip[i + 2].x == a.x && strip[i + 4].x == b.x {
                if let last = spans.last, last.end == a.x, last.endU == a.u {
                    spans[spans.count - 1].end = b.x
                    spans[spans.count - 1].endU = b.u
                } else {
                    spans.append(CurlSpan(start: a.x, end: b.x, startU: a.u, endU: b.u))
                }
            } else {
                curved.append(contentsOf: strip)
            }
            i += 6
        }
        curved.append(contentsOf: triangles[i...])
        return (spans, curved)
    }
}
