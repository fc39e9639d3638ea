import FolioReading

/// What a terminal shows of a ``ReadingSession``, frame after frame: draws
/// the session on the ``ReaderScreen``, diffs it with the frame on the
/// terminal, and tells the renderer how far the pages slid since the last
/// frame, so a drag or a page turn shifts rows in place instead of
/// rewriting them.
public struct ReaderDisplay {
    /// Where things go on the terminal.
    public private(set) var screen: ReaderScreen
    private let renderer: Renderer
    private var shown: Frame?
    private var frame: Frame
    /// Whether `frame` still shares its storage with `shown` (after a first frame), so drawing into it copies.
    private var sharesStorage = false
    /// A page on screen last frame and its left edge: how far the pages slid.
    private var mark: (page: Int, x: Int)?
    /// The pictures whose pixels are on the terminal (sixel, kitty, iTerm2), where they are.
    private var placedPixels: [PixelPlacement] = []
    /// How those pixels were drawn.
    private var placedMethod = TerminalGraphics.Method.blocks

    /// A picture's pixels on the terminal: which, and the cells they cover.
    private struct PixelPlacement: Equatable {
        var image: BookImage
        var column: Int, row: Int, columns: Int, rows: Int
        /// A search's matches painted on it: placed again when they change.
        var marks: [PictureBox]
    }

    /// A display for a terminal `columns` × `rows` that has not been drawn on yet.
    public init(columns: Int, rows: Int, renderer: Renderer = Renderer()) {
        screen = ReaderScreen(columns: columns, rows: rows)
        self.renderer = renderer
        frame = Frame(width: screen.columns, height: screen.rows)
    }

    /// The terminal changed size: the next frame is drawn whole.
    public mutating func resize(columns: Int, rows: Int) {
        screen = ReaderScreen(columns: columns, rows: rows)
        frame = Frame(width: screen.columns, height: screen.rows)
        forget()
    }

    /// The terminal's screen can no longer be trusted (a repaint, a return from Ctrl-Z): the next frame is drawn whole.
    public mutating func forget() {
        shown = nil
        mark = nil
        // Pixels over the cells go with them (they are drawn again); kitty's stay on their layer.
        if TerminalGraphics.drawsOverCells(placedMethod) { placedPixels = [] }
    }

    /// Gives the next frame a buffer of its own now, if it has none yet: call it
    /// once a frame is written, while the terminal draws or the reader waits.
    ///
    /// After a first frame the two buffers share one storage, and the next
    /// frame would copy it (80 KB at 200×50, fresh memory) before it could be
    /// drawn, for a pipe's first text, say, or the first page turn. Cost:
    /// O(width × height) the first time after a first frame, O(1) after.
    public mutating func prepareNextFrame() {
        guard sharesStorage else { return }
        frame.makeStorageUnique()
        sharesStorage = false
    }

    /// The frame shown last, if any.
    public var lastFrame: Frame? { shown }

    /// Draws `session` (its pictures' cells from `pictures`, if given) and appends to `output`
    /// the bytes that bring the terminal from the last frame to this one.
    public mutating func render(_ session: ReadingSession, into output: inout [UInt8], pictures: CellPictureSource? = nil) {
        render(session, into: &output, pictures: pictures, flushingEvery: .max) { _ in }
    }

    /// Like ``render(_:into:)``, handing the bytes to `flush` in pieces of `threshold` or more
    /// as the rows are rendered (see ``Renderer/render(from:to:horizontalShift:into:flushingEvery:_:)``):
    /// the terminal reads the top of a big frame while the rest is rendered. What is left stays in `output`.
    public mutating func render(_ session: ReadingSession, into output: inout [UInt8], pictures: CellPictureSource? = nil,
                                flushingEvery threshold: Int, _ flush: ([UInt8]) throws -> Void) rethrows {
        let pixels = pictures as? PixelPictureSource
        let method = pixels?.method ?? .blocks
        let wanted = method == .blocks ? [] : pixelPlacements(session, pixels: pixels)
        // Pixels that must go: over the cells, the cells drawn whole again cover them; on a layer, deleted.
        if placedPixels.contains(where: { !wanted.contains($0) }) {
            if TerminalGraphics.drawsOverCells(placedMethod) { shown = nil; mark = nil }
            output += TerminalGraphics.deletion(for: placedMethod)
            placedPixels = []
        }
        placedMethod = method
        screen.draw(session, into: &frame, pictures: pictures)
        let pages = session.visiblePages
        var shift = 0
        if !session.options.vertical, let mark, let same = pages.first(where: { $0.page == mark.page }) { shift = same.x - mark.x }
        mark = pages.first.map { ($0.page, $0.x) }
        do {
            try renderer.render(from: shown, to: frame, horizontalShift: shift, into: &output, flushingEvery: threshold, flush)
        } catch {
            forget()  // part of the frame may have reached the terminal: the next one is drawn whole
            throw error
        }
        if shown == nil {
            shown = frame
            sharesStorage = true
        } else {
            swap(&shown!, &frame)  // keep both buffers: no allocation per frame
        }
        // The pixels of pictures on pages at rest, over (or above) their cells, once each.
        if let pixels {
            for place in wanted where !placedPixels.contains(place) {
                guard let bytes = pixels.pixels(place.image, columns: place.columns, rows: place.rows, marks: place.marks) else { continue }
                output += Array("\u{1B}[\(place.row + 1);\(place.column + 1)H".utf8)
                output += bytes
                placedPixels.append(place)
            }
        }
    }

    /// Where the pictures of the pages shown go, when the pages are at rest and the pictures whole on
    /// the screen (a picture cut by an edge, or on a moving page, is drawn in cells).
    private func pixelPlacements(_ session: ReadingSession, pixels: PixelPictureSource?) -> [PixelPlacement] {
        guard pixels != nil, !session.isAnimating, session.mode != .help, !screen.isTooSmall else { return [] }
        var places: [PixelPlacement] = []
        for visible in session.visiblePages {
            for image in session.images(onPage: visible.page) {
                let place = screen.pictureCells(of: visible, at: image)
                guard place.column >= max(0, visible.x), place.column + place.columns <= min(screen.columns, visible.x + visible.width),
                      screen.bodyRows.contains(place.row), screen.bodyRows.contains(place.row + place.rows - 1) else { continue }
                places.append(PixelPlacement(image: image.image, column: place.column, row: place.row,
                                             columns: place.columns, rows: place.rows,
                                             marks: session.matchBoxes(on: image, onPage: visible.page)))
            }
        }
        return places
    }
}
