import Foundation
import Synchronization
import Testing
import FolioTestSupport

/// `folio +F` end to end: the real binary in tmux, on a file the test grows,
/// truncates and rotates and on a pipe that keeps writing. After `+F` no key
/// is pressed until the test means to stop following: what arrives must show
/// by itself.
@Suite(.serialized, .needs(.tmux)) struct FollowEndToEndTests {
    func status(_ screen: [String]) -> String { screen.last ?? "" }

    /// The text rows (no strip, no status row).
    func body(_ screen: [String]) -> String { screen.dropFirst().dropLast().joined(separator: "\n") }

    /// Whether `line` is a row of its own on screen (its text and spaces after it).
    func shows(_ line: String, _ screen: [String]) -> Bool {
        screen.contains { $0.trimmingCharacters(in: .whitespaces) == line }
    }

    static func lines(_ range: ClosedRange<Int>, _ prefix: String) -> String {
        range.map { "\(prefix) \($0)\n" }.joined()
    }

    @Test func aFileAppendedEvery100msShowsEachLineWithinASecond() throws {
        let log = try ScratchFile(Self.lines(1...50, "line"))
        let tmux = try Tmux(columns: 100, rows: 30, command: [Folio.binary.path, "--forget", "+F", log.path])
        try tmux.waitFor("following") { status($0).contains("Waiting for data") && shows("line 50", $0) }

        // A writer appends a line every 100 ms; the test only looks, and notes when each line shows.
        let written = Timestamps()
        let writer = Thread {
            for n in 51...80 {
                log.append("line \(n)\n")
                written.note(n)
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        writer.start()
        var seen: [Int: Date] = [:]
        let deadline = Date().addingTimeInterval(8)
        while seen[80] == nil && Date() < deadline {
            let screen = try tmux.screen()
            let now = Date()
            for n in 51...80 where seen[n] == nil && shows("line \(n)", screen) { seen[n] = now }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let times = written.all
        // Every fifth line, and the last: each on screen within a second of being written.
        for n in stride(from: 55, through: 80, by: 5) {
            guard let wrote = times[n] else { Issue.record("line \(n) was not written"); continue }
            guard let shown = seen[n] else { Issue.record("line \(n) never showed"); continue }
            #expect(shown.timeIntervalSince(wrote) < 1.0, "line \(n) took \(shown.timeIntervalSince(wrote)) s")
        }
        #expect(status(try tmux.screen()).contains("Waiting for data"))
        try tmux.send("q")  // stops following
        try tmux.waitFor("stopped") { status($0).contains("Stopped following") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func aPipeThatKeepsWritingIsShownAsItComes() throws {
        let writer = #"n=0; while true; do n=$((n+1)); echo "line $n"; sleep 0.1; done"#
        let tmux = try Tmux(columns: 100, rows: 30, command: ["sh", "-c", "\(writer) | \(Tmux.quote(Folio.binary.path)) --forget +F"])
        try tmux.waitFor("line 10") { shows("line 10", $0) && status($0).contains("Waiting for data") }
        try tmux.waitFor("line 40, two pages on") { shows("line 40", $0) }
        let screen = try tmux.waitFor("line 60") { shows("line 60", $0) }
        #expect(status(screen).contains("Waiting for data… (any key stops)"), "\(status(screen))")
        #expect(!body(screen).contains("line 1\n"), "the reader is at the end, not the start")
        try tmux.send("C-c")
        try tmux.waitFor("stopped by Ctrl-C") { status($0).contains("Stopped following") }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(tmux.exitStatus == nil, "Ctrl-C stops following; it does not quit")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func aFileTruncatedAndRewrittenWhileFollowedShowsTheNewText() throws {
        let log = try ScratchFile(Self.lines(1...300, "old"))
        let tmux = try Tmux(columns: 100, rows: 30, command: [Folio.binary.path, "--forget", "+F", log.path])
        try tmux.waitFor("following the old text") { shows("old 300", $0) && status($0).contains("Waiting for data") }
        log.rewrite("fresh 1\nfresh 2\n")
        let fresh = try tmux.waitFor(timeout: 2, "the new text") { shows("fresh 2", $0) }
        #expect(!body(fresh).contains("old"), "\(body(fresh))")
        #expect(status(fresh).contains("Waiting for data"), "still following: \(status(fresh))")
        log.append("fresh 3\n")
        try tmux.waitFor(timeout: 2, "what follows the new text") { shows("fresh 3", $0) }
        // Rotated: renamed away, a new file at the name.
        log.rotate(to: "rotated 1\n")
        let rotated = try tmux.waitFor(timeout: 2, "the new file at the name") { shows("rotated 1", $0) }
        #expect(!body(rotated).contains("fresh"))
        try tmux.send("Escape")
        try tmux.waitFor("stopped") { status($0).contains("Stopped following") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func aKeyStopsFollowingAndTheNextTextDoesNotMoveTheScreen() throws {
        let log = try ScratchFile(Self.lines(1...100, "line"))
        let tmux = try Tmux(columns: 100, rows: 30, command: [Folio.binary.path, "--forget", "+F", log.path])
        try tmux.waitFor("following") { shows("line 100", $0) && status($0).contains("Waiting for data") }
        log.append("line 101\n")
        try tmux.waitFor(timeout: 2, "line 101") { shows("line 101", $0) }
        try tmux.waitForStillScreen()  // +F, as +G, slides to the last page
        try tmux.send("j")  // any key: stops, and does not turn the page
        try tmux.waitFor("stopped") { status($0).contains("Stopped following") }
        let stopped = try tmux.waitForStillScreen()
        #expect(shows("line 101", stopped), "j did not turn the page")
        log.append(Self.lines(102...400, "line"))
        Thread.sleep(forTimeInterval: 1.5)
        let later = try tmux.screen()
        #expect(body(later) == body(stopped), "the screen moved:\n\(body(later))")
        #expect(tmux.exitStatus == nil)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}

/// When each numbered line was written, noted by a writer thread and read by the test.
final class Timestamps: Sendable {
    private let times = Mutex<[Int: Date]>([:])
    func note(_ n: Int) { let now = Date(); times.withLock { $0[n] = now } }
    var all: [Int: Date] { times.withLock { $0 } }
}
