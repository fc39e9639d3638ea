import Synchronization

/// An EPUB 2 or 3 book, read in place: the archive stays closed on disk
/// except for the entries a call asks for, and nothing is ever extracted.
///
/// Opening reads the container, the package document, the navigation
/// document or NCX, and the head of each spine document (for its writing
/// mode). ``render(spineItem:)`` then inflates one document at a time.
///
/// ```swift
/// let book = try EPUBBook.open(path: "alice.epub")
/// print(book.metadata)                       // "Alice's Adventures…" by Lewis Carroll [en]
/// let chapter = book.render(spineItem: 0)    // display text + anchors, links, images…
/// ```
///
/// An `EPUBBook` is immutable apart from a cache of parsed stylesheets, and
/// reads entries with positioned reads, so it can be shared across tasks.
public final class EPUBBook: Sendable, CustomStringConvertible {
    /// The book's title, authors, language and identifier.
    public let metadata: EPUBMetadata
    /// The order pages turn in, from the spine's `page-progression-direction`.
    public let direction: EPUBDirection
    /// The reading order.
    public let spine: [EPUBSpineItem]
    /// How many spine items, from the first, had their writing mode read from
    /// their own markup and styles (``writingModeSample``); the rest keep the
    /// package's primary writing mode.
    public let writingModesRead: Int
    /// The table of contents, nested: from the EPUB 3 navigation document
    /// (`epub:type="toc"`), or else the EPUB 2 NCX; empty if neither has entries.
    public let tableOfContents: [EPUBTOCEntry]
    /// The archive path of the cover image, if the book names one.
    public let coverImage: String?
    /// The limits every read of this book runs under.
    public let limits: EPUBLimits
    /// The book's file name (for messages).
    public let fileName: String
    /// The archive path of the package document.
    public let packagePath: String

    private let archive: ZipArchive
    /// Entries that `META-INF/encryption.xml` lists as encrypted (font obfuscation excluded).
    private let encryptedPaths: Set<String>
    private let stylesheets: StylesheetCache

    private init(
        metadata: EPUBMetadata, direction: EPUBDirection, spine: [EPUBSpineItem], tableOfContents: [EPUBTOCEntry],
        coverImage: String?, limits: EPUBLimits, fileName: String, packagePath: String, archive: ZipArchive,
        encryptedPaths: Set<String>, stylesheets: StylesheetCache, writingModesRead: Int
    ) {
        self.metadata = metadata
        self.direction = direction
        self.spine = spine
        self.writingModesRead = writingModesRead
        self.tableOfContents = tableOfContents
        self.coverImage = coverImage
        self.limits = limits
        self.fileName = fileName
        self.packagePath = packagePath
        self.archive = archive
        self.encryptedPaths = encryptedPaths
        self.stylesheets = stylesheets
    }

    /// `"Title" by Author [en], 12 spine items, 30 TOC entries, ltr`.
    public var description: String {
        let entries = tableOfContents.reduce(0) { $0 + $1.flattened.count }
        return "\(metadata), \(spine.count) spine items, \(entries) TOC entries, \(direction)"
    }

    // MARK: Opening

