import FolioPDF
import FolioReading
#if canImport(Glibc)
import Glibc
#endif

/// PDFs through MuPDF, as the reader opens them: `PDFDocument` (folio's C shim
/// over MuPDF) and the `PDFBook` a reader pages through.
///
/// Each input is written to a scratch `.pdf` file and opened; then the first
/// ``pagesRead`` pages are measured, their text and links read, and each is
/// drawn to fit ``box``; the outline and the metadata are read; and a
/// `PDFBook` over the same document gives the same pages as parts. MuPDF
/// repairs what it can (its warnings go nowhere: the shim silences them).
///
/// Properties, for every input:
/// - opening gives a document or throws a `PDFError` whose message is one
///   line in words;
/// - a document has at least one page, and asking for a page outside it
///   gives nothing (no size, no picture, no text, no links);
/// - a page's size, when it has one, is positive and finite;
/// - a page drawn to fit the box is at least one pixel and at most the box on
///   each side, with `width × height × 4` bytes of pixels;
/// - a character's box is finite, and a link's box too; a link to a page
///   leads to a page of the document; so does every outline entry, nested 1
///   deep or more;
/// - the metadata, when there is some, is trimmed and not empty;
/// - a `PDFBook`'s part for a page is valid UTF-8 with no control character
///   but line feeds, ends in one, and its links lie inside it;
/// - no input hangs (libFuzzer's `-timeout`) or takes much memory (`-rss_limit_mb`).
enum PDFTarget: FuzzTarget {
    static let name = "pdf"
    static let summary = "PDFDocument/PDFBook (MuPDF): one-line errors, pages in range, pictures the size they claim, text and links in bounds"

    /// How many pages are read per input (a fuzzed PDF can claim any number).
    static let pagesRead = 4
    /// The box each page is drawn to fit, in pixels.
    static let box = ImageSize(width: 64, height: 64)

    /// The scratch file each input is written to: in /dev/shm when there is one.
    nonisolated(unsafe) static var path = ""

    static func prepare() {
        path = scratchPath(".pdf")
        atexit { unlink(PDFTarget.path) }
    }

    static func check(_ input: UnsafeRawBufferPointer) {
        writeScratch(input, to: path)
        let pdf: PDFDocument
        do {
            pdf = try PDFDocument(path: path)
        } catch {
            let message = error.description
            require(!message.isEmpty && !message.contains(where: \.isNewline), "the error's message is not one line: \(message.debugDescription)")
            require(!message.contains("(file:"), "the error's message is a Swift value, not words: \(message.debugDescription)")
            return
        }
        let pages = pdf.pageCount
        require(pages >= 1, "a document of \(pages) pages")
        for outside in [-1, pages] {
            require(pdf.pageSize(outside) == nil && pdf.render(page: outside, fitting: box) == nil
                    && pdf.text(page: outside).isEmpty && pdf.links(page: outside).isEmpty, "page \(outside) of \(pages) gives something")
        }

        for page in 0..<min(pages, pagesRead) {
            if let size = pdf.pageSize(page) {
                require(size.width > 0 && size.height > 0 && size.width.isFinite && size.height.isFinite, "page \(page) is \(size)")
            }
            if let picture = pdf.render(page: page, fitting: box) {
                let size = picture.size
                require((1...box.width).contains(size.width) && (1...box.height).contains(size.height),
                        "page \(page) drawn \(size.width) × \(size.height) to fit \(box.width) × \(box.height)")
                require(picture.rgba.count == size.width * size.height * 4, "page \(page): \(picture.rgba.count) bytes for \(size.width) × \(size.height)")
            }
            for character in pdf.text(page: page) {
                if case .scalar(let scalar, let box) = character.kind {
                    require(isFinite(box), "page \(page): \(scalar.debugDescription) in \(box)")
                }
            }
            for link in pdf.links(page: page) {
                require(isFinite(link.box), "page \(page): a link in \(link.box)")
                if case .part(let target, _) = link.target {
                    require((0..<pages).contains(target), "page \(page): a link to page \(target) of \(pages)")
                }
            }
        }
        for entry in pdf.outline {
            require((0..<pages).contains(entry.page) && entry.level >= 1, "an outline entry at level \(entry.level) to page \(entry.page) of \(pages)")
        }
        for key in ["Title", "Author"] {
            if let value = pdf.metadata(key) {
                let ends = [value.unicodeScalars.first, value.unicodeScalars.last].compactMap { $0 }
                require(!ends.isEmpty && !ends.contains { $0.properties.isWhitespace }, "the \(key) \(value.debugDescription) is not trimmed")
            }
        }

        let book = PDFBook(pdf: pdf)
        require(book.partCount == pages, "the book has \(book.partCount) parts for \(pages) pages")
        require(book.contents.allSatisfy { (0..<pages).contains($0.part) }, "the contents lead outside the pages: \(book.contents)")
        for page in 0..<min(pages, pagesRead) {
            let part = book.part(at: page)
            require(String(validating: part.text, as: UTF8.self) != nil, "page \(page)'s text is not UTF-8")
            require(part.text.last == 0x0A && !part.text.contains { $0 < 0x20 && $0 != 0x0A || $0 == 0x7F },
                    "page \(page)'s text has control characters or no final line feed")
            require(!String(decoding: part.text, as: UTF8.self).unicodeScalars.contains { (0x80...0x9F).contains($0.value) },
                    "page \(page)'s text has a C1 control character")
            require(part.links.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= part.text.count },
                    "page \(page): a link outside its \(part.text.count) bytes")
        }
    }

    static func isFinite(_ box: PictureBox) -> Bool {
        box.x0.isFinite && box.y0.isFinite && box.x1.isFinite && box.y1.isFinite
    }
}
