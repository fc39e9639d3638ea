import Testing
import FolioViewCore

@Suite struct PhotoZoomTests {
    let window = PixelSize(width: 1280, height: 800)
    let photo = PixelSize(width: 5640, height: 3172)

    @Test func startsAtFitCentred() {
        let zoom = PhotoZoom(image: photo, viewport: window)
        #expect(abs(zoom.scale - 1280.0 / 5640) < 1e-12)
        #expect(!zoom.isZoomed)
        let f = zoom.frame
        #expect(abs(f.x) < 1e-9 && abs(f.width - 1280) < 1e-9 && abs(f.y - (800 - f.height) / 2) < 1e-9)
    }

    @Test func zoomKeepsThePointUnderThePointer() {
        var zoom = PhotoZoom(image: photo, viewport: window)
        let point = (x: 900.0, y: 300.0)
        let f0 = zoom.frame
        let imageX = (point.x - f0.x) / zoom.scale, imageY = (point.y - f0.y) / zoom.scale
        zoom.zoom(to: 1, toward: point)
        let f1 = zoom.frame
        #expect(abs(f1.x + imageX * zoom.scale - point.x) < 1e-6, "\(zoom)")
        #expect(abs(f1.y + imageY * zoom.scale - point.y) < 1e-6, "\(zoom)")
        #expect(zoom.isZoomed)
    }

    @Test func scaleIsClampedAndDoubleClickTogglesFitAndFullSize() {
        var zoom = PhotoZoom(image: photo, viewport: window)
        zoom.zoom(by: 0.1, toward: (0, 0))
        #expect(zoom.scale == zoom.fitScale)
        zoom.zoom(by: 1000, toward: (0, 0))
        #expect(zoom.scale == zoom.maximumScale)
        zoom.reset()
        zoom.toggleFit(toward: (640, 400))
        #expect(zoom.scale == 1)
        zoom.toggleFit(toward: (640, 400))
        #expect(zoom.scale == zoom.fitScale)
    }

    @Test func panStopsAtTheEdgesAndHandsTheRestOn() {
        var zoom = PhotoZoom(image: photo, viewport: window)
        // At fit the photo cannot move sideways: the whole drag goes to the pager.
        #expect(zoom.pan(dx: -50, dy: 0) == -50)
        zoom.zoom(to: 1, toward: (640, 400))
        #expect(zoom.pan(dx: -100, dy: 0) == 0)
        // Far past the right edge: the photo stops with its right edge at the window's.
        let rest = zoom.pan(dx: -100_000, dy: 0)
        let f = zoom.frame
        #expect(abs(f.x + f.width - 1280) < 1e-6)
        #expect(rest < -90_000)
        zoom.pan(dx: 0, dy: 100_000)
        #expect(abs(zoom.frame.y) < 1e-6)
    }
}

@Suite struct PageCurlTests {
    let curl = PageCurl(width: 600, height: 800, radius: 50)

    @Test func atRestTheMeshIsTheFlatPage() {
        let mesh = curl.mesh(progress: 0)
        #expect(mesh.back.isEmpty)
        for v in mesh.front {
            #expect(abs(v.x - v.u * 600) < 1e-9 && v.z == 0 && v.shade == 1, "\(v)")
        }
        #expect(mesh.reach == 600)
    }

    /// The edge is where the pointer asked, for edges across the whole turn.
    @Test func theOuterEdgeFollowsThePointer() {
        var edge = 599.0
        while edge >= -600 {
            let fold = curl.fold(forEdgeAt: edge)
            #expect(abs(curl.place(600, fold: fold).x - edge) < 1e-6, "edge \(edge) fold \(fold)")
            edge -= 37
        }
    }