    /// Opens the book at `path`, reading its container, package document,
    /// table of contents and the heads of its spine documents.
    ///
    /// - Throws: ``EPUBError`` when the file is not a readable EPUB: not a
    ///   zip, truncated, no container, a wrong `mimetype`, no package
    ///   document, encrypted content, or an entry past the ``EPUBLimits``.
    public static func open(path: String, limits: EPUBLimits = .init()) throws(EPUBError) -> EPUBBook {
        let fileName = String(path.split(separator: "/").last ?? Substring(path))
        let archive = try ZipArchive.open(path: path, fileName: fileName, limits: limits)
        var budget = limits.maximumTotalBytes
        func read(_ name: String) throws(EPUBError) -> [UInt8] {
            guard let entry = archive.entry(name) else { throw .missingEntry(file: fileName, entry: name) }
            return try archive.contents(of: entry, limits: limits, budget: &budget)
        }

        if let entry = archive.entry("mimetype") {
            let bytes = try archive.contents(of: entry, limits: limits, budget: &budget)
            let found = String(decoding: bytes.prefix(200), as: UTF8.self).trimmingWhitespace
            if found != "application/epub+zip" {
                throw .wrongMimetype(file: fileName, found: String(collapseWhitespace(found).prefix(60)))
            }
        }

        let containerName = "META-INF/container.xml"
        guard let containerEntry = archive.entry(containerName)
            ?? archive.entries.first(where: { $0.name.lowercased() == containerName.lowercased() })
        else { throw .notEPUB(file: fileName) }
        let container = MarkupParser.parse(
            try archive.contents(of: containerEntry, limits: limits, budget: &budget), mode: .xml,
            maximumDepth: limits.maximumDepth)
        let rootfiles = container.all("rootfile")
        let rootfile = rootfiles.first { $0["media-type"] == "application/oebps-package+xml" } ?? rootfiles.first
        guard let fullPath = rootfile?["full-path"], !fullPath.trimmingWhitespace.isEmpty else {
            throw .noPackageDocument(file: fileName, reason: "META-INF/container.xml names no package document")
        }
        let packagePath = ArchivePath.normalize(ArchivePath.percentDecoded(fullPath.trimmingWhitespace[...]))

        let encrypted = try encryptedEntries(archive: archive, limits: limits, budget: &budget)
        if encrypted.contains(packagePath) { throw .encrypted(file: fileName) }

        let packageBytes: [UInt8]
        do {
            packageBytes = try read(packagePath)
        } catch .missingEntry {
            throw .noPackageDocument(file: fileName, reason: "the package document \(packagePath) is missing")
        }
        let fallbackTitle = fileName.hasSuffix(".epub") ? String(fileName.dropLast(5)) : fileName
        let package = PackageDocument(
            packageBytes, path: packagePath, fallbackTitle: fallbackTitle, maximumDepth: limits.maximumDepth)
        guard !package.spine.isEmpty else {
            throw .noPackageDocument(file: fileName, reason: "the package document \(packagePath) has an empty spine")
        }
        for item in package.spine where PackageDocument.isMarkup(item.mediaType) {
            if encrypted.contains(item.href) || archive.entry(item.href)?.isEncrypted == true {
                throw .encrypted(file: fileName)
            }
        }

        // The table of contents: the navigation document, else the NCX.
        var toc: [EPUBTOCEntry] = []
        if let nav = package.navigationPath, let bytes = try? read(nav) {
            toc = Navigation.fromNavigationDocument(bytes, path: nav, maximumDepth: limits.maximumDepth)
        }
        if toc.isEmpty, let ncx = package.ncxPath, let bytes = try? read(ncx) {
            toc = Navigation.fromNCX(bytes, path: ncx, maximumDepth: limits.maximumDepth)
        }
        let spinePaths = package.spine.map(\.href)
        let linearPaths = package.spine.filter(\.isLinear).map(\.href)
        toc = toc.map { repair($0, archive: archive, spinePaths: spinePaths, linearPaths: linearPaths) }

        // Writing modes, from the heads of the first spine documents: a vertical book is vertical
        // from its start, and reading the head of every document of a book of hundreds (an
        // inflation each) took a quarter of the time to its first page.
        let cache = StylesheetCache()
        var spine = package.spine
        let sampled = min(spine.count, Self.writingModeSample)
        for k in spine.indices.prefix(sampled) where PackageDocument.isMarkup(spine[k].mediaType) && !encrypted.contains(spine[k].href) {
            guard let entry = archive.entry(spine[k].href) else { continue }
            let bytes = try? archive.contents(of: entry, limits: limits, budget: &budget) { Self.bodyTagEnd($0) != nil }
            guard let bytes else { continue }
            let head = bytes.prefix(Self.bodyTagEnd(bytes) ?? bytes.count)
            let document = MarkupParser.parse(Array(head), mode: .html, maximumDepth: limits.maximumDepth)
            let sheet = stylesheet(for: document, path: spine[k].href, archive: archive, cache: cache,
                                   encrypted: encrypted, limits: limits, budget: &budget)
            if let mode = rootWritingMode(document, stylesheet: sheet) { spine[k].writingMode = mode }
        }

        return EPUBBook(
            metadata: package.metadata, direction: package.direction, spine: spine, tableOfContents: toc,
            coverImage: package.coverImage.flatMap { archive.entry($0) == nil ? nil : $0 },
            limits: limits, fileName: fileName, packagePath: packagePath, archive: archive,
            encryptedPaths: encrypted, stylesheets: cache, writingModesRead: sampled)
    }

    /// The most spine documents whose heads are read for their writing mode when a book opens.
    public static let writingModeSample = 16

