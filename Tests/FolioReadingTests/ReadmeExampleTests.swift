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
        var now = 0.0
        /// No input comes: the time the wait ends (a frame while the loop asks for one).
        func waitForInput(timeout: Double?) -> Double {
            now += timeout ?? 1
            return now
        }
    }

    struct Clock { var now = 0.0 }

    @Test func theReadingLayerExampleRuns() throws {
        let path = NSTemporaryDirectory() + "notes-\(UInt64.random(in: 0...UInt64.max)).md"
        try Data(String(repeating: "# A chapter\n\nSome words to read.\n\n", count: 200).utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let host = Host()
        var clock = Clock()
        // — from the README —
        var loop = ReadingLoop(ReadingSession(document: try Document.open(path: path).document,
                                              measurer: CellMeasurer(),            // or pixels: your own TextMeasurer
                                              viewport: Viewport(width: 120, height: 38), at: clock.now))
        for effect in loop.handle(key: .character("G"), at: clock.now) { host.apply(effect) }  // .redraw, .save(position), .quit
        repeat {
            clock.now = host.waitForInput(timeout: loop.timeout(now: clock.now))    // nil: until input comes
            for effect in loop.turn(at: clock.now, clock: { clock.now }) { host.apply(effect) }  // motion, a slice of work
        } while !loop.isIdle
        for page in loop.session.visiblePages {                   // which pages, where, which side of the spine
            loop.session.forEachGlyph(onPage: page.page) { line, glyph in host.draw(glyph, at: page.x + glyph.x, line: line) }
        }
        // — end —
        let session = loop.session
        #expect(session.spreadBytes.upperBound == session.document.text.count, "G went to the end")
        #expect(host.redraws > 0 && host.glyphs > 0)
        #expect(host.saves.last?.anchor == session.anchor)
    }
}

/// The README's key table and the session's own (the help overlay's, `--help`'s) list the
/// same keys: a key bound and documented in one place is documented in the other.
@Suite struct ReadmeKeyTableTests {
    @Test func everyKeyOfTheHelpIsInTheReadmesTable() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let table = try #require(text.range(of: "**Keys** are").flatMap { start in
            text[start.lowerBound...].range(of: "\n\n**").map { String(text[start.lowerBound..<$0.lowerBound]) }
        })
        for (keys, _, note) in ReadingSession.keyHelp {
            for key in keys.split(separator: " ") where !key.isEmpty {
                #expect(table.contains(key.replacingOccurrences(of: "''", with: "`''`")) || table.contains(String(key)),
                        "README's key table lacks \(key) (\(keys))")
            }
            if note.hasPrefix("!") || note.hasPrefix("*") {
                // The row the key's first name starts.
                let first = String(keys.split(separator: " ")[0])
                let row = table.split(separator: "\n").first { $0.hasPrefix("| \(first) ") || $0.hasPrefix("| `\(first)") } ?? ""
                #expect(row.hasSuffix("| \(note.prefix(1)) |") || row.contains("| \(note.prefix(1)) "),
                        "README marks \(keys) as the help does (\(note)): \(row)")
            }
        }
    }
}
