#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Folio

extension DocumentIdentity {
    /// The identity of the file at `path`: its absolute path with symbolic
    /// links resolved, its size and its modification time, read with `stat`.
    ///
    /// `folio notes.md` and `folio ./docs/../notes.md` give the same identity;
    /// editing the file gives a new one (the saved anchor may no longer point
    /// at the same text). Throws ``PositionStoreError/cannotReadFileInfo(path:reason:)``
    /// when the file cannot be found or examined.
    ///
    /// Cost: two system calls.
    public static func file(atPath path: String) throws(PositionStoreError) -> DocumentIdentity {
        let resolved = try resolvedPath(path)
        var info = stat()
        guard stat(resolved, &info) == 0 else {
            throw .cannotReadFileInfo(path: resolved, reason: String(cString: strerror(errno)))
        }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return .file(path: resolved, size: Int(info.st_size),
                     modifiedSeconds: Int64(modified.tv_sec), modifiedNanoseconds: Int(modified.tv_nsec))
    }
}

extension DocumentIdentity {
    /// The identity of the file at `path` by its place alone: its absolute
    /// path with symbolic links resolved (`file path=/home/ada/notes.md`).
    ///
    /// Save a ``ContentFingerprint`` with the position and check it on load:
    /// the pair survives `touch` and appended text, and refuses a different
    /// file under the same name. Throws
    /// ``PositionStoreError/cannotReadFileInfo(path:reason:)`` when the path
    /// cannot be resolved. Cost: one system call.
    public static func location(ofFileAtPath path: String) throws(PositionStoreError) -> DocumentIdentity {
        DocumentIdentity(key: "file path=\(try resolvedPath(path))")
    }

    /// `path` made absolute with symbolic links resolved (`realpath(3)`).
    static func resolvedPath(_ path: String) throws(PositionStoreError) -> String {
        guard let resolvedPointer = realpath(path, nil) else {
            throw .cannotReadFileInfo(path: path, reason: String(cString: strerror(errno)))
        }
        defer { free(resolvedPointer) }
        return String(cString: resolvedPointer)
    }
}
