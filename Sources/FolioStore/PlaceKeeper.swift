import Folio
import FolioReading

/// Keeps one document's reading place between runs, for any host: which
/// saved place belongs to it, and where to save the next.
///
/// A file is known by its resolved path plus a ``ContentFingerprint`` of
/// its first 4 KB, checked on load, so `touch` and appended text keep the
/// place and a different file under the same name does not inherit it.
/// Text with no path of its own — standard input, a FIFO, the guide — is
/// known by the fingerprint alone, which a stream can tell only once its
/// first 4 KB (or all of it) have arrived: until then ``isKnown`` is false
/// and ``restoreWhenKnown()`` returns the place once it can.
///
/// ```swift
/// var place = PlaceKeeper(document: document, source: .file(path: path), store: store)
/// var session = ReadingSession(document: document, measurer: measurer, viewport: viewport, restoring: place.restore())
/// // on each SessionEffect.save(position), and on quit:
/// try place.save(position)
/// ```
public struct PlaceKeeper {
    /// How the document is known.
    public enum Source: Hashable, Sendable {
        /// A regular file at this path.
        case file(path: String)
        /// Text known by its first bytes: a stream, the guide.
        case content
    }

    /// The document whose place is kept.
    public let document: Document
    /// How it is known.
    public let source: Source
    /// Where places are kept; nil keeps nothing (`--forget`, or no state folder).
    public let store: JSONFilePositionStore?
    private var key: (identity: DocumentIdentity, fingerprint: ContentFingerprint?)?
    private var restored = false

    /// A keeper for `document`, known as `source`, in `store`.
    public init(document: Document, source: Source, store: JSONFilePositionStore?) {
        self.document = document
        self.source = source
        self.store = store
    }

    /// Whether the document can be told apart yet (a stream needs its first bytes).
    public var isKnown: Bool { key != nil || identify() != nil }

    /// The place saved for the document, if there is one and the document
    /// can be told apart now. Call it once, when opening.
    public mutating func restore() -> ReadingPosition? {
        guard store != nil, let key = identify() else { return nil }
        self.key = key
        restored = true
        return store?.load(for: key.identity) { accepts($0) }
    }

    /// The saved place of a stream whose first bytes have now arrived: the
    /// place once, then nil (and nil for a document already restored).
    public mutating func restoreWhenKnown() -> ReadingPosition? {
        guard !restored else { return nil }
        return restore()
    }

    /// Saves `position` with the document's fingerprint; does nothing while
    /// the document cannot be told apart or there is no store.
    public mutating func save(_ position: ReadingPosition) throws(PositionStoreError) {
        if key == nil { key = identify() }
        guard let store, let key else { return }
        try store.save(position, fingerprint: key.fingerprint, for: key.identity)
    }

    /// The identity and fingerprint, once they can be known.
    private func identify() -> (identity: DocumentIdentity, fingerprint: ContentFingerprint?)? {
        if let key { return key }
        switch source {
        case .file(let path):
            guard let identity = try? DocumentIdentity.location(ofFileAtPath: path) else { return nil }
            return (identity, ContentFingerprint.of(fileAtPath: path))
        case .content:
            let text = document.text
            guard text.count >= ContentFingerprint.length || text.isComplete else { return nil }
            let prefix = text.withBytes(0..<ContentFingerprint.length) { Array($0) }
            let fingerprint = ContentFingerprint(prefix: prefix)
            return (DocumentIdentity(key: "content \(fingerprint.byteCount) bytes fnv1a64 \(fingerprint.hash)"), fingerprint)
        }
    }

    /// Whether a saved fingerprint fits the document as it is now.
    private func accepts(_ saved: ContentFingerprint?) -> Bool {
        guard let saved else { return false }
        switch source {
        case .file(let path): return saved.matches(fileAtPath: path)
        case .content: return document.text.withBytes(0..<saved.byteCount) { saved.matches(prefixOf: $0) }
        }
    }
}
