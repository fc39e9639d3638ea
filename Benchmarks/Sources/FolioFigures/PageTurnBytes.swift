import Foundation
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

/// Turns `turns` pages forward in the real `Reader` on `text` at `columns` × `rows`, rendering
/// each frame the way the `folio` executable's loop does (tick, draw, diff with the shift hint)
/// at 60 frames per second on a simulated clock, and counts the bytes the `Renderer` writes.
func pageTurnBytes(text: [UInt8], columns: Int, rows: Int, turns: Int) -> PageTurnFigures {
    let document = Document(title: "real text", data: Data(text), isMarkdown: false)
    var reader = Reader(document: document, columns: columns, rows: rows)
    let renderer = Renderer()
    var now = 0.0
    func draw() -> Frame {
        var frame = Frame(width: columns, height: rows)
        reader.render(into: &frame)
        return frame
    }
    // Paginate first (folio does it between frames, a budget at a time), then start a few pages in, at rest.
    while reader.hasWork { reader.work() }
    reader.handle(.goToPage(4))
    while reader.pager.isSettling { now += 1.0 / 60; reader.handle(.tick(now)) }
    var shown = draw()
    var lastDrawn = reader.drawnOffset(ofPage: reader.currentPage).map { (reader.currentPage, $0) }
    var output: [UInt8] = []
    var written = 0, frames = 0, repaint = 0, direct = 0
    for _ in 0..<turns {
        let before = shown
        _ = reader.handle(key: .right)
        repeat {
            now += 1.0 / 60
            reader.handle(.tick(now))
            let frame = draw()
            var shift = 0
            if let (page, offset) = lastDrawn, let at = reader.drawnOffset(ofPage: page) { shift = at - offset }
            lastDrawn = reader.drawnOffset(ofPage: reader.currentPage).map { (reader.currentPage, $0) }
            output.removeAll(keepingCapacity: true)
            renderer.render(from: shown, to: frame, horizontalShift: shift, into: &output)
            written += output.count
            frames += 1
            shown = frame
        } while reader.pager.isSettling
        repaint += renderer.render(from: nil, to: shown).count
        direct += renderer.render(from: before, to: shown).count
    }
    let n = Double(turns)
    return PageTurnFigures(columns: columns, rows: rows, turns: turns, bytesPerTurn: Double(written) / n,
                           framesPerTurn: Double(frames) / n, repaintBytes: Double(repaint) / n,
                           directDiffBytes: Double(direct) / n)
}
