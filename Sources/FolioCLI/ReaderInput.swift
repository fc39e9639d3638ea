#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Folio
import FolioReading
import FolioStore
import FolioFormats
import FolioInput

/// What folio reads: a file, a stream (standard input, a FIFO, a device),
/// or the bundled guide.
struct ReaderInput {
    /// The document.
    let document: Document
    /// The descriptor a stream's bytes come from (non-blocking), or nil.
    let streamDescriptor: Int32?
    /// How the document is known to the position store.
    let source: Source
    /// For a `.gz` or a LESSOPEN pipe: what turns the descriptor's bytes into the text.
    var feed: StreamFeed? = nil
    /// For a file LESSOPEN replaced: what to tidy up at the end (``close()``).
    var preprocessed: Preprocessed? = nil
    /// For a photo opened alone (the document): its folder's photos, to take over at its part.
    var photoFolder: PhotoFolder? = nil

    /// A photo's folder: its path, and its photos as a document showing the photo opened at `part`.
    struct PhotoFolder {
        let path: String
        let document: Document
        let part: Int
    }

    enum Source {
        /// A regular file at this path.
        case file(String)
        /// A stream: known by the fingerprint of its first bytes once they have arrived.
        case stream
        /// The guide.
        case guide
    }

    /// Why there is nothing to read; each message is one line for standard error.
    enum Failure: Error, CustomStringConvertible {
        case open(Document.OpenError)
        case book(BookOpener.Failure)
        case standardInputIsATerminal
        /// LESSOPEN named a replacement file that cannot be opened.
        case replacement(file: String, Document.OpenError)

        var description: String {
            switch self {
            case .open(let error): "\(error)"
            case .book(let error): "\(error)"
            case .standardInputIsATerminal: "folio: standard input is a terminal; pipe something in, or give a file"
            case .replacement(let file, let error):
                "folio: \(file): LESSOPEN named a replacement file, \(error.problem); check the LESSOPEN command, or unset LESSOPEN"
            }
        }
    }

    /// Opens `argument`: a path, `-` for standard input, or nothing (standard
    /// input when it is not a terminal, else the guide).
    ///
    /// What folio reads itself comes first: an EPUB, a `.gz` (inflated as it is
    /// read). Then, when `lessopen` is true and `LESSOPEN` is set, the input
    /// preprocessor as less runs it (see ``preprocessed(_:by:)``); then the file.
    ///
    /// With `photos` (a terminal that shows them), a picture file is a photo: shown at once,
    /// its folder's photos taking over around it (``ReadingLoop/adopt(_:showingPart:)``);
    /// otherwise its bytes, as less shows them.
    static func open(_ argument: String?, lessopen: Bool = true, photos: Bool = false) throws(Failure) -> ReaderInput {
        switch argument {
        case nil:
            guard isatty(STDIN_FILENO) == 0 else {
                return ReaderInput(document: Guide.document, streamDescriptor: nil, source: .guide)
            }
            if lessopen, let preprocessor = Self.preprocessor(), let input = try preprocessed("-", by: preprocessor) { return input }
            return standardInput()
        case "-":
            guard isatty(STDIN_FILENO) == 0 else { throw .standardInputIsATerminal }
            if lessopen, let preprocessor = Self.preprocessor(), let input = try preprocessed("-", by: preprocessor) { return input }
            return standardInput()
        case let path?:
            if photos, let input = photo(path) { return input }
            do {
                if let book = try BookOpener.open(path: path) {
                    return ReaderInput(document: book, streamDescriptor: nil, source: .file(path))
                }
            } catch {
                throw .book(error)
            }
            if isGzip(path) { return try gzip(path) }
            if lessopen, let preprocessor = Self.preprocessor(), let input = try preprocessed(path, by: preprocessor) { return input }
            do {
                switch try Document.open(path: path) {
                case .file(let document): return ReaderInput(document: document, streamDescriptor: nil, source: .file(path))
                case .stream(let document, let fd): return ReaderInput(document: document, streamDescriptor: fd, source: .stream)
                }
            } catch {
                throw .open(error)
            }
        }
    }

    /// The photo at `path` shown alone, its folder listed to take over; nil when `path` is not
    /// a picture file whose header folio reads (a `.jpg` that is text stays text).
    static func photo(_ path: String) -> ReaderInput? {
        guard PhotoList.isImage(path) else { return nil }
        let (folder, opened) = PhotoList.folder(of: path)
        let alone = PhotoAlbum(list: PhotoList(names: [opened], opened: opened), title: PhotoAlbum.title(ofFolder: folder))
        guard !alone.part(at: 0).images.isEmpty else { return nil }
        let input = ReaderInput(document: Document(book: alone, path: opened), streamDescriptor: nil, source: .file(path))
        let list = PhotoList.listing(folder: folder, opened: opened)
        guard list.count > 1 else { return input }
        var shown = input
        shown.photoFolder = PhotoFolder(path: folder, document: Document(book: PhotoAlbum(list: list, title: alone.title), path: folder),
                                        part: list.firstIndex)
        return shown
    }

    /// Standard input as a growing document.
    static func standardInput() -> ReaderInput {
        _ = fcntl(STDIN_FILENO, F_SETFL, fcntl(STDIN_FILENO, F_GETFL) | O_NONBLOCK)
        return ReaderInput(document: Document(title: "stdin", format: .plain, text: StreamText()),
                           streamDescriptor: STDIN_FILENO, source: .stream)
    }

    /// How the position store knows this input.
    var placeSource: PlaceKeeper.Source {
        if case .file(let path) = source { return .file(path: path) }
        return .content
    }

    /// Reads what is waiting on the stream into `room` (a stream's own storage: see
    /// ``StreamText/append(upTo:from:)``). Returns the bytes read, 0 when none are
    /// ready, and whether the stream has ended.
    func readStream(into room: UnsafeMutableRawBufferPointer) -> (count: Int, ended: Bool) {
        if let feed { return feed.read(into: room) }
        guard let fd = streamDescriptor else { return (0, true) }
        return StreamFeed.read(fd, into: room)
    }
}
