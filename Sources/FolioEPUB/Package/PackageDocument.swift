/// What the package document (the `.opf` file) says: metadata, manifest,
/// spine and where the navigation lives.
struct PackageDocument: Sendable {
    struct ManifestItem: Sendable {
        var id: String
        /// Archive path.
        var href: String
        var mediaType: String
        var properties: [String]
        var fallback: String?
    }

    var metadata: EPUBMetadata
    var manifest: [String: ManifestItem] = [:]
    /// Manifest items in document order.
    var manifestOrder: [String] = []
    var spine: [EPUBSpineItem] = []
    var direction: EPUBDirection = .leftToRight
    /// The manifest item with `properties="nav"` (EPUB 3), if any.
    var navigationPath: String?
    /// The NCX (`spine toc="…"` or by media type), if any.
    var ncxPath: String?
    var coverImage: String?
    /// `<meta name="primary-writing-mode">` (EPUB 2 era Japanese books).
    var primaryWritingMode: EPUBWritingMode?

    /// Parses the package document at `path` (archive path), whose bytes are `bytes`.
    init(_ bytes: [UInt8], path: String, fallbackTitle: String, maximumDepth: Int) {
        let root = MarkupParser.parse(bytes, mode: .xml, maximumDepth: maximumDepth)
        let package = root.first("package") ?? root
        let metadataElement = package.first("metadata")

        // Metadata.
        var title: String?
        var authors: [String] = []
        var language: String?
        var identifiers: [(id: String?, value: String)] = []
        var stack: [MarkupElement] = metadataElement.map { [$0] } ?? []
        var visited = 0
        while let element = stack.popLast(), visited < 100_000 {
            visited += 1
            let value = element.collapsedText
            switch element.localName {
            case "title":
                if title == nil, !value.isEmpty { title = value }
            case "creator":
                if !value.isEmpty { authors.append(value) }
            case "language":
                if language == nil, !value.isEmpty { language = value }
            case "identifier":
                if !value.isEmpty { identifiers.append((element["id"], value)) }
            case "meta":
                if element["name"] == "primary-writing-mode", let mode = element["content"] {
                    primaryWritingMode = StyleDeclarations(parsing: "writing-mode: \(mode)"[...]).writingMode
                }
                if element["name"] == "cover", let id = element["content"] { coverImage = id }  // an id, resolved below
            default:
                break
            }
            stack.append(contentsOf: element.elements.reversed())
        }
        let unique = package["unique-identifier"]
        metadata = EPUBMetadata(
            title: title ?? fallbackTitle,
            authors: authors,
            language: language,
            identifier: identifiers.first { $0.id != nil && $0.id == unique }?.value ?? identifiers.first?.value)

        // Manifest.
        for element in package.first("manifest")?.elements ?? [] where element.localName == "item" {
            guard let id = element["id"], let href = element["href"],
                  let resolved = ArchivePath.resolvePath(href, from: path) else { continue }
            let item = ManifestItem(
                id: id, href: resolved, mediaType: (element["media-type"] ?? "").lowercased(),
                properties: (element["properties"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init),
                fallback: element["fallback"])
            if manifest[id] == nil { manifestOrder.append(id) }
            manifest[id] = item
            if item.properties.contains("nav"), navigationPath == nil { navigationPath = resolved }
            if item.properties.contains("cover-image") { coverImage = resolved }
        }

        // Cover: an EPUB 2 <meta name="cover"> names a manifest id (sometimes a path).
        if let cover = coverImage, !(manifest.values.contains { $0.href == cover && $0.properties.contains("cover-image") }) {
            if let item = manifest[cover] {
                coverImage = item.href
            } else if let item = manifest.values.first(where: { $0.href == ArchivePath.resolvePath(cover, from: path) }) {
                coverImage = item.href
            } else {
                coverImage = nil
            }
        }
        if coverImage == nil {
            let manifest = self.manifest
            coverImage = manifestOrder.compactMap { manifest[$0] }.first {
                $0.mediaType.hasPrefix("image/") && ($0.id.lowercased().contains("cover") || $0.href.lowercased().contains("cover"))
            }?.href
        }

        // Spine.
        let spineElement = package.first("spine")
        switch spineElement?["page-progression-direction"]?.lowercased() {
        case "rtl": direction = .rightToLeft
        default: direction = .leftToRight
        }
        if let toc = spineElement?["toc"], let item = manifest[toc] { ncxPath = item.href }
        if ncxPath == nil {
            let manifest = self.manifest
            ncxPath = manifestOrder.compactMap { manifest[$0] }
                .first { $0.mediaType == "application/x-dtbncx+xml" }?.href
        }
        // A document is in the reading order once: some books list one
        // document again for each of its sections (manifest hrefs with
        // fragments, which the spec forbids); the first mention stands.
        var seen: Set<String> = []
        for itemref in spineElement?.elements ?? [] where itemref.localName == "itemref" {
            guard let idref = itemref["idref"], let item = contentItem(for: idref),
                  seen.insert(item.href).inserted else { continue }
            spine.append(EPUBSpineItem(
                id: idref, href: item.href, mediaType: item.mediaType,
                isLinear: itemref["linear"]?.lowercased() != "no",
                properties: (itemref["properties"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init),
                writingMode: primaryWritingMode ?? .horizontal))
        }
    }

    /// The manifest item for `id`, following `fallback`s (at most 8) from a
    /// media type folio cannot show to one it can.
    private func contentItem(for id: String) -> ManifestItem? {
        guard var item = manifest[id] else { return nil }
        var hops = 0
        while !Self.isShowable(item.mediaType), let next = item.fallback.flatMap({ manifest[$0] }), hops < 8 {
            item = next
            hops += 1
        }
        return item
    }

    static func isShowable(_ mediaType: String) -> Bool {
        isMarkup(mediaType) || mediaType.hasPrefix("image/")
    }

    static func isMarkup(_ mediaType: String) -> Bool {
        ["application/xhtml+xml", "text/html", "application/xml", "text/xml", "image/svg+xml",
         "application/x-dtbook+xml", ""].contains(mediaType)
    }
}
