#if canImport(Glibc)
import Glibc
#endif
import FolioViewCore

/// The user's freedesktop.org trash: moves a file into it, with its
/// `.trashinfo` (``FolioViewCore/TrashInfo``), and back out again.
///
/// A file on the same filesystem as the home trash (`$XDG_DATA_HOME/Trash`,
/// by default `~/.local/share/Trash`) goes there; one on another filesystem
/// goes to that filesystem's own `$topdir/.Trash-$uid`, made when missing, as
/// the specification says, since a trash on another disk would mean copying
/// it. The name it is filed under is reserved by creating its `.trashinfo`
/// exclusively (`O_EXCL`), so two programs trashing at once never share one.
///
/// ```swift
/// let trash = Trash(environment: ProcessInfo.processInfo.environment)
/// let moved = try trash.moveToTrash("trip/photo.jpg")   // ~/.local/share/Trash/files/photo.jpg
/// try trash.restore(moved)                               // trip/photo.jpg again
/// ```
public struct Trash: Sendable, CustomStringConvertible {
    /// The home trash: `$XDG_DATA_HOME/Trash`, or `$HOME/.local/share/Trash`.
    public let home: String

    /// A file moved to the trash: where it was, and where it and its record are now.
    public struct Trashed: Hashable, Sendable, CustomStringConvertible {
        /// The absolute path it had.
        public let original: String
        /// The file in the trash's `files/`.
        public let file: String
        /// Its record in the trash's `info/`.
        public let info: String

        /// `/p/photo.jpg → /t/files/photo.jpg`.
        public var description: String { "\(original) → \(file)" }
    }

    /// Why a file could not be moved to the trash or back, in words.
    public struct Failure: Error, CustomStringConvertible {
        /// The reason.
        public let description: String
    }

    /// The trash of the user whose `environment` this is (`XDG_DATA_HOME`, else `HOME`).
    public init(environment: [String: String]) {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "/") + "/.local/share"
        home = data + "/Trash"
    }

    /// `trash at /home/ann/.local/share/Trash`.
    public var description: String { "trash at \(home)" }

    /// Moves the file at `path` to the trash that takes it, recording its absolute path and the
    /// local time `now` (seconds since 1970).
    /// - Throws: ``Failure``: the file is gone, or no trash on its filesystem can be made or written.
    public func moveToTrash(_ path: String, now: time_t = time(nil)) throws(Failure) -> Trashed {
        let original = try Self.absolute(path)
        var file = stat()
        guard lstat(original, &file) == 0 else { throw Failure(description: "it is gone (\(Self.lastError))") }
        let trash = try directory(for: original, device: file.st_dev)
        let name = String(original[original.index(after: original.lastIndex(of: "/")!)...])
        let record = TrashInfo(path: original, deletionDate: Self.localDate(now)).text
        for attempt in 1...10_000 {
            let filed = TrashInfo.name(for: name, attempt: attempt)
            let info = "\(trash)/info/\(filed).trashinfo", target = "\(trash)/files/\(filed)"
            let descriptor = open(info, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            if descriptor < 0 && errno == EEXIST { continue }
            guard descriptor >= 0 else { throw Failure(description: "cannot write in \(trash) (\(Self.lastError))") }
            var exists = stat()
            guard lstat(target, &exists) != 0 else {  // a file left without its record: its name stays taken
                close(descriptor)
                continue
            }
            let written = record.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
            close(descriptor)
            guard written == record.utf8.count else {
                unlink(info)
                throw Failure(description: "cannot write in \(trash) (\(Self.lastError))")
            }
            guard rename(original, target) == 0 else {
                let reason = Self.lastError
                unlink(info)
                throw Failure(description: "it cannot be moved to \(trash) (\(reason))")
            }
            return Trashed(original: original, file: target, info: info)
        }
        throw Failure(description: "\(trash) has 10000 files called \(name)")
    }

    /// Moves `trashed` back where it was and removes its record.
    /// - Throws: ``Failure``: another file took its place, or it left the trash.
    public func restore(_ trashed: Trashed) throws(Failure) {
        var there = stat()
        guard lstat(trashed.original, &there) != 0 else {
            throw Failure(description: "another file is at \(trashed.original) now")
        }
        guard rename(trashed.file, trashed.original) == 0 else {
            throw Failure(description: "it cannot be moved back from \(trashed.file) (\(Self.lastError))")
        }
        unlink(trashed.info)
    }

    /// The trash for a file on the filesystem `device` whose absolute path is `path`: the home trash
    /// when it is on the same filesystem, else `$topdir/.Trash-$uid` at the top of the file's own.
    func directory(for path: String, device: dev_t) throws(Failure) -> String {
        if Self.device(ofNearest: home) == device {
            try Self.makeDirectories([home, home + "/files", home + "/info"])
            return home
        }
        var top = String(path[..<path.lastIndex(of: "/")!])
        while !top.isEmpty, let slash = top.lastIndex(of: "/") {
            let parent = slash == top.startIndex ? "/" : String(top[..<slash])
            var above = stat()
            guard stat(parent, &above) == 0, above.st_dev == device else { break }
            top = parent == "/" ? "" : parent
        }
        let trash = "\(top)/.Trash-\(getuid())"
        do {
            try Self.makeDirectories([trash, trash + "/files", trash + "/info"])
        } catch {
            throw Failure(description: "it is on another filesystem than your home, and \(error)")
        }
        var made = stat()
        guard lstat(trash, &made) == 0, made.st_mode & S_IFMT == S_IFDIR, made.st_uid == getuid() else {
            throw Failure(description: "\(trash) is not a folder of yours")
        }
        return trash
    }

    /// Makes each of `folders` (user-only, 0700) that does not exist yet, with the folders above it.
    static func makeDirectories(_ folders: [String]) throws(Failure) {
        for folder in folders {
            var made = ""
            for part in folder.split(separator: "/") {
                made += "/" + part
                if mkdir(made, 0o700) != 0 && errno != EEXIST { throw Failure(description: "cannot make \(made): \(lastError)") }
            }
        }
    }

    /// The filesystem of `path`, or of the nearest folder above it that exists.
    static func device(ofNearest path: String) -> dev_t? {
        var here = path, info = stat()
        while stat(here, &info) != 0 {
            guard let slash = here.lastIndex(of: "/"), here != "/" else { return nil }
            here = slash == here.startIndex ? "/" : String(here[..<slash])
        }
        return info.st_dev
    }

    /// `path` made absolute by its folder's real path (the file itself, a link perhaps, is not followed).
    static func absolute(_ path: String) throws(Failure) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let real = realpath(folder, nil) else { throw Failure(description: "its folder is gone (\(lastError))") }
        defer { free(real) }
        let base = String(cString: real)
        return (base == "/" ? "" : base) + "/" + name
    }

    /// `now` (seconds since 1970) in local time as the trash writes it.
    static func localDate(_ now: time_t) -> String {
        var seconds = now, parts = tm()
        localtime_r(&seconds, &parts)
        return TrashInfo.date(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                              hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    /// The C library's last error, in words.
    static var lastError: String { String(cString: strerror(errno)) }
}
