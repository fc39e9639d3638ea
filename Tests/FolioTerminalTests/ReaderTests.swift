import Foundation
import Testing
@testable import FolioTerminal

func sampleDocument(paragraphs: Int = 200, markdown: Bool = false) -> Document {
    var text = ""
    for i in 0..<paragraphs {
        if markdown && i % 50 == 0 { text += "# Chapter \(i / 50 + 1)\n\n" }
        text += "Paragraph \(i): " + String(repeating: "lorem ipsum dolor sit amet ", count: 6) + "\n\n"
    }
    return Document(title: "sample", data: Data(text.utf8), isMarkdown: markdown)
}

/// Drives a reader with ticks until it is idle.
func settle(_ reader: inout Reader, from time: inout Double) {
    var frames = 0
    while reader.isBusy && frames < 100_000 {
        time += 1.0 / 60
        reader.handle(.tick(time))
        reader.work()
        frames += 1
    }
}

@Suite struct ReaderTests {
    @Test func keysTurnPages() {
        var reader = Reader(document: sampleDocument(), columns: 80, rows: 24)
        var t = 0.0
        settle(&reader, from: &t)
        #expect(reader.pagination.isComplete)
        let kept = reader.handle(key: .right)
        #expect(kept)
        settle(&reader, from: &t)
        #expect(reader.currentPage == 1)
        _ = reader.handle(key: .character(" "))
        settle(&reader, from: &t)
        _ = reader.handle(key: .character("b"))
        settle(&reader, from: &t)
        #expect(reader.currentPage == 1)
        _ = reader.handle(key: .end)
        settle(&reader, from: &t)
        #expect(reader.currentPage == reader.pagination.knownPages - 1)
        let q = reader.handle(key: .character("q")), interrupt = reader.handle(key: .interrupt)
        #expect(!q && !interrupt)
    }

    @Test func goToAPageOrAPercentage() {
        var reader = Reader(document: sampleDocument(), columns: 80, rows: 24)
        var t = 0.0
        for key in [ReaderKey.character("g"), .character("7"), .enter] { _ = reader.handle(key: key) }
        settle(&reader, from: &t)
        #expect(reader.currentPage == 6)
        for key in [ReaderKey.character("g"), .character("5"), .character("0"), .character("%"), .enter] { _ = reader.handle(key: key) }
        settle(&reader, from: &t)
        let half = reader.document.byteCount / 2
        #expect(reader.pagination.bytes(ofPage: reader.currentPage).contains(half))
    }

    @Test func aResizeKeepsTheTextAtTheTopOfThePage() {
        var reader = Reader(document: sampleDocument(), columns: 80, rows: 24)
        var t = 0.0
        reader.handle(.goToPage(10))
        settle(&reader, from: &t)
        let anchor = reader.anchor
        reader.handle(.resize(columns: 200, rows: 50))
        settle(&reader, from: &t)
        #expect(reader.layout.pagesPerSpread == 2)
        let shown = reader.pagination.bytes(ofPage: reader.currentPage).lowerBound..<reader.pagination.bytes(ofPage: min(reader.currentPage + 1, reader.pagination.knownPages - 1)).upperBound
        #expect(shown.contains(anchor), "anchor \(anchor) not in the spread \(shown)")
        reader.handle(.resize(columns: 80, rows: 24))
        settle(&reader, from: &t)
        #expect(reader.layout.pagesPerSpread == 1)
        #expect(reader.pagination.bytes(ofPage: reader.currentPage).contains(anchor))
    }

    @Test func searchFindsMatchesInOrder() {
        var reader = Reader(document: sampleDocument(), columns: 80, rows: 24)
        var t = 0.0
        for key in [ReaderKey.character("/")] + "Paragraph 150".map(ReaderKey.character) + [.enter] { _ = reader.handle(key: key) }
        settle(&reader, from: &t)
        let match = try! #require(reader.search?.matches.first)
        #expect(reader.pagination.bytes(ofPage: reader.currentPage).contains(match))
        _ = reader.handle(key: .character("N"))
        settle(&reader, from: &t)
        #expect(reader.message == "No more matches")
    }

    @Test func smartCaseSearch() {
        let bytes = Array("Foo foo FOO".utf8)
        bytes.withUnsafeBytes { raw in
            var lower = Search(query: "foo", byteCount: raw.count)
            lower.scan(raw, budget: 100)
            #expect(lower.matches == [0, 4, 8])
            var exact = Search(query: "Foo", byteCount: raw.count)
            exact.scan(raw, budget: 100)
            #expect(exact.matches == [0])
        }
    }

    @Test func markdownHeadingsBecomeChapters() {
        var reader = Reader(document: sampleDocument(markdown: true), columns: 80, rows: 24)
        var t = 0.0
        settle(&reader, from: &t)
        #expect(reader.chapters.chapters.map(\.title) == ["Chapter 1", "Chapter 2", "Chapter 3", "Chapter 4"])
        reader.handle(.goToPage(reader.pagination.page(containing: reader.chapters.chapters[2].offset)!))
        settle(&reader, from: &t)
        #expect(reader.currentChapterIndex == 2)
    }

    @Test func clicksInTheOuterThirdsTurnPages() {
        var reader = Reader(document: sampleDocument(), columns: 90, rows: 24)
        var t = 0.0
        reader.handle(.click(column: 80, row: 10))
        settle(&reader, from: &t)
        #expect(reader.currentPage == 1)
        reader.handle(.click(column: 45, row: 10))
        settle(&reader, from: &t)
        #expect(reader.currentPage == 1, "the middle third does nothing")
        reader.handle(.click(column: 5, row: 10))
        settle(&reader, from: &t)
        #expect(reader.currentPage == 0)
    }

    @Test func aDragTurnsThePageWithThePhysics() {
        var reader = Reader(document: sampleDocument(), columns: 80, rows: 24)
        var t = 0.0
        reader.handle(.dragBegan(column: 70, row: 10, time: t))
        for column in stride(from: 68, through: 30, by: -2) {
            t += 0.01
            reader.handle(.dragMoved(column: column, row: 10, time: t))
        }
        #expect(reader.pager.isDragging)
        reader.handle(.dragEnded(column: 30, row: 10, time: t))
        #expect(reader.pager.isSettling)
        settle(&reader, from: &t)
        #expect(reader.currentPage == 1)
    }
}
