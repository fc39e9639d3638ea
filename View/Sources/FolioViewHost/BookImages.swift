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
        /// It cannot be read, for this reason: its page says so.
        case unreadable(String)
    }

    private struct Key: Hashable, Sendable {
        var path: String
        var box: PixelSize
    }

    private struct Kept {
        /// The picture, or an animation's frames (their delays in ``delays``).
        var frames: [Texture]
        /// Seconds the file asks each frame to be shown; empty for a still picture.
        var delays: [Double]
        /// The size asked for (the texture is at most that, never larger than the picture).
        var box: PixelSize
        var used: Int
        /// Whether it is a preview (a large photo's first scan) standing in while the photo is decoded.
        var isPreview = false

        /// The bytes its frames hold.
        var bytes: Int { frames.reduce(0) { $0 + $1.bytes } }
    }

    /// Part of a picture decoded sharper than its page's copy: `region` in the upright
    /// picture's pixels, at `scale` picture pixels per texture pixel.
    struct Detail {
        var path: String
        var region: PixelRect
        var scale: Double
        var texture: Texture
    }

    /// A detail asked for.
    private struct DetailKey: Hashable, Sendable {
        var path: String
        var region: PixelRect
        var scale: Double
    }

    /// Results handed from the queue to the main thread: a decode finished, or a preview of one
    /// still under way (``PhotoDecoder/preview(path:box:)``).
    private final class Inbox: Sendable {
        let finished = Mutex<[(Key, Result<DecodedPhoto, PhotoDecoder.DecodeError>, isPreview: Bool)]>([])
        let details = Mutex<[(DetailKey, Result<DecodedPhoto, PhotoDecoder.DecodeError>)]>([])
        /// Set when the window closes: jobs not started are skipped, and none posts an event.
        let closed = Mutex(false)
    }

    /// The SDL event type posted when a decode finishes.
    let eventType: UInt32
    /// The book the pictures are in (a folder's photos taking over from the one opened keep the pictures decoded).
    var source: any BookSource
    private let renderer: OpaquePointer
    /// Concurrent: the two pages of a spread decode side by side (MuPDF draws in a context of its own per call).
    private let queue = DispatchQueue(label: "folio-view.book-images", qos: .userInitiated, attributes: .concurrent)
    private let inbox = Inbox()
    private var kept: [String: Kept] = [:]
    private var pending: Set<Key> = []
    /// The pictures that cannot be read, and why.
    private var unreadable: [String: String] = [:]
    /// The pictures shown in part (their files end early, their animations are too large), and why.
    private var shortfalls: [String: DecodedPhoto.Shortfall] = [:]
    private var clock = 0
    /// The sharper part of a zoomed picture held, the one being decoded, and whether a newer one is wanted.
    private(set) var detail: Detail?
    private var detailInFlight: DetailKey?
    private var detailWanted: (key: DetailKey, file: String, shownSize: PixelSize)?
    /// Writes a line per decode finished or failed, when set.
    var trace: ((String) -> Void)?
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
        queue.sync(flags: .barrier) {}
    }

    /// Whether decodes are under way.
    var isDecoding: Bool { decodes > 0 }

    /// How many decodes are under way.
    var decodes: Int { pending.count + (detailInFlight == nil ? 0 : 1) }

    /// Whether the picture at `path` is being decoded, at any size.
    func isPending(_ path: String) -> Bool { pending.contains { $0.path == path } }

    /// Why the picture at `path` is shown only in part (its file ends early, its animation is too large); nil when whole.
    func shortfall(of path: String) -> DecodedPhoto.Shortfall? { shortfalls[path] }

    /// The seconds the file of the animated picture at `path` asks each frame to be shown, once its
    /// frames are decoded; nil for a still picture, or one not decoded yet.
    func delays(of path: String) -> [Double]? {
        guard let delays = kept[path]?.delays, !delays.isEmpty else { return nil }
        return delays
    }

    /// Whether the picture at `path` is decoded at some size (not only previewed).
    func isReady(_ path: String) -> Bool { kept[path].map { !$0.isPreview } ?? false }

    /// Whether the picture at `path` is shown from its preview while it is decoded.
    func isPreviewed(_ path: String) -> Bool { kept[path]?.isPreview ?? false }

    /// The picture at `path` shrunk to fit `size` pixels (the size it is drawn
    /// at; never larger than the picture itself): its texture (an animation's
    /// frame `frame`, counted round its frames), or a decode started (or under
    /// way), or unreadable. A texture kept for another size is decoded again.
    func texture(_ path: String, size: PixelSize, frame: Int = 0) -> Lookup {
        clock += 1
        if var entry = kept[path], entry.box == size {
            entry.used = clock
            kept[path] = entry
            return .ready(entry.frames[frame % entry.frames.count])
        }
        if let reason = unreadable[path] { return .unreadable(reason) }
        let key = Key(path: path, box: size)
        if pending.contains(key) { return .pending }
        // A picture drawn at its size (a PDF's page) is drawn on the queue, at the size shown; a photo
        // is read from its file there; a book's stored bytes are read here.
        let renderer = source.renderer
        let file = renderer == nil ? source.file(path) : nil
        let data = renderer == nil && file == nil ? source.resource(path) : nil
        guard renderer != nil || file != nil || !(data ?? []).isEmpty else {
            let reason = "the book does not hold it"
            unreadable[path] = reason
            return .unreadable(reason)
        }
        pending.insert(key)
        let post: @Sendable () -> Void = { [inbox, eventType] in
            guard !inbox.closed.withLock({ $0 }) else { return }
            var event = SDL_Event()
            event.type = eventType
            SDL_PushEvent(&event)
        }
        // A large photo shown for the first time is seen at once from its EXIF thumbnail, then
        // from its first scan, on the other core, while it is decoded whole; sharp when decoded.
        if kept[path] == nil, let file {
            // The first photo's thumbnail, read at the program's start, is taken here at once.
            let early = PhotoDecoder.EarlyScan.thumbnail(for: file)
            if let early {
                inbox.finished.withLock { $0.append((key, .success(early), true)) }
                post()
            }
            queue.async { [inbox] in
                guard !inbox.closed.withLock({ $0 }) else { return }
                if early == nil, let thumbnail = PhotoDecoder.thumbnail(path: file) {
                    inbox.finished.withLock { $0.append((key, .success(thumbnail), true)) }
                    post()
                }
                guard !inbox.closed.withLock({ $0 }), let preview = PhotoDecoder.preview(path: file, box: size) else { return }
                inbox.finished.withLock { $0.append((key, .success(preview), true)) }
                post()
            }
        }
        queue.async { [inbox] in
            guard !inbox.closed.withLock({ $0 }) else { return }
            let result: Result<DecodedPhoto, PhotoDecoder.DecodeError> = if let renderer {
                renderer.render(path, fitting: ImageSize(width: size.width, height: size.height)).map { drawn in
                    let drawnSize = PixelSize(width: drawn.size.width, height: drawn.size.height)
                    return .success(DecodedPhoto(rgba: drawn.rgba, size: drawnSize, fullSize: drawnSize))
                } ?? .failure(PhotoDecoder.DecodeError(description: "cannot draw \(path)"))
            } else if let file {
                PhotoDecoder.decode(path: file, box: size)
            } else {
                PhotoDecoder.decode(bytes: data ?? [], named: path, box: size)
            }
            inbox.finished.withLock { $0.append((key, result, false)) }
            post()
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
        for (key, result, isPreview) in done {
            // A preview stands in while the decode goes on, and is not wanted once it is done.
            if isPreview && (!pending.contains(key) || kept[key.path].map { !$0.isPreview } == true) { continue }
            if !isPreview { pending.remove(key) }
            switch result {
            case .success(let decoded):
                let frames = (decoded.animation?.frames ?? [decoded.rgba]).compactMap { Texture(renderer: renderer, rgba: $0, size: decoded.size) }
                guard frames.count == decoded.animation?.frames.count ?? 1 else {
                    unreadable[key.path] = "cannot make a texture: \(Screen.lastError)"
                    continue
                }
                let animated = decoded.animation.map { ", \($0.frames.count) frames" } ?? ""
                trace?("\(isPreview ? "preview of" : "decoded") \(Self.name(of: key.path)) \(decoded.fullSize) to \(decoded.size)\(animated)"
                       + (decoded.shortfall.map { ": \($0.notice(for: Self.name(of: key.path)))" } ?? ""))
                shortfalls[key.path] = decoded.shortfall
                clock += 1
                if let old = kept[key.path] { bytes -= old.bytes }
                let entry = Kept(frames: frames, delays: decoded.animation?.delays ?? [], box: key.box, used: clock, isPreview: isPreview)
                kept[key.path] = entry
                bytes += entry.bytes
                evict(keeping: key.path)
            case .failure(let error):
                unreadable[key.path] = error.description
                // Its preview, if one was shown, goes with it: the page says why instead.
                if let old = kept.removeValue(forKey: key.path) { bytes -= old.bytes }
                trace?("failed \(Self.name(of: key.path)): \(error)")
            }
        }
        return collectDetails() || !done.isEmpty
    }

    /// The last part of a picture's path, for messages.
    static func name(of path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    // MARK: Details

    /// The sharper part held for the picture at `path` under `zoom`, when the copy drawn at
    /// `held` pixels is coarser than the zoom shows; asks for it (one at a time, the latest
    /// wish kept) when the part held does not cover the window at that sharpness. Only a
    /// picture that is a file of its own (a photo) has parts decoded; nil otherwise.
    func detail(for path: String, zoom: PhotoZoom, held: PixelSize) -> Detail? {
        guard let file = source.file(path), zoom.isZoomed else { return nil }
        let needed = min(1, zoom.scale)
        guard needed > Double(held.width) / Double(max(1, zoom.image.width)) * 1.05 else { return nil }
        if let detail, detail.path == path, detail.region.contains(zoom.visibleRegion), detail.scale >= needed * 0.99 { return detail }
        let wish = (key: DetailKey(path: path, region: zoom.detailRegion, scale: needed), file: file, shownSize: zoom.image)
        if detailInFlight == nil { startDetail(wish) } else { detailWanted = wish }
        return detail?.path == path ? detail : nil
    }

    private func startDetail(_ wish: (key: DetailKey, file: String, shownSize: PixelSize)) {
        detailInFlight = wish.key
        queue.async { [inbox, eventType] in
            guard !inbox.closed.withLock({ $0 }) else { return }
            let result = PhotoDecoder.decodeDetail(path: wish.file, region: wish.key.region, shownSize: wish.shownSize, scale: wish.key.scale)
            inbox.details.withLock { $0.append((wish.key, result)) }
            guard !inbox.closed.withLock({ $0 }) else { return }
            var event = SDL_Event()
            event.type = eventType
            SDL_PushEvent(&event)
        }
    }

    /// Takes the finished detail, then starts the one wanted meanwhile; returns whether one came.
    private func collectDetails() -> Bool {
        let done = inbox.details.withLock { details in
            defer { details.removeAll() }
            return details
        }
        for (key, result) in done {
            detailInFlight = nil
            switch result {
            case .success(let decoded):
                if let texture = Texture(renderer: renderer, rgba: decoded.rgba, size: decoded.size) {
                    detail = Detail(path: key.path, region: key.region, scale: key.scale, texture: texture)
                    trace?("detail \(Self.name(of: key.path)) \(key.region) to \(decoded.size)")
                }
            case .failure(let error):
                trace?("detail \(Self.name(of: key.path)) failed: \(error)")
            }
        }
        if detailInFlight == nil, let wish = detailWanted {
            detailWanted = nil
            startDetail(wish)
        }
        return !done.isEmpty
    }

    /// Drops the sharper part (the zoom ended or moved to another picture).
    func dropDetail() {
        detail = nil
        detailWanted = nil
    }

    /// Drops the least recently used textures until the budget holds (never `path`'s).
    private func evict(keeping path: String) {
        while bytes > Self.budget, let oldest = kept.filter({ $0.key != path }).min(by: { $0.value.used < $1.value.used }) {
            bytes -= oldest.value.bytes
            kept[oldest.key] = nil
        }
    }
}
