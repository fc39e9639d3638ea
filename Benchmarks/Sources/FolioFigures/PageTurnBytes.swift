import Foundation
import FolioReading
import FolioTerminal

/// What the terminal reader writes for a page turn.
struct PageTurnFigures {
    var columns: Int, rows: Int
    var turns: Int
    /// Bytes per page turn, every frame of its animation, as the `folio` loop renders them.
    var bytesPerTurn: Double
    var framesPerTurn: Double
    /// Bytes to show the page the turn ends on from a blank screen.
    var repaintBytes: Double
    /// Bytes of one diff from the page before straight to the page after (no animation).
    var directDiffBytes: Double
}

/// Turns `turns` pages forward in a real ``ReadingSession`` on `text` at `columns` × `rows`,
/// drawing each frame the way the `folio` executable's loop does (a ``ReaderDisplay``: tick,
/// draw, diff with the slide hint) at 60 frames per second on a simulated clock, and counts
/// the bytes the renderer writes.
func pageTurnBytes(text: [UInt8], columns: Int, rows: Int, turns: Int) -> PageTurnFigures {
    var display = ReaderDisplay(columns: columns, rows: rows)
    var session = ReadingSession(document: Document(title: "real text", bytes: text), measurer: CellMeasurer(),
                                 viewport: display.screen.viewport())
    var now = 0.0
    // Paginate first (folio does it between frames, a budget at a time), then start a few pages in, at rest.
    while session.hasWork { _ = session.work(budget: 1 << 20, at: now) }
    _ = session.handle(.goToPage(4), at: now)
    while session.isAnimating { now += 1.0 / 60; _ = session.handle(.tick, at: now) }
    var output: [UInt8] = []
    display.render(session, into: &output)
    let renderer = Renderer()
    var written = 0, frames = 0, repaint = 0, direct = 0
    for _ in 0..<turns {
        let before = display.lastFrame
        _ = session.handle(key: .right, at: now)
        repeat {
            now += 1.0 / 60
            _ = session.handle(.tick, at: now)
            output.removeAll(keepingCapacity: true)
            display.render(session, into: &output)
            written += output.count
            frames += 1
        } while session.isAnimating
        guard let shown = display.lastFrame else { continue }
        repaint += renderer.render(from: nil, to: shown).count
        direct += renderer.render(from: before, to: shown).count
    }
    let n = Double(turns)
    return PageTurnFigures(columns: columns, rows: rows, turns: turns, bytesPerTurn: Double(written) / n,
                           framesPerTurn: Double(frames) / n, repaintBytes: Double(repaint) / n,
                           directDiffBytes: Double(direct) / n)
}
