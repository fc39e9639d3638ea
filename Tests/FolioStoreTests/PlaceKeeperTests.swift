import Foundation
import Testing
import Folio
import FolioReading
import FolioStore

@Suite struct PlaceKeeperTests {
    @Test func aFileKeepsItsPlaceAcrossAppendsButNotAcrossADifferentBeginning() throws {
        try withTemporaryDirectory { directory in
            let store = JSONFilePositionStore(directory: directory + "/state")
            let path = directory + "/notes.txt"
            try Data("first words\n".utf8).write(to: URL(fileURLWithPath: path))
            var keeper = PlaceKeeper(document: Document(title: "notes", bytes: []), source: .file(path: path), store: store)
            #expect(keeper.restore() == nil)
            try keeper.save(ReadingPosition(anchor: 6, page: 0, pageCount: 1))
            // Appended: the first 12 bytes are the same.
            try Data("first words\nand more\n".utf8).write(to: URL(fileURLWithPath: path))
            var again = PlaceKeeper(document: Document(title: "notes", bytes: []), source: .file(path: path), store: store)
            #expect(again.restore()?.anchor == 6)
            // Rewritten from the top: another document under the same name.
            try Data("other words\n".utf8).write(to: URL(fileURLWithPath: path))
            var other = PlaceKeeper(document: Document(title: "notes", bytes: []), source: .file(path: path), store: store)
            #expect(other.restore() == nil)
        }
    }

    @Test func aStreamIsKnownOnceItsFirstBytesHaveArrived() throws {
        try withTemporaryDirectory { directory in
            let store = JSONFilePositionStore(directory: directory)
            let text = String(repeating: "a line of a long stream\n", count: 400)
            do {
                var keeper = PlaceKeeper(document: Document(title: "stdin", bytes: Array(text.utf8)), source: .content, store: store)
                #expect(keeper.restore() == nil)
                try keeper.save(ReadingPosition(anchor: 4_800, page: 3, pageCount: 9))
            }
            let stream = StreamText()
            var keeper = PlaceKeeper(document: Document(title: "stdin", format: .plain, text: stream), source: .content, store: store)
            #expect(!keeper.isKnown && keeper.restore() == nil, "a few bytes cannot tell streams apart")
            stream.append(Array(text.utf8.prefix(100)))
            #expect(keeper.restoreWhenKnown() == nil)
            stream.append(Array(text.utf8.dropFirst(100)))
            #expect(keeper.restoreWhenKnown()?.anchor == 4_800, "once 4 KB are in")
            #expect(keeper.restoreWhenKnown() == nil, "only once")
        }
    }
}
