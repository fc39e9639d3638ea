#if canImport(Glibc)
import Glibc
#endif
import CJPEGDecode
import CPNGDecode
import CSDL2
import Dispatch
import Folio
import FolioViewCore
import FolioReading
import Synchronization

/// A photo decoded and shrunk to the window, off the main thread: RGBA
/// bytes at ``size``, and the size of the file's full image.
public struct DecodedPhoto: Sendable {
    /// RGBA bytes, 4 per pixel, rows packed (an animation's first frame).
    public var rgba: [UInt8]
    /// The size decoded to (fits the window).
    public var size: PixelSize
    /// The full image's size in the file.
    public var fullSize: PixelSize
    /// Why less than the whole file is shown (it ends early, its animation is too large); nil when whole.
    public var shortfall: Shortfall? = nil
    /// Every frame of an animated picture, at ``size``; nil for a still one.
    public var animation: DecodedAnimation? = nil

    /// Why a picture is shown only in part.
    public enum Shortfall: Hashable, Sendable, CustomStringConvertible {
        /// The file ends early: the rows that came are shown (libjpeg greys the rest).
        case cutShort
        /// Its frames decoded would take more than ``PhotoDecoder/maximumAnimationBytes``: the first alone is shown.
        case tooManyFrames

        /// What is said over the picture whose file is called `name`.
        public func notice(for name: String) -> String {
            switch self {
            case .cutShort: "\(name) is cut short: showing the part that could be read"
            case .tooManyFrames: "\(name) has too many frames to animate: showing the first"
            }
        }

        /// `cut short`, `too many frames`.
        public var description: String {
            switch self {
            case .cutShort: "cut short"
            case .tooManyFrames: "too many frames"
            }
        }
    }
}

/// An animated picture's frames, decoded and shrunk, with how long the file asks each to be shown.
public struct DecodedAnimation: Sendable, CustomStringConvertible {
    /// RGBA bytes of each frame, all of one size, composed as the file says (each frame is the whole picture).
    public var frames: [[UInt8]]
    /// Seconds the file asks each frame to be shown (0 included: ``FolioViewCore/AnimationPlayback`` decides how long that is).
    public var delays: [Double]

    /// `3 frames: 0.2 0.2 0.5 s`.
    public var description: String { "\(frames.count) frames: \(delays.map { "\($0)" }.joined(separator: " ")) s" }
}

/// Decodes photos on a background queue, one at a time, each shrunk to a
/// box (the window) as soon as it is decoded, so only the shrunk copy is
/// kept: a 5640 × 3172 JPEG is held whole only while it is read.
///
/// Jobs are keyed by the content pipeline's ``Folio/LoadTicket``s; a
/// cancelled job that has not started is skipped. Finished jobs wait in
/// ``takeFinished()``; each one also posts an SDL event of type
/// ``eventType`` so a waiting main loop wakes up.
public final class PhotoDecoder: Sendable {
    /// The outcome of one job.
    public typealias Outcome = (ticket: LoadTicket, result: Result<DecodedPhoto, DecodeError>)

    /// Why a photo could not be shown, in words for its error page.
    public struct DecodeError: Error, Sendable, CustomStringConvertible {
        /// The reason.
        public let description: String
    }

    /// The most pixels a picture may have at its full size: a larger one (a decompression bomb, most
    /// likely) is refused from its header, before any pixel is decoded. JPEGs decode at a reduced
    /// scale, so this is far above any camera's: 16384 × 16384.
    public static let maximumPixels = 1 << 28

    /// The most bytes an animation's frames may take decoded at their full size (512 MB): a larger
    /// one shows its first frame alone and says so, rather than holding every frame.
    public static let maximumAnimationBytes = 512 << 20

    /// The refusal of a picture of `width` × `height` pixels, over ``maximumPixels``.
    static func tooLarge(width: Int, height: Int) -> DecodeError {
        DecodeError(description: "it is \(width) × \(height) pixels, too large to show")
    }

    /// The refusal of a picture whose first bytes, `head`, name a size over ``maximumPixels``; nil otherwise.
    static func refusal(ofHeader head: [UInt8]) -> DecodeError? {
        guard let size = ImageHeader.size(of: head), size.width * size.height > maximumPixels else { return nil }
        return tooLarge(width: size.width, height: size.height)
    }

