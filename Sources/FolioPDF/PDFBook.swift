import FolioReading
import Synchronization

/// A PDF as the reading layer reads books: each page is a part whose
/// picture MuPDF draws at the size it is shown, holding the page's text
/// in reading order, so the session pages a PDF with every command,
/// gesture, spread, chapter strip and saved place a book has, and search
/// finds its words.
///
/// - Where a host draws pictures (the window, a terminal with pictures),
///   each page is its picture, drawn (``render(_:fitting:)``) for the size
///   it is shown, so it stays sharp at any window size or zoom.
/// - Where it does not (`--pictures none`, plain output), the page's text
///   is read as text, a form feed between pages, as `pdftotext` gives it.
/// - The outline is the table of contents (the chapter strip); a document
///   without one is one chapter. Links to other pages are the page's links
///   over the text under them.
///
/// ```swift
/// let book = try PDFBook(path: "manual.pdf")
/// let document = Document(book: book, path: "manual.pdf")
/// ```
public final class PDFBook: BookSource, PictureRenderer {
    /// The document read.
    public let pdf: PDFDocument
    /// The title: the document's own, or the file name without `.pdf`.
    public let title: String
    /// The author the document names, if any.
    public let authors: [String]
    /// The outline, or the whole document as one chapter.
    public let contents: [BookContentsEntry]

    /// Each page's characters' byte offsets in its part's text and their boxes, for the last pages read.
    private let texts = Mutex<(pages: [Int: PageText], order: [Int])>(([:], []))
    private static let keptTexts = 32

    /// Where a page's characters are: the byte offset each starts at in its part's text, and its box.
    struct PageText: Sendable {
        var offsets: [Int] = []
        var boxes: [PictureBox] = []
    }

    /// Whether the first pages have text (a scanned PDF has none): see ``readsAsText``.
    public let readsAsText: Bool
    /// The first pages' parts, read to decide ``readsAsText`` and kept for the first screen.
    private let firstParts = Mutex<[Int: BookPart]>([:])

    /// The PDF at `path`.
    ///
    /// - Throws: ``PDFError`` when it cannot be opened.
    public convenience init(path: String) throws(PDFError) {
        try self.init(pdf: PDFDocument(path: path))
    }

    /// A book over `pdf`.
    public init(pdf: PDFDocument) {
        self.pdf = pdf
        let name = pdf.path.split(separator: "/").last.map(String.init) ?? pdf.path
        let stem = name.lowercased().hasSuffix(".pdf") ? String(name.dropLast(4)) : name
        title = pdf.metadata("Title") ?? stem
        authors = pdf.metadata("Author").map { [$0] } ?? []
        // Typeset pages have their words; a scan's have none, or a few from a stamp or a page number.
        let sample = (0..<min(2, pdf.pageCount)).map { Self.read(pdf, page: $0) }
        readsAsText = sample.contains { $0.part.text.count >= 64 && !$0.text.offsets.isEmpty }
        let outline = pdf.outline
        contents = outline.isEmpty ? [BookContentsEntry(title: title, level: 1, part: 0)]
            : outline.map { BookContentsEntry(title: $0.title, level: $0.level, part: $0.page) }
        for (index, read) in sample.enumerated() {
            firstParts.withLock { $0[index] = read.part }
            remember(read.text, page: index)
        }
    }

    /// Whether `path` names a PDF by its extension, or `head` (the file's first bytes) starts as one does.
    public static func isPDF(path: String, head: [UInt8]) -> Bool {
        path.lowercased().hasSuffix(".pdf") || head.prefix(1024).starts(with: Array("%PDF-".utf8))
    }

    // MARK: BookSource

    /// None: a PDF says no language folio uses.
    public var language: String? { nil }
    /// Pages turn left to right.
    public var isRightToLeft: Bool { false }
    /// One part per page.
    public var partCount: Int { pdf.pageCount }
    /// The pages are drawn, not stored: this book is their renderer.
    public var renderer: (any PictureRenderer)? { self }
    /// A page's text is read by laying the page out (some milliseconds): it counts as 16 KB of
    /// text, so the first screen waits for the pages it shows (two) rather than eight.
    public var partCost: Int { 16 << 10 }
    /// No stored resources: the pages are drawn by ``render(_:fitting:)``.
    public func resource(_ path: String) -> [UInt8]? { nil }

    /// The most text a page holds as text: the rest of a page with more is left out.
    static let maximumPageText = PageGeometry.maximumPageBytes - 1024

    /// Page `index` as a part: its text in reading order (a blank line between blocks), all of it
    /// covered by the page's picture; `[page N]` for a page without text.
    public func part(at index: Int) -> BookPart {
        if let kept = firstParts.withLock({ $0.removeValue(forKey: index) }) { return kept }
        let read = Self.read(pdf, page: index)
        remember(read.text, page: index)
        return read.part
    }

