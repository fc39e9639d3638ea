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
        if p.r > 200 && p.g < 60 && p.b < 60 { return "r" }
        if p.g > 200 && p.r < 60 && p.b < 60 { return "g" }
        if p.b > 200 && p.r < 60 && p.g < 60 { return "b" }
        return "?"
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
}