    /// The offset just past the `<body …>` start tag, or the length of
    /// `bytes` past 256 KB (enough head); nil while neither is reached.
    private static func bodyTagEnd(_ bytes: [UInt8]) -> Int? {
        let needle = Array("<body".utf8)
        var k = 0
        while k + needle.count <= bytes.count {
            if bytes[k] == 0x3C, bytes[k..<(k + needle.count)].elementsEqual(needle),
               let close = bytes[(k + needle.count)...].firstIndex(of: UInt8(ascii: ">")) {
                return close + 1
            }
            k += 1
        }
        return bytes.count > 256 << 10 ? bytes.count : nil
    }

    /// The archive paths `META-INF/encryption.xml` lists, except those only
    /// obfuscated (fonts, by the IDPF or Adobe algorithm), which folio never reads.
    private static func encryptedEntries(
        archive: ZipArchive, limits: EPUBLimits, budget: inout Int
    ) throws(EPUBError) -> Set<String> {
        guard let entry = archive.entry("META-INF/encryption.xml") else { return [] }
        let document = MarkupParser.parse(
            try archive.contents(of: entry, limits: limits, budget: &budget), mode: .xml,
            maximumDepth: limits.maximumDepth)
        let obfuscation: Set<String> = ["http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"]
        var paths: Set<String> = []
        for data in document.all("encrypteddata") {
            let algorithm = data.first("encryptionmethod")?["algorithm"]?.trimmingWhitespace ?? ""
            guard !obfuscation.contains(algorithm),
                  let uri = data.first("cipherreference")?["uri"],
                  let path = ArchivePath.resolvePath(uri, from: "") else { continue }
            paths.insert(path)
        }
        return paths
    }

    /// An entry whose path is not in the archive but whose file name is
    /// that of exactly one spine document in the reading flow (or else in
    /// the whole spine) points there instead: navigation documents written
    /// for another folder are common.
    private static func repair(
        _ entry: EPUBTOCEntry, archive: ZipArchive, spinePaths: [String], linearPaths: [String]
    ) -> EPUBTOCEntry {
        var entry = entry
        if !entry.href.isEmpty, archive.entry(entry.href) == nil {
            let name = entry.href.split(separator: "/").last.map(String.init) ?? entry.href
            // One match among the reading flow first, else among all spine documents.
            for pool in [linearPaths, spinePaths] {
                let candidates = Set(pool.filter { $0 == name || $0.hasSuffix("/" + name) })
                if candidates.count == 1 {
                    entry.href = candidates.first!
                    break
                }
            }
        }
        entry.children = entry.children.map {
            repair($0, archive: archive, spinePaths: spinePaths, linearPaths: linearPaths)
        }
        return entry
    }

    /// The linked and embedded stylesheets of `document`, in document order.
    private static func stylesheet(
        for document: MarkupElement, path: String, archive: ZipArchive, cache: StylesheetCache,
        encrypted: Set<String>, limits: EPUBLimits, budget: inout Int
    ) -> Stylesheet {
        var combined = ""
        let head = document.first("head") ?? document
        var stack: [MarkupElement] = [head]
        var visited = 0
        while let element = stack.popLast(), visited < 10_000 {
            visited += 1
            switch element.localName {
            case "link":
                let rel = (element["rel"] ?? "").lowercased().split(whereSeparator: \.isWhitespace)
                guard rel.contains("stylesheet"), let href = element["href"],
                      let target = ArchivePath.resolvePath(href, from: path), !encrypted.contains(target) else { break }
                combined += stylesheetText(target, archive: archive, cache: cache, encrypted: encrypted,
                                           limits: limits, budget: &budget, depth: 0) + "\n"
            case "style":
                combined += resolvingImports(element.text, from: path, archive: archive, cache: cache,
                                             encrypted: encrypted, limits: limits, budget: &budget, depth: 0) + "\n"
            default:
                stack.append(contentsOf: element.elements.reversed())
            }
        }
        if let sheet = cache.parsed(combined) { return sheet }
        let sheet = Stylesheet(parsing: combined)
        cache.store(sheet, for: combined)
        return sheet
    }

