import Testing
import PropertyBased
import FolioTerminal

/// The renderer checked by applying its bytes to the test terminal: whatever the two frames,
/// the screen ends up showing exactly the new one, and nothing scrolls or wraps.
@Suite struct RendererPropertyTests {
    /// The trouble with a screen after a render, in sentences (empty when all is well).
    static func trouble(_ screen: VirtualTerminal, _ frame: Frame, _ bytes: [UInt8]) -> [String] {
        var found = screen.problems + screen.differences(from: frame)
        if screen.synchronized { found.append("left in synchronized-update mode") }
        if !bytes.isEmpty && screen.style != .plain { found.append("left the style \(screen.style)") }
        if !bytes.isEmpty && (screen.row, screen.column) != (0, 0) { found.append("left the cursor at \(screen.column),\(screen.row)") }
        if screen.printedIntoCorner {
            // Allowed only when no cell fits before the corner's character.
            let corner = frame[frame.width - 1, frame.height - 1]
            if frame.width > (corner.isContinuation ? 2 : 1) { found.append("printed into the bottom-right cell") }
        }
        return found
    }

    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingEscapes()
    }

    /// 5,000 scenes: frames up to 40 × 12 with wide characters, marks, controls and styles,
    /// an edit and maybe a horizontal shift.
    @Test func aDiffTurnsTheOldScreenIntoTheNewFrame() async {
        var used: [String: Int] = [:]
        await propertyCheck(count: 5_000, input: ScreenScene.generator) { scene in
            let before = scene.before, after = scene.after
            var screen = VirtualTerminal(showing: before)
            // A diff must not assume the style it starts in.
            screen.style = DrawOp.styles[scene.seed % DrawOp.styles.count]
            let bytes = Renderer().render(from: before, to: after, horizontalShift: scene.shift)
            screen.apply(bytes)
            let found = Self.trouble(screen, after, bytes)
            #expect(found.isEmpty, "\(found)\nbefore: \(before)\nafter:  \(after)\nbytes: \(Self.text(bytes))\nscreen: \(screen)")
            #expect(screen.cursorVisible == false, "a diff shows the cursor")
            for technique in Self.techniques(in: bytes) { used[technique, default: 0] += 1 }
        }
        // The scenes reach every technique the renderer has, many times over.
        print("renderer techniques in 5,000 diffs: \(used.sorted { $0.key < $1.key })")
        for technique in ["corner", "erase line", "shift left", "shift right", "skip", "next line"] {
            #expect(used[technique, default: 0] >= 25, "\(technique) used in only \(used[technique, default: 0]) diffs")
        }
    }

    /// Which of the renderer's techniques `bytes` use, told by their control sequences.
    static func techniques(in bytes: [UInt8]) -> Set<String> {
        var finals: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x1B {
                i += 2
                while i < bytes.count && !(0x40...0x7E).contains(bytes[i]) { i += 1 }
                if i < bytes.count { finals.append(bytes[i]) }
            }
            i += 1
        }
        var found = Set<String>()
        for (k, final) in finals.enumerated() {
            switch UnicodeScalar(final) {
            case "@": found.insert(k > 0 && finals[k - 1] == UInt8(ascii: "D") ? "corner" : "shift right")
            case "P": found.insert("shift left")
            case "K": found.insert("erase line")
            case "C": found.insert("skip")
            case "E": found.insert("next line")
            default: break
            }
        }
        return found
    }

    /// 3,000 scenes, diffs and repaints, flushed in pieces of 1 to 64 bytes: the pieces and
    /// the rest are the bytes of the unflushed render, in order; each piece has at least the
    /// threshold; bytes already in the output go out with the first piece; and an unchanged
    /// frame flushes nothing.
    @Test func aFlushedRenderWritesTheSameBytesInPieces() async {
        await propertyCheck(count: 3_000, input: zip(ScreenScene.generator, Gen.int(in: 1...64), Gen.bool())) { scene, threshold, repaint in
            let old = repaint ? nil : scene.before
            let whole = Renderer().render(from: old, to: scene.after, horizontalShift: scene.shift)
            var pieces: [[UInt8]] = []
            var output: [UInt8] = Array("before".utf8)
            Renderer().render(from: old, to: scene.after, horizontalShift: scene.shift, into: &output, flushingEvery: threshold) { pieces.append($0) }
            #expect(pieces.joined() + output == Array("before".utf8) + whole, "threshold \(threshold)")
            #expect(pieces.allSatisfy { $0.count >= threshold }, "pieces \(pieces.map(\.count)), threshold \(threshold)")
            var unchanged: [UInt8] = []
            var flushes = 0
            Renderer().render(from: scene.after, to: scene.after, into: &unchanged, flushingEvery: threshold) { _ in flushes += 1 }
            #expect(unchanged.isEmpty && flushes == 0, "an unchanged frame wrote \(unchanged.count) bytes in \(flushes) pieces")
        }
    }

    @Test func aFullRepaintTurnsAnyScreenIntoTheFrame() async {
        await propertyCheck(count: 2_000, input: ScreenScene.generator) { scene in
            let frame = scene.after
            var screen = VirtualTerminal.garbage(width: frame.width, height: frame.height, seed: UInt64(scene.seed))
            let bytes = Renderer().render(from: nil, to: frame)
            screen.apply(bytes)
            let found = Self.trouble(screen, frame, bytes)
            #expect(found.isEmpty, "\(found)\nframe: \(frame)\nbytes: \(Self.text(bytes))\nscreen: \(screen)")
            #expect(!screen.cursorVisible, "the cursor is left visible")
            // A frame of another size is no base for a diff: the same full repaint.
            let other = Frame(width: frame.width + 1, height: frame.height)
            #expect(Renderer().render(from: other, to: frame) == bytes)
        }
    }

    @Test func anUnchangedFrameWritesNothing() async {
        await propertyCheck(count: 2_000, input: ScreenScene.generator) { scene in
            let frame = scene.after
            // A copy drawn again from scratch stores its clusters elsewhere: still nothing to write.
            let redrawn = ScreenScene.shifted(frame, by: 0)
            #expect(redrawn == frame)
            #expect(Renderer().render(from: frame, to: frame, horizontalShift: scene.shift).isEmpty)
            #expect(Renderer().render(from: redrawn, to: frame).isEmpty, "\(frame)")
        }
    }

    /// Without synchronized updates the bytes are the same but for the wrapper.
    @Test func theSynchronizedUpdateWrapperIsAllThatDiffers() async {
        await propertyCheck(count: 500, input: ScreenScene.generator) { scene in
            let before = scene.before, after = scene.after
            let wrapped = Renderer().render(from: before, to: after)
            let bare = Renderer(synchronizedUpdates: false).render(from: before, to: after)
            let begin = Array("\u{1B}[?2026h".utf8), end = Array("\u{1B}[?2026l".utf8)
            if bare.isEmpty {
                #expect(wrapped.isEmpty)
            } else {
                #expect(wrapped == begin + bare + end)
            }
        }
    }
}

extension String {
    /// The text with ESC shown as `⎋`, so a byte sequence reads in a failure message.
    func replacingEscapes() -> String {
        String(unicodeScalars.map { $0 == "\u{1B}" ? "⎋" : Character($0) })
    }
}
