import Foundation
import Glibc
import Synchronization
import Testing
@testable import FolioTerminal
import FolioTestSupport

/// The terminal against a real pseudo-terminal. Serialized: signal handlers
/// and the one-terminal-per-process rule are process-wide.
@Suite(.serialized) struct TerminalTests {
    /// The bytes xterm documents for each mode (ctlseqs: DECSET 1049, 25, 1007, 1000, 1002, 1006).
    static let enterAll = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1007h\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h".utf8)
    static let exitAll = Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?1007l\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// What `cfmakeraw(3)` makes of `modes`: the independent model of raw mode.
    static func cfmakeraw(_ modes: termios) -> Modes {
        var t = modes
        Glibc.cfmakeraw(&t)
        return Modes(t)
    }

    @Test func rawModeIsSetThenRestoredByteForByte() throws {
        let pty = try PseudoTerminal()
        var cooked = termios()
        tcgetattr(pty.slave, &cooked)
        let before = pty.modes
        #expect(before.has(local: ICANON) && before.has(local: ECHO) && before.has(local: ISIG), "a fresh pty is cooked: \(before)")

        let terminal = try Terminal.start(Terminal.Options(device: pty.path))
        let during = pty.modes
        #expect(during == Self.cfmakeraw(cooked), "raw mode as cfmakeraw(3) sets it")
        #expect(!during.has(local: ECHO) && !during.has(local: ICANON) && !during.has(local: ISIG) && !during.has(local: IEXTEN))
        #expect(!during.has(input: IXON) && !during.has(input: ICRNL) && !during.has(output: OPOST))
        #expect(pty.output() == Self.enterAll, "alternate screen, hidden cursor, alternate scroll, mouse with drags in SGR form")

        terminal.stop()
        #expect(pty.modes == before, "modes restored byte for byte")
        #expect(pty.output() == Self.exitAll, "mouse off, alternate scroll off, cursor shown, main screen, in reverse order")
        terminal.stop()
        #expect(pty.output() == [], "a second stop does nothing")
        #expect(throws: TerminalError.stopped) { try terminal.write("x") }
    }

    @Test func optionsLeaveOutWhatTheyTurnOff() throws {
        let pty = try PseudoTerminal()
        // folio's default: no mouse tracking, the wheel as arrow keys through alternate scroll.
        let terminal = try Terminal.start(Terminal.Options(mouse: false, device: pty.path))
        #expect(pty.output() == Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1007h".utf8))
        terminal.stop()
        #expect(pty.output() == Array("\u{1B}[?1007l\u{1B}[?25h\u{1B}[?1049l".utf8))

        let noScroll = try Terminal.start(Terminal.Options(mouse: false, alternateScroll: false, device: pty.path))
        #expect(pty.output() == Array("\u{1B}[?1049h\u{1B}[?25l".utf8))
        noScroll.stop()
        #expect(pty.output() == Array("\u{1B}[?25h\u{1B}[?1049l".utf8))

        // folio -X: the main screen (where alternate scroll does nothing, so it is not sent), and at exit the
        // bottom row cleared for the shell's prompt, the rest of the last frame left on the terminal.
        let main = try Terminal.start(Terminal.Options(alternateScreen: false, mouse: false, clearsBottomRowAtExit: true,
                                                       device: pty.path))
        #expect(pty.output() == Array("\u{1B}[?25l".utf8))
        main.stop()
        #expect(pty.output() == Array("\u{1B}[?25h\u{1B}[999;1H\u{1B}[2K".utf8))

        let bare = try Terminal.start(Terminal.Options(alternateScreen: false, hideCursor: false, mouse: false, device: pty.path))
        #expect(pty.output() == [])
        bare.stop()
        #expect(pty.output() == [])
    }

    /// Every combination of the options: each mode the enter bytes set, the exit bytes reset, in reverse
    /// order, and the exit bytes fit the room the signal path keeps for them.
    @Test func everyCombinationOfOptionsUndoesWhatItDoes() {
        for bits in 0..<32 {
            let on = (0..<5).map { bits & (1 << $0) != 0 }
            let options = Terminal.Options(alternateScreen: on[0], hideCursor: on[1], mouse: on[2], alternateScroll: on[3],
                                           clearsBottomRowAtExit: on[4])
            let enter = String(decoding: options.enterSequence, as: UTF8.self)
            let exit = String(decoding: options.exitSequence, as: UTF8.self)
            let modes = enter.split(separator: "\u{1B}").map { String($0.dropLast()) }
            let undone = exit.split(separator: "\u{1B}").filter { $0.hasPrefix("[?") }.map { String($0.dropLast()) }
            #expect(undone == modes.reversed(), "\(options): \(enter.debugDescription) / \(exit.debugDescription)")
            #expect(enter.contains("?1007h") == (on[0] && on[3]), "\(options)")
            #expect(exit.hasSuffix("\u{1B}[999;1H\u{1B}[2K") == on[4], "\(options)")
            #expect(options.exitSequence.count <= TerminalRestore.exitCapacity, "\(options): \(options.exitSequence.count) bytes")
        }
    }