    /// The text of the stylesheet at `path`, its `@import`s inlined (4 deep
    /// at most), read once per book.
    private static func stylesheetText(
        _ path: String, archive: ZipArchive, cache: StylesheetCache, encrypted: Set<String>, limits: EPUBLimits,
        budget: inout Int, depth: Int
    ) -> String {
        if let css = cache[path] { return css }
        cache[path] = ""  // an import cycle reads as empty
        guard depth < 4, !encrypted.contains(path), let entry = archive.entry(path),
              let bytes = try? archive.contents(of: entry, limits: limits, budget: &budget) else { return "" }
        let css = resolvingImports(
            String(decoding: TextDecoding.utf8(bytes), as: UTF8.self), from: path, archive: archive, cache: cache,
            encrypted: encrypted, limits: limits, budget: &budget, depth: depth + 1)
        cache[path] = css
        return css
    }

    /// `css` with each leading `@import url("x.css");` replaced by that stylesheet's text.
    private static func resolvingImports(
        _ css: String, from path: String, archive: ZipArchive, cache: StylesheetCache, encrypted: Set<String>,
        limits: EPUBLimits, budget: inout Int, depth: Int
    ) -> String {
        let utf8 = css.utf8
        let at = "@import".utf8
        guard utf8.indices.contains(where: { utf8[$0...].starts(with: at) }) else { return css }
        var out = ""
        for line in Stylesheet.removingComments(css).split(separator: ";", omittingEmptySubsequences: false) {
            let statement = line.trimmingWhitespace
            if statement.hasPrefix("@import") {
                var reference = statement.dropFirst("@import".count).trimmingWhitespace
                if reference.hasPrefix("url(") { reference = String(reference.dropFirst(4).prefix { $0 != ")" }) }
                let quotes: Set<Character> = ["\"", "'", " "]
                reference = String(reference.drop { quotes.contains($0) }.reversed().drop { quotes.contains($0) }.reversed())
                if let target = ArchivePath.resolvePath(reference, from: path) {
                    out += stylesheetText(target, archive: archive, cache: cache, encrypted: encrypted,
                                          limits: limits, budget: &budget, depth: depth) + "\n"
                }
            } else {
                out += line + ";"
            }
        }
        return out
    }

    /// The writing mode `html` or `body` sets (body over html), if either does.
    private static func rootWritingMode(_ document: MarkupElement, stylesheet: Stylesheet) -> EPUBWritingMode? {
        guard let html = document.first("html") else { return nil }
        let htmlSubject = StyleSubject(html)
        var style = stylesheet.declarations(for: htmlSubject, ancestors: [])
        if let inline = html["style"] { style.apply(StyleDeclarations(parsing: inline[...])) }
        if let body = html.first("body") {
            var bodyStyle = stylesheet.declarations(for: StyleSubject(body), ancestors: [htmlSubject])
            if let inline = body["style"] { bodyStyle.apply(StyleDeclarations(parsing: inline[...])) }
            style.apply(bodyStyle)
        }
        return style.writingMode
    }

    // MARK: Reading

    /// Converts one spine item to display text. Each call reads and
    /// inflates that entry only (and, the first time, the stylesheets it links).
    ///
    /// Never throws: a missing entry renders as one line `[missing: path]`,
    /// an unreadable or refused one (damaged, a zip bomb, encrypted) as
    /// `[unreadable: reason]`, and an index out of range as `[no spine item N]`.
    public func render(spineItem index: Int) -> EPUBRenderedItem {
        guard spine.indices.contains(index) else { return ContentRenderer.placeholder("[no spine item \(index)]") }
        let item = spine[index]
        if encryptedPaths.contains(item.href) { return ContentRenderer.placeholder("[encrypted: \(item.href)]") }
        if item.mediaType.hasPrefix("image/") { return ContentRenderer.imageItem(path: item.href) }
        var budget = limits.maximumTotalBytes
        let bytes: [UInt8]
        do {
            guard let entry = archive.entry(item.href) else { return ContentRenderer.placeholder("[missing: \(item.href)]") }
            bytes = try archive.contents(of: entry, limits: limits, budget: &budget)
        } catch {
            return ContentRenderer.placeholder("[unreadable: \(error)]")
        }
        let document = MarkupParser.parse(bytes, mode: .html, maximumDepth: limits.maximumDepth)
        let sheet = Self.stylesheet(for: document, path: item.href, archive: archive, cache: stylesheets,
                                    encrypted: encryptedPaths, limits: limits, budget: &budget)
        return ContentRenderer.render(document, path: item.href, stylesheet: sheet)
    }

