#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FolioReading

/// A file in a folder of its own that a test grows, truncates and rotates
/// under a reader, as a program writing a log does; removed with its folder
/// when the value goes.
///
/// ```swift
/// let log = try ScratchFile("first line\n")
/// log.append("second line\n")          // as `>>` does: the same file grows
/// log.rewrite("fresh\n")                // as `>` does: truncated, then written
/// log.rotate(to: "new log\n")           // as logrotate does: renamed to log.1, a new log
/// ```
public final class ScratchFile: CustomStringConvertible, Sendable {
    /// The folder, made for this file.
    public let folder: String
    /// The file's path.
    public let path: String

    /// Why a scratch file could not be made.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed, with the system's reason.
        public let description: String
    }

    /// Creates the file, named `name`, holding `text`.
    public init(_ text: String = "", name: String = "server.log") throws {
        var template = Array("/tmp/folio-follow-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Failure(description: "mkdtemp: \(String(cString: strerror(errno)))")
        }
        folder = String(cString: made)
        path = folder + "/" + name
        write(text, flags: O_WRONLY | O_CREAT | O_TRUNC)
    }

    deinit {
        for name in ["", ".1"] { unlink(path + name) }
        rmdir(folder)
    }

    /// Appends `text` to the file (`>>`).
    public func append(_ text: String) { write(text, flags: O_WRONLY | O_CREAT | O_APPEND) }

    /// Truncates the file and writes `text` in it (`>`): the same file, other bytes.
    public func rewrite(_ text: String) { write(text, flags: O_WRONLY | O_CREAT | O_TRUNC) }

    /// Renames the file to `path.1` and creates a new file at `path` holding `text`, as log rotation does.
    public func rotate(to text: String) {
        rename(path, path + ".1")
        write(text, flags: O_WRONLY | O_CREAT | O_EXCL)
    }

    /// The file's size, in bytes.
    public var size: Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The file opened as a reader opens it (``Document/open(path:)``): a file document.
    public func document() throws -> Document {
        guard case .file(let document) = try Document.open(path: path) else { throw Failure(description: "\(path) is not a regular file") }
        return document
    }

    /// The path.
    public var description: String { path }

    private func write(_ text: String, flags: Int32) {
        let fd = open(path, flags | O_CLOEXEC, 0o644)
        precondition(fd >= 0, "ScratchFile: cannot open \(path): \(String(cString: strerror(errno)))")
        defer { close(fd) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            precondition(n > 0 || errno == EINTR, "ScratchFile: cannot write \(path)")
            if n > 0 { bytes = bytes.dropFirst(n) }
        }
    }
}
