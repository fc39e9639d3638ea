import Foundation
import Testing

/// A comic in the real folio-view on a virtual X display: pages made in the test from Debian's
/// mate-backgrounds photos (cut to portrait pages), packed by Python's zipfile with a ComicInfo.xml
/// that makes it a manga. Nobody touches it at first; then a real key turns it.
@Suite(.serialized) struct ComicWindowTests {
    static let photos = ["Storm", "LadyBird", "Garden", "Wood"].map { "/usr/share/backgrounds/mate/nature/\($0).jpg" }

    /// Runs a tool to its end, failing the test when it fails.
    static func run(_ tool: String, _ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [tool] + arguments
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw Failure("\(tool) \(arguments.joined(separator: " ")) failed") }
    }

    /// A comic packed by Python's zipfile in `dir`: each photo cut to `size` (ImageMagick's
    /// `1000x1500` form) and named as given, with `info` as its ComicInfo.xml; the entries written
    /// in reverse order when `reverse` (the reader must sort them). Returns its path and the pages'.
    static func comic(in dir: URL, named name: String, pages: [(photo: String, name: String, size: String)], info: String,
                      reverse: Bool = false) throws -> (path: String, pages: [String]) {
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("pages"), withIntermediateDirectories: true)
        var paths: [String] = []
        for page in pages {
            let path = dir.appendingPathComponent("pages/" + page.name).path
            try run("convert", [page.photo, "-resize", page.size + "^", "-gravity", "center", "-extent", page.size, "-quality", "90", path])
            paths.append(path)
        }
        try Data(info.utf8).write(to: dir.appendingPathComponent("pages/ComicInfo.xml"))
        let comic = dir.appendingPathComponent(name).path
        try run("python3", ["-c", "import sys, zipfile, os\nz = zipfile.ZipFile(sys.argv[1], 'w')\n"
                               + "for n in sorted(os.listdir(sys.argv[2]), reverse=\(reverse ? "True" : "False")): "
                               + "z.write(os.path.join(sys.argv[2], n), n)\nz.close()",
                            comic, dir.appendingPathComponent("pages").path])
        return (comic, paths)
    }

    /// The mean difference per channel between `shot`'s `width` × `height` at (`x`, `y`) and `page`'s at (`px`, `py`).
    static func difference(_ shot: Image, x: Int, y: Int, _ page: Image, px: Int, py: Int, width: Int, height: Int) -> Double {
        var total = 0
        for dy in 0..<height {
            for dx in 0..<width {
                let a = shot.pixel(x + dx, y + dy), b = page.pixel(px + dx, py + dy)
                total += abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b)
            }
        }
        return Double(total) / Double(width * height * 3)
    }

    @Test func aMangaShowsItsFirstPageOnTheRightAndTurnsWithLeft() throws {
        for photo in Self.photos { try #require(FileManager.default.fileExists(atPath: photo), "run Scripts/test-view (mate-backgrounds)") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-view-comic-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Four portrait pages of 1000 × 1500, named so that plain string order is wrong (page-10 last).
        let names = ["page-1.jpg", "page-2.jpg", "page-9.jpg", "page-10.jpg"]
        let (comic, pages) = try Self.comic(in: dir, named: "weather.cbz",
                                            pages: zip(Self.photos, names).map { ($0, $1, "1000x1500") },
                                            info: "<ComicInfo><Title>Weather</Title><Manga>YesAndRightToLeft</Manga></ComicInfo>",
                                            reverse: true)
        // Each page as folio-view fits it in its page box (639 × 732): 488 × 732, centred, by ImageMagick.
        let expected = try pages.map { try Image.fitted($0, width: 639, height: 732) }
        let picture = (x: (639 - 488) / 2, width: 488)

        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", comic], on: desktop)
        try viewer.waitFor("(two pages)")
        try viewer.waitFor("picture")
        /// The page shown in the left (x 0…638) or right (641…1279) half: the nearest of the four, and how near.
        func shown(_ shot: Image, right: Bool) -> (page: Int, difference: Double) {
            let left = (right ? 641 : 0) + picture.x
            let differences = expected.map { Self.difference(shot, x: left, y: 34, $0, px: picture.x, py: 0, width: picture.width, height: 732) }
            let best = differences.indices.min { differences[$0] < differences[$1] }!
            return (best, differences[best])
        }
        func waitFor(right: Int, left: Int?, _ what: String) throws {
            var shot = try desktop.screenshot()
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline && (shown(shot, right: true).page != right || left.map { shown(shot, right: false).page != $0 } ?? false
                                        || shown(shot, right: true).difference >= 12) {
                Thread.sleep(forTimeInterval: 0.2)
                shot = try desktop.screenshot()
            }
            let r = shown(shot, right: true)
            #expect(r.page == right && r.difference < 12, "\(what): the right half shows page \(r.page + 1) (difference \(r.difference))")
            if let left {
                let l = shown(shot, right: false)
                #expect(l.page == left && l.difference < 12, "\(what): the left half shows page \(l.page + 1) (difference \(l.difference))")
            }
        }
        // Nobody touches it: page 1 on the right, page 2 on its left, as a manga opens.
        try waitFor(right: 0, left: 1, "at start")
        // ← turns a manga forward: pages 3 (page-9) and 4 (page-10, natural order).
        try desktop.xdotool("mousemove", "640", "400")
        try desktop.xdotool("key", "Left")
        try viewer.waitFor("page 3")
        try waitFor(right: 2, left: 3, "after ←")
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
    }

    /// A landscape page among portrait ones is a double page: alone in its spread, across both
    /// pages, with no spine; the cover, typed FrontCover by ComicInfo, stands alone on the right,
    /// and the pairs go on after it.
    @Test func aLandscapePageStandsAloneAcrossTheSpread() throws {
        for photo in Self.photos { try #require(FileManager.default.fileExists(atPath: photo), "run Scripts/test-view (mate-backgrounds)") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-view-double-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Pages 1–3 and 5 portrait (1000 × 1500), page 4 landscape (1500 × 1000).
        let photos = [Self.photos[0], Self.photos[1], Self.photos[2], Self.photos[3], Self.photos[0]]
        let (comic, pages) = try Self.comic(in: dir, named: "double.cbz",
                                            pages: photos.enumerated().map { ($1, "page-\($0 + 1).jpg", $0 == 3 ? "1500x1000" : "1000x1500") },
                                            info: "<ComicInfo><Pages><Page Image=\"0\" Type=\"FrontCover\"/></Pages></ComicInfo>")
        // The double page fitted to the whole page area (1280 × 732): 1098 × 732, centred.
        let double = try Image.fitted(pages[3], width: 1280, height: 732)
        let picture = (x: (1280 - 1098) / 2, width: 1098)
        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", comic], on: desktop)
        try viewer.waitFor("(two pages)")
        try viewer.waitFor("picture")
        try desktop.xdotool("mousemove", "640", "400")
        // [1] [2 3] [4] [5]: two turns to the double page.
        try desktop.xdotool("key", "Right")
        try viewer.waitFor("page 2 /")
        try desktop.xdotool("key", "Right")
        try viewer.waitFor("page 4 /")
        var shot = try desktop.screenshot()
        let deadline = Date().addingTimeInterval(10)
        func difference(_ shot: Image) -> Double {
            Self.difference(shot, x: picture.x, y: 34, double, px: picture.x, py: 0, width: picture.width, height: 732)
        }
        while Date() < deadline && difference(shot) >= 12 {
            Thread.sleep(forTimeInterval: 0.2)
            shot = try desktop.screenshot()
        }
        #expect(difference(shot) < 12, "the double page across the spread (difference \(difference(shot)))")
        // No spine down its middle: the column at the window's centre is the picture's, not a dark line.
        let middle = shot.pixel(640, 400), expected = double.pixel(640, 366)
        #expect(abs(middle.r - expected.r) + abs(middle.g - expected.g) + abs(middle.b - expected.b) < 60, "\(middle) against \(expected)")
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
    }
}
