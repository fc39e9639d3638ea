#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import FolioReading
import FolioTerminal
import Synchronization

/// A book's pictures as terminal cells, made off the main thread.
///
/// ``picture(_:columns:rows:)`` answers at once: the cells when they are
/// made, else nil (the page shows the placeholder text) after starting the
/// work — the picture's bytes read from the book (on the caller's thread,
/// as a book's archive is not shared across threads), then decoded and
/// painted on a background queue. The host calls ``collect()`` each turn of
/// its loop and draws again when it returns true; a finished picture makes
/// ``wakeDescriptor`` readable, so a host waiting on its terminal wakes at once.
///
/// The most recent ``keptPictures`` are kept, so paging back and forth
/// makes nothing twice; a picture that cannot be read is remembered as
/// such and keeps its placeholder.
public final class TerminalPictures: PixelPictureSource {
    /// How many painted pictures are kept: 48, some 5 MB at 200 × 50 cells each.
    public static let keptPictures = 48

    /// A picture made for a size: its cells, and its pixels for a terminal that draws them.
    private struct Made: Sendable {
        var cells: CellPicture
        var pixels: [UInt8]
    }

    private struct Key: Hashable, Sendable {
        var path: String
        var columns: Int
        var rows: Int
        var marks: [PictureBox]
    }

    private final class Inbox: Sendable {
        let finished = Mutex<[(Key, Made?)]>([])
        /// A pipe: a byte written for each picture finished, read by ``collect()``.
        let wake: (read: Int32, write: Int32)

        init() {
            var ends: [Int32] = [-1, -1]
            if pipe(&ends) == 0 {
                for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK); _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            } else {
                ends = [-1, -1]
            }
            wake = (ends[0], ends[1])
        }

        deinit {
            if wake.read >= 0 { close(wake.read) }
            if wake.write >= 0 { close(wake.write) }
        }

        func post(_ key: Key, _ cells: Made?) {
            finished.withLock { $0.append((key, cells)) }
            var byte: UInt8 = 1
            if wake.write >= 0 { _ = write(wake.write, &byte, 1) }
        }
    }

    private let source: any BookSource
    private let maximumPixels: Int
    private let queue = DispatchQueue(label: "folio.pictures", qos: .userInitiated)
    private let inbox = Inbox()
    private var made: [Key: Made] = [:]
    private var order: [Key] = []
    private var pending: Set<Key> = []
    private var unreadable: Set<String> = []

    /// How pictures reach the terminal: blocks, or pixels (sixel, kitty, iTerm2) beside the blocks.
    public let method: TerminalGraphics.Method
    /// The pixels of a cell, for pixels drawn in cells.
    public let cell: ImageSize

    /// Pictures of `source` drawn by `method` in cells of `cell` pixels, each refused over
    /// `maximumPixels` (67 megapixels by default).
    public init(source: any BookSource, method: TerminalGraphics.Method = .blocks, cell: ImageSize = TerminalGraphics.assumedCell,
                maximumPixels: Int = 1 << 26) {
        self.source = source
        self.method = method
        self.cell = cell
        self.maximumPixels = maximumPixels
    }

    /// Whether pictures are being made.
    public var isBusy: Bool { !pending.isEmpty }

    /// Readable when a picture is finished (a descriptor to wait on beside the terminal's); -1 if it could not be made.
    public var wakeDescriptor: Int32 { inbox.wake.read }

    /// The cells of `image` at `columns` × `rows` with `marks` painted on it, or nil while they are
    /// being made or when it cannot be read.
    public func picture(_ image: BookImage, columns: Int, rows: Int, marks: [PictureBox] = []) -> CellPicture? {
        made(image, columns: columns, rows: rows, marks: marks)?.cells
    }

    /// The pixels of `image` at `columns` × `rows` cells, or nil while they are being made, when it
    /// cannot be read, or when pictures are drawn in blocks.
    public func pixels(_ image: BookImage, columns: Int, rows: Int, marks: [PictureBox] = []) -> [UInt8]? {
        guard method != .blocks, let pixels = made(image, columns: columns, rows: rows, marks: marks)?.pixels, !pixels.isEmpty else {
            return nil
        }
        return pixels
    }

    private func made(_ image: BookImage, columns: Int, rows: Int, marks: [PictureBox]) -> Made? {
        let key = Key(path: image.path, columns: columns, rows: rows, marks: marks)
        if let made = made[key] { return made }
        guard columns > 0, rows > 0, !pending.contains(key), !unreadable.contains(image.path) else { return nil }
        // A picture drawn at its size (a PDF's page) is drawn on the queue; stored bytes are read here.
        let renderer = source.renderer
        let bytes = renderer == nil ? source.resource(image.path) : nil
        guard renderer != nil || bytes != nil else {
            unreadable.insert(image.path)
            return nil
        }
        pending.insert(key)
        let inbox = inbox, maximumPixels = maximumPixels, method = method, cell = cell, path = image.path, marks = marks
        let isPhoto = source.file(image.path) != nil
        queue.async {
            // Eight pixels a cell across and sixteen down is all the detail chafa's blocks use; pixels want the cell's own.
            let box = method == .blocks ? ImageSize(width: columns * 8, height: rows * 16)
                : ImageSize(width: columns * max(8, cell.width), height: rows * max(16, cell.height))
            let decoded = if let renderer {
                renderer.render(path, fitting: box).map { DecodedPicture(width: $0.size.width, height: $0.size.height, pixels: $0.rgba) }
            } else if isPhoto, let bytes {
                // A photo is turned upright as its camera says: decoded for the box turned the same way, then turned.
                DecodedPicture.upright(bytes, fitting: box, maximumPixels: maximumPixels)
            } else {
                bytes.flatMap { try? DecodedPicture(bytes: $0, fitting: box, maximumPixels: maximumPixels) }
            }
            let picture = decoded.map { $0.marked(marks) }
            let made = picture.map { picture in
                Made(cells: CellPainter.cells(of: picture, columns: columns, rows: rows),
                     pixels: CellPainter.pixels(of: picture, columns: columns, rows: rows, cell: cell, method: method))
            }
            inbox.post(key, made)
        }
        return nil
    }

    /// Takes the pictures made since the last call; returns whether any came (the screen should be drawn).
    public func collect() -> Bool {
        var drain = [UInt8](repeating: 0, count: 64)
        while inbox.wake.read >= 0 && read(inbox.wake.read, &drain, drain.count) > 0 {}
        let finished = inbox.finished.withLock { list -> [(Key, Made?)] in
            defer { list.removeAll() }
            return list
        }
        for (key, cells) in finished {
            pending.remove(key)
            guard let cells else {
                unreadable.insert(key.path)
                continue
            }
            made[key] = cells
            order.append(key)
            if order.count > Self.keptPictures { made[order.removeFirst()] = nil }
        }
        return !finished.isEmpty
    }
}
