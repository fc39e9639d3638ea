import FolioReading

/// A comic book as the reading layer reads books: each picture is a part
/// holding one full-page picture, so the session pages a comic with every
/// command, gesture, spread, chapter strip and saved place a book has.
///
/// - Pages are the archive's JPEG, PNG, WebP and GIF entries in natural
///   order (`page-2` before `page-10`); other entries (`ComicInfo.xml`,
///   text files, macOS's `__MACOSX` shadows) are left out.
/// - `ComicInfo.xml` gives the title, writers and language, right-to-left
///   reading for `Manga` `YesAndRightToLeft`, and bookmarks as chapters.
///   Without bookmarks, each folder of pages is a chapter.
/// - Each page's size is read from the first bytes of its picture when its
///   part is rendered (in order, as the reader's background work asks), and
///   a page whose header asks for more pixels than ``ComicLimits/maximumPixels``,
///   or that cannot be read, becomes a page of text that says so.
///
/// ```swift
/// let comic = try ComicBook(archive: ComicArchive.open(path: "issue-1.cbz"))
/// let document = Document(book: comic, path: "issue-1.cbz")
/// ```
public final class ComicBook: BookSource {
    /// The archive or folder read.
    public let archive: ComicArchive
    /// What its `ComicInfo.xml` says (empty when it has none).
    public let info: ComicInfo
    /// The pictures' entry names, in reading order.
    public let pages: [String]
    /// The book's title: ComicInfo's, or the file name without its extension.
    public let title: String
    /// The table of contents: bookmarks, folders, or the whole comic as one chapter.
    public let contents: [BookContentsEntry]

    /// The extensions of the pictures a comic's pages are.
    public static let pictureExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif"]
    /// The extensions of comic archives.
    public static let archiveExtensions: Set<String> = ["cbz", "cbr", "cb7", "cbt"]

    /// A comic over `archive`.
    ///
    /// - Throws: ``ComicError/noPictures(file:)`` when it holds no pictures.
    public init(archive: ComicArchive) throws(ComicError) {
        self.archive = archive
        pages = archive.names.filter(Self.isPicture).sorted(by: NaturalOrder.areInIncreasingOrder)
        guard !pages.isEmpty else { throw .noPictures(file: archive.fileName) }
        let infoName = archive.names.filter { Self.baseName($0).lowercased() == "comicinfo.xml" }
            .min { $0.split(separator: "/").count < $1.split(separator: "/").count }
        info = infoName.flatMap { try? archive.bytes(of: $0) }.map(ComicInfo.init(xml:)) ?? ComicInfo()
        let stem = Self.stem(of: archive.fileName)
        title = info.displayTitle ?? stem
        contents = Self.contents(pages: pages, info: info, title: title)
    }

    /// Opens the comic at `path`: an archive or a folder.
    public convenience init(path: String, limits: ComicLimits = ComicLimits()) throws(ComicError) {
        try self.init(archive: ComicArchive.open(path: path, limits: limits))
    }

    /// Whether `path` names a comic archive by its extension (`.cbz`, `.cbr`, `.cb7`, `.cbt`).
    public static func isComicArchive(_ path: String) -> Bool {
        archiveExtensions.contains(fileExtension(path))
    }

    /// Whether an entry is a page: a picture by its extension, not a macOS shadow file.
    static func isPicture(_ name: String) -> Bool {
        let base = baseName(name)
        if base.hasPrefix("._") || name.hasPrefix("__MACOSX/") || name.contains("/__MACOSX/") { return false }
        return pictureExtensions.contains(fileExtension(base))
    }

    /// The last part of a path: a file's name, an entry's name without its folders.
    /// The last part of a path: a file's name, an entry's name without its folders.
    static func baseName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    static func fileExtension(_ path: String) -> String {
        let base = baseName(path)
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return "" }
        return base[base.index(after: dot)...].lowercased()
    }

    static func stem(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Bookmarks when ComicInfo has any; else a chapter per folder when the pages are in more than one; else one chapter.
    static func contents(pages: [String], info: ComicInfo, title: String) -> [BookContentsEntry] {
        let bookmarks = info.pages.sorted { $0.key < $1.key }.compactMap { index, page -> BookContentsEntry? in
            guard let mark = page.bookmark, index < pages.count else { return nil }
            return BookContentsEntry(title: mark, level: 1, part: index)
        }
        if !bookmarks.isEmpty { return bookmarks }
        var folders: [BookContentsEntry] = []
        var last: Substring?
        for (index, page) in pages.enumerated() {
            let folder = page.split(separator: "/").dropLast().last ?? ""
            if folder != last {
                folders.append(BookContentsEntry(title: folder.isEmpty ? title : String(folder), level: 1, part: index))
                last = folder
            }
        }
        return folders.count > 1 ? folders : [BookContentsEntry(title: title, level: 1, part: 0)]
    }

    // MARK: BookSource

    /// ComicInfo's writers.
    public var authors: [String] { info.writers }
    /// ComicInfo's `LanguageISO`.
    public var language: String? { info.language }
    /// Whether the pages turn right to left (a manga).
    public var isRightToLeft: Bool { info.isRightToLeft }
    /// One part per page.
    public var partCount: Int { pages.count }
    /// Whether the first page stands alone in two-page spreads: when ComicInfo types it `FrontCover`.
    /// Otherwise the pages pair from the first, as a printed comic's facing pages do when it says nothing.
    public var coverStandsAlone: Bool {
        pages.count > 1 && info.pages[0]?.isFrontCover == true
    }

    /// Page `index` as a part: the picture as a page of its own, sized from its
    /// header; or, when it cannot be read or is too large, a line that says so.
    public func part(at index: Int) -> BookPart {
        let name = pages[index]
        // The entry's name as the archive gives it, shown on the page's one line.
        let label = "page \(index + 1) (\(Self.baseName(name).shownOnOneLine))"
        let size: ImageSize?
        do {
            size = ImageHeader.size(of: try archive.prefix(64 << 10, of: name))
        } catch {
            return BookPart(text: Array("[\(label): \(error.reason)]\n".utf8))
        }
        if let size, !archive.limits.allows(size) {
            let refused = ComicError.tooManyPixels(file: archive.fileName, entry: name, width: size.width, height: size.height)
            return BookPart(text: Array("[\(label): \(refused.reason)]\n".utf8))
        }
        let line = Array("[image: \(label)]\n".utf8)
        // A double page: ComicInfo says so, or the page is landscape (a spread scanned whole).
        let double = info.pages[index]?.isDoublePage ?? false || size.map { $0.width > $0.height } ?? false
        return BookPart(text: line, images: [BookImage(offset: 0, path: name, alt: label, isStandalone: true, size: size,
                                                       isDoublePage: double)])
    }

    /// The bytes of entry `path` (a page), or nil when it cannot be read.
    public func resource(_ path: String) -> [UInt8]? {
        try? archive.bytes(of: path)
    }
}