    /// The start of spine item `index`, for a first page that need not wait for all of a long
    /// document: at least `minimum` bytes of display text, exactly what ``render(spineItem:)``
    /// begins with (see ``EPUBRenderedItem/start(atLeast:)``), parsed and rendered from only as
    /// much of the document as that takes. The entry is still read whole, since its encoding
    /// can depend on every byte (UTF-8 that turns out not to be is Windows-1252).
    ///
    /// Nil where the whole is as quick: an item that is not a text document, or whose document
    /// is not eight times `minimum` bytes. Nil too where its start alone could render otherwise:
    /// a document whose head (its stylesheets) or body does not begin within the first half,
    /// or one whose pictures are all it shows so far (a picture alone fills its page).
    public func renderStart(spineItem index: Int, minimum: Int) -> EPUBRenderedItem? {
        guard spine.indices.contains(index) else { return nil }
        let item = spine[index]
        guard !encryptedPaths.contains(item.href), !item.mediaType.hasPrefix("image/"),
              let entry = archive.entry(item.href), entry.uncompressedSize >= 8 * UInt64(max(1, minimum)) else { return nil }
        var budget = limits.maximumTotalBytes
        guard let bytes = try? archive.contents(of: entry, limits: limits, budget: &budget) else { return nil }
        return Self.start(of: TextDecoding.utf8(bytes), path: item.href, minimum: minimum, maximumDepth: limits.maximumDepth) {
            [archive, stylesheets, encryptedPaths, limits] document in
            Self.stylesheet(for: document, path: item.href, archive: archive, cache: stylesheets,
                            encrypted: encryptedPaths, limits: limits, budget: &budget)
        }
    }

    /// The start of the document whose text is `text` (valid UTF-8) at archive path `path`, as
    /// ``renderStart(spineItem:minimum:)`` describes: its first twice `minimum` bytes are
    /// parsed, cut before a `<`, then twice as many while that renders less than `minimum`,
    /// as long as they are at most half of it.
    static func start(of text: [UInt8], path: String, minimum: Int, maximumDepth: Int,
                      stylesheet: (MarkupElement) -> Stylesheet) -> EPUBRenderedItem? {
        var read = 2 * max(1, minimum)
        while read * 2 <= text.count {
            guard let cut = text[read...].firstIndex(of: UInt8(ascii: "<")) else { return nil }
            read *= 2
            let document = MarkupParser.parse(utf8: Array(text[..<cut]), mode: .html, maximumDepth: maximumDepth, isStart: true)
            guard let head = document.first("head"), document.first("body") != nil,
                  head.first("body") == nil else { continue }
            let item = ContentRenderer.render(document, path: path, stylesheet: stylesheet(document))
            guard !item.images.contains(where: \.isStandalone) else { return nil }
            if let start = item.start(atLeast: minimum) { return start }
        }
        return nil
    }

    /// The bytes of the entry at archive path `path` (an image, say, for a
    /// window host to draw), bounded by ``limits``.
    ///
    /// - Throws: ``EPUBError/missingEntry(file:entry:)`` when the book has no
    ///   such entry; ``EPUBError/encrypted(file:)`` when it is encrypted;
    ///   a limit or damage error when it cannot be inflated safely.
    public func resource(_ path: String) throws(EPUBError) -> [UInt8] {
        let name = ArchivePath.normalize(path)
        guard let entry = archive.entry(name) else { throw .missingEntry(file: fileName, entry: name) }
        if encryptedPaths.contains(name) { throw .encrypted(file: fileName) }
        var budget = limits.maximumTotalBytes
        return try archive.contents(of: entry, limits: limits, budget: &budget)
    }

    /// The index of the spine item at archive path `path`, if it is in the spine.
    public func spineIndex(of path: String) -> Int? {
        spine.firstIndex { $0.href == path }
    }
}

/// Stylesheet texts by archive path, and parsed stylesheets by their
/// combined text, shared by the renders of one book (most documents of a
/// book link the same stylesheets).
final class StylesheetCache: Sendable {
    private struct State {
        var texts: [String: String] = [:]
        var sheets: [String: Stylesheet] = [:]
    }
    private let state = Mutex(State())

    func parsed(_ css: String) -> Stylesheet? { state.withLock { $0.sheets[css] } }

    func store(_ sheet: Stylesheet, for css: String) {
        state.withLock {
            if $0.sheets.count > 64 { $0.sheets.removeAll() }  // a bound for books whose every page embeds its own CSS
            $0.sheets[css] = sheet
        }
    }

    subscript(path: String) -> String? {
        get { state.withLock { $0.texts[path] } }
        set { state.withLock { $0.texts[path] = newValue } }
    }
}
