import Glibc

/// The terminal a full-screen program runs in: raw keys and mouse in, bytes
/// out, and everything it changed put back at the end.
///
/// ``start(_:)`` opens the controlling terminal (standard input if it is a
/// terminal, else `/dev/tty`, so a document can come through a pipe while keys
/// come from the terminal, as in `less`), saves its modes and switches to raw
/// mode: no echo, no line editing, no signals from keys (Ctrl-C, Ctrl-Z and
/// Ctrl-\ arrive as bytes), no flow control (Ctrl-S, Ctrl-Q arrive), no
/// CR/NL translation either way and no output post-processing (write `\r\n`
/// to start a new line), 8-bit characters, reads of 1 byte or more; the same
/// settings as `cfmakeraw(3)`. Then it writes ``Options/enterSequence``:
/// alternate screen, hidden cursor, alternate scroll, SGR mouse reporting with drags.
///
/// ``stop()`` writes ``Options/exitSequence`` and puts the saved modes back
/// byte for byte. So do `deinit` and `exit()` (through `atexit`), and so do
/// SIGTERM, SIGHUP, SIGINT and SIGQUIT, after which the signal is raised again
/// with its default action, so the process ends with the status a shell
/// expects. A crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, which
/// includes Swift runtime traps) restores, then passes the signal to the
/// handler that was there before, so the crash report lands on the shell's
/// screen. A signal ignored at start (`nohup`) stays ignored. The signal path
/// only uses bytes and modes saved at start, `write(2)` and `tcsetattr(3)`.
///
/// At most one terminal is started per process. Use it from one thread.
///
/// ```swift
/// let terminal = try Terminal.start(Terminal.Options(mouse: wantsMouse))
/// defer { terminal.stop() }
/// var running = true
/// while running {
///     for event in try terminal.read(timeout: animating ? 1.0 / 60 : nil) {
///         if event == .key(.character("q")) || event == .key(.character("c"), modifiers: .control) {
///             running = false
///         }
///     }
///     try terminal.write(frame)
/// }
/// ```
public final class Terminal {
    /// What this terminal changed and will undo.
    public let options: Options
    /// True from ``start(_:)`` until ``stop()``.
    public private(set) var isStarted = true

    private let inputFD: Int32
    private let outputFD: Int32
    private let ownedFDs: [Int32]
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let installedSignals: [Int32]
    private var decoder = InputDecoder()
    /// When the decoder's pending bytes arrived (monotonic seconds), while it holds some.
    private var pendingSince: Double?
    private var readBuffer = [UInt8](repeating: 0, count: 4096)
    /// The terminal and the resize pipe, for `poll`.
    private var pollSet: [pollfd]
    /// ``Options/escapeDelay`` clamped to 0 ... 1 seconds.
    private let escapeDelay: Double

    private init(options: Options, inputFD: Int32, outputFD: Int32, ownedFDs: [Int32],
                 wakeRead: Int32, wakeWrite: Int32, installedSignals: [Int32]) {
        self.options = options
        self.inputFD = inputFD
        self.outputFD = outputFD
        self.ownedFDs = ownedFDs
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
        self.installedSignals = installedSignals
        self.pollSet = [pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
                        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
                        pollfd(fd: -1, events: Int16(POLLIN), revents: 0)]
        self.escapeDelay = options.escapeDelay.isNaN ? 0.025 : min(max(options.escapeDelay, 0), 1)
    }

    /// Opens the terminal, switches it to raw mode and writes the enter sequence.
    ///
    /// Throws ``TerminalError/noTerminal(path:errno:)`` when there is no
    /// terminal to read keys from, ``TerminalError/alreadyStarted`` when
    /// another terminal is started in this process. On any error nothing is
    /// left changed.
    public static func start(_ options: Options = Options()) throws(TerminalError) -> Terminal {
        guard TerminalRestore.claimed.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged else {
            throw .alreadyStarted
        }
        var owned: [Int32] = []
        var wake: [Int32] = [-1, -1]
        func giveUp(_ error: TerminalError) -> TerminalError {
            for fd in owned + wake where fd >= 0 { close(fd) }
            TerminalRestore.claimed.store(false, ordering: .sequentiallyConsistent)
            return error
        }

        let input: Int32, output: Int32
        do throws(TerminalError) {
            (input, output) = try openDevice(options.device, owned: &owned)
        } catch {
            throw giveUp(error)
        }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { throw giveUp(.systemCall("tcgetattr", errno: errno)) }
        guard pipe(&wake) == 0 else { throw giveUp(.systemCall("pipe", errno: errno)) }
        for fd in wake {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }

        TerminalRestore.arm(modesFD: input, outputFD: output, saved: saved, exit: options.exitSequence, wakeFD: wake[1])
        let signals = TerminalRestore.installHandlers()
        let terminal = Terminal(options: options, inputFD: input, outputFD: output, ownedFDs: owned,
                                wakeRead: wake[0], wakeWrite: wake[1], installedSignals: signals)
        var raw = rawMode(from: saved)
        guard tcsetattr(input, TCSADRAIN, &raw) == 0 else {
            let code = errno
            terminal.release()  // nothing was changed: nothing to restore
            throw .systemCall("tcsetattr", errno: code)
        }
        do throws(TerminalError) {
            try terminal.write(options.enterSequence)
        } catch {
            terminal.stop()
            throw error
        }
        return terminal
    }

