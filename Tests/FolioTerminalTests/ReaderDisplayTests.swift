import FolioReading
import FolioTestSupport
import Testing

@testable import FolioTerminal

/// What a ``ReaderDisplay`` writes frame after frame, and what it costs.
@Suite struct ReaderDisplayTests {
    static let columns = 120
    static let rows = 30

    /// A stream's first screen, as the reader draws it before any bytes arrive, then the
    /// session after `text` arrived: the display, the session, and the first frame's bytes.
    static func streamShowingItsEmptyScreen() -> (ReaderDisplay, ReadingSession) {
        var display = ReaderDisplay(columns: columns, rows: rows)
        let document = Document(title: "stdin", format: .plain, text: StreamText())
        let session = ReadingSession(document: document, measurer: CellMeasurer(),
                                     viewport: display.screen.viewport(title: ReaderScreen.title(of: document)), at: 0)
        var output: [UInt8] = []
        display.render(session, into: &output)
        #expect(!output.isEmpty, "the empty screen is drawn")
        return (display, session)
    }

    static let text = (1...200).map { "Line \($0) of a text that arrives through a pipe." }.joined(separator: "\n")

    /// Once the first frame is written, `prepareNextFrame` gives the next one a buffer of
    /// its own: drawing the stream's first text then makes no copy of the shown frame
    /// (one allocation fewer than without it), and writes the same bytes.
    @Test func aPreparedDisplayDrawsTheNextFrameWithoutCopyingTheShownOne() throws {
        var (prepared, session) = Self.streamShowingItsEmptyScreen()
        var (unprepared, _) = Self.streamShowingItsEmptyScreen()
        prepared.prepareNextFrame()
        _ = session.receive(Array(Self.text.utf8), at: 0)

        var withPreparation: [UInt8] = [], without: [UInt8] = []
        withPreparation.reserveCapacity(64 * 1024)
        without.reserveCapacity(64 * 1024)
        // The session's own layout of the page is cached by the first render; draw each once
        // before counting, into throwaway displays, so both counts see the same session state.
        var warm = Self.streamShowingItsEmptyScreen().0
        var scratch: [UInt8] = []
        warm.render(session, into: &scratch)

        let counted = try #require(allocations { prepared.render(session, into: &withPreparation) },
                                   "the counting malloc is missing on this platform")
        let uncounted = try #require(allocations { unprepared.render(session, into: &without) })
        #expect(counted < uncounted, "\(counted) allocations after prepareNextFrame, \(uncounted) without")
        #expect(withPreparation == without, "the same bytes either way")
        #expect(String(decoding: withPreparation, as: UTF8.self).contains("Line 1 of a text"))
    }

    /// Preparing is idempotent and harmless at any time: a display that prepares after every
    /// frame writes what one that never prepares writes, frame after frame.
    @Test func preparingAfterEveryFrameChangesNoByte() {
        var (prepared, session) = Self.streamShowingItsEmptyScreen()
        var (unprepared, _) = Self.streamShowingItsEmptyScreen()
        let lines = Array(Self.text.utf8)
        var offset = 0
        for step in 0..<6 {
            let end = min(lines.count, offset + 1_500)
            _ = session.receive(lines[offset..<end], at: Double(step))
            offset = end
            if step == 3 { _ = session.handle(key: .character(" "), at: Double(step)) }
            var a: [UInt8] = [], b: [UInt8] = []
            prepared.prepareNextFrame()
            prepared.prepareNextFrame()
            prepared.render(session, into: &a)
            unprepared.render(session, into: &b)
            #expect(a == b, "frame \(step)")
        }
    }

    struct Closed: Error {}

    /// A frame written in pieces (``ReaderDisplay/render(_:into:flushingEvery:_:)``) is all
    /// there in the pieces and the rest; and when a piece cannot be written, part of a frame
    /// may be on the terminal, so the next frame is drawn whole.
    @Test func aFrameInPiecesIsWholeAndAFailedPieceMeansARepaint() throws {
        var (display, session) = Self.streamShowingItsEmptyScreen()
        var (reference, _) = Self.streamShowingItsEmptyScreen()
        _ = session.receive(Array(Self.text.utf8), at: 0)
        var whole: [UInt8] = []
        reference.render(session, into: &whole)
        var pieces: [[UInt8]] = []
        var rest: [UInt8] = []
        display.render(session, into: &rest, flushingEvery: 256) { pieces.append($0) }
        #expect(pieces.count >= 2, "a page of text goes out in pieces: \(pieces.map(\.count))")
        #expect(pieces.joined() + rest == whole)

        _ = session.handle(.toggleHelp, at: 1)  // a frame that differs at once, no animation
        var partial: [UInt8] = []
        #expect(throws: Closed.self) {
            try display.render(session, into: &partial, flushingEvery: 256) { _ in throw Closed() }
        }
        var next: [UInt8] = []
        display.render(session, into: &next)
        #expect(String(decoding: next, as: UTF8.self).contains("\u{1B}[2J"), "the frame after a failed piece erases the screen and draws it whole")
    }
}
