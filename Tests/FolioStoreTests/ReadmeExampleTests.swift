import Foundation
import Testing
import Folio
import FolioStore

/// The example in `docs/readme/memory.md`, line for line, run against a real pager and folder.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleRestoresWhereTheReaderLeft() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/notes.md"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x61, count: 1_000)))
            let environment = ["XDG_STATE_HOME": directory + "/state"]
            let pageStarts = Array(stride(from: 0, to: 1_000, by: 100))
            let log = WarningLog()
            let report: @Sendable (PositionStoreWarning) -> Void = { log.record($0) }
            var pager = try Pager(track: Track(pages: .finite(pageStarts.count), pageExtent: 40, viewportExtent: 40))
            var effects = pager.move(toPage: 6, animated: false)

            // — from the README —
            let store = try JSONFilePositionStore(environment: environment, warn: report)   // a damaged file: say why
            let id = try DocumentIdentity.file(atPath: path)   // resolved path, size, modification time
            var recorder = PositionRecorder(identity: id, restoring: store.load(for: id))
            if let page = recorder.lookup(in: pageStarts, isComplete: true).page {   // on opening, after re-paginating
                _ = pager.move(toPage: page, animated: false)
            }
            if let position = recorder.record(effects, track: pager.track, pageStarts: pageStarts) {   // after each input
                try store.save(position, for: recorder.identity)
            }
            // — end —

            #expect(store.load(for: id) == ReadingPosition(anchor: 600, page: 6, pageCount: 10))
            // Next launch, on a pager at page 0: the lookup brings it back to page 6.
            pager = try Pager(track: pager.track)
            recorder = PositionRecorder(identity: id, restoring: store.load(for: id))
            if let page = recorder.lookup(in: pageStarts, isComplete: true).page {
                effects = pager.move(toPage: page, animated: false)
            }
            #expect(pager.settledPage == 6 && effects.events.contains(.settled(page: 6)))
            #expect(log.warnings == [], "no warning")
        }
    }
}
