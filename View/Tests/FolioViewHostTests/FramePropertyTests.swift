import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import Testing

/// The window is a thin host: for the same keys, the frame it draws from names the same pages,
/// matches, links and status as a bare ``FolioReading/ReadingLoop`` given those keys with the
/// same measurer and page area — the reading session decides, the window only turns SDL events
/// into keys. Seeded random key sequences; a failure prints its seed and the shortest sequence
/// found that still fails.
@MainActor
@Suite(.serialized) struct FramePropertyTests {
    static let size = PixelSize(width: 1000, height: 700)

    /// A key of the sequences: what the window is sent, and the key the bare loop gets.
    enum Step: CustomStringConvertible {
        case typed(Character)
        case special(SDL_KeyCode, ReadingKey)

        var key: ReadingKey {
            switch self {
            case .typed(let character): .character(character)
            case .special(_, let key): key
            }
        }

        var description: String {
            switch self {
            case .typed(let character): "\"\(character)\""
            case .special(_, let key): "\(key)"
            }
        }
    }

    /// Keys both hosts give the session the same meaning (not Esc, which leaves the window when
    /// nothing is open, nor t, the window's own transition key).
    static let alphabet: [Step] = [
        .typed(" "), .typed("b"), .typed("n"), .typed("N"), .typed("]"), .typed("["), .typed("g"), .typed("G"),
        .typed("5"), .typed("x"), .typed("'"), .typed("m"), .typed("a"), .typed("/"), .typed("e"), .typed("H"),
        .special(SDLK_PAGEDOWN, .pageDown), .special(SDLK_PAGEUP, .pageUp), .special(SDLK_RIGHT, .right),
        .special(SDLK_LEFT, .left), .special(SDLK_HOME, .home), .special(SDLK_END, .end),
        .special(SDLK_RETURN, .enter), .special(SDLK_TAB, .tab), .special(SDLK_BACKSPACE, .backspace),
    ]

    /// A book with chapters, words to search (`e`) and links: three chapters of an EPUB-like Markdown.
    static func book(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("property.md").path
        var text = ""
        for chapter in 1...6 {
            text += "# Chapter \(chapter)\n\n"
            for paragraph in 1...(4 + chapter % 3) {
                text += (1...(40 + paragraph * 7)).map { "word\(chapter)x\($0 % 13)" }.joined(separator: " ") + " the end of paragraph \(paragraph).\n\n"
            }
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// What the frames must agree on.
    struct Shown: Equatable, CustomStringConvertible {
        var pages: [Int], matches: [[Range<Int>]], current: ClosedRange<Int>, status: String, help: Bool, chosen: Range<Int>?
        init(_ frame: ReadingFrame) {
            pages = frame.pages.map(\.page)
            matches = frame.pages.map(\.matches)
            current = frame.currentPages
            status = frame.status.pages + " " + frame.status.message
            help = frame.showsHelp
            chosen = frame.chosenLink?.range
        }
        var description: String { "pages \(pages) current \(current) status \"\(status)\" help \(help) matches \(matches.map(\.count))" }
    }

    /// Runs `steps` in the window and in a bare loop; nil when they agree, else where they part.
    func disagreement(_ steps: [Step], path: String) throws -> String? {
        let rig = Rig(size: Self.size)
        let viewer = try BookViewer(screen: rig.screen, path: path, transition: .none, forget: true,
                                    options: ReadingOptions(spread: .auto, scrollsText: false), at: rig.now)
        viewer.workClock = { 0 }
        viewer.reading.budget = WorkBudget(fixed: 1 << 20)
        var bare = ReadingLoop(ReadingSession(document: viewer.session.document, measurer: viewer.measurer,
                                              viewport: viewer.textViewport,
                                              options: ReadingOptions(spread: .auto, scrollsText: false), at: rig.now))
        bare.budget = WorkBudget(fixed: 1 << 20)
        func settleBare() {
            var turns = 0
            while (!bare.isIdle) && turns < 20_000 {
                _ = bare.turn(at: rig.now, clock: { 0 })
                turns += 1
            }
        }
        rig.settle(viewer)
        settleBare()
        for (index, step) in steps.enumerated() {
            switch step {
            case .typed(let character): rig.type(String(character), viewer)
            case .special(let code, _): rig.key(code, viewer)
            }
            _ = bare.handle(key: step.key, at: rig.now)
            rig.settle(viewer)
            settleBare()
            let window = Shown(viewer.session.frame), alone = Shown(bare.session.frame)
            if window != alone { return "after step \(index + 1) (\(step)): window \(window), bare loop \(alone)" }
        }
        return nil
    }

    @Test func theWindowShowsWhatTheSessionSaysForAnyKeys() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-frame-property-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.book(in: dir)
        let seed = UInt64(ProcessInfo.processInfo.environment["FOLIO_PROPERTY_SEED"] ?? "") ?? 20261127
        var random = SplitMix(seed: seed)
        for run in 0..<24 {
            let steps = (0..<18).map { _ in Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))] }
            guard var failure = try disagreement(steps, path: path) else { continue }
            // Shrink: drop steps while it still fails.
            var shortest = steps
            var index = 0
            while index < shortest.count {
                var fewer = shortest
                fewer.remove(at: index)
                if let still = try disagreement(fewer, path: path) { shortest = fewer; failure = still } else { index += 1 }
            }
            Issue.record("seed \(seed), run \(run): \(shortest) — \(failure)")
            return
        }
    }
}

/// A small seeded generator (SplitMix64), so a failing run can be replayed from its seed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
