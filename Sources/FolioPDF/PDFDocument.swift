import CFolioPDF
import FolioReading

/// A PDF opened with MuPDF: its pages drawn at any size, their text in
/// reading order with each character's box, their links, and the outline.
///
/// Safe to use from several threads at once: MuPDF's document is touched
/// under a lock, and drawing and text extraction run outside it (see
/// `folio_pdf.h`), so a page drawn on a background queue does not hold up
/// the main thread's reading of another page's text for long.
///
/// ```swift
/// let pdf = try PDFDocument(path: "manual.pdf")
/// let page = pdf.render(page: 0, fitting: ImageSize(width: 800, height: 1000))
/// ```
public final class PDFDocument: @unchecked Sendable {
    /// One character of a page's text, or the end of a line or block.
    public struct Character: Hashable, Sendable {
        /// What it is.
        public enum Kind: Hashable, Sendable {
            /// A character, with its box as fractions of the page.
            case scalar(Unicode.Scalar, PictureBox)
            /// The end of a line.
            case lineEnd
            /// The end of a block (a paragraph, a column's piece).
            case blockEnd
        }

        /// It.
        public var kind: Kind
    }

    /// A link on a page.
    public struct Link: Hashable, Sendable {
        /// Its box, as fractions of the page.
        public var box: PictureBox
        /// Where it leads: a page (0-based) of the document, or an address outside it.
        public var target: BookLink.Target
    }

    /// An outline entry, flattened: its title, nesting (1 at the top) and page (0-based).
    public struct OutlineEntry: Hashable, Sendable {
        /// The title shown.
        public var title: String
        /// The nesting level, 1 for the top.
        public var level: Int
        /// The page it leads to, 0-based.
        public var page: Int
    }

    private let handle: OpaquePointer
    /// The file's name as given.
    public let path: String
    /// How many pages it has (≥ 1).
    public let pageCount: Int

    /// Opens the PDF at `path`.
    ///
    /// - Throws: ``PDFError``: not a PDF or damaged beyond repair, encrypted, or without pages.
    public init(path: String) throws(PDFError) {
        var problem: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = folio_pdf_open(path, &problem, &message, message.count) else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            switch Int(problem) {
            case FOLIO_PDF_ENCRYPTED: throw .encrypted(file: path)
            case FOLIO_PDF_EMPTY: throw .empty(file: path)
            default: throw .damaged(file: path, reason: reason.isEmpty ? "unknown error" : reason)
            }
        }
        self.handle = handle
        self.path = path
        pageCount = Int(folio_pdf_page_count(handle))
    }

    deinit {
        folio_pdf_close(handle)
    }

    /// Page `page`'s size in points (1/72 inch), its rotation applied; nil when it cannot be read.
    public func pageSize(_ page: Int) -> (width: Double, height: Double)? {
        var width: Float = 0, height: Float = 0
        guard folio_pdf_page_size(handle, Int32(page), &width, &height) == 0, width > 0, height > 0 else { return nil }
        return (Double(width), Double(height))
    }

    /// Page `page` drawn on white to fit `box` pixels, aspect kept; nil when it cannot be drawn.
    public func render(page: Int, fitting box: ImageSize) -> PicturePixels? {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        guard box.width > 0, box.height > 0,
              folio_pdf_render(handle, Int32(page), Int32(clamping: box.width), Int32(clamping: box.height),
                               &pixels, &width, &height, &message, message.count) == 0,
              let pixels else { return nil }
        defer { folio_pdf_free(pixels) }
        let size = ImageSize(width: Int(width), height: Int(height))
        return PicturePixels(size: size, rgba: Array(UnsafeBufferPointer(start: pixels, count: size.width * size.height * 4)))
    }

    /// Page `page`'s text in reading order, as MuPDF finds it; empty when it has none or cannot be read.
    public func text(page: Int) -> [Character] {
        var chars: UnsafeMutablePointer<folio_pdf_char>?
        var count = 0
        guard folio_pdf_page_text(handle, Int32(page), &chars, &count) == 0, let chars else { return [] }
        defer { folio_pdf_free(chars) }
        return UnsafeBufferPointer(start: chars, count: count).map { char in
            switch Int(char.c) {
            case FOLIO_PDF_LINE_END: Character(kind: .lineEnd)
            case FOLIO_PDF_BLOCK_END: Character(kind: .blockEnd)
            default:
                Character(kind: .scalar(Unicode.Scalar(UInt32(clamping: char.c)) ?? "\u{FFFD}",
                                        PictureBox(x0: Double(char.x0), y0: Double(char.y0), x1: Double(char.x1), y1: Double(char.y1))))
            }
        }
    }

    /// Page `page`'s links that lead somewhere: another page, or an address.
    public func links(page: Int) -> [Link] {
        var links: UnsafeMutablePointer<folio_pdf_link>?
        var count: Int32 = 0
        guard folio_pdf_links(handle, Int32(page), &links, &count) == 0, let links else { return [] }
        defer { folio_pdf_free_links(links, count) }
        return UnsafeBufferPointer(start: links, count: Int(count)).compactMap { link in
            let box = PictureBox(x0: Double(link.x0), y0: Double(link.y0), x1: Double(link.x1), y1: Double(link.y1))
            if link.page >= 0 { return Link(box: box, target: .part(Int(link.page), fragment: nil)) }
            guard let uri = link.uri else { return nil }
            return Link(box: box, target: .external(String(cString: uri)))
        }
    }

    /// The outline (bookmarks), flattened in order; empty when it has none.
    public var outline: [OutlineEntry] {
        var entries: UnsafeMutablePointer<folio_pdf_entry>?
        var count: Int32 = 0
        guard folio_pdf_outline(handle, &entries, &count) == 0, let entries else { return [] }
        defer { folio_pdf_free_outline(entries, count) }
        return UnsafeBufferPointer(start: entries, count: Int(count)).compactMap { entry in
            guard let title = entry.title, entry.page >= 0, Int(entry.page) < pageCount else { return nil }
            return OutlineEntry(title: String(cString: title), level: Int(entry.level), page: Int(entry.page))
        }
    }

    /// The document information's `key` (`Title`, `Author`), or nil when it is absent or empty.
    public func metadata(_ key: String) -> String? {
        var value = [CChar](repeating: 0, count: 1024)
        guard folio_pdf_metadata(handle, "info:\(key)", &value, value.count) > 0 else { return nil }
        let text = String(decoding: value.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let trimmed = text.trimmingWhitespace
        return trimmed.isEmpty ? nil : trimmed
    }
}

