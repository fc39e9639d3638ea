#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: the path it was about and the system's reason (`strerror`).
struct SystemError: Error, Hashable, Sendable {
    /// The path the call was about.
    let path: String
    /// The `errno` value.
    let code: Int32

    /// The system's text for the code, e.g. "Permission denied".
    var reason: String { String(cString: strerror(code)) }

    /// The last error of the calling thread, for `path`.
    static func last(_ path: String) -> SystemError { SystemError(path: path, code: errno) }
}

/// The few file operations the store needs, as thin wrappers over POSIX so
/// every failure carries the system's own reason.
enum FileSystem {
    /// What reading a small file found.
    enum Contents: Hashable, Sendable {
        /// No file at the path.
        case missing
        /// The file's bytes.
        case bytes([UInt8])
        /// The file is larger than the limit.
        case tooLarge(limit: Int)
        /// Not a regular file: a directory, a device…
        case notAFile
    }

    /// Reads the file at `path` if it holds at most `limit` bytes.
    static func readSmallFile(_ path: String, limit: Int) throws(SystemError) -> Contents {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return .missing }
            throw .last(path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .last(path) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .notAFile }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(fd, base + filled, buffer.count - filled)
            }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw .last(path)
            }
            filled += n
        }
        guard filled <= limit else { return .tooLarge(limit: limit) }
        return .bytes(Array(bytes[..<filled]))
    }

    /// Creates the directory at `path` and any missing parents, each with `mode`;
    /// existing directories are left alone.
    static func makeDirectories(_ path: String, mode: mode_t) throws(SystemError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += prefix.isEmpty || prefix.hasSuffix("/") ? component : "/" + component
            if mkdir(prefix, mode) == 0 { continue }
            let code = errno
            var info = stat()
            guard code == EEXIST, stat(prefix, &info) == 0 else { throw SystemError(path: prefix, code: code) }
            guard info.st_mode & S_IFMT == S_IFDIR else { throw SystemError(path: prefix, code: ENOTDIR) }
        }
    }

    /// Writes `bytes` to a new file at `path` (failing if it exists) and flushes it to the disk.
    static func writeNewFile(_ path: String, bytes: [UInt8], mode: mode_t) throws(SystemError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .last(path) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(fd, base + written, buffer.count - written)
            }
            if n <= 0 {
                if n < 0, errno == EINTR { continue }
                let failure = n < 0 ? SystemError.last(path) : SystemError(path: path, code: EIO)
                close(fd)
                throw failure
            }
            written += n
        }
        guard fsync(fd) == 0 else {
            let failure = SystemError.last(path)
            close(fd)
            throw failure
        }
        guard close(fd) == 0 else { throw .last(path) }
    }

    /// Renames `source` over `target` in one step (`rename(2)`): a reader sees the old file or the new, never half.
    static func renameFile(_ source: String, over target: String) throws(SystemError) {
        guard rename(source, target) == 0 else { throw .last(target) }
    }

    /// Removes the file at `path`, ignoring failure (clean-up after another error).
    static func removeQuietly(_ path: String) {
        _ = unlink(path)
    }
}
