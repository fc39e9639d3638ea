
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }

private func readAt(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: off_t) -> Int {
    pread(fd, buffer, count, offset)
}

/// One file listed in a zip archive's central directory.
///
/// Every size here is a claim the archive makes; reading never trusts the
/// uncompressed size and clamps the compressed one to the file.
///
/// Open to the fuzzer (`@_spi(Fuzzing)`, read only), which checks the reader
/// against libarchive's and needs to know what the directory said.
@_spi(Fuzzing) public struct ZipEntry: Hashable, Sendable {
    /// The entry's name exactly as stored (a name, never a file-system path),
    /// decoded as UTF-8 with U+FFFD for what is not.
    @_spi(Fuzzing) public internal(set) var name: String
    /// 0 stored, 8 deflate; anything else cannot be read.
    @_spi(Fuzzing) public internal(set) var method: UInt16
    /// General purpose flags; bit 0 marks zip encryption.
    @_spi(Fuzzing) public internal(set) var flags: UInt16
    /// The size of its data in the file, in bytes (ZIP64's when the 32-bit field says 0xFFFFFFFF).
    @_spi(Fuzzing) public internal(set) var compressedSize: UInt64
    /// The size the directory claims it inflates to, in bytes; never trusted.
    @_spi(Fuzzing) public internal(set) var uncompressedSize: UInt64
    /// The CRC-32 its inflated bytes must have.
    @_spi(Fuzzing) public internal(set) var crc32: UInt32
    /// Where its local header starts, in bytes from the start of the file.
    @_spi(Fuzzing) public internal(set) var localHeaderOffset: UInt64

    /// Whether bit 0 of ``flags`` marks it encrypted (which folio refuses to read).
    var isEncrypted: Bool { flags & 1 != 0 }
}

/// A zip archive read in place: its central directory parsed once, each
/// entry read with `pread` (so concurrent reads never share a file position)
/// and inflated by ``Inflater``, bounded by ``EPUBLimits``.
///
/// Why not ZIPFoundation: on Linux its `Archive.extract` asks for input until
/// the deflate stream ends, reading past the entry and, at the end of the
/// file, forever — a damaged entry would hang the reader; and linking it
/// brings Foundation and ICU into every start of `folio`, book or not (a
/// dynamic `folio --version` took 14 ms with it, against 4 ms without). Here
/// the inflater is handed exactly the entry's compressed bytes and counts its
/// output against the limits as it goes. ZIPFoundation stays in the tests,
/// which build hostile archives with it.
///
/// Open to the fuzzer (`@_spi(Fuzzing)`: ``open(path:fileName:limits:)``,
/// ``entries``, ``contents(of:limits:budget:enough:)``), which reads every
/// entry and checks names and bytes against libarchive's reading of the same file.
@_spi(Fuzzing) public final class ZipArchive: Sendable {
    /// The book's file name, for messages.
    let fileName: String
    /// Every entry the central directory lists, in its order (duplicate names included).
    @_spi(Fuzzing) public let entries: [ZipEntry]
    /// Entry name → index in ``entries``; the first of duplicate names wins.
    let index: [String: Int]
    private let descriptor: Int32
    private let fileSize: UInt64

    private init(fileName: String, descriptor: Int32, fileSize: UInt64, entries: [ZipEntry]) {
        self.fileName = fileName
        self.descriptor = descriptor
        self.fileSize = fileSize
        self.entries = entries
        var index: [String: Int] = [:]
        for (i, entry) in entries.enumerated() where index[entry.name] == nil { index[entry.name] = i }
        self.index = index
    }

    deinit { close(descriptor) }

