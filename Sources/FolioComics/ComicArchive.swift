import CFolioArchive
import FolioReading
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The entries of a comic book, read in place: a CBZ, CBR, CB7 or CBT
/// through libarchive (zip, RAR, RAR 5, 7-Zip and tar readers only), or a
/// folder of pictures.
///
/// Nothing is extracted to disk. Opening lists the entries once (a zip's
/// central directory, a tar's headers); reading an entry walks the archive
/// forward from where the last read stopped, so paging forward through a
/// solid RAR or 7-Zip decompresses each block once, and the last entries
/// read are kept (``keptBytes``) so a step back needs no new walk.
///
/// Every read counts what it decompresses against ``ComicLimits``; an
/// encrypted archive is refused when it is opened. Safe to use from any
/// thread: one read at a time.
///
/// ```swift
/// let archive = try ComicArchive.open(path: "issue-1.cbz")
/// archive.names.first          // "issue-1/page-001.jpg"
/// let bytes = try archive.bytes(of: archive.names[0])
/// ```
public final class ComicArchive: Sendable {
    /// What the comic is read from.
    public enum Kind: Hashable, Sendable {
        /// An archive libarchive reads.
        case archive
        /// A folder of pictures (and folders of them).
        case folder
    }

    /// The path opened.
    public let path: String
    /// Archive or folder.
    public let kind: Kind
    /// Every regular file's name (a path inside the archive or folder), in archive order.
    public let names: [String]
    /// The limits every read is held to.
    public let limits: ComicLimits
    /// The most bytes of entries kept after reading them: 32 MB.
    public static let keptBytes = 32 << 20

    private let indexOfName: [String: Int]
    private let state: Mutex<ReadState>

    /// An open archive positioned after the entry `next - 1`, and the entries last read.
    private struct ReadState: ~Copyable {
        var handle: OpaquePointer?
        var next = 0
        var kept: [(index: Int, bytes: [UInt8])] = []

        deinit { if let handle { archive_read_free(handle) } }

        mutating func close() {
            if let handle { archive_read_free(handle) }
            handle = nil
            next = 0
        }
    }

    private init(path: String, kind: Kind, names: [String], limits: ComicLimits) {
        self.path = path
        self.kind = kind
        self.names = names
        self.limits = limits
        var index: [String: Int] = [:]
        for (i, name) in names.enumerated() where index[name] == nil { index[name] = i }
        indexOfName = index
        state = Mutex(ReadState())
    }

    /// The file name shown in messages.
    var fileName: String { ComicBook.baseName(path) }

    /// Opens the comic at `path` (an archive or a folder) and lists its entries.
    ///
    /// - Throws: ``ComicError`` in words a reader understands: not an
    ///   archive, encrypted, too many entries, unreadable.
    public static func open(path: String, limits: ComicLimits = ComicLimits()) throws(ComicError) -> ComicArchive {
        let name = ComicBook.baseName(path)
        var info = stat()
        guard stat(path, &info) == 0 else { throw .unreadable(file: name, reason: String(cString: strerror(errno)).lowercased()) }
        if info.st_mode & S_IFMT == S_IFDIR {
            let names = try folderNames(path, limits: limits, file: name)
            return ComicArchive(path: path, kind: .folder, names: names, limits: limits)
        }
        guard access(path, R_OK) == 0 else { throw .unreadable(file: name, reason: String(cString: strerror(errno)).lowercased()) }
        let handle = try openHandle(path, file: name)
        defer { archive_read_free(handle) }
        var names: [String] = []
        var entry: OpaquePointer?
        while true {
            let status = archive_read_next_header(handle, &entry)
            if status == ARCHIVE_EOF { break }
            if status < ARCHIVE_WARN {
                if archive_read_has_encrypted_entries(handle) > 0 { throw .encrypted(file: name) }
                // An archive cut short keeps the entries listed before the damage.
                if names.isEmpty { throw classify(handle, file: name) }
                break
            }
            guard let entry else { break }
            if archive_entry_is_encrypted(entry) != 0 { throw .encrypted(file: name) }
            names.append(entryName(entry))
            if names.count > limits.maximumEntries { throw .tooManyEntries(file: name, limit: limits.maximumEntries) }
            if archive_read_data_skip(handle) < ARCHIVE_WARN {
                if archive_read_has_encrypted_entries(handle) > 0 { throw .encrypted(file: name) }
                break
            }
        }
        if names.isEmpty { throw .notArchive(file: name) }
        return ComicArchive(path: path, kind: .archive, names: names, limits: limits)
    }

