import CLibArchive
import Folio
@_spi(Fuzzing) import FolioEPUB
#if canImport(Glibc)
import Glibc
#endif

/// The EPUB zip reader (`ZipArchive`, with zlib behind `Inflater`) against
/// libarchive's seekable zip reader, byte for byte, on the same file.
///
/// Each input is written to a scratch file and read twice: by our reader,
/// every entry the central directory lists; and by libarchive with its
/// seekable zip reader only (`archive_read_support_format_zip_seekable`, the
/// one of the two `archive_read_support_format_zip` registers that reads the
/// central directory, as ours does), every entry to its end.
///
/// When both read the same directory — the same records from the same offset
/// (see ``DirectoryLocation``) — libarchive lists one entry per local header,
/// in the order of their offsets, so each of its entries is paired with ours
/// exactly: the first directory record pointing at that local header.
///
/// Properties, for every input:
/// - every refusal of ours (not a zip, truncated, damaged, encrypted, over a
///   limit) is an `EPUBError` whose message is one line, in words;
/// - an entry ours reads, libarchive lists under the same name;
/// - an entry ours reads, libarchive reads to the same bytes, wherever it reads
///   it to its end with no error or warning (its checksum and both sizes right);
/// - an entry libarchive reads to its end with no error or warning (a regular
///   file, with data), ours does not call damaged.
///
/// Where the two differ by design, the properties stand aside:
/// - libarchive takes an entry's name, method and flags from its local header
///   (its checksum and sizes too, warning when they disagree), its name from an
///   Info-ZIP Unicode path field (0x7075) when there is one, turns an MS-DOS
///   name's backslashes into slashes, and ends a name at a NUL byte; ours takes
///   everything from the central directory, as the EPUB specification's readers
///   do, and keeps names as stored. Names are compared only where the local
///   header names the entry as the directory does, bytes only where it gives
///   the same method and encryption flags.
/// - libarchive finds the directory from the end record's position less the
///   directory's size and corrects every offset by the difference from the
///   offset the end record gives (for a zip with something before it), reads
///   records up to the next end signature whatever the count says, and looks
///   for the end record in the last 16 KB only; ours takes the offset and
///   count as given and looks in the last 64 KB. Inputs where they read
///   different directories are not compared.
/// - libarchive gives up on the whole archive at the first local header it
///   cannot read; ours reads every entry on its own. Entries after that point
///   are not compared.
/// - libarchive lists one entry per local header: of two directory records
///   pointing at one, only the first is compared.
/// - libarchive reads a directory or a symbolic link (by its record's
///   attributes) as empty, and gives a directory's name a trailing slash;
///   names are compared without one, bytes only for regular files.
/// - libarchive checks no checksum on an entry with no data; ours does (an
///   empty entry whose record claims a checksum other than 0 is damaged).
/// - ours refuses what EPUBs never need (encryption, methods other than
///   stored and deflate) and stops at ``limits``; libarchive reads further.
///   Neither is a damaged entry.
enum ZipTarget: FuzzTarget {
    static let name = "zip"
    static let summary = "EPUB zip reader against libarchive's: the same names and bytes, one-line refusals"

    /// Small enough that no input makes either reader hold much: 4 MB an entry
    /// (libarchive is read to one byte past it and no further).
    static let limits = EPUBLimits(maximumEntryBytes: 4 << 20, maximumEntries: 4096, maximumTotalBytes: 4 << 20)

    /// The scratch file each input is written to: in /dev/shm when there is one.
    nonisolated(unsafe) static var path = ""

    static func prepare() {
        // libarchive converts names flagged UTF-8 to the locale's encoding: make it UTF-8 too.
        setlocale(LC_ALL, "C.UTF-8")
        path = scratchPath(".zip")
        atexit { unlink(ZipTarget.path) }
    }

