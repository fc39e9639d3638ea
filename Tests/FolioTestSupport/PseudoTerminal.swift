import Glibc

/// A real pseudo-terminal pair for tests: the code under test opens the
/// slave by its path, the test plays the terminal emulator on the master.
/// The test keeps its own slave descriptor so the modes outlive the code under test.
public final class PseudoTerminal {
    /// The terminal emulator's side: what the program writes is read here, and keys are written here.
    public let master: Int32
    /// The program's side, kept open by the test so its modes outlive the program.
    public let slave: Int32
    /// The slave's path, for the program to open (`/dev/pts/N`).
    public let path: String

    /// A new pair, the master non-blocking.
    public init() throws {
        master = LibC.posixOpenpt(O_RDWR | O_NOCTTY)
        var name = [CChar](repeating: 0, count: 128)
        guard master >= 0, LibC.grantpt(master) == 0, LibC.unlockpt(master) == 0,
              LibC.ptsnameR(master, &name, name.count) == 0 else {
            throw Failure("cannot create a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        slave = open(path, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw Failure("cannot open \(path): \(String(cString: strerror(errno)))") }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    private var masterOpen = true

    deinit {
        close(slave)
        closeMaster()
    }

    /// Closes the master side, as when the terminal emulator quits.
    public func closeMaster() {
        if masterOpen { close(master) }
        masterOpen = false
    }

    /// Why a pseudo-terminal could not be made.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with the system's reason.
        public var description: String
        /// A failure saying `description`.
        public init(_ description: String) { self.description = description }
    }

    /// The slave's modes now.
    public var modes: Modes {
        var t = termios()
        tcgetattr(slave, &t)
        return Modes(t)
    }

    /// Sets the window size as a terminal emulator does when its window changes.
    public func setSize(columns: Int, rows: Int) {
        var ws = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &ws)
    }

    /// Types `bytes` as the user would.
    public func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
    }

    /// Everything the program wrote, waiting until `quiet` seconds pass with nothing new.
    public func output(quiet: Double = 0.2) -> [UInt8] { Self.output(of: master, quiet: quiet) }

    /// ``output(quiet:)`` for a master descriptor, for a reader thread.
    public static func output(of master: Int32, quiet: Double) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(quiet * 1000)) > 0 else { return result }
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { return result }
            result += buffer[..<n]
        }
    }
}

/// Every field of a `termios`, comparable byte for byte (the struct's padding excluded).
public struct Modes: Equatable, CustomStringConvertible {
    /// The input, output, control and local flags (`c_iflag` … `c_lflag`).
    public var input, output, control, local: tcflag_t
    /// The line discipline.
    public var line: cc_t
    /// The control characters (`c_cc`), byte for byte.
    public var characters: [UInt8]
    /// The speeds.
    public var inputSpeed, outputSpeed: speed_t

    /// The fields of `t`.
    public init(_ t: termios) {
        var t = t
        (input, output, control, local, line) = (t.c_iflag, t.c_oflag, t.c_cflag, t.c_lflag, t.c_line)
        characters = withUnsafeBytes(of: &t.c_cc) { Array($0) }
        (inputSpeed, outputSpeed) = (t.c_ispeed, t.c_ospeed)
    }

    /// Whether the local flag (`ECHO`, `ICANON`…) is set.
    public func has(local flag: Int32) -> Bool { local & tcflag_t(flag) != 0 }
    /// Whether the input flag (`IXON`, `ICRNL`…) is set.
    public func has(input flag: Int32) -> Bool { input & tcflag_t(flag) != 0 }
    /// Whether the output flag (`OPOST`…) is set.
    public func has(output flag: Int32) -> Bool { output & tcflag_t(flag) != 0 }

    /// The flags in octal and the control characters.
    public var description: String {
        let hex = { (v: tcflag_t) in String(v, radix: 8) }
        return "iflag 0o\(hex(input)) oflag 0o\(hex(output)) cflag 0o\(hex(control)) lflag 0o\(hex(local)) cc \(characters)"
    }
}

/// glibc's pseudo-terminal functions. Swift's Glibc module hides them (they
/// need `_XOPEN_SOURCE`), so they are looked up in the C library at run time.
public enum LibC {
    private static func function<F>(_ name: String, as type: F.Type) -> F {
        guard let symbol = dlsym(nil, name) else { fatalError("glibc has no \(name)") }
        return unsafeBitCast(symbol, to: type)
    }

    /// `posix_openpt(3)`.
    public static let posixOpenpt = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    /// `grantpt(3)`.
    public static let grantpt = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    /// `unlockpt(3)`.
    public static let unlockpt = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    /// `ptsname_r(3)`.
    public static let ptsnameR = function("ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)
}
