import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import FolioViewTestSupport
import Testing

/// Animated GIFs made by ImageMagick, decoded frame by frame and played on the
/// scene's clock: red, green and blue frames of 0.2 s each follow one another
/// on screen with no key pressed; a still GIF stays still; an animation whose
/// frames would take more than the budget shows its first frame and says why.
@MainActor
@Suite(.serialized) struct AnimatedGIFTests {
    let scenes = SceneGoldenTests()
    static let size = SceneGoldenTests.photoSize

    /// The colour in the middle of the window: `r`, `g`, `b` or `?`.
    func middle(_ rgb: [UInt8]) -> Character {
        let i = (Self.size.height / 2 * Self.size.width + Self.size.width / 2) * 3
        return MadePictures.primary(Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
    }

    @Test func theDecoderKeepsEveryFrameAndItsDelay() throws {
        let folder = try MadePictures.folder("gif")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("rgb.gif").path
        try MadePictures.animatedGIF(at: path, width: 300, height: 200, colours: ["red", "lime", "blue"], hundredths: 20)
        let decoded = try PhotoDecoder.decode(path: path, box: PixelSize(width: 150, height: 150)).get()
        #expect(decoded.size == PixelSize(width: 150, height: 100) && decoded.fullSize == PixelSize(width: 300, height: 200))
        let animation = try #require(decoded.animation, "three frames: an animation")
        #expect(animation.delays == [0.2, 0.2, 0.2])
        #expect(animation.frames.map { Array($0.prefix(3)) } == [[255, 0, 0], [0, 255, 0], [0, 0, 255]])
        #expect(decoded.rgba == animation.frames[0] && decoded.shortfall == nil)

        // Over the budget: the first frame alone, and why.
        let capped = try PhotoDecoder.decode(path: path, box: PixelSize(width: 150, height: 150), animationBudget: 300 * 200 * 4 * 2).get()
        #expect(capped.animation == nil && capped.shortfall == .tooManyFrames && Array(capped.rgba.prefix(3)) == [255, 0, 0])
        #expect(capped.shortfall?.notice(for: "rgb.gif") == "rgb.gif has too many frames to animate: showing the first")
    }

    @Test func anAnimatedGIFPlaysOnTheScenesClockWithNoKey() throws {
        let folder = try MadePictures.folder("gif")
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("a.gif").path, still = folder.appendingPathComponent("b.gif").path
        try MadePictures.animatedGIF(at: gif, width: 300, height: 200, colours: ["red", "lime", "blue"], hundredths: 20)
        try MadePictures.animatedGIF(at: still, width: 300, height: 200, colours: ["blue"], hundredths: 20)
        let rig = Rig(size: Self.size)
        let viewer = try scenes.open(rig, PhotoList(names: [gif, still]))
        rig.wait(for: "the animation", viewer) { scenes.decoded(viewer, 0) }
        #expect(viewer.animation?.path == gif && viewer.wakeTime != nil, "\(String(describing: viewer.animation))")
        // A look every 0.1 s (6 frames) from 0.05 s to 1.15 s: each colour for two looks, in order, round again.
        var seen = ""
        rig.frames(3, viewer)
        for _ in 0..<12 {
            seen.append(middle(rig.look(viewer)))
            rig.frames(6, viewer)
        }
        #expect(seen == "rrggbbrrggbb", "the frames shown every 0.1 s: \(seen)")

        // The next photo, a still GIF: nothing plays, nothing wakes the loop.
        rig.key(SDLK_RIGHT, viewer)
        rig.settle(viewer)
        rig.wait(for: "the still GIF", viewer) { scenes.decoded(viewer, 1) }
        #expect(viewer.animation == nil && viewer.wakeTime == nil, "\(String(describing: viewer.animation))")
        #expect(middle(rig.look(viewer)) == "b")
        // Back: it plays again.
        rig.key(SDLK_LEFT, viewer)
        rig.settle(viewer)
        #expect(viewer.animation?.path == gif, "\(String(describing: viewer.animation))")
    }
}