    static func check(_ input: UnsafeRawBufferPointer) {
        writeScratch(input, to: path)
        let archive: ZipArchive
        do {
            archive = try ZipArchive.open(path: path, fileName: "fuzz.zip", limits: limits)
        } catch {
            requireOneLine(error)
            return
        }
        var ours: [(entry: ZipEntry, result: Result<[UInt8], EPUBError>)] = []
        for entry in archive.entries {
            var budget = limits.maximumTotalBytes
            do {
                ours.append((entry, .success(try archive.contents(of: entry, limits: limits, budget: &budget))))
            } catch {
                requireOneLine(error)
                ours.append((entry, .failure(error)))
            }
        }

        // Two readers of two directories have nothing to compare.
        guard let directory = DirectoryLocation.ours(in: input), directory == DirectoryLocation.libarchives(in: input),
              directory.libarchiveRecordCount(in: input) == archive.entries.count else { return }
        // Ours in libarchive's order: one entry per local header (the first record naming it), by offset.
        var seen = Set<UInt64>()
        let listed = ours.filter { seen.insert($0.entry.localHeaderOffset).inserted }.sorted { $0.entry.localHeaderOffset < $1.entry.localHeaderOffset }
        for ((entry, result), theirs) in zip(listed, libarchiveReading()) {
            guard let local = LocalHeader(in: input, at: entry.localHeaderOffset) else { continue }
            let whole = theirs.isRegularFile ? theirs.bytes : nil
            switch result {
            case .success(let bytes):
                if theirs.headerIsClean, local.namesAlike(entry) {
                    require(theirs.name == comparable(entry.name), "ours reads \(quoted(entry.name)); libarchive names it \(quoted(theirs.name))")
                }
                if let whole, local.readsAlike(entry) {
                    require(whole == bytes, "ours reads \(quoted(entry.name)) as \(digest(bytes)); libarchive as \(digest(whole))")
                }
            case .failure(let error):
                guard case .damagedEntry = error, let whole, !whole.isEmpty, local.readsAlike(entry) else { continue }
                require(false, "libarchive reads \(quoted(entry.name)) whole (\(digest(whole)), its checksum right); ours: \(error.description.debugDescription)")
            }
        }
    }

    /// Stops the run unless `error`'s message is one non-empty line in words (not a Swift value dump).
    static func requireOneLine(_ error: EPUBError) {
        let message = error.description
        require(!message.isEmpty && !message.contains(where: \.isNewline), "the error's message is not one line: \(message.debugDescription)")
        require(!message.contains("(file:"), "the error's message is a Swift value, not words: \(message.debugDescription)")
    }

    // MARK: libarchive

    /// One entry as libarchive reads it.
    struct ReferenceEntry {
        /// Its name as ``comparable(_:)`` gives it.
        var name: String
        /// Whether its header read with no error or warning (a name that converts, the local
        /// header's checksum and sizes those of the directory).
        var headerIsClean: Bool
        /// Whether libarchive calls it a regular file (not a directory or a link, which read as empty).
        var isRegularFile: Bool
        /// Its bytes, when libarchive read them to the end with no error or warning (its checksum
        /// and both sizes right, the local header agreeing with the directory); nil otherwise.
        var bytes: [UInt8]?
    }