    @Test func sizeComesFromTheKernel() throws {
        let pty = try PseudoTerminal()
        pty.setSize(columns: 100, rows: 40)
        let terminal = try Terminal.start(Terminal.Options(device: pty.path))
        defer { terminal.stop() }
        #expect(terminal.size == TerminalSize(columns: 100, rows: 40))
        pty.setSize(columns: 37, rows: 5)
        #expect(terminal.size == TerminalSize(columns: 37, rows: 5))
    }

    /// SIGWINCH through the real signal path wakes a waiting read with the new size.
    @Test func resizeSignalWakesRead() throws {
        let pty = try PseudoTerminal()
        pty.setSize(columns: 80, rows: 24)
        let terminal = try Terminal.start(Terminal.Options(device: pty.path))
        defer { terminal.stop() }
        #expect(try terminal.read(timeout: 0) == [])
        pty.setSize(columns: 120, rows: 33)
        kill(getpid(), SIGWINCH)
        let events = try terminal.read(timeout: 2)
        #expect(events == [.resize(TerminalSize(columns: 120, rows: 33))])
    }

    /// Keys the line discipline would eat in cooked mode arrive as bytes:
    /// Ctrl-C and Ctrl-Z (ISIG), Ctrl-S (IXON), and nothing waits for Enter (ICANON).
    @Test func keysArriveRaw() throws {
        let pty = try PseudoTerminal()
        let terminal = try Terminal.start(Terminal.Options(device: pty.path))
        defer { terminal.stop() }
        _ = pty.output()
        pty.type(Array("q\u{3}\u{1A}\u{13}\u{1B}[A\u{1B}[<0;5;3M".utf8))
        var events: [InputEvent] = []
        for _ in 0..<10 where events.count < 6 { events += try terminal.read(timeout: 1) }
        #expect(events == [
            .key(.character("q")), .key(.character("c"), modifiers: .control), .key(.character("z"), modifiers: .control),
            .key(.character("s"), modifiers: .control), .key(.up), .mouse(MouseEvent(.press(.left), column: 4, row: 2)),
        ])
        #expect(pty.output() == [], "no echo")
    }

    /// A lone Esc comes out after the Esc delay, not after the read's timeout.
    @Test func loneEscapeComesAfterTheDelay() throws {
        let pty = try PseudoTerminal()
        let terminal = try Terminal.start(Terminal.Options(escapeDelay: 0.025, device: pty.path))
        defer { terminal.stop() }
        pty.type([0x1B])
        let start = Self.now()
        var events = try terminal.read(timeout: 5)
        let elapsed = Self.now() - start
        #expect(events == [.key(.escape)])
        #expect(elapsed >= 0.02 && elapsed < 1, "waited \(elapsed) s")

        // Short reads at 60 fps carry the pending Esc over until its delay is up.
        pty.type([0x1B])
        events = []
        var reads = 0
        while events.isEmpty && reads < 100 {
            events = try terminal.read(timeout: 0.004)
            reads += 1
        }
        #expect(events == [.key(.escape)])
        #expect(reads >= 2, "the Esc was held across reads")

        pty.type(Array("\u{1B}[B".utf8))
        #expect(try terminal.read(timeout: 1) == [.key(.down)])
    }

    @Test func readTimesOut() throws {
        let pty = try PseudoTerminal()
        let terminal = try Terminal.start(Terminal.Options(device: pty.path))
        defer { terminal.stop() }
        let start = Self.now()
        #expect(try terminal.read(timeout: 0.05) == [])
        let elapsed = Self.now() - start
        #expect(elapsed >= 0.045 && elapsed < 1, "waited \(elapsed) s")
    }

    /// No output processing: a newline stays a newline, bytes pass untouched.
    @Test func writeReachesTheTerminalUnprocessed() throws {
        let pty = try PseudoTerminal()
        let terminal = try Terminal.start(Terminal.Options(alternateScreen: false, hideCursor: false, mouse: false, device: pty.path))
        defer { terminal.stop() }
        try terminal.write("a\nb漢")
        try terminal.write([0x1B, 0x5B, 0x48] as [UInt8])
        let big = [UInt8](repeating: 0x78, count: 200_000)  // more than a pty buffer holds: partial writes
        let received = Mutex<[UInt8]>([])
        let done = DispatchSemaphore(value: 0)
        let master = pty.master
        Thread.detachNewThread {
            let bytes = PseudoTerminal.output(of: master, quiet: 1)
            received.withLock { $0 = bytes }
            done.signal()
        }
        try terminal.write(big[...])
        done.wait()
        let output = received.withLock { $0 }
        #expect(output.prefix(9) == Array("a\nb漢\u{1B}[H".utf8)[...])
        #expect(output.count == 9 + big.count)
    }

    /// The function the signal handlers and atexit call restores, and is idempotent.
    @Test func signalRestorePathRestoresAndIsIdempotent() throws {
        let pty = try PseudoTerminal()
        let before = pty.modes
        let terminal = try Terminal.start(Terminal.Options(device: pty.path))
        _ = pty.output()
        TerminalRestore.restore()
        #expect(pty.modes == before)
        #expect(pty.output() == Self.exitAll)
        TerminalRestore.restore()
        #expect(pty.modes == before, "twice is the same as once")
        #expect(pty.output() == Self.exitAll)
        terminal.stop()
        #expect(pty.modes == before)
        TerminalRestore.restore()
        #expect(pty.output() == Self.exitAll, "stop wrote the exit bytes; after it the restore path is disarmed")
        #expect(pty.modes == before)
    }

    @Test func oneTerminalAtATime() throws {
        let pty = try PseudoTerminal()
        let first = try Terminal.start(Terminal.Options(device: pty.path))
        #expect(throws: TerminalError.alreadyStarted) { try Terminal.start(Terminal.Options(device: pty.path)) }
        first.stop()
        let second = try Terminal.start(Terminal.Options(device: pty.path))
        second.stop()
    }

    @Test func notATerminalIsAnErrorAndChangesNothing() throws {
        #expect(throws: TerminalError.notATerminal(path: "/dev/null")) {
            try Terminal.start(Terminal.Options(device: "/dev/null"))
        }
        #expect(throws: TerminalError.noTerminal(path: "/nonexistent/tty", errno: ENOENT)) {
            try Terminal.start(Terminal.Options(device: "/nonexistent/tty"))
        }
        #expect("\(TerminalError.noTerminal(path: "/dev/tty", errno: ENXIO))".contains("redirect the output"))
        let pty = try PseudoTerminal()
        let terminal = try Terminal.start(Terminal.Options(device: pty.path))  // the failures released the claim
        terminal.stop()
    }

    @Test func deinitRestores() throws {
        let pty = try PseudoTerminal()
        let before = pty.modes
        do {
            _ = try Terminal.start(Terminal.Options(device: pty.path))
        }
        #expect(pty.modes == before)
        #expect(pty.output() == Self.enterAll + Self.exitAll)
    }

    /// The emulator went away: reading reports it, and stopping still works.
    @Test func hangUpEndsReading() throws {
        let pty = try PseudoTerminal()
        let terminal = try Terminal.start(Terminal.Options(device: pty.path))
        pty.closeMaster()
        #expect(throws: TerminalError.closed) { _ = try terminal.read(timeout: 1) }
        terminal.stop()
        #expect(!terminal.isStarted)
    }

    // MARK: Real signals, in a child process (Swift Testing exit tests)

    /// A child starts a terminal on the pty, checks it is raw, then gets a
    /// real signal: it must die of that signal with the terminal restored.
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT])
    func signalRestoresThenEndsTheProcessWithThatSignal(_ signal: Int32) async throws {
        let pty = try PseudoTerminal()
        let before = pty.modes
        let path = pty.path
        await #expect(processExitsWith: .signal(signal)) { [path = path as String, signal = signal as Int32] in
            try Self.startInChild(path) {
                kill(getpid(), signal)
                while true { pause() }
            }
        }
        #expect(pty.modes == before, "modes restored after \(signal)")
        #expect(pty.output() == Self.enterAll + Self.exitAll)
    }

    /// `exit()` without `stop()`: the atexit hook restores.
    @Test func exitWithoutStopRestores() async throws {
        let pty = try PseudoTerminal()
        let before = pty.modes
        let path = pty.path
        await #expect(processExitsWith: .exitCode(3)) { [path = path as String] in
            try Self.startInChild(path) { exit(3) }
        }
        #expect(pty.modes == before)
        #expect(pty.output() == Self.enterAll + Self.exitAll)
    }

    /// A Swift runtime trap (a crash): restored before the process dies.
    @Test func crashRestores() async throws {
        let pty = try PseudoTerminal()
        let before = pty.modes
        let path = pty.path
        await #expect(processExitsWith: .failure) { [path = path as String] in
            try Self.startInChild(path) { fatalError("a crash while the terminal is raw") }
        }
        #expect(pty.modes == before)
        #expect(pty.output() == Self.enterAll + Self.exitAll)
    }

    /// In the child: no core files, start on `path`, exit 2 if the modes are
    /// not raw, then `body` with the terminal alive.
    static func startInChild(_ path: String, _ body: () -> Never) throws -> Never {
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        let terminal = try Terminal.start(Terminal.Options(device: path))
        let probe = open(path, O_RDWR | O_NOCTTY)
        var modes = termios()
        guard probe >= 0, tcgetattr(probe, &modes) == 0, modes.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0 else { exit(2) }
        close(probe)
        withExtendedLifetime(terminal) { body() }
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