    /// The bytes of entry `name`, whole.
    ///
    /// - Throws: ``ComicError`` when the entry is missing, damaged, or breaks a limit.
    public func bytes(of name: String) throws(ComicError) -> [UInt8] {
        try bytes(of: name, upTo: limits.maximumEntryBytes, whole: true)
    }

    /// The first `count` bytes of entry `name` (fewer when it is shorter): enough for a picture's header.
    public func prefix(_ count: Int, of name: String) throws(ComicError) -> [UInt8] {
        try bytes(of: name, upTo: count, whole: false)
    }

    private func bytes(of name: String, upTo count: Int, whole: Bool) throws(ComicError) -> [UInt8] {
        guard let index = indexOfName[name] else { throw .missing(file: fileName, entry: name) }
        if kind == .folder { return try folderBytes(name, upTo: count, whole: whole) }
        let result = state.withLock { state -> Result<[UInt8], ComicError> in
            if let kept = state.kept.first(where: { $0.index == index }) {
                return .success(whole ? kept.bytes : Array(kept.bytes.prefix(count)))
            }
            do throws(ComicError) {
                let bytes = try readEntry(index: index, upTo: count, whole: whole, state: &state)
                if whole { keep(bytes, index: index, in: &state) }
                return .success(bytes)
            } catch {
                state.close()
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func keep(_ bytes: [UInt8], index: Int, in state: inout ReadState) {
        state.kept.append((index, bytes))
        var total = state.kept.reduce(0) { $0 + $1.bytes.count }
        while total > Self.keptBytes, state.kept.count > 1 {
            total -= state.kept.removeFirst().bytes.count
        }
    }

    /// Walks forward to entry `index` (from the start when it lies behind) and reads it.
    private func readEntry(index: Int, upTo count: Int, whole: Bool, state: inout ReadState) throws(ComicError) -> [UInt8] {
        let name = names[index]
        if state.handle == nil || state.next > index {
            state.close()
            state.handle = try Self.openHandle(path, file: fileName)
        }
        guard let handle = state.handle else { throw .notArchive(file: fileName) }
        var entry: OpaquePointer?
        while state.next <= index {
            let status = archive_read_next_header(handle, &entry)
            guard status >= ARCHIVE_WARN else { throw .damaged(file: fileName, entry: name, reason: Self.message(handle)) }
            state.next += 1
            if state.next <= index && archive_read_data_skip(handle) < ARCHIVE_WARN {
                throw .damaged(file: fileName, entry: name, reason: Self.message(handle))
            }
        }
        var bytes: [UInt8] = []
        let startIn = archive_filter_bytes(handle, -1)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < count {
            let got = buffer.withUnsafeMutableBytes { archive_read_data(handle, $0.baseAddress, $0.count) }
            if got == 0 { break }
            guard got > 0 else { throw .damaged(file: fileName, entry: name, reason: Self.message(handle)) }
            bytes.append(contentsOf: buffer[0..<got])
            if whole && bytes.count > limits.maximumEntryBytes {
                throw .entryTooLarge(file: fileName, entry: name, limit: limits.maximumEntryBytes)
            }
            let read = max(1, Int(archive_filter_bytes(handle, -1) - startIn))
            if bytes.count > limits.ratioThreshold && bytes.count / read > limits.maximumRatio {
                throw .compressionRatio(file: fileName, entry: name, ratio: limits.maximumRatio)
            }
        }
        if !whole && bytes.count > count { bytes.removeLast(bytes.count - count) }
        // A partial read leaves the handle inside the entry: the next header skips the rest.
        return bytes
    }

    /// A new libarchive reader on `path` with the readers comics come in.
    private static func openHandle(_ path: String, file: String) throws(ComicError) -> OpaquePointer {
        guard let handle = archive_read_new() else { throw .unreadable(file: file, reason: "out of memory") }
        archive_read_support_format_zip_seekable(handle)
        archive_read_support_format_rar(handle)
        archive_read_support_format_rar5(handle)
        archive_read_support_format_7zip(handle)
        archive_read_support_format_tar(handle)
        archive_read_support_filter_gzip(handle)
        archive_read_support_filter_bzip2(handle)
        archive_read_support_filter_xz(handle)
        guard archive_read_open_filename(handle, path, 1 << 16) == ARCHIVE_OK else {
            let error = classify(handle, file: file)
            archive_read_free(handle)
            throw error
        }
        return handle
    }

    private static func classify(_ handle: OpaquePointer, file: String) -> ComicError {
        let text = message(handle)
        if text.lowercased().contains("encrypt") || text.lowercased().contains("password") { return .encrypted(file: file) }
        if text.contains("Unrecognized archive format") || text.contains("Truncated") && text.contains("header") {
            return .notArchive(file: file)
        }
        return .unreadable(file: file, reason: text)
    }

    /// libarchive's reason for its last failure, its first line only: some of its messages end
    /// in a line feed, which would break the one line a message is.
    private static func message(_ handle: OpaquePointer) -> String {
        let text = archive_error_string(handle).map { String(cString: $0) } ?? ""
        let line = text.split(whereSeparator: \.isNewline).first?.trimmingWhitespace ?? ""
        return line.isEmpty ? "the archive ends early" : line
    }

    /// An entry's path as UTF-8 (libarchive converts from the archive's own encoding when it can).
    private static func entryName(_ entry: OpaquePointer) -> String {
        if let utf8 = archive_entry_pathname_utf8(entry) { return String(cString: utf8) }
        if let raw = archive_entry_pathname(entry) { return String(decoding: Array(String(cString: raw).utf8), as: UTF8.self) }
        return ""
    }

    // MARK: Folders

    /// The regular files under `root`, four folders deep at most, as paths relative to it.
    private static func folderNames(_ root: String, limits: ComicLimits, file: String) throws(ComicError) -> [String] {
        var names: [String] = []
        var pending: [(relative: String, depth: Int)] = [("", 0)]
        while let (relative, depth) = pending.popLast() {
            let full = relative.isEmpty ? root : root + "/" + relative
            guard let directory = opendir(full) else {
                if relative.isEmpty { throw .unreadable(file: file, reason: String(cString: strerror(errno)).lowercased()) }
                continue
            }
            defer { closedir(directory) }
            while let item = readdir(directory) {
                let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name.hasPrefix(".") { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard stat(root + "/" + path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR where depth < 4: pending.append((path, depth + 1))
                case S_IFREG: names.append(path)
                default: break
                }
                if names.count > limits.maximumEntries { throw .tooManyEntries(file: file, limit: limits.maximumEntries) }
            }
        }
        return names
    }

    private func folderBytes(_ name: String, upTo count: Int, whole: Bool) throws(ComicError) -> [UInt8] {
        let fd = Glibc.open(path + "/" + name, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .damaged(file: fileName, entry: name, reason: String(cString: strerror(errno)).lowercased()) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < count {
            let got = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if got == 0 { break }
            guard got > 0 else { throw .damaged(file: fileName, entry: name, reason: String(cString: strerror(errno)).lowercased()) }
            bytes.append(contentsOf: buffer[0..<got])
            if whole && bytes.count > limits.maximumEntryBytes {
                throw .entryTooLarge(file: fileName, entry: name, limit: limits.maximumEntryBytes)
            }
        }
        if bytes.count > count { bytes.removeLast(bytes.count - count) }
        return bytes
    }
}
