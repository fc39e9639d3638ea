import CSDL2
import Dispatch
import FolioReading
import FolioViewCore
import Synchronization

/// A book's pictures as textures: decoded from the book's bytes on a
/// background queue when a page first shows them, and kept by path within
/// a byte budget.
///
/// Each picture is decoded with SDL_image and shrunk (``PhotoDecoder``'s
/// box filter) to the size it is drawn at, so a 3000 × 4000 cover on a
/// 600-pixel page holds 600 × 800 pixels, not 48 MB. Textures are dropped
/// least recently used first once they hold more than ``budget`` bytes. A
/// picture the book lacks or SDL_image cannot read is remembered as such,
/// and its page shows its alt text instead.
///
/// The book's bytes are read on the main thread (the archive is not shared
/// across threads); decoding and shrinking run on the queue, and each
/// finished job posts an SDL event of type ``eventType`` so the loop wakes
/// and the viewer takes the results (``collect()``) and redraws the pages.
@MainActor
final class BookImages {
    /// The most bytes of textures kept: 48 MB, about a dozen full-page pictures.
    static let budget = 48 << 20

    /// What there is for a picture at a size.
    enum Lookup {
        /// Its texture.
        case ready(Texture)
        /// Being decoded: its rows stay blank until it comes.
        case pending
        /// It cannot be read: its placeholder text is drawn.
        case unreadable
    }

    private struct Key: Hashable, Sendable {
        var path: String
        var box: PixelSize
    }

    private struct Kept {
        var texture: Texture
        /// The size asked for (the texture is at most that, never larger than the picture).
        var box: PixelSize
        var used: Int
    }

    /// Results handed from the queue to the main thread.
    private final class Inbox: Sendable {
        let finished = Mutex<[(Key, Result<DecodedPhoto, PhotoDecoder.DecodeError>)]>([])
        /// Set when the window closes: jobs not started are skipped, and none posts an event.
        let closed = Mutex(false)
    }

    /// The SDL event type posted when a decode finishes.
    let eventType: UInt32
    private let source: any BookSource
    private let renderer: OpaquePointer
    private let queue = DispatchQueue(label: "folio-view.book-images", qos: .userInitiated)
    private let inbox = Inbox()
    private var kept: [String: Kept] = [:]
    private var pending: Set<Key> = []
    private var unreadable: Set<String> = []
    private var clock = 0
    /// The bytes the kept textures hold.
    private(set) var bytes = 0

    /// A cache for `source`'s pictures, drawn with `renderer`, posting `eventType` (from `SDL_RegisterEvents`).
    init(source: any BookSource, renderer: OpaquePointer, eventType: UInt32) {
        self.source = source
        self.renderer = renderer
        self.eventType = eventType
    }

    /// Stops: jobs not started are dropped, the one running is waited for, and no event is posted
    /// after this returns (the window and SDL may go).
    func close() {
        inbox.closed.withLock { $0 = true }
        queue.sync {}
    }

    /// Whether decodes are under way.
    var isDecoding: Bool { !pending.isEmpty }

    /// The picture at `path` shrunk to fit `size` pixels (the size it is drawn
    /// at; never larger than the picture itself): its texture, or a decode
    /// started (or under way), or unreadable. A texture kept for another size
    /// is decoded again.
    func texture(_ path: String, size: PixelSize) -> Lookup {
        clock += 1
        if var entry = kept[path], entry.box == size {
            entry.used = clock
            kept[path] = entry
            return .ready(entry.texture)
        }
        if unreadable.contains(path) { return .unreadable }
        let key = Key(path: path, box: size)
        if pending.contains(key) { return .pending }
        // A picture drawn at its size (a PDF's page) is drawn on the queue, at the size shown; stored bytes are read here.
        let renderer = source.renderer
        let data = renderer == nil ? source.resource(path) : nil
        guard renderer != nil || !(data ?? []).isEmpty else {
            unreadable.insert(path)
            return .unreadable
        }
        pending.insert(key)
        queue.async { [inbox, eventType] in
            guard !inbox.closed.withLock({ $0 }) else { return }
            let result: Result<DecodedPhoto, PhotoDecoder.DecodeError> = if let renderer {
                renderer.render(path, fitting: ImageSize(width: size.width, height: size.height)).map { drawn in
                    let drawnSize = PixelSize(width: drawn.size.width, height: drawn.size.height)
                    return .success(DecodedPhoto(rgba: drawn.rgba, size: drawnSize, fullSize: drawnSize))
                } ?? .failure(PhotoDecoder.DecodeError(description: "cannot draw \(path)"))
            } else {
                PhotoDecoder.decode(bytes: data ?? [], named: path, box: size)
            }
            inbox.finished.withLock { $0.append((key, result)) }
            guard !inbox.closed.withLock({ $0 }) else { return }
            var event = SDL_Event()
            event.type = eventType
            SDL_PushEvent(&event)
        }
        return .pending
    }

    /// Takes the decodes finished since the last call into textures; returns
    /// whether any came (the pages showing them must be drawn again).
    func collect() -> Bool {
        let done = inbox.finished.withLock { finished in
            defer { finished.removeAll() }
            return finished
        }
        for (key, result) in done {
            pending.remove(key)
            switch result {
            case .success(let decoded):
                guard let texture = Texture(renderer: renderer, rgba: decoded.rgba, size: decoded.size) else {
                    unreadable.insert(key.path)
                    continue
                }
                clock += 1
                if let old = kept[key.path] { bytes -= old.texture.bytes }
                kept[key.path] = Kept(texture: texture, box: key.box, used: clock)
                bytes += texture.bytes
                evict(keeping: key.path)
            case .failure:
                unreadable.insert(key.path)
            }
        }
        return !done.isEmpty
    }

    /// Drops the least recently used textures until the budget holds (never `path`'s).
    private func evict(keeping path: String) {
        while bytes > Self.budget, let oldest = kept.filter({ $0.key != path }).min(by: { $0.value.used < $1.value.used }) {
            bytes -= oldest.value.texture.bytes
            kept[oldest.key] = nil
        }
    }
}