    /// The scratch file's entries as libarchive's seekable zip reader lists and reads them, in
    /// its order, up to the end or the first header it cannot read.
    static func libarchiveReading() -> [ReferenceEntry] {
        guard let handle = archive_read_new() else { return [] }
        defer { archive_read_free(handle) }
        archive_read_support_format_zip_seekable(handle)
        guard archive_read_open_filename(handle, path, 1 << 16) == ARCHIVE_OK else { return [] }
        var entries: [ReferenceEntry] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var entry: OpaquePointer?
            let status = archive_read_next_header(handle, &entry)
            guard status >= ARCHIVE_WARN, status != ARCHIVE_EOF, let entry else { break }
            let raw = archive_entry_pathname(entry).map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? ""
            // AE_IFREG, a cast in a macro that Swift does not import.
            let isRegularFile = archive_entry_filetype(entry) == 0o100000
            var bytes: [UInt8] = []
            var whole = status == ARCHIVE_OK
            while true {
                let count = buffer.withUnsafeMutableBytes { archive_read_data(handle, $0.baseAddress, $0.count) }
                if count == 0 { break }
                guard count > 0, bytes.count + count <= limits.maximumEntryBytes + 1 else {
                    whole = false
                    break
                }
                bytes.append(contentsOf: buffer[..<count])
            }
            entries.append(ReferenceEntry(name: comparable(raw), headerIsClean: status == ARCHIVE_OK, isRegularFile: isRegularFile,
                                          bytes: whole ? bytes : nil))
        }
        return entries
    }

    /// A name as both readers can give it: up to its first NUL (libarchive's names are C
    /// strings), without a trailing slash (libarchive adds one to every directory's).
    static func comparable(_ name: String) -> String {
        var name = String(name.prefix { $0 != "\0" })
        while name.hasSuffix("/") { name.removeLast() }
        return name
    }

    // MARK: Where each reader finds the directory

    /// Where a reader takes the central directory to start, read from the end record it chose.
    struct DirectoryLocation: Equatable {
        /// The file offset the directory is read from.
        var start: UInt64

        /// Where ours looks (`ZipArchive.readDirectory`): the last end record in the last
        /// 22 + 65,535 bytes whose comment fits in the file, at the offset it gives (the ZIP64
        /// record's when a 32-bit field is saturated).
        static func ours(in input: UnsafeRawBufferPointer) -> DirectoryLocation? {
            let tail = min(input.count, 22 + 65_535), tailStart = input.count - tail
            guard tail >= 22 else { return nil }
            var end = tail - 22
            while end >= 0, !(isEndRecord(input, at: tailStart + end) && end + 22 + Int(le16(input, tailStart + end + 20)) <= tail) {
                end -= 1
            }
            guard end >= 0 else { return nil }
            let at = tailStart + end
            guard le16(input, at + 10) == 0xFFFF || le32(input, at + 12) == 0xFFFF_FFFF || le32(input, at + 16) == 0xFFFF_FFFF else {
                return DirectoryLocation(start: UInt64(le32(input, at + 16)))
            }
            guard at >= 20, le32(input, at - 20) == 0x0706_4B50 else { return nil }
            let record = le64(input, at - 20 + 8)
            guard record < UInt64(at), Int(record) + 56 <= input.count, le32(input, Int(record)) == 0x0606_4B50 else { return nil }
            return DirectoryLocation(start: le64(input, Int(record) + 48))
        }

        /// Where libarchive's seekable reader looks (`archive_read_format_zip_seekable_bid`,
        /// `slurp_central_directory`, libarchive 3.6): the last end record in the last 16 KB
        /// (not at the very start of them), the ZIP64 record's offset when a valid locator
        /// precedes it, else the end record's offset less the directory's size — and the offsets
        /// it gives are corrected by the difference, which only agrees with ours when there is none.
        static func libarchives(in input: UnsafeRawBufferPointer) -> DirectoryLocation? {
            let tail = min(16 << 10, input.count), tailStart = input.count - tail
            var end = tail - 22
            while end > 0, !isEndRecord(input, at: tailStart + end) { end -= 1 }
            guard end > 0 else { return nil }
            let at = tailStart + end
            if at >= 20, le32(input, at - 20) == 0x0706_4B50, le32(input, at - 20 + 4) == 0, le32(input, at - 20 + 16) == 1 {
                let record = le64(input, at - 20 + 8)
                if record <= UInt64(input.count), input.count - Int(record) >= 56 {
                    let r = Int(record)
                    let size = le64(input, r + 4) &+ 12
                    if (56...16384).contains(size), UInt64(input.count - r) >= size, le32(input, r + 16) == 0, le32(input, r + 20) == 0,
                       le64(input, r + 24) == le64(input, r + 32) {
                        return DirectoryLocation(start: le64(input, r + 48))
                    }
                }
            }
            let size = UInt64(le32(input, at + 12)), offset = UInt64(le32(input, at + 16))
            guard le16(input, at + 4) == 0, le16(input, at + 6) == 0, le16(input, at + 8) == le16(input, at + 10),
                  offset + size <= UInt64(at), UInt64(at) - size == offset else { return nil }
            return DirectoryLocation(start: offset)
        }

        /// How many directory records libarchive reads from here (`slurp_central_directory`):
        /// records up to the next end signature (the ZIP64 one or the plain one), whatever count
        /// the end record gives; nil when it cannot read them all (then it lists nothing).
        func libarchiveRecordCount(in input: UnsafeRawBufferPointer) -> Int? {
            guard start <= UInt64(input.count) else { return nil }
            var at = Int(start), count = 0
            while true {
                guard input.count - at >= 4 else { return nil }
                let signature = le32(input, at)
                if signature == 0x0606_4B50 || signature == 0x0605_4B50 { return count }
                guard signature == 0x0201_4B50, input.count - at >= 46 else { return nil }
                let name = Int(le16(input, at + 28)), extra = Int(le16(input, at + 30)), comment = Int(le16(input, at + 32))
                guard input.count - at - 46 >= name + extra else { return nil }
                at += 46 + name + extra + comment
                count += 1
            }
        }

        static func isEndRecord(_ input: UnsafeRawBufferPointer, at i: Int) -> Bool { le32(input, i) == 0x0605_4B50 }
    }

    static func le16(_ b: UnsafeRawBufferPointer, _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    static func le32(_ b: UnsafeRawBufferPointer, _ i: Int) -> UInt32 { UInt32(le16(b, i)) | UInt32(le16(b, i + 2)) << 16 }
    static func le64(_ b: UnsafeRawBufferPointer, _ i: Int) -> UInt64 { UInt64(le32(b, i)) | UInt64(le32(b, i + 4)) << 32 }

    // MARK: Local headers

    /// The fields of a local header that libarchive reads in place of the directory's.
    struct LocalHeader {
        var name: [UInt8]
        var method: UInt16
        var flags: UInt16
        /// The "version made by" system: 0 is MS-DOS, whose backslashes libarchive turns into slashes.
        var system: UInt8
        /// Whether its extra field holds an Info-ZIP Unicode path (0x7075), which libarchive names the entry by.
        var hasUnicodePath: Bool

        /// The local header at `offset` in `input`, or nil when there is none whole.
        init?(in input: UnsafeRawBufferPointer, at offset: UInt64) {
            guard offset <= UInt64(input.count), input.count - Int(offset) >= 30 else { return nil }
            let at = Int(offset)
            func le16(_ i: Int) -> UInt16 { UInt16(input[at + i]) | UInt16(input[at + i + 1]) << 8 }
            func le32(_ i: Int) -> UInt32 { UInt32(le16(i)) | UInt32(le16(i + 2)) << 16 }
            guard le32(0) == 0x0403_4B50 else { return nil }
            let nameLength = Int(le16(26)), extraLength = Int(le16(28))
            guard input.count - at - 30 >= nameLength + extraLength else { return nil }
            system = input[at + 5]
            flags = le16(6)
            method = le16(8)
            name = Array(input[(at + 30)..<(at + 30 + nameLength)])
            var field = at + 30 + nameLength
            let end = field + extraLength
            var unicodePath = false
            while field + 4 <= end {
                let tag = UInt16(input[field]) | UInt16(input[field + 1]) << 8
                let length = Int(UInt16(input[field + 2]) | UInt16(input[field + 3]) << 8)
                if tag == 0x7075 { unicodePath = true }
                field += 4 + length
            }
            hasUnicodePath = unicodePath
        }

        /// Whether libarchive names the entry as `entry`'s directory record does (up to the
        /// differences ``comparable(_:)`` irons out).
        func namesAlike(_ entry: ZipEntry) -> Bool {
            String(decoding: name, as: UTF8.self) == entry.name && !hasUnicodePath && !(system == 0 && name.contains(0x5C) && !name.contains(0x2F))
        }

        /// Whether libarchive reads the data as `entry`'s directory record says: the same method
        /// and encryption flags (a differing checksum or size makes it warn, so it gives no bytes).
        func readsAlike(_ entry: ZipEntry) -> Bool {
            method == entry.method && flags & 0x41 == entry.flags & 0x41
        }
    }

    // MARK: Messages

    /// `name` in quotes, with control characters escaped, for a property's message.
    static func quoted(_ name: String) -> String { name.debugDescription }

    /// `bytes` in short for messages: their count, the first few in hex and their FNV-1a hash.
    static func digest(_ bytes: [UInt8]) -> String {
        let head = bytes.prefix(8).map { String($0, radix: 16) }.joined(separator: " ")
        return "\(bytes.count) bytes [\(head)…] fnv \(String(FNV1a64.hash(bytes), radix: 16))"
    }
}
