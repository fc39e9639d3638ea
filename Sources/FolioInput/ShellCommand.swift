#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A command line run by `/bin/sh -c`, as `popen(3)` runs less's preprocessor:
/// the child inherits standard input, standard error and the environment, and
/// its standard output is a pipe this process reads (or `/dev/null`).
///
/// The child starts with default signal handling and an empty signal mask,
/// whatever this process changed, so a preprocessor killed by a closed pipe
/// (SIGPIPE) ends as it would under a shell.
///
/// ```swift
/// let child = try ShellCommand.start("lesspipe archive.tar")
/// // read child.output until end of file, then:
/// let status = child.wait()
/// ```
public final class ShellCommand {
    /// The shell's process id.
    public let pid: pid_t
    /// The read end of the pipe from the command's standard output, or -1 when it goes to `/dev/null`.
    public private(set) var output: Int32
    /// The exit status once ``wait()`` has reaped the child.
    public private(set) var status: Int32?

    private init(pid: pid_t, output: Int32) {
        self.pid = pid
        self.output = output
    }

    /// Starts `/bin/sh -c command`, its standard output into a pipe (``output``, blocking, close-on-exec)
    /// or, when `captureOutput` is false, into `/dev/null`.
    ///
    /// - Throws: ``ShellCommandError`` when the pipe or the process cannot be made.
    public static func start(_ command: String, captureOutput: Bool = true) throws(ShellCommandError) -> ShellCommand {
        var fds: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&fds) == 0 else { throw .cannotStart(String(cString: strerror(errno))) }
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        }
        defer { if fds[1] >= 0 { close(fds[1]) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
            posix_spawn_file_actions_addclose(&actions, fds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var pid = pid_t()
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        let code = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, environ)
        guard code == 0 else {
            if fds[0] >= 0 { close(fds[0]) }
            throw .cannotStart(String(cString: strerror(code)))
        }
        return ShellCommand(pid: pid, output: fds[0])
    }

    /// Runs `command` to its end, its output to `/dev/null`; returns its exit status.
    @discardableResult
    public static func run(_ command: String) throws(ShellCommandError) -> Int32 {
        try start(command, captureOutput: false).wait()
    }

    /// Reads one byte of the output, waiting for it: nil at end of file (the command wrote nothing more).
    public func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let n = read(output, &byte, 1)
            if n == 1 { return byte }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, -1)
                continue
            }
            return nil
        }
    }

    /// Reads the output up to its first newline or its end (less's `readfd`): a replacement file's name.
    public func readLine() -> String {
        var bytes: [UInt8] = []
        while let byte = readByte(), byte != 0x0A { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Closes the read end of the output (a command still writing then gets SIGPIPE).
    public func closeOutput() {
        if output >= 0 { close(output) }
        output = -1
    }

    /// Closes the output and waits for the command to end; returns its exit status
    /// (128 + the signal's number when a signal ended it, as a shell says).
    @discardableResult
    public func wait() -> Int32 {
        if let status { return status }
        closeOutput()
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
        let signal = raw & 0x7F
        let result = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
        status = result
        return result
    }
}

/// Why a shell command could not be run.
public enum ShellCommandError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pipe or the process could not be made, with the system's reason.
    case cannotStart(String)

    /// One phrase, e.g. `/bin/sh could not be started (no such file or directory)`.
    public var description: String {
        switch self {
        case .cannotStart(let reason): "/bin/sh could not be started (\(reason.lowercased()))"
        }
    }
}