    /// The terminal's size now, from `ioctl(TIOCGWINSZ)`; when the terminal
    /// does not say, `$COLUMNS` × `$LINES`, else 80 × 24. One system call.
    public var size: TerminalSize { Self.size(of: [outputFD, inputFD]) }

    /// The size of the terminal behind the first of `descriptors` that is one, as
    /// ``size`` finds it, for a program that has not started a terminal yet (`folio -F`
    /// measures its text against standard output's terminal before it decides to).
    public static func size(of descriptors: [Int32]) -> TerminalSize {
        var ws = winsize()
        for fd in descriptors where ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0 {
            return TerminalSize(columns: Int(ws.ws_col), rows: Int(ws.ws_row))
        }
        func environment(_ name: String) -> Int? { getenv(name).flatMap { Int(String(cString: $0)) } }
        return TerminalSize(columns: environment("COLUMNS") ?? 80, rows: environment("LINES") ?? 24)
    }

    /// Waits up to `timeout` seconds for input and returns the events that arrived.
    ///
    /// Returns as soon as at least one event is decoded, or an empty array
    /// when `timeout` passes first (`0` polls once; `nil` waits for an
    /// event). A resize (SIGWINCH) comes as ``InputEvent/resize(_:)`` with the
    /// new size. A lone Esc is held for ``Options/escapeDelay`` waiting for the
    /// rest of a sequence, then reported as the Esc key (see ``InputDecoder``);
    /// the wait spans calls, so short timeouts at 60 frames a second are fine.
    /// Throws ``TerminalError/closed`` when the terminal hangs up.
    ///
    /// Cost: one `poll` per wake-up plus one `read` of up to 4 KiB; decoding is
    /// linear in the bytes read.
    public func read(timeout: Double?) throws(TerminalError) -> [InputEvent] {
        try read(timeout: timeout, alsoWatching: nil).events
    }

