import FolioEPUB

/// What a comic's `ComicInfo.xml` (the ComicRack schema) says that a reader
/// uses: title, series and number, writers, the reading direction, and
/// per page its type, whether it is a double page, and a bookmark.
///
/// ```swift
/// let info = ComicInfo(xml: Array("<ComicInfo><Manga>YesAndRightToLeft</Manga></ComicInfo>".utf8))
/// info.isRightToLeft   // true
/// ```
public struct ComicInfo: Hashable, Sendable {
    /// What the schema says of one page.
    public struct Page: Hashable, Sendable {
        /// `FrontCover`, `Story`, `Advertisement`, …, or nil.
        public var type: String?
        /// Whether the page is a two-page spread drawn as one picture.
        public var isDoublePage: Bool
        /// A bookmark's title, shown in the chapter strip.
        public var bookmark: String?

        /// A page of `type`.
        public init(type: String? = nil, isDoublePage: Bool = false, bookmark: String? = nil) {
            self.type = type
            self.isDoublePage = isDoublePage
            self.bookmark = bookmark
        }

        /// Whether the page is the front cover.
        public var isFrontCover: Bool { type?.lowercased() == "frontcover" }
    }

    /// `<Title>`.
    public var title: String?
    /// `<Series>`.
    public var series: String?
    /// `<Number>`: the number in its series.
    public var number: String?
    /// `<Writer>`, split at commas.
    public var writers: [String]
    /// `<LanguageISO>`.
    public var language: String?
    /// Whether `<Manga>` is `YesAndRightToLeft`: pages turn right to left.
    public var isRightToLeft: Bool
    /// `<Pages>`: by the page's `Image` index (its place among the comic's pictures).
    public var pages: [Int: Page]

    /// An empty description (no file, or one that says nothing).
    public init() {
        writers = []
        isRightToLeft = false
        pages = [:]
    }

    /// Reads `xml`; what it cannot read it leaves out.
    public init(xml: [UInt8]) {
        self.init()
        let root = MarkupParser.parse(xml, mode: .xml, maximumDepth: 16)
        guard let info = root.first("comicinfo") else { return }
        func field(_ name: String) -> String? {
            info.elements.first { $0.localName == name }.map(\.collapsedText).flatMap { $0.isEmpty ? nil : $0 }
        }
        title = field("title")
        series = field("series")
        number = field("number")
        writers = (field("writer") ?? "").split(separator: ",").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
        language = field("languageiso")
        isRightToLeft = field("manga")?.lowercased() == "yesandrighttoleft"
        for page in info.first("pages")?.all("page") ?? [] {
            guard let image = page.attribute(local: "image").flatMap({ Int($0.trimmingWhitespace) }), image >= 0 else { continue }
            let type = page.attribute(local: "type").flatMap { $0.isEmpty ? nil : $0 }
            let double = page.attribute(local: "doublepage")?.lowercased() == "true"
            let bookmark = page.attribute(local: "bookmark").map(\.trimmingWhitespace).flatMap { $0.isEmpty ? nil : $0 }
            pages[image] = Page(type: type, isDoublePage: double || type?.lowercased() == "doublepage", bookmark: bookmark)
        }
    }

    /// The title a reader sees: `Series #Number: Title`, whichever parts there are, or nil.
    public var displayTitle: String? {
        let head = [series, number.map { "#\($0)" }].compactMap { $0 }.joined(separator: " ")
        switch (head.isEmpty, title) {
        case (true, nil): return nil
        case (true, let title?): return title
        case (false, nil): return head
        case (false, let title?): return title == series ? head : "\(head): \(title)"
        }
    }
}

