import Foundation
import Testing
import Folio
import FolioReading

/// The README's reading-layer example, with a host that records what it is told.
@Suite struct ReadmeExampleTests {
    final class Host {
        var redraws = 0, saves: [ReadingPosition] = [], glyphs = 0
        func apply(_ effects: [SessionEffect]) {
            for effect in effects {
                if effect == .redraw { redraws += 1 }
                if case .save(let position) = effect { saves.append(position) }
            }
        }
        func apply(_ effect: SessionEffect) { apply([effect]) }
        func draw(_ glyph: Glyph, at x: Int, line: Int) { glyphs += 1 }
    }

    struct Clock { var now = 0.0 }

    @Test func theReadingLayerExampleRuns() throws {
        let path = NSTemporaryDirectory() + "notes-\(UInt64.random(in: 0...UInt64.max)).md"
        try Data(String(repeating: "# A chapter\n\nSome words to read.\n\n", count: 200).utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let host = Host()
        var clock = Clock()
        // — from the README —
        var session = ReadingSession(document: try Document.open(path: path).document,
                                     measurer: CellMeasurer(),                     // or pixels: your own TextMeasurer
                                     viewport: Viewport(width: 120, height: 38), at: clock.now)
        for effect in session.handle(key: .character("G"), at: clock.now) { host.apply(effect) }  // .redraw, .save(position), .quit
        while session.hasWork { host.apply(session.work(budget: 256 << 10, at: clock.now)) }    // between frames
        while session.isAnimating { clock.now += 1.0 / 60; host.apply(session.handle(.tick, at: clock.now)) }  // once per frame
        for page in session.visiblePages {                       // which pages, where, which side of the spine
            session.forEachGlyph(onPage: page.page) { line, glyph in host.draw(glyph, at: page.x + glyph.x, line: line) }
        }
        // — end —
        #expect(session.currentPages.upperBound == session.pagination.knownPages - 1, "G went to the end")
        #expect(host.redraws > 0 && host.glyphs > 0)
        #expect(host.saves.last?.page == session.currentPage)
    }
}