    /// Like ``read(timeout:)``, and also returns when `other` (a document's
    /// stream, say) has something to read or has ended: `otherReady` is
    /// then true and the caller reads it.
    public func read(timeout: Double?, alsoWatching other: Int32?) throws(TerminalError) -> (events: [InputEvent], otherReady: Bool) {
        guard isStarted else { throw .stopped }
        pollSet[2].fd = other ?? -1
        defer { pollSet[2].fd = -1 }
        var events: [InputEvent] = []
        let deadline = timeout.map { Self.now() + ($0.isNaN ? 0 : max($0, 0)) }
        var polled = false
        var otherReady = false
        while true {
            let now = Self.now()
            if let since = pendingSince, now >= since + escapeDelay {
                decoder.flush(into: &events)
                pendingSince = nil
            }
            if !events.isEmpty || otherReady { return (events, otherReady) }
            if polled, let deadline, now >= deadline { return (events, otherReady) }

            var until = deadline
            if let since = pendingSince { until = min(until ?? .infinity, since + escapeDelay) }
            let milliseconds = until.map { Int32(min(max(($0 - now) * 1000, 0).rounded(.up), 1_000_000)) } ?? -1
            let ready = poll(&pollSet, 3, milliseconds)
            let (input, wake) = (pollSet[0].revents, pollSet[1].revents)
            if other != nil && pollSet[2].revents != 0 { otherReady = true }
            polled = true
            if ready < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .systemCall("poll", errno: errno)
            }
            if wake & Int16(POLLIN) != 0 {
                var continued = false
                while true {  // one event for any number of signals
                    let n = Glibc.read(wakeRead, &readBuffer, readBuffer.count)
                    guard n > 0 else { break }
                    if readBuffer[..<n].contains(TerminalRestore.continuedByte) { continued = true }
                }
                if continued {
                    try resume()
                    events.append(.resumed(size))
                } else {
                    events.append(.resize(size))
                }
            }
            if input & Int16(POLLIN) != 0 {
                let n = Glibc.read(inputFD, &readBuffer, readBuffer.count)
                if n > 0 {
                    decoder.decode(readBuffer[..<n], into: &events)
                    pendingSince = decoder.pendingByteCount > 0 ? Self.now() : nil
                } else if n == 0 {
                    throw .closed
                } else if errno != EINTR && errno != EAGAIN {
                    throw errno == EIO ? .closed : .systemCall("read", errno: errno)
                }
            } else if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                throw .closed
            }
        }
    }

    /// Writes `request` (questions for the terminal, such as device attributes) and reads the
    /// raw replies until `isComplete` says they are all in or `timeout` seconds pass; returns
    /// the bytes read. Keys typed meanwhile are among them and lost: ask before the first key.
    /// `meanwhile` runs between the questions and the replies: work that needs no answer (a
    /// book's first part), done while the terminal answers rather than before or after.
    public func ask(_ request: [UInt8], timeout: Double, until isComplete: ([UInt8]) -> Bool,
                    meanwhile: () -> Void = {}) -> [UInt8] {
        guard isStarted, (try? write(request)) != nil else {
            meanwhile()
            return []
        }
        meanwhile()
        var replies: [UInt8] = []
        let deadline = Self.now() + timeout
        var poller = [pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)]
        while !isComplete(replies) {
            let left = deadline - Self.now()
            guard left > 0 else { break }
            let ready = poll(&poller, 1, Int32((left * 1000).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let n = Glibc.read(inputFD, &readBuffer, readBuffer.count)
            guard n > 0 else { if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }; break }
            replies += readBuffer[..<n]
        }
        return replies
    }

    /// Writes all of `bytes` to the terminal, retrying partial writes and
    /// interrupted calls. Cost: one `write` per chunk the kernel accepts;
    /// no copy when `bytes` has contiguous storage (an array, a string's UTF-8).
    public func write(_ bytes: some Sequence<UInt8>) throws(TerminalError) {
        guard isStarted else { throw .stopped }
        let fd = outputFD
        let code = bytes.withContiguousStorageIfAvailable { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return 0 }
            return TerminalRestore.writeAll(fd, base, buffer.count)
        } ?? Array(bytes).withUnsafeBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return 0 }
            return TerminalRestore.writeAll(fd, base, buffer.count)
        }
        guard code == 0 else { throw code == EIO ? .closed : .systemCall("write", errno: code) }
    }

    /// Writes `text` as UTF-8.
    public func write(_ text: String) throws(TerminalError) {
        var text = text
        text.makeContiguousUTF8()
        try write(text.utf8)
    }

    /// Stops the program the way Ctrl-Z does in a shell: the terminal is put
    /// back, the process group stops, and when it continues (`fg`) the next
    /// ``read(timeout:)`` re-enters raw mode and reports
    /// ``InputEvent/resumed(_:)`` so the reader redraws everything. Returns
    /// false, doing nothing, when job control is off (SIGTSTP was ignored
    /// when the terminal started: no shell can continue the program).
    @discardableResult
    public func suspend() -> Bool {
        guard isStarted, installedSignals.contains(SIGTSTP) else { return false }
        kill(0, SIGTSTP)
        return true
    }

    /// Re-enters raw mode and writes the enter sequence again after the process was continued.
    private func resume() throws(TerminalError) {
        var raw = Self.rawMode(from: TerminalRestore.savedModes.pointee)
        guard tcsetattr(inputFD, TCSADRAIN, &raw) == 0 else { throw .systemCall("tcsetattr", errno: errno) }
        try write(options.enterSequence)
    }

    /// Puts the terminal back: the exit sequence, then the saved modes,
    /// byte for byte; then the previous signal handlers. Closes what
    /// ``start(_:)`` opened. Calling it again does nothing.
    public func stop() {
        guard isStarted else { return }
        TerminalRestore.restore()
        release()
    }

    /// Disarms the restore path, puts back the signal handlers, closes what
    /// ``start(_:)`` opened and lets another terminal start.
    private func release() {
        guard isStarted else { return }
        isStarted = false
        TerminalRestore.disarm()
        TerminalRestore.uninstallHandlers(installedSignals)
        for fd in ownedFDs + [wakeRead, wakeWrite] { close(fd) }
        TerminalRestore.claimed.store(false, ordering: .sequentiallyConsistent)
    }

    deinit { stop() }

    /// Raw mode as `cfmakeraw(3)` makes it from `modes`, spelled out.
    static func rawMode(from modes: termios) -> termios {
        var raw = modes
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }

    /// The input and output descriptors for `device`, or for the controlling terminal when nil.
    private static func openDevice(_ device: String?, owned: inout [Int32]) throws(TerminalError) -> (Int32, Int32) {
        func open(_ path: String, _ flags: Int32) throws(TerminalError) -> Int32 {
            let fd = Glibc.open(path, flags | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { throw .noTerminal(path: path, errno: errno) }
            owned.append(fd)
            guard isatty(fd) == 1 else { throw .notATerminal(path: path) }
            return fd
        }
        if let device {
            let fd = try open(device, O_RDWR)
            return (fd, fd)
        }
        let input = isatty(STDIN_FILENO) == 1 ? STDIN_FILENO : try open("/dev/tty", O_RDWR)
        if isatty(STDOUT_FILENO) == 1 { return (input, STDOUT_FILENO) }
        if input != STDIN_FILENO { return (input, input) }
        return (input, (try? open("/dev/tty", O_WRONLY)) ?? STDIN_FILENO)
    }

    /// Monotonic seconds.
    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