    /// Opens `path` and parses its central directory; `fileName` names the file in messages.
    ///
    /// - Throws: ``EPUBError`` when the file cannot be read, is not a zip, its
    ///   directory is missing or damaged, or it lists more than
    ///   ``EPUBLimits/maximumEntries`` entries.
    @_spi(Fuzzing) public static func open(path: String, fileName: String, limits: EPUBLimits) throws(EPUBError) -> ZipArchive {
        let fd = openForReading(path)
        guard fd >= 0 else { throw .unreadable(file: fileName, reason: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .unreadable(file: fileName, reason: reason)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .unreadable(file: fileName, reason: "not a regular file")
        }
        let size = UInt64(info.st_size)
        do {
            let entries = try readDirectory(fd: fd, size: size, fileName: fileName, limits: limits)
            return ZipArchive(fileName: fileName, descriptor: fd, fileSize: size, entries: entries)
        } catch {
            close(fd)
            throw error
        }
    }

    /// The entry called `name`, if the archive has one.
    func entry(_ name: String) -> ZipEntry? { index[name].map { entries[$0] } }

    // MARK: Directory

    private static func readDirectory(
        fd: Int32, size: UInt64, fileName: String, limits: EPUBLimits
    ) throws(EPUBError) -> [ZipEntry] {
        // A zip begins with a local file header (or, empty, with its end record).
        guard size >= 4, let magic = pread(fd, at: 0, count: 4) else { throw .notZip(file: fileName) }
        let signature = le32(magic, 0)
        guard signature == 0x0403_4B50 || signature == 0x0605_4B50 else { throw .notZip(file: fileName) }

        // The end record sits in the last 22 + 65 535 (comment) bytes.
        let tailCount = Int(min(size, 22 + 65_535))
        let tailStart = size - UInt64(tailCount)
        guard tailCount >= 22, let tail = pread(fd, at: tailStart, count: tailCount) else {
            throw .truncated(file: fileName)
        }
        var endAt: Int?
        var i = tailCount - 22
        while i >= 0 {
            if tail[i] == 0x50, tail[i + 1] == 0x4B, tail[i + 2] == 0x05, tail[i + 3] == 0x06,
               i + 22 + Int(le16(tail, i + 20)) <= tailCount {
                endAt = i
                break
            }
            i -= 1
        }
        guard let end = endAt else { throw .truncated(file: fileName) }
        let endOffset = tailStart + UInt64(end)
        var count = UInt64(le16(tail, end + 10))
        var directorySize = UInt64(le32(tail, end + 12))
        var directoryOffset = UInt64(le32(tail, end + 16))
        var directoryLimit = endOffset

        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // ZIP64: a locator just before the end record points at the real record.
            guard endOffset >= 20, let locator = pread(fd, at: endOffset - 20, count: 20),
                  le32(locator, 0) == 0x0706_4B50 else { throw .truncated(file: fileName) }
            let recordOffset = le64(locator, 8)
            guard recordOffset < endOffset, let record = pread(fd, at: recordOffset, count: 56),
                  le32(record, 0) == 0x0606_4B50 else { throw .truncated(file: fileName) }
            count = le64(record, 32)
            directorySize = le64(record, 40)
            directoryOffset = le64(record, 48)
            directoryLimit = recordOffset
        }
        guard count <= UInt64(limits.maximumEntries) else {
            throw .tooManyEntries(
                file: fileName, count: count > UInt64(Int.max) ? Int.max : Int(count), limit: limits.maximumEntries)
        }
        guard directoryOffset <= directoryLimit, directorySize <= directoryLimit - directoryOffset,
              directorySize <= UInt64(limits.maximumTotalBytes),
              count * 46 <= directorySize,
              let directory = pread(fd, at: directoryOffset, count: Int(directorySize))
        else { throw .truncated(file: fileName) }

        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(count))
        var at = 0
        for _ in 0..<count {
            guard at + 46 <= directory.count, le32(directory, at) == 0x0201_4B50 else {
                throw .truncated(file: fileName)
            }
            let nameLength = Int(le16(directory, at + 28))
            let extraLength = Int(le16(directory, at + 30))
            let commentLength = Int(le16(directory, at + 32))
            let next = at + 46 + nameLength + extraLength + commentLength
            guard next <= directory.count else { throw .truncated(file: fileName) }
            var entry = ZipEntry(
                name: String(decoding: directory[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self),
                method: le16(directory, at + 10),
                flags: le16(directory, at + 8),
                compressedSize: UInt64(le32(directory, at + 20)),
                uncompressedSize: UInt64(le32(directory, at + 24)),
                crc32: le32(directory, at + 16),
                localHeaderOffset: UInt64(le32(directory, at + 42))
            )
            readZIP64Extra(directory, from: at + 46 + nameLength, count: extraLength, into: &entry)
            entries.append(entry)
            at = next
        }
        return entries
    }

