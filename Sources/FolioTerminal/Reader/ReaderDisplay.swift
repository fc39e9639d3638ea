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
    /// A page on screen last frame and its left edge: how far the pages slid.
    private var mark: (page: Int, x: Int)?

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
    }

    /// The frame shown last, if any.
    public var lastFrame: Frame? { shown }

    /// Draws `session` and appends to `output` the bytes that bring the terminal from the last frame to this one.
    public mutating func render(_ session: ReadingSession, into output: inout [UInt8]) {
        screen.draw(session, into: &frame)
        let pages = session.visiblePages
        var shift = 0
        if !session.options.vertical, let mark, let same = pages.first(where: { $0.page == mark.page }) { shift = same.x - mark.x }
        mark = pages.first.map { ($0.page, $0.x) }
        renderer.render(from: shown, to: frame, horizontalShift: shift, into: &output)
        if shown == nil {
            shown = frame
        } else {
            swap(&shown!, &frame)  // keep both buffers: no allocation per frame
        }
    }
}
