import FolioViewCore
import Testing

/// An animated GIF's pure parts: its frames' timing on a clock the test moves,
/// and the layout read from its blocks before anything is decoded.
@Suite struct AnimationTests {
    @Test func eachFrameIsShownForItsDelayAndShortDelaysForATenth() {
        #expect(AnimationPlayback.shownDelay(0) == 0.1 && AnimationPlayback.shownDelay(0.01) == 0.1)
        #expect(AnimationPlayback.shownDelay(0.02) == 0.02 && AnimationPlayback.shownDelay(0.5) == 0.5)
        var playback = AnimationPlayback(delays: [0.2, 0, 0.5], at: 10)
        #expect(playback.delays == [0.2, 0.1, 0.5] && playback.frame == 0 && playback.deadline == 10.2, "\(playback)")
        // Every frame of 1/60 s for 2 s: changes at 10.2, 10.3, 10.8, 11.0, 11.1, 11.6, 11.8, 11.9 to frames 1 2 0 1 2 0 1 2.
        var changes: [(at: Double, frame: Int)] = []
        for tick in 1...120 {
            let now = 10 + Double(tick) / 60
            if playback.advance(at: now) { changes.append((now, playback.frame)) }
        }
        #expect(changes.map(\.frame) == [1, 2, 0, 1, 2, 0, 1, 2], "\(changes)")
        let due = [10.2, 10.3, 10.8, 11.0, 11.1, 11.6, 11.8, 11.9]
        for (change, at) in zip(changes, due) {
            #expect(change.at >= at && change.at < at + 1.0 / 60, "frame \(change.frame) at \(change.at), due at \(at)")
        }
    }

    @Test func aLoopThatSleptThroughAFrameShowsOneFrameNotABurst() {
        var playback = AnimationPlayback(delays: [0.1, 0.1], at: 0)
        let late = playback.advance(at: 5)
        #expect(late && playback.frame == 1 && playback.deadline == 5.1, "\(playback)")
        let early = playback.advance(at: 5.05)
        #expect(!early)
        let due = playback.advance(at: 5.1)
        #expect(due && playback.frame == 0)
        #expect(playback.description == "frame 1 of 2, next at \(playback.deadline) s")
    }

    /// A GIF's blocks by hand: the header, a screen of `width` × `height` with a global colour table of
    /// two colours, then per frame a graphic control extension (delay 20) and a 1 × 1 image.
    static func gif(width: Int, height: Int, frames: Int, trailer: Bool = true) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0x80, 0, 0]
        bytes += [0, 0, 0, 255, 255, 255]
        bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]  // loop for ever
        for _ in 0..<frames {
            bytes += [0x21, 0xF9, 4, 0, 20, 0, 0, 0]
            bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x81, 1, 2, 3, 4, 5, 6]  // with a local table of 4 colours (12 bytes, here 6 + 6)
            bytes += [1, 2, 3, 4, 5, 6]
            bytes += [2, 2, 0x4C, 0x01, 0]
        }
        if trailer { bytes.append(0x3B) }
        return bytes
    }

    @Test func theLayoutCountsFramesWithoutDecodingThem() {
        let three = GIFLayout(Self.gif(width: 400, height: 300, frames: 3))
        #expect(three == GIFLayout(Self.gif(width: 400, height: 300, frames: 3, trailer: false)))
        #expect(three?.width == 400 && three?.height == 300 && three?.frameCount == 3 && three?.isAnimated == true, "\(String(describing: three))")
        #expect(three?.decodedBytes == 3 * 400 * 300 * 4)
        #expect(three?.description == "GIF 400×300, 3 frames")
        #expect(GIFLayout(Self.gif(width: 10, height: 10, frames: 1))?.isAnimated == false)
        // A huge canvas of many frames is told from its first blocks: 9 × 4000 × 4000 × 4 bytes is over 512 MB.
        #expect((GIFLayout(Self.gif(width: 4000, height: 4000, frames: 9))?.decodedBytes ?? 0) > 512 << 20)
        // Cut in its second frame: the frames that began.
        let cut = Self.gif(width: 8, height: 8, frames: 3)
        #expect(GIFLayout(Array(cut.prefix(85)))?.frameCount == 2, "\(String(describing: GIFLayout(Array(cut.prefix(85)))))")
        #expect(GIFLayout(Array("PNG not a gif".utf8)) == nil && GIFLayout([]) == nil)
    }
}
