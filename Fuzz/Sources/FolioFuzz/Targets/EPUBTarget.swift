import FolioEPUB
import FolioReading
#if canImport(Glibc)
import Glibc
#endif

/// The EPUB reader from the file up: the zip directory, the inflater, the
/// container, package, navigation and content documents, and rendering.
///
/// Each input is written to a scratch file and opened as a book (the public
/// API reads books from paths). Hangs and memory are bounded by libFuzzer
/// (`-timeout`, `-rss_limit_mb`, set by `Fuzz/run`).
///
/// Properties, for every input:
/// - opening either gives a book or throws an `EPUBError` (typed throws make
///   any other error impossible) whose message is one non-empty line;
/// - every spine item renders, and the offsets it reports (anchors, links,
///   images, headings, page breaks, right-to-left runs) lie inside its text;
/// - every part of the book's `EPUBBookSource` comes back, the cover included.
enum EPUBTarget: FuzzTarget {
    static let name = "epub"
    static let summary = "EPUBBook/EPUBBookSource/zip/inflater: EPUBError or a book whose offsets are in range"

    /// The scratch file each input is written to: in /dev/shm when there is one.
    nonisolated(unsafe) static var path = ""

    static func prepare() {
        path = scratchPath(".epub")
        // The scratch file goes when the run ends (libFuzzer exits through exit()).
        atexit { unlink(EPUBTarget.path) }
    }

    static func check(_ input: UnsafeRawBufferPointer) {
        writeScratch(input, to: path)

        let book: EPUBBook
        do {
            book = try EPUBBook.open(path: path)
        } catch {
            let message = error.description
            require(!message.isEmpty && !message.contains("\n"), "the error \(error) is not one line: \(message)")
            return
        }
        for index in book.spine.indices {
            let item = book.render(spineItem: index)
            let count = item.text.count
            let inText = 0...count
            require(item.anchors.values.allSatisfy(inText.contains), "spine item \(index): an anchor past \(count)")
            require(item.links.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= count },
                    "spine item \(index): a link outside \(count) bytes: \(item.links)")
            require(item.images.allSatisfy { inText.contains($0.offset) }, "spine item \(index): an image past \(count)")
            require(item.headings.allSatisfy { inText.contains($0.offset) }, "spine item \(index): a heading past \(count)")
            require(item.pageBreaks.allSatisfy(inText.contains), "spine item \(index): a page break past \(count)")
            require(item.rightToLeftRanges.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= count },
                    "spine item \(index): a right-to-left run outside \(count) bytes")
        }
        let source = EPUBBookSource(book: book)
        for index in 0..<source.partCount {
            let part = source.part(at: index)
            require(part.links.allSatisfy { $0.range.upperBound <= part.text.count }, "part \(index): a link past its text")
        }
        _ = source.contents
        if let cover = book.coverImage { _ = source.resource(cover) }
    }
}