    /// The refusal libjpeg gave `image` for its size, if it gave one (its frame header may be one the
    /// header reader cannot read).
    static func refusal(of image: folio_jpeg_image) -> DecodeError? {
        image.too_large != 0 ? tooLarge(width: Int(image.full_width), height: Int(image.full_height)) : nil
    }

    /// The SDL event type posted when a job finishes.
    public let eventType: UInt32
    private let queue = DispatchQueue(label: "folio-view.decode", qos: .userInitiated)
    private let cancelled = Mutex<Set<LoadTicket>>([])
    private let finished = Mutex<[Outcome]>([])
    private let details = Mutex<[(serial: Int, region: PixelRect, result: Result<DecodedPhoto, DecodeError>)]>([])

    /// A decoder posting `eventType` (from `SDL_RegisterEvents`) when a job finishes.
    public init(eventType: UInt32) {
        self.eventType = eventType
    }

    /// Starts decoding `path` for `ticket`, shrunk to fit `box`.
    public func submit(_ ticket: LoadTicket, path: String, box: PixelSize) {
        queue.async { [self] in
            let skip = cancelled.withLock { $0.remove(ticket) != nil }
            guard !skip else { return }
            let result = Self.decode(path: path, box: box)
            finished.withLock { $0.append((ticket, result)) }
            var event = SDL_Event()
            event.type = eventType
            SDL_PushEvent(&event)
        }
    }

    /// Starts decoding the part `region` of the upright picture at `path`
    /// (upright size `shownSize`) at `scale`, for a zoomed view; its result
    /// comes from ``takeDetails()`` under `serial`.
    public func submitDetail(serial: Int, path: String, region: PixelRect, shownSize: PixelSize, scale: Double) {
        queue.async { [self] in
            let result = Self.decodeDetail(path: path, region: region, shownSize: shownSize, scale: scale)
            details.withLock { $0.append((serial, region, result)) }
            var event = SDL_Event()
            event.type = eventType
            SDL_PushEvent(&event)
        }
    }

    /// The detail jobs finished since the last call: serial, region asked for, and result.
    public func takeDetails() -> [(serial: Int, region: PixelRect, result: Result<DecodedPhoto, DecodeError>)] {
        details.withLock { done in
            defer { done.removeAll() }
            return done
        }
    }

    /// Skips `ticket`'s job if it has not started (its result, if it comes, is dropped by the pipeline).
    public func cancel(_ ticket: LoadTicket) {
        _ = cancelled.withLock { $0.insert(ticket) }
    }

    /// The jobs finished since the last call, in order.
    public func takeFinished() -> [Outcome] {
        finished.withLock { done in
            defer { done.removeAll() }
            return done
        }
    }

    /// Waits for the jobs queued so far (for tests and measurements).
    public func drain() { queue.sync {} }

    /// The first `count` bytes of `path` (64 KB: where a JPEG's EXIF block is), or as many as it has.
    static func head(of path: String, count: Int = 64 * 1024) -> [UInt8] {
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        return Array(bytes.prefix(n))
    }

