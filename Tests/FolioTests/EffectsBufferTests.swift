import Testing
import PropertyBased
@testable import Folio

/// The `into:` inputs write the same effects as the inputs that return them,
/// into a buffer the host keeps — emptied first, whatever it held.
@Suite struct EffectsBufferTests {
    enum Gesture: Sendable, CustomStringConvertible {
        case began, moved(Double), ended(Double?), frame

        var description: String {
            switch self {
            case .began: "began"
            case .moved(let d): "moved(\(d))"
            case .ended(let v): "ended(\(v.map { "\($0)" } ?? "estimate"))"
            case .frame: "frame"
            }
        }
    }

    static let gestures = zip(Gen.int(in: 0...9), Gen.int(in: -900...900))
        .map { kind, amount -> Gesture in
            switch kind {
            case 0: .began
            case 1...5: .moved(Double(amount))
            case 6: .ended(kind % 2 == 0 ? nil : Double(amount * 4))
            default: .frame
            }
        }
        .array(of: 1...80)

    @Test func theIntoInputsWriteWhatTheReturningInputsReturn() async {
        let counts: [PageCount] = [.finite(1), .finite(7), .finite(1_000_000), .looping(3), .looping(1_000_000_000_000_000)]
        await propertyCheck(count: 300, input: Gen.int(in: 0...(counts.count - 1)), Gen.int(in: 1...9), Self.gestures) { c, size, gestures in
            var returning = try! Pager(track: phone(counts[c]), pool: Pool(size: 3, prefetch: size - 1), page: 2)
            var writing = returning
            // The kept buffer starts full of an earlier update's effects: the inputs must empty it.
            var buffer = writing.layout()
            _ = returning.layout()
            var t = 0.0
            for (step, gesture) in gestures.enumerated() {
                t += 1.0 / 60
                let expected: Effects
                switch gesture {
                case .began:
                    expected = returning.dragBegan(at: t)
                    writing.dragBegan(at: t, into: &buffer)
                case .moved(let delta):
                    expected = returning.dragMoved(by: delta, at: t)
                    writing.dragMoved(by: delta, at: t, into: &buffer)
                case .ended(let velocity):
                    expected = returning.dragEnded(velocity: velocity, at: t)
                    writing.dragEnded(velocity: velocity, at: t, into: &buffer)
                case .frame:
                    expected = returning.advance(to: t)
                    writing.advance(to: t, into: &buffer)
                }
                #expect(Array(buffer) == Array(expected), "step \(step), \(gesture)")
                #expect(writing.position == returning.position)
            }
        }
    }

    @Test func removeAllEmptiesASpilledBuffer() throws {
        var pager = try Pager(track: phone(.finite(100)), pool: Pool(size: 9, prefetch: 8))
        var effects = pager.layout()
        #expect(effects.count > 16)
        effects.removeAll()
        #expect(effects.isEmpty)
        #expect(Array(effects) == [])
    }
}