    /// The page is never stretched: neighbouring vertices are as far apart
    /// on the surface (3-D chord ≤ arc) as in the flat page, and the chord
    /// is close to the arc; nothing reaches past the cylinder.
    @Test func theSurfaceKeepsItsLengthAtEveryProgress() {
        for step in 0...20 {
            let progress = Double(step) / 20
            let mesh = curl.mesh(progress: progress, columns: 24)
            let all = mesh.front + mesh.back
            let tops = all.filter { $0.v == 0 }
            var byU: [Double: CurlVertex] = [:]
            for v in tops { byU[v.u] = v }
            let us = byU.keys.sorted()
            for (a, b) in zip(us, us.dropFirst()) {
                let p = byU[a]!, q = byU[b]!
                let arc = (b - a) * 600
                let chord = ((p.x - q.x) * (p.x - q.x) + (p.z - q.z) * (p.z - q.z)).squareRoot()
                #expect(chord <= arc + 1e-6 && chord >= arc * 0.95, "progress \(progress): u \(a)…\(b) arc \(arc) chord \(chord)")
            }
            for v in all { #expect(v.x <= mesh.fold + 50 + 1e-6 || v.x <= 600 && v.z == 0, "progress \(progress): \(v)") }
            #expect(all.count % 3 == 0)
        }
    }

    @Test func theBackShowsOnlyPastTheQuarterTurnAndTheEdgeMovesMonotonically() {
        var last = Double.infinity
        for step in 0...40 {
            let progress = Double(step) / 40
            let mesh = curl.mesh(progress: progress)
            for v in mesh.back { #expect(v.u * 600 >= mesh.fold + .pi * 50 / 2 - 1e-6, "progress \(progress): \(v)") }
            for v in mesh.front { #expect(v.u * 600 <= mesh.fold + .pi * 50 / 2 + 1e-6, "progress \(progress): \(v)") }
            let edge = curl.edge(progress: progress)
            #expect(edge <= last)
            last = edge
        }
        #expect(curl.mesh(progress: 1).front.allSatisfy { $0.x <= 0 + 1e-6 || $0.z > 0 } )
    }

    /// The flat bands and the triangles left are the mesh again: every strip is in one or the
    /// other, the bands are flat, unshaded and one texel to a pixel, and what is left is curved.
    @Test func flatSpansAndCurvedTrianglesMakeTheMesh() {
        for step in 0...40 {
            let progress = Double(step) / 40
            let mesh = curl.mesh(progress: progress)
            for (side, triangles) in [("front", mesh.front), ("back", mesh.back)] {
                let (spans, curved) = CurlMesh.flatSpans(of: triangles)
                let banded = spans.reduce(0.0) { $0 + abs($1.end - $1.start) }
                let flat = stride(from: 0, to: triangles.count, by: 6).filter { i in
                    triangles[i..<(i + 6)].allSatisfy { $0.shade == 1 } && triangles[i].z == triangles[i + 1].z
                }
                let flatWidth = flat.reduce(0.0) { $0 + abs(triangles[$1 + 1].x - triangles[$1].x) }
                #expect(curved.count + 6 * flat.count == triangles.count, "progress \(progress) \(side)")
                #expect(abs(banded - flatWidth) < 1e-6, "progress \(progress) \(side): bands \(banded) px, flat strips \(flatWidth) px")
                for span in spans {
                    #expect(abs(abs(span.end - span.start) - abs(span.endU - span.startU) * 600) < 1e-6, "progress \(progress) \(side): \(span)")
                }
                #expect(stride(from: 0, to: curved.count, by: 6).allSatisfy { i in
                    curved[i..<(i + 6)].contains { $0.shade != 1 } || curved[i].z != curved[i + 1].z
                }, "progress \(progress) \(side)")
                // Neighbouring flat strips are one band: at most the part not yet lifted and the part lying back up.
                #expect(spans.count <= 1, "progress \(progress) \(side): \(spans)")
            }
        }
        let rest = CurlMesh.flatSpans(of: curl.mesh(progress: 0).front)
        #expect(rest.spans == [CurlSpan(start: 0, end: 600, startU: 0, endU: 1)] && rest.curved.isEmpty)
    }

    @Test func shadeIsFullWhenFlatAndNeverOutOfRange() {
        #expect(PageCurl.shade(angle: 0) == 1)
        var a = 0.0
        while a < 5 { let s = PageCurl.shade(angle: a); #expect(s > 0 && s <= 1); a += 0.1 }
    }
}