    /// Every byte of `path`, or nothing.
    static func contents(of path: String) -> [UInt8] {
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n <= 0 { return bytes }
            bytes += chunk[..<n]
        }
    }

    /// Reads `path` — a JPEG with libjpeg at the smallest DCT scale that
    /// still covers the box, an animated GIF frame by frame (``animated(_:head:box:budget:)``),
    /// anything else (or a JPEG libjpeg refuses) with SDL_image, a PNG SDL_image refuses with
    /// libpng row by row (``partialPNG(_:box:orientation:)``) — shrinks it to fit `box` with a
    /// box filter, and turns it upright by its EXIF orientation. A file that ends early shows
    /// the rows it holds (``DecodedPhoto/Shortfall/cutShort``); an animation whose frames would
    /// take more than `animationBudget` bytes shows its first frame.
    public static func decode(path: String, box: PixelSize, animationBudget: Int = maximumAnimationBytes) -> Result<DecodedPhoto, DecodeError> {
        let head = head(of: path)
        let orientation = ExifOrientation.read(head)
        // A photo stored on its side is shrunk to the box turned the same way, then turned.
        let storedBox = orientation.swapsSides ? PixelSize(width: box.height, height: box.width) : box
        if let refusal = refusal(ofHeader: head) { return .failure(refusal) }
        if let drawing = ImageHeader.drawingSize(of: head), PhotoList.isImage(path, extensions: PhotoList.drawingExtensions) {
            // An SVG is drawn at the size it is shown, however large its own size says it is.
            return drawn(path, at: PixelSize(width: drawing.width, height: drawing.height).downsampled(toFit: box))
        }
        if let animation = animated(path, head: head, box: box, budget: animationBudget) { return animation }
        if head.starts(with: jpegSignature) {
            var image = folio_jpeg_image()
            let status = folio_jpeg_decode(path, Int32(storedBox.width), Int32(storedBox.height), Int64(maximumPixels), &image)
            if let refusal = refusal(of: image) { return .failure(refusal) }
            if status == 0 {
                defer { folio_jpeg_free(&image) }
                let full = PixelSize(width: Int(image.full_width), height: Int(image.full_height))
                let shortfall: DecodedPhoto.Shortfall? = image.damaged_row > 0 ? .cutShort : nil
                return finish(image, fitting: full.downsampled(toFit: storedBox), orientation: orientation)
                    .map { DecodedPhoto(rgba: $0.rgba, size: $0.size, fullSize: orientation.shownSize(of: full), shortfall: shortfall) }
            }
        }
        let whole = still(path, box: storedBox, orientation: orientation)
        if case .failure = whole, head.starts(with: pngSignature), let partial = partialPNG(path, box: storedBox, orientation: orientation) {
            return partial
        }
        return whole
    }

    /// The fewest pixels a progressive JPEG has for a preview to be shown before it is decoded
    /// whole (``preview(path:box:)``): 8 megapixels, a 4K photo.
    public static let previewPixels = 8_000_000

    /// A large progressive JPEG at `path` as its first scan shows it — each 8×8 block's
    /// average colour, read from the start of the file only — shrunk to fit `box` where it is
    /// larger and turned upright: what a window shows at once while the photo is decoded whole.
    /// Nil for anything else (a baseline JPEG, one under ``previewPixels``, another format, a
    /// file that ends before its first scan does), which is decoded whole at once.
    public static func preview(path: String, box: PixelSize) -> DecodedPhoto? {
        // Anything but a JPEG is known by its first bytes, before its EXIF block is read.
        guard head(of: path, count: 3).starts(with: jpegSignature) else { return nil }
        let head = head(of: path)
        guard refusal(ofHeader: head) == nil else { return nil }
        let orientation = ExifOrientation.read(head)
        let storedBox = orientation.swapsSides ? PixelSize(width: box.height, height: box.width) : box
        var image = folio_jpeg_image()
        if let early = EarlyScan.take(for: path) {
            guard let scanned = early else { return nil }  // read at the start: it has no early scan
            image = scanned
        } else {
            guard folio_jpeg_preview(path, Int64(previewPixels), Int64(maximumPixels), &image) == 0 else { return nil }
        }
        defer { folio_jpeg_free(&image) }
        guard image.damaged_row == 0 else { return nil }
        let full = PixelSize(width: Int(image.full_width), height: Int(image.full_height))
        guard case .success(let shown) = finish(image, fitting: full.downsampled(toFit: storedBox), orientation: orientation) else { return nil }
        return DecodedPhoto(rgba: shown.rgba, size: shown.size, fullSize: orientation.shownSize(of: full))
    }

    /// The EXIF thumbnail of a large JPEG at `path` (one of ``previewPixels`` or more), turned
    /// upright: the small picture a camera stores beside the photo, in its first bytes, decoded
    /// in a millisecond, for a window to show at once while the photo is decoded (its first scan
    /// and then the whole). Nil when there is none, or its shape is not the photo's (a thumbnail
    /// with bars above and below would show them).
    public static func thumbnail(path: String) -> DecodedPhoto? {
        guard head(of: path, count: 3).starts(with: jpegSignature) else { return nil }
        let head = head(of: path)
        let facts = JPEGHead(head)
        guard refusal(ofHeader: head) == nil, let full = facts.size, let range = facts.thumbnail,
              full.width * full.height >= previewPixels else { return nil }
        var image = folio_jpeg_image()
        let status = head[range].withUnsafeBufferPointer {
            folio_jpeg_decode_memory($0.baseAddress, $0.count, 1024, 1024, Int64(maximumPixels), &image)
        }
        defer { folio_jpeg_free(&image) }
        guard status == 0, image.damaged_row == 0, image.width > 0, image.height > 0 else { return nil }
        let shape = Double(image.width) / Double(image.height), fullShape = Double(full.width) / Double(full.height)
        guard abs(shape - fullShape) <= 0.02 * fullShape else { return nil }
        let orientation = ExifOrientation.read(head)
        let decoded = PixelSize(width: Int(image.width), height: Int(image.height))
        guard case .success(let shown) = finish(image, fitting: decoded, orientation: orientation) else { return nil }
        return DecodedPhoto(rgba: shown.rgba, size: shown.size,
                            fullSize: orientation.shownSize(of: PixelSize(width: full.width, height: full.height)))
    }

    /// Starts reading the first scan of the photo at `path` now, on another core: the window
    /// opens meanwhile, and ``preview(path:box:)`` of that photo takes the scan rather than
    /// reading it again (waiting for it to finish when it has not). A program calls it once,
    /// for the photo it will show first, before it opens its window.
    public static func startEarlyPreview(of path: String) {
        let scan = EarlyScan(path: path)
        EarlyScan.pending.withLock { $0 = scan }
        DispatchQueue.global(qos: .userInitiated).async {
            defer { scan.done.signal() }
            scan.thumbnail.withLock { $0 = .some(thumbnail(path: path)) }  // a millisecond: first
            guard head(of: path, count: 3).starts(with: jpegSignature), refusal(ofHeader: head(of: path)) == nil else { return }
            var image = folio_jpeg_image()
            guard folio_jpeg_preview(path, Int64(previewPixels), Int64(maximumPixels), &image) == 0 else {
                folio_jpeg_free(&image)
                return
            }
            scan.image = image
        }
    }

    /// The first scan of one photo, read from the program's start (``startEarlyPreview(of:)``).
    final class EarlyScan: @unchecked Sendable {
        /// The photo's path, as its album names it.
        let path: String
        /// Signalled once the read is over; ``image`` is written only before it.
        let done = DispatchSemaphore(value: 0)
        /// The scan, or nil when the photo has none; whoever takes it frees it.
        var image: folio_jpeg_image?
        /// The photo's EXIF thumbnail, read before the scan: nil until read, then the thumbnail
        /// or nil inside when it has none.
        let thumbnail = Mutex<DecodedPhoto??>(nil)

        init(path: String) { self.path = path }

        /// The EXIF thumbnail of the photo whose scan was started, when it is `path` and has been
        /// read: without waiting, for the first page drawn (the window's other threads then
        /// busy with the scan, the whole decode and a folder's listing).
        static func thumbnail(for path: String) -> DecodedPhoto? {
            guard let scan = pending.withLock({ $0 }), scan.path == path else { return nil }
            return scan.thumbnail.withLock { $0 ?? nil }
        }

        /// The scan started, until the first preview asked for takes it.
        static let pending = Mutex<EarlyScan?>(nil)

        /// For the first preview asked for: the early scan's result when it is of `path` (nil
        /// inside: that photo has none), once it is ready; nil when none was started or it is
        /// of another photo (a restored place), which is then let go.
        static func take(for path: String) -> folio_jpeg_image?? {
            guard let scan = pending.withLock({ value -> EarlyScan? in
                defer { value = nil }
                return value
            }) else { return nil }
            scan.done.wait()
            guard scan.path == path else {
                if var unused = scan.image { folio_jpeg_free(&unused) }
                return nil
            }
            return .some(scan.image)
        }
    }

    /// The first bytes of every JPEG file.
    static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// The first bytes of every PNG file.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The PNG at `path` that SDL_image refused, decoded by libpng as far as its data goes (a file
    /// that ends early shows the rows that came, grey below, and says so), shrunk to fit `box` and
    /// turned by `orientation`; nil when libpng cannot read a row of it either.
    static func partialPNG(_ path: String, box: PixelSize, orientation: ExifOrientation) -> Result<DecodedPhoto, DecodeError>? {
        var image = folio_png_image()
        guard folio_png_decode(path, Int64(maximumPixels), &image) == 0 else {
            return image.too_large != 0 ? .failure(tooLarge(width: Int(image.width), height: Int(image.height))) : nil
        }
        defer { folio_png_free(&image) }
        let full = PixelSize(width: Int(image.width), height: Int(image.height)), target = full.downsampled(toFit: box)
        let bytes = UnsafeRawBufferPointer(start: image.pixels, count: full.width * full.height * 4)
        let shrunk = BoxResampler.shrink(bytes, size: full, pitch: full.width * 4, bytesPerPixel: 4, to: target)
        let (rgba, size) = orientation.apply(to: shrunk, size: target)
        return .success(DecodedPhoto(rgba: rgba, size: size, fullSize: orientation.shownSize(of: full),
                                     shortfall: image.cut_short != 0 ? .cutShort : nil))
    }

    /// The picture at `path` read by SDL_image (an animation's first frame), shrunk to fit `box` and turned by `orientation`.
    static func still(_ path: String, box: PixelSize, orientation: ExifOrientation) -> Result<DecodedPhoto, DecodeError> {
        withSurface(path) { pixels, full, pitch, bpp in
            let target = full.downsampled(toFit: box)
            let shrunk = BoxResampler.shrink(pixels, size: full, pitch: pitch, bytesPerPixel: bpp, to: target)
            let (rgba, size) = orientation.apply(to: shrunk, size: target)
            return .success(DecodedPhoto(rgba: rgba, size: size, fullSize: orientation.shownSize(of: full)))
        }
    }

    /// Every frame of the animated GIF at `path` (whose first bytes are `head`), each shrunk to fit
    /// `box`, with the delays the file asks for; nil when it is not an animated GIF, or SDL_image
    /// cannot read it as one (it is read as a still picture then). Its layout is read first
    /// (``FolioViewCore/GIFLayout``): when every frame decoded at full size would take more than
    /// `budget` bytes, only the first is decoded, and the photo says why.
    static func animated(_ path: String, head: [UInt8], box: PixelSize, budget: Int) -> Result<DecodedPhoto, DecodeError>? {
        guard head.starts(with: Array("GIF8".utf8)), let layout = GIFLayout(contents(of: path)), layout.isAnimated else { return nil }
        guard layout.decodedBytes <= budget else {
            return still(path, box: box, orientation: .upright).map { first in
                var first = first
                first.shortfall = .tooManyFrames
                return first
            }
        }
        guard let loaded = IMG_LoadAnimation(path) else { return nil }
        defer { IMG_FreeAnimation(loaded) }
        let count = Int(loaded.pointee.count)
        guard count > 1 else { return nil }
        var frames: [[UInt8]] = [], target = PixelSize(width: 0, height: 0), fullSize = target
        for index in 0..<count {
            guard let surface = loaded.pointee.frames[index] else { return nil }
            let shrunk = borrowingPixels(of: surface) { pixels, full, pitch, bpp -> Result<[UInt8], DecodeError> in
                fullSize = full
                target = full.downsampled(toFit: box)
                return .success(BoxResampler.shrink(pixels, size: full, pitch: pitch, bytesPerPixel: bpp, to: target))
            }
            guard case .success(let rgba) = shrunk else { return nil }
            frames.append(rgba)
        }
        let delays = (0..<count).map { Double(loaded.pointee.delays[$0]) / 1000 }
        return .success(DecodedPhoto(rgba: frames[0], size: target, fullSize: fullSize,
                                     animation: DecodedAnimation(frames: frames, delays: delays)))
    }

    /// The SVG drawing at `path` drawn by SDL_image (nanosvg) at `size` pixels.
    static func drawn(_ path: String, at size: PixelSize) -> Result<DecodedPhoto, DecodeError> {
        guard let stream = SDL_RWFromFile(path, "rb") else {
            return .failure(DecodeError(description: "cannot open it: \(String(cString: SDL_GetError()))"))
        }
        defer { SDL_RWclose(stream) }
        guard let loaded = IMG_LoadSizedSVG_RW(stream, Int32(size.width), Int32(size.height)) else {
            return .failure(DecodeError(description: "not a drawing that can be read: \(String(cString: SDL_GetError()))"))
        }
        return withPixels(of: loaded) { pixels, full, pitch, bpp in
            .success(DecodedPhoto(rgba: BoxResampler.shrink(pixels, size: full, pitch: pitch, bytesPerPixel: bpp, to: full), size: full, fullSize: full))
        }
    }

    /// The part `region` of the upright picture at `path` (whose upright size
    /// is `shownSize`), at `scale` picture pixels per pixel decoded (at most 1):
    /// sharper than the window-sized copy, for a zoomed view. A JPEG decodes
    /// only the blocks of that part, at a reduced scale where it can.
    public static func decodeDetail(path: String, region: PixelRect, shownSize: PixelSize, scale: Double) -> Result<DecodedPhoto, DecodeError> {
        let head = head(of: path)
        let orientation = ExifOrientation.read(head)
        let stored = orientation.shownSize(of: shownSize)  // turning twice is turning back
        let part = orientation.storedRect(of: region, stored: stored)
        let wanted = PixelSize(width: max(1, Int((Double(part.width) * min(1, scale)).rounded(.up))),
                               height: max(1, Int((Double(part.height) * min(1, scale)).rounded(.up))))
        if let refusal = refusal(ofHeader: head) { return .failure(refusal) }
        if head.starts(with: jpegSignature) {
            var image = folio_jpeg_image()
            let status = folio_jpeg_decode_region(path, Int32(part.x), Int32(part.y), Int32(part.width), Int32(part.height),
                                                  Int32(wanted.width), Int32(wanted.height), Int64(maximumPixels), &image)
            if let refusal = refusal(of: image) { return .failure(refusal) }
            if status == 0 {
                defer { folio_jpeg_free(&image) }
                return finish(image, fitting: wanted, orientation: orientation).map { DecodedPhoto(rgba: $0.rgba, size: $0.size, fullSize: shownSize) }
            }
        }
        return withSurface(path) { pixels, full, pitch, bpp in
            guard PixelRect(x: 0, y: 0, width: full.width, height: full.height).contains(part) else {
                return .failure(DecodeError(description: "the part \(part) is outside the picture (\(full))"))
            }
            let start = part.y * pitch + part.x * bpp
            let source = UnsafeRawBufferPointer(rebasing: pixels[start...])
            let target = PixelSize(width: min(wanted.width, part.width), height: min(wanted.height, part.height))
            let shrunk = BoxResampler.shrink(source, size: PixelSize(width: part.width, height: part.height), pitch: pitch,
                                             bytesPerPixel: bpp, to: target)
            let (rgba, size) = orientation.apply(to: shrunk, size: target)
            return .success(DecodedPhoto(rgba: rgba, size: size, fullSize: shownSize))
        }
    }

    /// libjpeg's RGB shrunk to `fitting` (or its own size where rounding left it a pixel short) and turned upright.
    static func finish(_ image: folio_jpeg_image, fitting: PixelSize, orientation: ExifOrientation) -> Result<(rgba: [UInt8], size: PixelSize), DecodeError> {
        let decoded = PixelSize(width: Int(image.width), height: Int(image.height))
        guard decoded.width > 0, decoded.height > 0 else { return .failure(DecodeError(description: "it is an empty image")) }
        let target = PixelSize(width: min(fitting.width, decoded.width), height: min(fitting.height, decoded.height))
        let bytes = UnsafeRawBufferPointer(start: image.pixels, count: decoded.width * decoded.height * 3)
        let shrunk = BoxResampler.shrink(bytes, size: decoded, pitch: decoded.width * 3, bytesPerPixel: 3, to: target)
        let (rgba, size) = orientation.apply(to: shrunk, size: target)
        return .success((rgba, size))
    }

    /// Reads `path` with SDL_image as 3- or 4-byte pixels and hands them to
    /// `body` (pixels, size, row pitch, bytes per pixel), or says why it cannot.
    static func withSurface(_ path: String, _ body: (UnsafeRawBufferPointer, PixelSize, Int, Int) -> Result<DecodedPhoto, DecodeError>)
        -> Result<DecodedPhoto, DecodeError> {
        guard let loaded = IMG_Load(path) else {
            return .failure(DecodeError(description: "not an image that can be read: \(String(cString: SDL_GetError()))"))
        }
        return withPixels(of: loaded, body)
    }

    /// Decodes an image held in memory (`bytes`, one of a book's resources,
    /// named `name` in messages) with SDL_image and shrinks it to fit `box`.
    /// No EXIF orientation is applied: a book's pictures are laid out as stored.
    public static func decode(bytes: [UInt8], named name: String, box: PixelSize) -> Result<DecodedPhoto, DecodeError> {
        // A JPEG (a comic's page, most often) with libjpeg at the smallest DCT scale that covers the box.
        if let refusal = refusal(ofHeader: Array(bytes.prefix(64 * 1024))) {
            return .failure(DecodeError(description: "cannot read \(name): \(refusal)"))
        }
        if bytes.starts(with: jpegSignature) {
            var image = folio_jpeg_image()
            let status = bytes.withUnsafeBufferPointer {
                folio_jpeg_decode_memory($0.baseAddress, $0.count, Int32(box.width), Int32(box.height), Int64(maximumPixels), &image)
            }
            if let refusal = refusal(of: image) { return .failure(DecodeError(description: "cannot read \(name): \(refusal)")) }
            if status == 0 {
                defer { folio_jpeg_free(&image) }
                let full = PixelSize(width: Int(image.full_width), height: Int(image.full_height))
                let shortfall: DecodedPhoto.Shortfall? = image.damaged_row > 0 ? .cutShort : nil
                return finish(image, fitting: full.downsampled(toFit: box), orientation: .upright)
                    .map { DecodedPhoto(rgba: $0.rgba, size: $0.size, fullSize: full, shortfall: shortfall) }
            }
        }
        let loaded = bytes.withUnsafeBytes { raw -> UnsafeMutablePointer<SDL_Surface>? in
            guard let base = raw.baseAddress, let stream = SDL_RWFromConstMem(base, Int32(raw.count)) else { return nil }
            return IMG_Load_RW(stream, 1)
        }
        guard let loaded else {
            return .failure(DecodeError(description: "cannot read \(name): \(String(cString: SDL_GetError()))"))
        }
        return withPixels(of: loaded) { pixels, full, pitch, bpp in
            let target = full.downsampled(toFit: box)
            let shrunk = BoxResampler.shrink(pixels, size: full, pitch: pitch, bytesPerPixel: bpp, to: target)
            return .success(DecodedPhoto(rgba: shrunk, size: target, fullSize: full))
        }
    }

    /// Converts `loaded` (freed here) to 3- or 4-byte pixels and hands them to
    /// `body` (pixels, size, row pitch, bytes per pixel), or says why it cannot.
    static func withPixels<Value>(of loaded: UnsafeMutablePointer<SDL_Surface>,
                                  _ body: (UnsafeRawBufferPointer, PixelSize, Int, Int) -> Result<Value, DecodeError>)
        -> Result<Value, DecodeError> {
        defer { SDL_FreeSurface(loaded) }
        return borrowingPixels(of: loaded, body)
    }

    /// Hands `surface`'s pixels (it stays its owner's) to `body` as 3- or 4-byte pixels (pixels,
    /// size, row pitch, bytes per pixel), converted into a copy first when they are neither; or says why it cannot.
    static func borrowingPixels<Value>(of surface: UnsafeMutablePointer<SDL_Surface>,
                                       _ body: (UnsafeRawBufferPointer, PixelSize, Int, Int) -> Result<Value, DecodeError>)
        -> Result<Value, DecodeError> {
        let format = surface.pointee.format.pointee.format
        // 3-byte RGB and 4-byte RGBA (bytes R, G, B[, A]) are read as they are; anything else is converted first.
        if format != SDL_PIXELFORMAT_RGB24.rawValue && format != SDL_PIXELFORMAT_RGBA32.rawValue {
            guard let converted = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
                return .failure(DecodeError(description: "cannot convert it: \(String(cString: SDL_GetError()))"))
            }
            return withPixels(of: converted, body)
        }
        let full = PixelSize(width: Int(surface.pointee.w), height: Int(surface.pointee.h))
        guard full.width > 0, full.height > 0 else { return .failure(DecodeError(description: "it is an empty image")) }
        let bpp = Int(folio_bytes_per_pixel(format))
        let pitch = Int(surface.pointee.pitch)
        if folio_must_lock(surface) != 0 { SDL_LockSurface(surface) }
        defer { if folio_must_lock(surface) != 0 { SDL_UnlockSurface(surface) } }
        return body(UnsafeRawBufferPointer(start: surface.pointee.pixels, count: pitch * full.height), full, pitch, bpp)
    }
}
