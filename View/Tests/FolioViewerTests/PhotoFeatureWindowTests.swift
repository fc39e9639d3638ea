import Foundation
import FolioViewTestSupport
import Testing

/// The real folio-view on a virtual X display showing what a photo viewer's user
/// expects of pictures that are not plain photos: a GIF that moves, a file cut
/// short, and a photo sent to the trash and brought back.
@Suite(.serialized) struct PhotoFeatureWindowTests {
    /// The colour at (`x`, `y`) of `shot`: `r`, `g`, `b` for a pure red, green or blue, else `?`.
    static func colour(_ shot: Image, _ x: Int, _ y: Int) -> Character {
        let p = shot.pixel(x, y)
        return MadePictures.primary(Int(p.r), Int(p.g), Int(p.b))
    }

    /// Screenshots taken for 3 s with no key pressed show the GIF's red, green and blue frames
    /// (0.4 s each) in that order, round and round.
    @Test func anAnimatedGIFPlaysWithoutAKey() throws {
        let folder = try MadePictures.folder("window-gif")
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("rgb.gif").path
        try MadePictures.animatedGIF(at: gif, width: 400, height: 300, colours: ["red", "lime", "blue"], hundredths: 40)
        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", gif], on: desktop)
        try viewer.waitFor("animating rgb.gif, 3 frames")
        var seen = ""
        let end = Date().addingTimeInterval(3)
        while Date() < end {
            let now = Self.colour(try desktop.screenshot(), 640, 400)
            if seen.last != now { seen.append(now) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let frames = seen.filter { $0 != "?" }
        #expect(frames.count >= 5, "the frames seen change with no key: \(seen)")
        let order: [Character: Character] = ["r": "g", "g": "b", "b": "r"]
        #expect(zip(frames, frames.dropFirst()).allSatisfy { order[$0.0] == $0.1 }, "red, green, blue in turn: \(seen)")
        try desktop.xdotool("mousemove", "640", "400")
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
    }

    /// Delete with real X input sends the photo shown to the trash of the `XDG_DATA_HOME` the
    /// window was started with: the next photo shows, the bar says so; Ctrl+Z puts it back and shows it.
    @Test func deleteSendsThePhotoToTheTrashAndCtrlZBringsItBack() throws {
        let folder = try MadePictures.folder("window-trash")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = folder.appendingPathComponent("photos"), data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for (name, colour) in [("a", "red"), ("b", "lime"), ("c", "blue")] {
            try MadePictures.convert(["-size", "400x300", "xc:\(colour)", photos.appendingPathComponent("\(name).png").path])
        }
        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", photos.path], on: desktop, environment: ["XDG_DATA_HOME": data.path])
        try viewer.waitFor("first frame with content")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(Self.colour(try desktop.screenshot(), 640, 400) == "r")
        let bar = try desktop.screenshot().brightRuns(y: 800 - 18, xs: 10..<400, threshold: 150)

        try desktop.xdotool("mousemove", "640", "400")
        try desktop.xdotool("key", "Delete")
        try viewer.waitFor("trashed")
        try viewer.waitFor("decoded b.png")
        Thread.sleep(forTimeInterval: 0.4)
        let after = try desktop.screenshot()
        #expect(Self.colour(after, 640, 400) == "g", "the next photo is shown")
        // The notice at the bar's left: text where there was none.
        #expect(after.brightRuns(y: 800 - 18, xs: 10..<400, threshold: 150).count > bar.count + 10, "the notice in the bar")
        let trashed = data.appendingPathComponent("Trash")
        #expect(!FileManager.default.fileExists(atPath: photos.appendingPathComponent("a.png").path))
        #expect(FileManager.default.fileExists(atPath: trashed.appendingPathComponent("files/a.png").path))
        let record = (try? String(contentsOf: trashed.appendingPathComponent("info/a.png.trashinfo"), encoding: .utf8)) ?? ""
        #expect(record.hasPrefix("[Trash Info]\nPath=/") && record.contains("/photos/a.png\nDeletionDate="), "\(record)")

        try desktop.xdotool("key", "ctrl+z")
        try viewer.waitFor("restored")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(Self.colour(try desktop.screenshot(), 640, 400) == "r", "the photo put back is shown")
        #expect(FileManager.default.fileExists(atPath: photos.appendingPathComponent("a.png").path))
        #expect(!FileManager.default.fileExists(atPath: trashed.appendingPathComponent("info/a.png.trashinfo").path))
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
    }

    /// mate-backgrounds' photos cut off at half their bytes, a JPEG (Storm, 1920 × 1280, baseline) and a
    /// PNG (Gulp, 1920 × 1200), in the real window: the top of each shows the photo as it should be,
    /// the bottom is grey, and the notice over its top says it is cut short.
    @Test func aPhotoCutShortShowsItsTopAndSaysSo() throws {
        let folder = try MadePictures.folder("window-cut")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = ["/usr/share/backgrounds/mate/nature/Storm.jpg", "/usr/share/backgrounds/mate/abstract/Gulp.png"]
        for source in sources {
            try #require(FileManager.default.fileExists(atPath: source), "\(source) is missing: run Scripts/test-view")
        }
        let cut = [folder.appendingPathComponent("1-storm.jpg").path, folder.appendingPathComponent("2-gulp.png").path]
        for (source, path) in zip(sources, cut) { try MadePictures.cut(source, to: path, keeping: 0.5) }
        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", "--transition", "none", folder.path], on: desktop)
        try desktop.xdotool("mousemove", "640", "400")
        for (index, (source, path)) in zip(sources, cut).enumerated() {
            let name = (path as NSString).lastPathComponent
            if index > 0 { try desktop.xdotool("key", "Right") }
            try viewer.waitFor("decoded \(name)")
            #expect(try viewer.waitFor("decoded \(name)").hasSuffix(": \(name) is cut short: showing the part that could be read"))
            Thread.sleep(forTimeInterval: 0.4)
            let shot = try desktop.screenshot(), expected = try Image.fitted(source, width: 1280, height: 800)
            // The photo is 1200 or 1280 wide and 800 tall: its top quarter below the notice came.
            let top = shot.difference(from: expected, x: 340, y: 60, width: 600, height: 140)
            #expect(top < 12, "\(name): the top differs from the photo by \(top) per channel")
            let grey = shot.pixel(640, 740), bottom = shot.difference(from: expected, x: 340, y: 700, width: 600, height: 50)
            #expect(abs(grey.r - grey.g) < 8 && abs(grey.g - grey.b) < 8 && shot.spread(x: 340, y: 700, width: 600, height: 50) < 3,
                    "\(name): the rows that did not come are flat grey: \(grey)")
            #expect(bottom > 12, "\(name): the bottom is not the photo's: it differs by \(bottom) per channel")
            // The notice: yellow letters on the band across the photo's top.
            var yellow = 0
            for y in 4..<28 { for x in 40..<1240 {
                let p = shot.pixel(x, y)
                if p.r > 200 && p.g > 150 && p.b < 170 { yellow += 1 }
            } }
            #expect(yellow > 200, "\(name): the notice over the photo: \(yellow) yellow pixels")
        }
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
    }
}
