import Foundation
import Testing
import Folio
import FolioTestSupport
@testable import FolioReading

/// One thing that happens while a reader follows (or stops following) a growing file or stream.
enum FollowStep: Hashable, Sendable, CustomStringConvertible {
    /// The file or the stream gains this many lines.
    case append(lines: Int)
    /// The file is truncated and written anew with this many lines (`>`); a stream gains them.
    case rewrite(lines: Int)
    /// The file is renamed away and a new one with this many lines takes its name; a stream gains them.
    case rotate(lines: Int)
    /// The stream ends (nothing for a file).
    case end
    /// `F`.
    case follow
    /// A key: Esc, `q`, Ctrl-C, `j`, `g`, Space, `G`.
    case key(Int)
    /// The page area changes size.
    case resize(width: Int, height: Int)
    /// Time passes, nothing happens.
    case wait

    static let keys: [ReadingKey] = [.escape, .character("q"), .control("c"), .character("j"), .character("g"), .character(" "),
                                     .character("G")]

    static func random(_ random: inout SplitMix) -> FollowStep {
        switch random.next(14) {
        case 0, 1, 2, 3: return .append(lines: 1 + random.next([3, 40, 2_000][random.next(3)]))
        case 4: return .rewrite(lines: random.next(300))
        case 5: return .rotate(lines: random.next(300))
        case 6: return .end
        case 7, 8, 9: return .follow
        case 10, 11: return .key(random.next(keys.count))
        case 12: return .resize(width: 20 + random.next(160), height: 5 + random.next(50))
        default: return .wait
        }
    }

    var simpler: [FollowStep] {
        switch self {
        case .append(let n) where n > 1: [.append(lines: n / 2)]
        case .rewrite(let n) where n > 0: [.rewrite(lines: n / 2)]
        case .rotate(let n) where n > 0: [.rotate(lines: n / 2)]
        default: []
        }
    }

    var description: String {
        switch self {
        case .append(let n): "append \(n)"
        case .rewrite(let n): "rewrite \(n)"
        case .rotate(let n): "rotate \(n)"
        case .end: "end"
        case .follow: "F"
        case .key(let k): "\(Self.keys[k])"
        case .resize(let w, let h): "resize(\(w)×\(h))"
        case .wait: "wait"
        }
    }
}

/// Following, checked the way a reader finds it: random sequences of growth,
/// truncation, rotation, keys and resizes on a followed file or stream (with a
/// low stream limit, so the oldest text is let go again and again), time passing
/// as a host's loop spends it (``SessionDriver/pass(_:turnLimit:)``). After
/// every step, while following: the end of what arrived is on screen, the loop
/// is not busy (a file is looked at every ``ReadingSession/followPollInterval``,
/// a stream wakes the host itself); after a key: following stopped and growth
/// moves nothing.
///
/// `FOLIO_FOLLOW_RUNS` sets the number of sequences (400 by default) and
/// `FOLIO_FOLLOW_SEED` the first seed (random, printed); a failure prints its
/// seed and the shrunk sequence.
@Suite struct FollowLivenessTests {
    /// A line of a generated log: numbered, `width` columns of filler, and the number again
    /// (`#12`, a word of its own at the end: what shows the end of the text arrived).
    static func entry(_ n: Int, width: Int) -> String {
        "entry \(n): " + String(repeating: "growing log text ", count: width / 17 + 1).prefix(width) + " #\(n)\n"
    }

    /// What a run keeps besides the driver: the file (or nil for a stream), the entries written.
    struct World {
        var driver: SessionDriver
        let file: ScratchFile?
        var stream: StreamText? { driver.session.document.stream }
        /// The last entry of the current text, if it has any.
        var last: Int?
        var next = 1
        var random: SplitMix
        /// What a stream's writer has written that the host has not read yet.
        var backlog: [UInt8] = []

