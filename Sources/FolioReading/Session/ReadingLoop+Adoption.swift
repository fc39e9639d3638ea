import Folio

/// A document waiting to take the session's place (``ReadingLoop/adopt(_:showingPart:)``).
struct Adoption {
    /// The document taking over.
    var document: Document
    /// Its part showing what the reader sees now.
    var part: Int
    /// Its session, once the part is assembled: paginating to the part, then waiting for the reader to be still.
    var session: ReadingSession?
}

extension ReadingLoop {
    /// Goes on with `document` in place of the session's, showing its part `part` — the same
    /// picture the reader sees now, among more: a photo opened alone is shown at once, and its
    /// folder, listed meanwhile, takes over with the photo still on screen.
    ///
    /// The new document is made ready in the background work of the following turns: its parts
    /// assembled up to `part`, then paginated to it. It takes over at the first turn after
    /// that when nothing moves and the reader is only reading (not pressing, typing or in
    /// the help), so the screen never shows another picture meanwhile and a drag is never cut
    /// short; that turn returns ``SessionEffect/adopted`` and ``SessionEffect/repaint``. The session's options (spreads,
    /// direction) go on; its marks, which are offsets in the old document, do not. A part
    /// the document does not have leaves the session as it is. Adopting again replaces a
    /// document still waiting.
    public mutating func adopt(_ document: Document, showingPart part: Int) {
        adoption = Adoption(document: document, part: max(0, part))
    }

    /// Whether a document adopted waits to take over.
    public var isAdopting: Bool { adoption != nil }

    /// Whether the adoption can go on now: its document is not ready, or the reader is still.
    /// (A ready document's own pagination is not the adoption's: it waits, idle, for the reader.)
    var adoptionHasWork: Bool {
        guard let adoption else { return false }
        return adoption.session.map { $0.isWaiting || readerIsStill } ?? true
    }

    /// Whether nothing moves and the reader is only reading.
    var readerIsStill: Bool {
        guard case .reading = session.mode else { return false }
        return !session.isAnimating
    }

    /// A slice of the adoption's work, about `bytes` of it; the takeover when it is ready.
    mutating func adoptionSlice(bytes: Int, at now: Double) -> [SessionEffect] {
        guard var pending = adoption else { return [] }
        if pending.session == nil {
            guard let book = pending.document.book else {
                adoption = nil  // only a book's parts can be found again
                return []
            }
            if book.partStarts.count <= pending.part && !book.isComplete {
                book.assemble(budget: bytes)
                return []
            }
            guard pending.part < book.partStarts.count else {
                adoption = nil
                return []
            }
            let anchor = book.partStarts[pending.part]
            pending.session = ReadingSession(document: pending.document, measurer: session.measurer, viewport: session.viewport,
                                             options: session.options,
                                             restoring: ReadingPosition(anchor: anchor, page: pending.part, pageCount: pending.part + 1),
                                             at: now)
            adoption = pending
        }
        guard var next = pending.session else { return [] }
        if next.isWaiting {
            _ = next.work(budget: bytes, at: now)
            pending.session = next
            adoption = pending
            if next.isWaiting { return [] }
        }
        guard readerIsStill else { return [] }
        session = next
        adoption = nil
        return [.adopted, .repaint]
    }
}
