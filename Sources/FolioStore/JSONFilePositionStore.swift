#if canImport(FoundationEssentials)
import FoundationEssentials  // no ICU: folio starts in a few milliseconds
#else
import Foundation
#endif
import Folio

/// A position store that keeps one small JSON file per document in a folder
/// the host names, and replaces it atomically on every save.
///
/// The file for a document is named after the FNV-1a 64 hash of its
/// identity (`3f1c0a9b2e4d5f60.json`), so any identity — a path with spaces,
/// slashes or non-ASCII letters — gives a short, safe name; the identity is
/// stored inside too, so two documents whose names collide never swap places.
///
/// A save writes a hidden temporary file in the same folder, flushes it to
/// the disk and renames it over the old file (`rename(2)`): a crash or a
/// second reader sees the old position or the new one, never half a file.
/// The folder is created on the first save (mode 0700, as the XDG spec asks).
///
/// A file that cannot be used — unreadable, not JSON, truncated, fields
/// missing, of the wrong type or out of range — loads as `nil` and is
/// reported to `warn` (the library never prints); the next save replaces it.
///
/// ```swift
/// let store = try JSONFilePositionStore(environment: ProcessInfo.processInfo.environment) { warning in
///     statusLine.show(warning.description)
/// }
/// let id = try DocumentIdentity.file(atPath: "notes.md")
/// var recorder = PositionRecorder(identity: id, restoring: store.load(for: id))
/// ```
///
/// Cost: each load or save reads or writes one file of about 200 bytes; a
/// save also calls `fsync` once. Call it when the reader settles, not per frame.
public struct JSONFilePositionStore: PositionStore, Sendable, CustomStringConvertible {
    /// A failed save.
    public typealias Failure = PositionStoreError

    /// The largest position file read, in bytes; a larger file is reported as damaged.
    public static let maximumFileSize = 64 * 1024

    /// The folder holding the position files (no trailing slash).
    public let directory: String
    /// Receives a warning for each saved position that was ignored on load.
    public let warn: @Sendable (PositionStoreWarning) -> Void

    /// A store in `directory`, which need not exist yet; `warn` receives each ignored file's warning.
    public init(directory: String, warn: @escaping @Sendable (PositionStoreWarning) -> Void = { _ in }) {
        var directory = directory
        while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
        self.directory = directory
        self.warn = warn
    }

    /// A store in the standard folder for `environment` (see ``defaultDirectory(environment:)``).
    ///
    /// Throws ``PositionStoreError/noStateDirectory`` when the environment names no folder.
    public init(
        environment: [String: String],
        warn: @escaping @Sendable (PositionStoreWarning) -> Void = { _ in }
    ) throws(PositionStoreError) {
        self.init(directory: try Self.defaultDirectory(environment: environment), warn: warn)
    }

    /// The name of the file for `identity`: 16 lowercase hex digits of its fingerprint, then `.json`.
    public func fileName(for identity: DocumentIdentity) -> String {
        identity.fingerprint.hex + ".json"
    }

    /// The full path of the file for `identity`.
    public func path(for identity: DocumentIdentity) -> String {
        (directory == "/" ? "" : directory) + "/" + fileName(for: identity)
    }

    /// The position saved for `identity`, or `nil` when there is none or the
    /// file could not be used — in which case `warn` has been told why.
    public func load(for identity: DocumentIdentity) -> ReadingPosition? {
        switch read(for: identity) {
        case .missing: return nil
        case .found(let position): return position
        case .ignored(let warning):
            warn(warning)
            return nil
        }
    }

    /// Saves `position` for `identity`, creating the folder if needed and
    /// replacing the previous file in one step.
    ///
    /// Throws ``PositionStoreError/cannotCreateDirectory(path:reason:)`` or
    /// ``PositionStoreError/cannotWrite(path:reason:)``; no temporary file is
    /// left behind either way.
    public func save(_ position: ReadingPosition, for identity: DocumentIdentity) throws(PositionStoreError) {
        try save(position, fingerprint: nil, for: identity)
    }

    /// Saves `position` with the document's `fingerprint` (its first bytes),
    /// which ``load(for:accepting:)`` hands back to be checked.
    public func save(_ position: ReadingPosition, fingerprint: ContentFingerprint?, for identity: DocumentIdentity) throws(PositionStoreError) {
        do {
            try FileSystem.makeDirectories(directory, mode: 0o700)
        } catch {
            throw .cannotCreateDirectory(path: error.path, reason: error.reason)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let bytes: [UInt8]
        do {
            bytes = Array(try encoder.encode(PositionFile(document: identity, position: position, fingerprint: fingerprint))) + [0x0a]
        } catch {
            // Integers and a string always encode; this is only reachable if Foundation fails.
            throw .cannotWrite(path: path(for: identity), reason: "the position could not be encoded (\(error))")
        }
        let target = path(for: identity)
        let temporary = (directory == "/" ? "" : directory) + "/." + fileName(for: identity) + "."
            + String(UInt64.random(in: 0...UInt64.max), radix: 16) + ".tmp"
        do {
            try FileSystem.writeNewFile(temporary, bytes: bytes, mode: 0o600)
            try FileSystem.renameFile(temporary, over: target)
        } catch {
            FileSystem.removeQuietly(temporary)
            throw .cannotWrite(path: target, reason: error.reason)
        }
    }

    /// A compact, readable form for logs and test failures.
    public var description: String { "JSONFilePositionStore(\(directory))" }
}
