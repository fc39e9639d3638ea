import Glibc
import Synchronization

/// The process-wide state that puts a terminal back however the process ends.
///
/// A started ``Terminal`` *arms* it with what to undo: the file descriptors,
/// the saved `termios` and the exit bytes, all copied into storage allocated
/// once, so the signal path reads them without allocating, locking or
/// touching Swift's exclusivity checks. ``restore()`` is the one function
/// every path calls: ``Terminal/stop()``, the signal handlers and `atexit`.
/// It is async-signal-safe (atomics, `write(2)` and `tcsetattr(3)` only) and
/// idempotent: a second call writes the same exit bytes and sets the same
/// modes again, which changes nothing.
///
/// Signals: SIGTERM, SIGHUP, SIGINT and SIGQUIT restore, then are re-raised
/// with the default action, so the process dies of the same signal and the
/// shell sees the right status. SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE and
/// SIGTRAP (a crash or a Swift runtime trap) restore, then hand the signal to
/// the handler that was there before (Swift's backtracer, or the default
/// action), so a crash report lands on the shell's screen, not on the
/// alternate one. A signal that was ignored when the terminal started stays
/// ignored (`nohup`). SIGWINCH writes a byte to a pipe that
/// ``Terminal/read(timeout:)`` polls.
///
/// Job control: SIGTSTP (Ctrl-Z through ``Terminal/suspend()``, or `kill
/// -TSTP` from outside) restores the terminal, then stops the process with
/// the default action; when `fg` or `bg` continues it, the handler puts
/// itself back and writes a "continued" byte to the same pipe, and the
/// reader re-enters raw mode and redraws. SIGCONT alone (after a SIGSTOP,
/// which cannot be caught) writes that byte too.
enum TerminalRestore {
    /// Signals that end the process by default; restored, then re-raised with the default action.
    static let terminatingSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
    /// Signals a crash raises; restored, then passed on to the previous handler.
    static let crashSignals: [Int32] = [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP]
    /// Job-control signals: stop after restoring, and say so when continued.
    static let jobSignals: [Int32] = [SIGTSTP, SIGCONT]
    /// The byte the resize handler writes to the wake pipe.
    static let resizedByte: UInt8 = 0
    /// The byte the job-control handlers write when the process continues.
    static let continuedByte: UInt8 = 1
    /// Room for the exit bytes (the longest ``Terminal/Options/exitSequence`` is 58 bytes).
    static let exitCapacity = 64

    /// True while a started terminal needs restoring.
    static let armed = Atomic<Bool>(false)
    /// True while a ``Terminal`` is started in this process (at most one is).
    static let claimed = Atomic<Bool>(false)
    /// How many handlers are inside ``restore()`` or the resize handler right now.
    static let busy = Atomic<Int>(0)
    /// The descriptor whose modes are saved (the input side).
    static let modesFD = Atomic<Int32>(-1)
    /// The descriptor the exit bytes go to (the output side).
    static let outputFD = Atomic<Int32>(-1)
    /// The write end of the resize pipe, or -1.
    static let wakeFD = Atomic<Int32>(-1)
    /// How many of ``exitBytes`` to write.
    static let exitCount = Atomic<Int>(0)

