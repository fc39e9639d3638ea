import PropertyBased
import Synchronization
import Testing
@testable import FolioEPUB
@testable import FolioReading

/// A long document's start rendered alone, for a first page that does not
/// wait for the whole, is exactly what the whole document's rendering begins
/// with, and carries the same anchors, pictures and page breaks as far as it
/// goes, and none but the whole's links.
@Suite struct DocumentStartTests {
    /// The property test's markup soup, and what reads ahead: reversed lists counting their
    /// items, rubies looking for brackets, note references, and long paragraphs to cut.
    static let fragments = PropertyTests.fragments + [
        "<ol reversed>", "<ol reversed start='9'>", "<li>", "<ruby>漢<rt>かん</rt></ruby>", "<ruby>", "<rt>", "<rp>(</rp>",
        "</ruby>", "<a epub:type='noteref' href='n.xhtml#1'>", "<sup><a href='n.xhtml#2'>", "[", "3",
        "<p style='page-break-before: always'>", "<p>A longer paragraph of words to be read, cut somewhere in it.</p>",
    ]
    static let soup = Gen.int(in: 0...(fragments.count - 1)).map { fragments[$0] }.array(of: 0...200)
    static let css = ".gone { display: none }"

    @Test func aDocumentsStartIsWhatItsWholeBeginsWith() async {
        let started = Atomic(0)
        await propertyCheck(count: 1_500, input: Self.soup, Gen.int(in: 1...120)) { pieces, minimum in
            let text = TextDecoding.utf8(Array(EPUBFixture.xhtml(pieces.joined()).utf8))
            let sheet = Stylesheet(parsing: Self.css)
            let whole = ContentRenderer.render(MarkupParser.parse(utf8: text, mode: .html), path: "OEBPS/ch1.xhtml", stylesheet: sheet)
            guard let start = EPUBBook.start(of: text, path: "OEBPS/ch1.xhtml", minimum: minimum, maximumDepth: 256,
                                             stylesheet: { _ in sheet }) else { return }
            started.add(1, ordering: .relaxed)
            let cut = start.text.count
            #expect(whole.text.starts(with: start.text), "\(visible(start.string)) is not the start of \(visible(whole.string))")
            #expect(cut >= minimum && start.text.last == 0x0A, "\(cut) bytes for \(minimum), ending at a line's end")
            #expect(start.anchors == whole.anchors.filter { $0.value < cut })
            // A link still open where the start ends is left out (its end is not known yet);
            // every other is the whole's.
            let wholeLinks = whole.links.filter { $0.range.upperBound < cut }
            #expect(start.links.allSatisfy(wholeLinks.contains), "\(start.links) not among \(wholeLinks)")
            #expect(start.images == whole.images.filter { $0.offset < cut })
            #expect(start.pageBreaks == whole.pageBreaks.filter { $0 < cut })
        }
        #expect(started.load(ordering: .relaxed) > 300, "a start was rendered for enough of the documents")
    }

    /// A chapter whose stylesheet and inline style hide text: its start hides it too, and the
    /// whole chapter's rendering begins with it. A short chapter is rendered whole.
    @Test func aLongChapterStartsAsItsWholeDoesWithItsStylesheet() throws {
        let paragraphs = (0..<400).map { "<p class='n\($0 % 3)'>Paragraph \($0) of the chapter, words and words.</p>" }.joined()
        let fixture = try EPUBFixture.book(
            body: "<h1 id='top'>A long chapter</h1><p class='gone'>hidden</p>" + paragraphs,
            head: "<link rel='stylesheet' href='s.css'/><style>.n2 { display: none }</style>",
            extra: [EPUBFixture.Entry("OEBPS/s.css", ".gone { display: none }")])
        let book = try fixture.open()
        let whole = book.render(spineItem: 0)
        let start = try #require(book.renderStart(spineItem: 0, minimum: 1024))
        #expect(start.text.count >= 1024 && start.text.count < whole.text.count / 2)
        #expect(whole.text.starts(with: start.text))
        #expect(!start.string.contains("hidden") && !start.string.contains("Paragraph 2 ") && start.string.contains("Paragraph 1 "))
        #expect(start.anchors == whole.anchors.filter { $0.value < start.text.count } && start.anchors["top"] != nil)
        #expect(book.renderStart(spineItem: 0, minimum: whole.text.count / 2) == nil, "a chapter not eight times the start is rendered whole")
    }
}
