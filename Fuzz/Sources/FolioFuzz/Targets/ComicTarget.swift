import FolioComics
import FolioFormats
import FolioReading
#if canImport(Glibc)
import Glibc
#endif

/// Comic books from the file up: libarchive's zip, tar and 7-Zip readers behind
/// `ComicArchive`, the page list of `ComicBook`, ComicInfo.xml, and the pages'
/// headers, opened as the reader opens them.
///
/// Each input is written to a scratch file named as a comic archive — `.cb7` when
/// it starts as a 7-Zip archive does (`7`), `.cbz` as a zip does (`P`), `.cbt`
/// otherwise — and opened twice: through `BookOpener.open(path:)`, the reader's
/// way in, with the default limits; and as a `ComicBook` with small limits
/// (``limits``), whose pages are then read. libarchive tells formats by their
/// bytes, not by the name, so any input can reach any of its readers.
///
/// Properties, for every input:
/// - `BookOpener` gives a book, or throws a failure whose message is one line
///   in words; a comic's name never lets it fall back to reading it as text;
/// - every `ComicError` (opening, reading a page) is one line in words;
/// - the archive lists no more than ``ComicLimits/maximumEntries`` entries;
/// - the pages are the archive's pictures as `ComicBook` documents them (JPEG,
///   PNG, WebP and GIF entries by extension, without macOS's `._` and
///   `__MACOSX/` shadows), each once, in natural order (no page sorts before the
///   one ahead of it);
/// - reading a page (the first ``pagesRead``) gives no more bytes than
///   ``ComicLimits/maximumEntryBytes``, or throws; the first bytes of a page
///   are at most the count asked for, and the whole page's first bytes when both read;
/// - a page's part is one line of text, and a picture it names is within
///   ``ComicLimits/maximumPixels``;
/// - no input hangs (libFuzzer's `-timeout`) or takes much memory (`-rss_limit_mb`).
enum ComicTarget: FuzzTarget {
    static let name = "comic"
    static let summary = "ComicBook/ComicArchive (CBZ, CBT, CB7 via libarchive) and BookOpener: one-line errors, limits kept, pages in natural order"

    /// Small limits, so a bomb stops early: 256 KB an entry, 20:1 past 64 KB, 256 entries, a megapixel a page.
    static let limits = ComicLimits(maximumEntryBytes: 256 << 10, maximumRatio: 20, ratioThreshold: 64 << 10,
                                    maximumEntries: 256, maximumPixels: 1 << 20)
    /// How many pages are read per input (opening lists them all).
    static let pagesRead = 8
    /// How many bytes a page's head is read to.
    static let headBytes = 1024

    /// The scratch file's path without its extension: in /dev/shm when there is one.
    nonisolated(unsafe) static var stem = ""

    static func prepare() {
        stem = scratchPath("")
        atexit {
            for name in ["cbz", "cbt", "cb7"] { unlink("\(ComicTarget.stem).\(name)") }
        }
    }

    static func check(_ input: UnsafeRawBufferPointer) {
        let path = "\(stem).\(input.first == UInt8(ascii: "7") ? "cb7" : input.first == UInt8(ascii: "P") ? "cbz" : "cbt")"
        writeScratch(input, to: path)

        do {
            let document = try BookOpener.open(path: path)
            require(document != nil, "BookOpener would read \(path) as text")
        } catch {
            requireOneLine(error.description)
        }

        let comic: ComicBook
        do {
            comic = try ComicBook(path: path, limits: limits)
        } catch {
            requireOneLine(error.description)
            return
        }
        let archive = comic.archive
        require(archive.names.count <= limits.maximumEntries, "\(archive.names.count) entries listed, over the limit")
        let pictures = archive.names.filter(isDocumentedPage)
        require(comic.pages.sorted() == pictures.sorted(), "pages \(comic.pages.map(\.debugDescription)), pictures \(pictures.map(\.debugDescription))")
        for (page, next) in zip(comic.pages, comic.pages.dropFirst()) {
            require(!NaturalOrder.areInIncreasingOrder(next, page), "\(next.debugDescription) sorts before \(page.debugDescription) but comes after it")
        }

        for (index, name) in comic.pages.prefix(pagesRead).enumerated() {
            var head: [UInt8]?
            do {
                head = try archive.prefix(headBytes, of: name)
                require(head!.count <= headBytes, "the head of \(name.debugDescription) is \(head!.count) bytes")
            } catch {
                requireOneLine(error.description)
            }
            do {
                let bytes = try archive.bytes(of: name)
                require(bytes.count <= limits.maximumEntryBytes, "\(name.debugDescription) read as \(bytes.count) bytes, past the limit")
                if let head {
                    require(head == Array(bytes.prefix(headBytes)), "\(name.debugDescription): its head is not the start of its bytes")
                }
            } catch {
                requireOneLine(error.description)
            }
            let part = comic.part(at: index)
            let text = String(decoding: part.text, as: UTF8.self)
            require(text.hasSuffix("\n") && !text.dropLast().contains(where: \.isNewline),
                    "page \(index)'s part is not one line: \(text.debugDescription)")
            for image in part.images {
                if let size = image.size {
                    require(limits.allows(size), "page \(index) is \(size.width) × \(size.height), past the pixel limit")
                }
            }
        }
    }

    /// Stops the run unless `message` is one non-empty line in words (not a Swift value dump).
    static func requireOneLine(_ message: String) {
        require(!message.isEmpty && !message.contains(where: \.isNewline), "the error's message is not one line: \(message.debugDescription)")
        require(!message.contains("(file:"), "the error's message is a Swift value, not words: \(message.debugDescription)")
    }

    /// Whether `name` is a page as `ComicBook` documents it: a JPEG, PNG, WebP or GIF by its
    /// extension (any case), not a macOS shadow (`._name`, anything under `__MACOSX/`).
    static func isDocumentedPage(_ name: String) -> Bool {
        let base = name.split(separator: "/").last.map(String.init) ?? name
        if base.hasPrefix("._") || name.hasPrefix("__MACOSX/") || name.contains("/__MACOSX/") { return false }
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return false }
        return ["jpg", "jpeg", "png", "webp", "gif"].contains(base[base.index(after: dot)...].lowercased())
    }
}