        /// Reads the stream's backlog as a host does: as much as the session wants, 128 KB a turn.
        mutating func feed() {
            while !backlog.isEmpty, driver.session.wantedInput > 0, driver.session.document.stream?.isComplete == false {
                let count = min(backlog.count, driver.session.wantedInput, 128 * 1024)
                driver.receive(backlog[..<count])
                backlog.removeFirst(count)
                driver.pass(0.02)
            }
        }

        mutating func lines(_ count: Int) -> String {
            var text = ""
            for _ in 0..<count {
                text += FollowLivenessTests.entry(next, width: random.next(220))
                next += 1
            }
            if count > 0 { last = next - 1 }
            return text
        }
    }

    @Test func followingShowsWhatArrivesAndNeverSpins() throws {
        let environment = ProcessInfo.processInfo.environment
        let runs = environment["FOLIO_FOLLOW_RUNS"].flatMap(Int.init) ?? 400
        let first = environment["FOLIO_FOLLOW_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64(UInt32.max))
        print("follow liveness: \(runs) sequences from seed \(first)")
        for run in 0..<runs {
            let seed = first &+ UInt64(run)
            var random = SplitMix(seed: seed)
            let isFile = random.next(2) == 0
            let steps = (0..<(1 + random.next(14))).map { _ in FollowStep.random(&random) }
            guard let problem = try Self.run(steps, file: isFile, seed: seed) else { continue }
            let shrunk = Shrinking.steps(steps, simpler: \.simpler) { (try? Self.run($0, file: isFile, seed: seed)) != nil }
            let shrunkProblem = (try? Self.run(shrunk, file: isFile, seed: seed)).flatMap { $0 } ?? problem
            Issue.record("""
                following broken on a \(isFile ? "file" : "stream"), seed \(seed) (FOLIO_FOLLOW_SEED=\(seed) FOLIO_FOLLOW_RUNS=1)
                steps: \(steps)
                shrunk: \(shrunk)
                problem: \(shrunkProblem)
                """)
            return
        }
    }

    /// Runs `steps` on a fresh file or stream; returns the first problem, or nil.
    static func run(_ steps: [FollowStep], file isFile: Bool, seed: UInt64) throws -> String? {
        var world: World
        if isFile {
            var random = SplitMix(seed: seed)
            var text = ""
            for n in 1...50 { text += entry(n, width: random.next(220)) }
            let file = try ScratchFile(text)
            world = World(driver: SessionDriver(try file.document(), width: 100, height: 30), file: file, last: 50, next: 51,
                          random: random)
        } else {
            world = World(driver: SessionDriver(Document(title: "stdin", format: .plain, text: StreamText()), width: 100, height: 30),
                          file: nil, random: SplitMix(seed: seed))
            world.driver.session.streamLimit = 64 * 1024
            world.driver.session.readAhead = 32 * 1024
            world.backlog = Array(world.lines(50).utf8)
        }
        world.feed()
        world.driver.pass(2)
        for (index, step) in steps.enumerated() {
            let wasFollowing = world.driver.session.isFollowing
            // Where a reader who reads (not waiting, not following) is.
            let place: Int? = if case .reading = world.driver.session.mode { world.driver.session.anchor } else { nil }
            let logged = world.driver.log.count
            apply(step, to: &world)
            if wasFollowing && world.driver.log[logged...].contains(.quit) { return "after step \(index + 1) (\(step)): a key quit" }
            world.feed()
            world.driver.pass(2)
            if let problem = audit(world, after: step, wasFollowing: wasFollowing, place: place) {
                return "after step \(index + 1) (\(step)): \(problem); \(world.driver.session)"
            }
        }
        return nil
    }

    static func apply(_ step: FollowStep, to world: inout World) {
        let ended = world.stream?.isComplete ?? false
        switch step {
        case .append(let n):
            let text = world.lines(n)
            if let file = world.file { file.append(text) } else if !ended { world.backlog += Array(text.utf8) }
        case .rewrite(let n), .rotate(let n):
            guard let file = world.file else { return apply(.append(lines: n), to: &world) }
            world.last = nil
            if case .rotate = step { file.rotate(to: world.lines(n)) } else { file.rewrite(world.lines(n)) }
        case .end:
            if world.stream != nil && !ended && world.backlog.isEmpty { world.driver.endInput() }
        case .follow:
            world.driver.press(.character("F"))
        case .key(let k):
            world.driver.press(FollowStep.keys[k])
        case .resize(let w, let h):
            world.driver.send(.resize(Viewport(width: w, height: h)))
        case .wait:
            break
        }
    }

    /// What must hold once the step's time has passed.
    static func audit(_ world: World, after step: FollowStep, wasFollowing: Bool, place: Int?) -> String? {
        var driver = world.driver
        let session = driver.session
        if session.work.stalls > 0 { return "background work stood still \(session.work.stalls) times" }
        if let stream = world.stream {
            let held = stream.count - stream.origin
            // Text goes a block of pages at a time (64 pages): with big pages and a low limit, a block or two more.
            let pagination = session.pagination
            let block = pagination.knownPages > Pagination.pagesPerMark
                ? pagination.start(ofPage: Pagination.pagesPerMark) - pagination.firstStart : held
            if held > session.streamLimit + 128 * 1024 + 2 * block { return "the stream holds \(held) bytes, past its limit \(session.streamLimit)" }
            if session.pagination.firstStart < stream.origin { return "page 0 starts at \(session.pagination.firstStart), before the text kept (\(stream.origin))" }
        }
        if session.pager.track.pages.pages != session.pagination.knownPages {
            return "the pager counts \(session.pager.track.pages.pages) pages, pagination \(session.pagination.knownPages)"
        }
        if session.isFollowing {
            if !session.visiblePages.contains(where: { $0.page == session.pagination.knownPages - 1 }) {
                return "following, but the last page \(session.pagination.knownPages - 1) is not on screen (\(session.visiblePages))"
            }
            if session.pagination.canExtend(session.document.text) || session.pagination.textCount != session.document.text.count {
                return "following, but pagination has not caught up with the \(session.document.text.count) bytes"
            }
            if world.backlog.isEmpty, let last = world.last, !driver.screenText.contains("#\(last)\n") && !driver.screenText.hasSuffix("#\(last)") {
                return "following, but the end of entry \(last) is not shown"
            }
            if world.file != nil {
                if driver.loop.timeout(now: driver.time) != ReadingSession.followPollInterval {
                    return "following a file, the loop's timeout is \(String(describing: driver.loop.timeout(now: driver.time)))"
                }
                let turns = driver.pass(1)
                if turns > Int(1 / ReadingSession.followPollInterval) + 1 { return "following a file at rest took \(turns) turns a second" }
            } else {
                if driver.loop.timeout(now: driver.time) != nil { return "following a stream, the loop does not sleep until input" }
                if session.wantedInput == 0 { return "following a stream, the host is not asked to read it" }
            }
            if !session.statusLine.message.hasPrefix("Waiting for data…") { return "the status row says \(session.statusLine)" }
            return nil
        }
        // Not following: nothing is left waiting on a complete text, and the loop sleeps.
        if case .waiting(let wait) = session.mode, session.document.isComplete { return "a wait is left at rest: \(wait)" }
        if session.document.text is FileText && !session.document.isComplete { return "the file is still followed" }
        let turns = driver.pass(1)
        if turns > 0 { return "at rest, not following, the loop took \(turns) turns" }
        if case .key = step, wasFollowing, session.statusLine.message != "Stopped following",
           !session.statusLine.message.contains("press R") {
            return "a key stopped following, but the status row says \(session.statusLine)"
        }
        // Growth alone does not move a reader who reads: the pages before them may be let go and
        // theirs numbered anew, or a settled survey may turn one page into two, but their text stays.
        switch step {
        case .append, .wait, .rewrite, .rotate:
            if let place, case .reading = session.mode, !(session.spreadBytes.lowerBound...session.spreadBytes.upperBound).contains(place) {
                return "growth moved the reader's byte \(place) off screen: \(session.spreadBytes)"
            }
        default: break
        }
        return nil
    }
}