    /// Page `index` of `pdf` as a part, and where its characters are.
    private static func read(_ pdf: PDFDocument, page index: Int) -> (part: BookPart, text: PageText) {
        var text: [UInt8] = []
        var where_ = PageText()
        var lineStarts = true
        for character in pdf.text(page: index) {
            switch character.kind {
            case .scalar(let scalar, let box):
                guard text.count < maximumPageText else { continue }
                where_.offsets.append(text.count)
                where_.boxes.append(box)
                // Control characters would be escapes on a terminal: a space stands in.
                let shown: Unicode.Scalar = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? " " : scalar
                text.append(contentsOf: String(Character(shown)).utf8)
                lineStarts = false
            case .lineEnd:
                if !lineStarts { text.append(0x0A) }
                lineStarts = true
            case .blockEnd:
                if !text.isEmpty && text.last == 0x0A && (text.count < 2 || text[text.count - 2] != 0x0A) { text.append(0x0A) }
            }
        }
        while text.last == 0x0A { text.removeLast() }
        if text.isEmpty { text = Array("[page \(index + 1)]".utf8) }
        text.append(0x0A)
        let size = pictureSize(of: pdf, page: index)
        // A landscape page (a fold-out plate, a slide) stands alone across a two-page spread.
        let image = BookImage(offset: 0, path: path(ofPage: index), alt: "page \(index + 1)", isStandalone: true,
                              size: size, coveredText: text.count, isDoublePage: size.width > size.height)
        return (BookPart(text: text, links: links(of: pdf, page: index, text: where_, bytes: text), images: [image]), where_)
    }

    /// The page's links over the text under them; a link over no text is left out.
    private static func links(of pdf: PDFDocument, page: Int, text: PageText, bytes: [UInt8]) -> [BookLink] {
        pdf.links(page: page).compactMap { link in
            let inside = text.boxes.indices.filter { i in
                let box = text.boxes[i]
                let x = (box.x0 + box.x1) / 2, y = (box.y0 + box.y1) / 2
                return x >= link.box.x0 && x <= link.box.x1 && y >= link.box.y0 && y <= link.box.y1
            }
            guard let first = inside.first, let last = inside.last else { return nil }
            // To the end of the last character under it (its UTF-8 length from its lead byte).
            let lead = bytes[text.offsets[last]]
            let end = text.offsets[last] + (lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4)
            return BookLink(range: text.offsets[first]..<end, target: link.target)
        }
    }

    /// The size a page's picture is measured by: its size in points at 144 dots an inch, so a host
    /// that draws a picture at most twice its size still fills a large window.
    private static func pictureSize(of pdf: PDFDocument, page: Int) -> ImageSize {
        let points = pdf.pageSize(page) ?? (612, 792)
        return ImageSize(width: max(1, Int((points.width * 2).rounded())), height: max(1, Int((points.height * 2).rounded())))
    }

    static func path(ofPage page: Int) -> String { "page-\(page + 1)" }

    static func page(ofPath path: String) -> Int? {
        guard path.hasPrefix("page-"), let number = Int(path.dropFirst(5)), number >= 1 else { return nil }
        return number - 1
    }

    private func remember(_ text: PageText, page: Int) {
        texts.withLock { kept in
            if kept.pages.updateValue(text, forKey: page) == nil { kept.order.append(page) }
            if kept.order.count > Self.keptTexts { kept.pages[kept.order.removeFirst()] = nil }
        }
    }

    // MARK: PictureRenderer

    /// Page `path` (`page-N`) drawn to fit `box`.
    public func render(_ path: String, fitting box: ImageSize) -> PicturePixels? {
        guard let page = Self.page(ofPath: path), page < pdf.pageCount else { return nil }
        return pdf.render(page: page, fitting: box)
    }

    /// Where the page's text bytes `range` are drawn: a box per run of characters on one line.
    public func boxes(_ path: String, text range: Range<Int>) -> [PictureBox] {
        guard let page = Self.page(ofPath: path), page < pdf.pageCount else { return [] }
        let text: PageText
        if let known = texts.withLock({ $0.pages[page] }) {
            text = known
        } else {
            // Read again, leaving the first screen's kept parts to the assembler.
            text = Self.read(pdf, page: page).text
            remember(text, page: page)
        }
        var merged: [PictureBox] = []
        for (offset, box) in zip(text.offsets, text.boxes) where range.contains(offset) {
            if var last = merged.last, abs(last.y0 - box.y0) < 0.002, box.x0 >= last.x0 {
                last.x1 = max(last.x1, box.x1)
                last.y1 = max(last.y1, box.y1)
                merged[merged.count - 1] = last
            } else {
                merged.append(box)
            }
        }
        return merged
    }
}