    /// Fills the sizes and offset that the 32-bit fields mark as 0xFFFFFFFF
    /// from the ZIP64 extra field (tag 1), in the order the format fixes.
    private static func readZIP64Extra(_ bytes: [UInt8], from start: Int, count: Int, into entry: inout ZipEntry) {
        var at = start
        let end = start + count
        while at + 4 <= end {
            let tag = le16(bytes, at)
            let length = Int(le16(bytes, at + 2))
            let body = at + 4
            guard body + length <= end else { return }
            if tag == 1 {
                var field = body
                func next() -> UInt64? {
                    guard field + 8 <= body + length else { return nil }
                    defer { field += 8 }
                    return le64(bytes, field)
                }
                if entry.uncompressedSize == 0xFFFF_FFFF, let v = next() { entry.uncompressedSize = v }
                if entry.compressedSize == 0xFFFF_FFFF, let v = next() { entry.compressedSize = v }
                if entry.localHeaderOffset == 0xFFFF_FFFF, let v = next() { entry.localHeaderOffset = v }
                return
            }
            at = body + length
        }
    }

    // MARK: Reading

    /// The contents of `entry`, inflated, counting every byte against the
    /// limits and the operation's `budget` (bytes it may still inflate).
    ///
    /// - Parameter enough: when given, reading stops (without a checksum) as
    ///   soon as it returns `true` for the bytes so far; used to read only
    ///   the head of a document.
    /// - Throws: ``EPUBError``: encrypted, an unsupported method, damaged
    ///   (no local header, data past the end of the file, not inflating,
    ///   a wrong checksum), or past a limit or the budget.
    @_spi(Fuzzing) public func contents(
        of entry: ZipEntry, limits: EPUBLimits, budget: inout Int, enough: (([UInt8]) -> Bool)? = nil
    ) throws(EPUBError) -> [UInt8] {
        let name = entry.name
        guard !entry.isEncrypted else { throw .encrypted(file: fileName) }
        guard let header = Self.pread(descriptor, at: entry.localHeaderOffset, count: 30),
              Self.le32(header, 0) == 0x0403_4B50
        else { throw .damagedEntry(file: fileName, entry: name, reason: "its local header is missing") }
        let dataOffset = entry.localHeaderOffset + 30 + UInt64(Self.le16(header, 26)) + UInt64(Self.le16(header, 28))
        guard dataOffset <= fileSize, entry.compressedSize <= fileSize - dataOffset else {
            throw .damagedEntry(file: fileName, entry: name, reason: "its data runs past the end of the file")
        }
        switch entry.method {
        case 0:
            // A head is all a prefix read wants of a stored entry.
            let count = enough == nil ? Int(entry.compressedSize) : min(Int(entry.compressedSize), 256 << 10)
            guard count <= limits.maximumEntryBytes else {
                throw .entryTooLarge(file: fileName, entry: name, limit: limits.maximumEntryBytes)
            }
            guard count <= budget else { throw .totalTooLarge(file: fileName, limit: limits.maximumTotalBytes) }
            guard let bytes = Self.pread(descriptor, at: dataOffset, count: count) else {
                throw .damagedEntry(file: fileName, entry: name, reason: "its data ends early")
            }
            budget -= count
            if enough == nil, CRC32.checksum(bytes) != entry.crc32 {
                throw .damagedEntry(file: fileName, entry: name, reason: "its checksum does not match")
            }
            return bytes
        case 8:
            return try inflate(entry, at: dataOffset, limits: limits, budget: &budget, enough: enough)
        default:
            throw .unsupportedCompression(file: fileName, entry: name, method: Int(entry.method))
        }
    }

