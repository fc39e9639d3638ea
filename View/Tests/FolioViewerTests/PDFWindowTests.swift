import Foundation
import Testing

/// A real PDF (libtasn1's manual, from Debian's libtasn1-doc) in the real folio-view on a virtual X
/// display, compared with poppler's pdftoppm drawing of the same pages at the same size. Nobody
/// touches it at first; then a real search marks its match on the page.
@Suite(.serialized) struct PDFWindowTests {
    static let pdf = "/usr/share/doc/libtasn1-doc/libtasn1.pdf"

    @Test func theWindowShowsThePagesPopplerDrawsAndMarksASearch() throws {
        try #require(FileManager.default.fileExists(atPath: Self.pdf), "run Scripts/test-view (libtasn1-doc)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-view-pdf-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Each page box is 639 × 732 in the 1280 × 800 window; a letter page fits it at 566 × 732, centred.
        let box = (width: 639, height: 732), page = (width: 566, height: 732)
        let left = (box.width - page.width) / 2
        let expected = try (1...6).map { number -> Image in
            let stem = dir.appendingPathComponent("p\(number)").path
            try ComicWindowTests.run("pdftoppm", ["-png", "-singlefile", "-f", "\(number)", "-l", "\(number)", "-scale-to-x", "\(page.width)",
                                                  "-scale-to-y", "\(page.height)", Self.pdf, stem])
            return try Image.fitted(stem + ".png", width: box.width, height: box.height, background: "white", extra: [])
        }
        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", Self.pdf], on: desktop)
        try viewer.waitFor("(two pages)")
        try viewer.waitFor("picture")
        /// The page in the left (x 0…638) or right (641…1279) half: the nearest of poppler's six, and how near.
        func shown(_ shot: Image, right: Bool) -> (page: Int, difference: Double) {
            let x = (right ? 641 : 0) + left
            let differences = expected.map {
                ComicWindowTests.difference(shot, x: x, y: 34, $0, px: left, py: 0, width: page.width, height: page.height)
            }
            let best = differences.indices.min { differences[$0] < differences[$1] }!
            return (best + 1, differences[best])
        }
        // Nobody touches it: pages 1 and 2, each nearer its own drawing by poppler than any other.
        var shot = try desktop.screenshot()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline && (shown(shot, right: false).page != 1 || shown(shot, right: true).page != 2) {
            Thread.sleep(forTimeInterval: 0.2)
            shot = try desktop.screenshot()
        }
        let l = shown(shot, right: false), r = shown(shot, right: true)
        #expect(l.page == 1 && l.difference < 8, "the left half shows page \(l.page) (difference \(l.difference))")
        #expect(r.page == 2 && r.difference < 8, "the right half shows page \(r.page) (difference \(r.difference))")
        if l.page != 1 || r.page != 2 { shot.save(dir.deletingLastPathComponent().appendingPathComponent("folio-view-pdf-failed.png").path) }

        func marked(_ shot: Image) -> Int {
            var count = 0
            for y in stride(from: 34, to: 766, by: 2) {
                for x in stride(from: 0, to: 1280, by: 2) {
                    let p = shot.pixel(x, y)
                    if p.r > 240 && (215...245).contains(p.g) && (120...170).contains(p.b) { count += 1 }
                }
            }
            return count
        }
        // A search: its match is marked on the page in translucent yellow (white paper under it: 255, 231, 145).
        try desktop.xdotool("mousemove", "640", "400")
        try desktop.xdotool("type", "/asn1_der_coding")
        try desktop.xdotool("key", "Return")
        #expect(marked(shot) < 20, "no yellow before the search: \(marked(shot))")
        var found = try desktop.screenshot()
        let searchDeadline = Date().addingTimeInterval(15)
        while Date() < searchDeadline && marked(found) < 20 {
            Thread.sleep(forTimeInterval: 0.2)
            found = try desktop.screenshot()
        }
        #expect(marked(found) >= 20, "the match is marked: \(marked(found)) yellow pixels sampled")
        try desktop.xdotool("key", "Home")
        var home = try desktop.screenshot()
        let homeDeadline = Date().addingTimeInterval(10)
        while Date() < homeDeadline && shown(home, right: false).page != 1 {
            Thread.sleep(forTimeInterval: 0.2)
            home = try desktop.screenshot()
        }
        #expect(shown(home, right: false).page == 1, "Home goes back to the first page")

        // Ctrl-2 fits the first page's width to the window's, drawn again at that size: its top is
        // poppler's page 1 drawn 1280 pixels wide, and no other page's.
        try desktop.xdotool("key", "ctrl+2")
        let wide = try (1...3).map { number -> Image in
            let stem = dir.appendingPathComponent("w\(number)").path
            try ComicWindowTests.run("pdftoppm", ["-png", "-singlefile", "-f", "\(number)", "-l", "\(number)", "-scale-to-x", "1280",
                                                  "-scale-to-y", "1656", Self.pdf, stem])
            return try Image.fitted(stem + ".png", width: 1280, height: 1656, background: "white", extra: [])
        }
        func widthShown(_ shot: Image) -> (page: Int, difference: Double) {
            let differences = wide.map { ComicWindowTests.difference(shot, x: 0, y: 34, $0, px: 0, py: 0, width: 1280, height: 732) }
            let best = differences.indices.min { differences[$0] < differences[$1] }!
            return (best + 1, differences[best])
        }
        var fitted = try desktop.screenshot()
        let fitDeadline = Date().addingTimeInterval(10)
        while Date() < fitDeadline && (widthShown(fitted).page != 1 || widthShown(fitted).difference >= 8) {
            Thread.sleep(forTimeInterval: 0.2)
            fitted = try desktop.screenshot()
        }
        let w = widthShown(fitted)
        #expect(w.page == 1 && w.difference < 8, "fit width shows the top of page \(w.page) (difference \(w.difference))")
        try desktop.xdotool("key", "ctrl+0")
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
    }
}
