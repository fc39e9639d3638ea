import Folio
import FolioStore
#if canImport(Glibc)
import Glibc
#endif

/// The position file (`PositionFile`, read and written by
/// `JSONFilePositionStore`), through the store's public API: each input is
/// the file's bytes.
///
/// Properties, for every input:
/// - reading never crashes: a file gives a position, or is ignored with a
///   warning whose message is one non-empty line;
/// - a file written for another document is refused as such, and read as
///   that document's file, decodes or is ignored like any other;
/// - whatever decodes, saved again (with the fingerprint it came with) and
///   read back, gives the same position (its marks included) and fingerprint.
enum PositionFileTarget: FuzzTarget {
    static let name = "position-file"
    static let summary = "JSONFilePositionStore/PositionFile: decode never crashes; decoded re-encodes to the same value"

    nonisolated(unsafe) static var store = JSONFilePositionStore(directory: "/tmp")
    static let identity = DocumentIdentity(key: "fuzz")

    static func prepare() {
        store = JSONFilePositionStore(directory: scratchPath("-positions"))
        do {
            try store.save(ReadingPosition(anchor: 0, page: 0, pageCount: 1), for: identity)
        } catch {
            require(false, "cannot make the scratch store: \(error)")
        }
        // The scratch store goes when the run ends (libFuzzer exits through exit()).
        atexit {
            unlink(PositionFileTarget.store.path(for: PositionFileTarget.identity))
            rmdir(PositionFileTarget.store.directory)
        }
    }

    static func check(_ input: UnsafeRawBufferPointer) {
        var reading = readFile(input, as: identity)
        var owner = identity
        // One file per document named: millions of inputs must not leave millions of files.
        defer { if owner != identity { unlink(store.path(for: owner)) } }
        if case .ignored(.otherDocument(_, let stored)) = reading {
            owner = stored
            reading = readFile(input, as: stored)
            if case .ignored(.otherDocument) = reading {
                require(false, "a file for \(stored) is refused as another document's: \(reading)")
            }
        }
        switch reading {
        case .missing:
            require(false, "the file just written is missing")
        case .ignored(let warning):
            let message = warning.description
            require(!message.isEmpty && !message.contains("\n"), "the warning is not one line: \(message)")
        case .found(let position):
            var fingerprint: ContentFingerprint?
            _ = store.load(for: owner) { fingerprint = $0; return true }
            do {
                try store.save(position, fingerprint: fingerprint, for: owner)
            } catch {
                require(false, "cannot save \(position) for \(owner): \(error)")
            }
            var again: ContentFingerprint?
            let reread = store.load(for: owner) { again = $0; return true }
            require(reread == position, "saved \(position), read back \(reread.map(String.init(describing:)) ?? "nothing")")
            require(again == fingerprint, "saved fingerprint \(String(describing: fingerprint)), read back \(String(describing: again))")
        }
    }

    /// Writes `bytes` as the position file of `identity` and reads it.
    private static func readFile(_ bytes: UnsafeRawBufferPointer, as identity: DocumentIdentity) -> JSONFilePositionStore.Reading {
        writeScratch(bytes, to: store.path(for: identity))
        return store.read(for: identity)
    }
}