    private func inflate(
        _ entry: ZipEntry, at dataOffset: UInt64, limits: EPUBLimits, budget: inout Int,
        enough: (([UInt8]) -> Bool)?
    ) throws(EPUBError) -> [UInt8] {
        guard entry.compressedSize <= UInt64(Int.max) else {
            throw .damagedEntry(file: fileName, entry: entry.name, reason: "its data ends early")
        }
        // The compressed bytes, and no more: a damaged stream cannot read past its entry.
        // A head comes from the first 16 KB, unless they run out before it is complete.
        let whole = Int(entry.compressedSize)
        var count = enough == nil ? whole : min(whole, 16 << 10)
        // The most it may inflate to: the entry limit, the operation's budget, and past the
        // ratio threshold, the ratio times the compressed size. Counted as it inflates: headers lie.
        let (byRatio, overflow) = UInt64(max(0, limits.maximumRatio)).multipliedReportingOverflow(by: max(entry.compressedSize, 1))
        let ratioLimit = overflow ? Int.max : max(limits.ratioThreshold, Int(min(byRatio, UInt64(Int.max))))
        let limit = min(limits.maximumEntryBytes, budget, ratioLimit)
        var output: [UInt8] = []
        while true {
            guard let compressed = Self.pread(descriptor, at: dataOffset, count: count) else {
                throw .damagedEntry(file: fileName, entry: entry.name, reason: "its data ends early")
            }
            do {
                output = try Inflater.inflate(compressed, limit: limit, enough: enough)
                break
            } catch .truncated where count < whole {
                count = whole
            } catch {
                throw map(error, entry: entry, limits: limits, limit: limit, ratioLimit: ratioLimit)
            }
        }
        budget -= output.count
        if enough == nil, CRC32.checksum(output) != entry.crc32 {
            throw .damagedEntry(file: fileName, entry: entry.name, reason: "its checksum does not match")
        }
        return output
    }

    /// The book's error for an inflater's failure on `entry`, which had `limit` bytes to inflate into.
    private func map(_ failure: Inflater.Failure, entry: ZipEntry, limits: EPUBLimits, limit: Int, ratioLimit: Int) -> EPUBError {
        switch failure {
        case .tooLarge:
            if limit == limits.maximumEntryBytes { return .entryTooLarge(file: fileName, entry: entry.name, limit: limits.maximumEntryBytes) }
            if limit == ratioLimit { return .compressionRatio(file: fileName, entry: entry.name, ratio: limits.maximumRatio) }
            return .totalTooLarge(file: fileName, limit: limits.maximumTotalBytes)
        default:
            return .damagedEntry(file: fileName, entry: entry.name, reason: "it does not inflate")
        }
    }

    // MARK: Bytes

    private static func pread(_ fd: Int32, at offset: UInt64, count: Int) -> [UInt8]? {
        guard count >= 0, offset <= UInt64(Int64.max) else { return nil }
        if count == 0 { return [] }
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = preadAll(fd, buffer.baseAddress!, count, at: offset)
        }
        return bytes.count == count ? bytes : nil
    }

    /// Reads up to `count` bytes at `offset`, retrying short reads; returns how many arrived.
    private static func preadAll(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, at offset: UInt64) -> Int {
        var done = 0
        while done < count {
            let n = readAt(fd, buffer + done, count - done, off_t(offset) + off_t(done))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        return done
    }

    private static func le16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    private static func le32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
    private static func le64(_ b: [UInt8], _ i: Int) -> UInt64 {
        UInt64(le32(b, i)) | UInt64(le32(b, i + 4)) << 32
    }
}