    // Written only while disarmed, read by handlers only while armed.
    nonisolated(unsafe) static let savedModes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    nonisolated(unsafe) static let exitBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: exitCapacity)
    nonisolated(unsafe) static let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))

    /// Registers the `atexit` hook, once per process.
    private static let exitHook: Void = { _ = atexit { TerminalRestore.restore() } }()

    /// Puts the terminal back if one is armed: writes the exit bytes, then
    /// sets the saved modes (`TCSAFLUSH`: after the output drains, discarding
    /// unread input such as mouse reports, so they do not reach the shell).
    /// Async-signal-safe and idempotent; does not disarm.
    static func restore() {
        busy.add(1, ordering: .sequentiallyConsistent)
        defer { busy.subtract(1, ordering: .sequentiallyConsistent) }
        guard armed.load(ordering: .sequentiallyConsistent) else { return }
        writeAll(outputFD.load(ordering: .relaxed), exitBytes, exitCount.load(ordering: .relaxed))
        _ = tcsetattr(modesFD.load(ordering: .relaxed), TCSAFLUSH, savedModes)
    }

    /// Arms the restore path with what `terminal` must undo, after touching
    /// every static so no lazy initialisation happens inside a handler.
    static func arm(modesFD: Int32, outputFD: Int32, saved: termios, exit: [UInt8], wakeFD: Int32) {
        precondition(exit.count <= exitCapacity, "exit sequences are at most \(exitCapacity) bytes")
        precondition(!armed.load(ordering: .sequentiallyConsistent), "only one terminal is armed at a time")
        _ = exitHook
        _ = (terminatingSignals, crashSignals, previousActions, savedModes, exitBytes)
        _ = (busy.load(ordering: .relaxed), claimed.load(ordering: .relaxed), Self.wakeFD.load(ordering: .relaxed))
        savedModes.pointee = saved
        for (i, byte) in exit.enumerated() { exitBytes[i] = byte }
        exitCount.store(exit.count, ordering: .relaxed)
        self.modesFD.store(modesFD, ordering: .relaxed)
        self.outputFD.store(outputFD, ordering: .relaxed)
        self.wakeFD.store(wakeFD, ordering: .relaxed)
        armed.store(true, ordering: .sequentiallyConsistent)
    }

    /// Disarms, then waits for any handler still using the descriptors, so the
    /// caller may close them.
    static func disarm() {
        armed.store(false, ordering: .sequentiallyConsistent)
        wakeFD.store(-1, ordering: .sequentiallyConsistent)
        while busy.load(ordering: .sequentiallyConsistent) != 0 { sched_yield() }
    }

    /// Installs the handlers; returns the signals now handled (ignored ones are left alone).
    static func installHandlers() -> [Int32] {
        var installed: [Int32] = []
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in terminatingSignals + crashSignals + [SIGWINCH] { sigaddset(&mask, signal) }
        for signal in terminatingSignals + crashSignals + jobSignals + [SIGWINCH] {
            let previous = previousActions + Int(signal)
            guard sigaction(signal, nil, previous) == 0 else { continue }
            // SIG_IGN is handler value 1: someone (nohup) wants this signal ignored.
            if signal != SIGWINCH && signal != SIGCONT,
               unsafeBitCast(previous.pointee.__sigaction_handler, to: Int.self) == 1 { continue }
            var action = sigaction()
            action.sa_mask = mask
            action.sa_flags = SA_ONSTACK
            switch signal {
            case SIGWINCH:
                action.__sigaction_handler.sa_handler = resizeSignalHandler
                action.sa_flags |= SA_RESTART
            case SIGTSTP:
                action.__sigaction_handler.sa_handler = stopSignalHandler
                action.sa_flags |= SA_RESTART
            case SIGCONT:
                action.__sigaction_handler.sa_handler = continueSignalHandler
                action.sa_flags |= SA_RESTART
            case _ where crashSignals.contains(signal):
                action.__sigaction_handler.sa_handler = crashSignalHandler
            default:
                action.__sigaction_handler.sa_handler = terminatingSignalHandler
            }
            if sigaction(signal, &action, nil) == 0 { installed.append(signal) }
        }
        return installed
    }

    /// Puts back the handlers that were there before ``installHandlers()``.
    static func uninstallHandlers(_ signals: [Int32]) {
        for signal in signals { _ = sigaction(signal, previousActions + Int(signal), nil) }
    }

    /// Writes `count` bytes, retrying partial writes and EINTR, giving up on
    /// any other error. Async-signal-safe. Returns 0 or the errno that stopped it.
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
        var done = 0
        while done < count {
            let n = Glibc.write(fd, bytes + done, count - done)
            if n > 0 {
                done += n
                continue
            }
            let code = n < 0 ? errno : EIO
            if code == EINTR { continue }
            if code == EAGAIN {  // a non-blocking descriptor that is full: wait until it drains
                var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, 100)
                continue
            }
            return code
        }
        return 0
    }
}

/// SIGTERM, SIGHUP, SIGINT, SIGQUIT: restore, then die of the same signal.
private func terminatingSignalHandler(_ signal: Int32) {
    TerminalRestore.restore()
    Glibc.signal(signal, SIG_DFL)
    raise(signal)  // blocked until this handler returns, then the default action ends the process
}

/// A crash: restore, then let the previous handler (or the default action) have it.
private func crashSignalHandler(_ signal: Int32) {
    TerminalRestore.restore()
    _ = sigaction(signal, TerminalRestore.previousActions + Int(signal), nil)
    raise(signal)
}

/// SIGWINCH: wake ``Terminal/read(timeout:)`` through the pipe.
private func resizeSignalHandler(_ signal: Int32) {
    wake(with: TerminalRestore.resizedByte)
}

/// Writes `byte` to the wake pipe, if a terminal is started. Async-signal-safe.
private func wake(with byte: UInt8) {
    let savedErrno = errno
    TerminalRestore.busy.add(1, ordering: .sequentiallyConsistent)
    let fd = TerminalRestore.wakeFD.load(ordering: .sequentiallyConsistent)
    if fd >= 0 {
        var value = byte
        _ = write(fd, &value, 1)  // a full pipe already holds a wake-up
    }
    TerminalRestore.busy.subtract(1, ordering: .sequentiallyConsistent)
    errno = savedErrno
}

/// SIGTSTP: put the terminal back, stop; once continued, handle SIGTSTP again and wake the reader.
private func stopSignalHandler(_ signal: Int32) {
    let savedErrno = errno
    TerminalRestore.restore()
    var mine = sigaction()
    _ = sigaction(SIGTSTP, nil, &mine)
    Glibc.signal(SIGTSTP, SIG_DFL)
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGTSTP)
    _ = sigprocmask(SIG_UNBLOCK, &unblock, nil)
    raise(SIGTSTP)  // stops here until SIGCONT
    _ = sigaction(SIGTSTP, &mine, nil)
    wake(with: TerminalRestore.continuedByte)
    errno = savedErrno
}

/// SIGCONT: wake the reader to re-enter raw mode and redraw.
private func continueSignalHandler(_ signal: Int32) {
    wake(with: TerminalRestore.continuedByte)
}
