/// A book whose parts (an EPUB's spine documents) are rendered on demand
/// into display text, with its table of contents, links and images.
///
/// The reading layer knows no book format: a format module (such as
/// `FolioEPUB`) adapts its books to this protocol, and ``BookAssembler``
/// joins the parts into one document as the reader needs them, so a book
/// opens at once and both hosts read the same text at the same offsets.
public protocol BookSource: AnyObject {
    /// The book's title.
    var title: String { get }
    /// Its authors, in order.
    var authors: [String] { get }
    /// Its language (a BCP 47 tag such as `ja`), if it says.
    var language: String? { get }
    /// Whether its pages turn right to left (a right-to-left book).
    var isRightToLeft: Bool { get }
    /// Whether it is written in vertical columns read right to left (a Japanese or Chinese
    /// book in `vertical-rl`), which a host that can (``TextMeasurer/setsVertically``) sets
    /// so; false by default.
    var isVertical: Bool { get }
    /// The number of parts, in reading order.
    var partCount: Int { get }
    /// Part `index` (0 ..< ``partCount``) as display text. Never fails: a
    /// missing or broken part renders as a line that says so.
    func part(at index: Int) -> BookPart
    /// The start of part `index`, for a first page that need not wait for all of a long part:
    /// at least `bytes` bytes that ``part(at:)``'s text begins with, ending at a line's end,
    /// with the anchors, links and images that lie in them; rendered from only as much of the
    /// part as they take. Nil (the default) when the part is not much longer than `bytes`, or
    /// its start cannot be rendered alone.
    func partStart(at index: Int, bytes: Int) -> BookPart?
    /// The table of contents, flattened in reading order, nesting as levels.
    var contents: [BookContentsEntry] { get }
    /// The bytes of a resource (an image) the book holds, or nil.
    func resource(_ path: String) -> [UInt8]?
    /// What draws the book's pictures at any size (a PDF's pages), for
    /// pictures that are not bytes to decode; nil (the default) when every
    /// picture is a ``resource(_:)``.
    var renderer: (any PictureRenderer)? { get }
    /// Whether the first page (a comic's cover) stands alone in two-page
    /// spreads, so the pages after it pair as printed; false by default.
    var coverStandsAlone: Bool { get }
    /// What rendering one part costs against the assembler's budget, in bytes of text it is
    /// worth, when that is more than its text (a PDF page, whose text is read by laying out
    /// the page): 0 by default, the text's size alone.
    var partCost: Int { get }
    /// The file on disk a picture at `path` is, when it is one (a photo): a host may decode it
    /// from there, turned upright by its EXIF orientation, or only the part of it a zoom shows.
    /// Nil (the default) for a picture held inside the book.
    func file(_ path: String) -> String?
}

extension BookSource {
    /// No: lines run across the page.
    public var isVertical: Bool { false }
    /// None: a part is rendered whole.
    public func partStart(at index: Int, bytes: Int) -> BookPart? { nil }
    /// None: the book's pictures are its resources.
    public var renderer: (any PictureRenderer)? { nil }
    /// No: pages pair from the first.
    public var coverStandsAlone: Bool { false }
    /// None beyond the text.
    public var partCost: Int { 0 }
    /// None: the pictures are inside the book.
    public func file(_ path: String) -> String? { nil }
}

/// Draws a book's pictures at the size they are shown, as a PDF's pages are
/// drawn, rather than decoding stored bytes; and says where a picture's text
/// lies in it, for a host to mark a search match on the picture.
///
/// Called from a host's background queue as well as its main thread: a renderer is thread-safe.
public protocol PictureRenderer: AnyObject, Sendable {
    /// The picture at `path` (a ``BookImage/path``) drawn to fit `box` pixels, aspect
    /// kept; nil when it cannot be drawn.
    func render(_ path: String, fitting box: ImageSize) -> PicturePixels?
    /// Where the picture's text bytes `range` (from its ``BookImage/offset``, within its
    /// ``BookImage/coveredText``) are drawn in it: boxes as fractions of its width and height.
    func boxes(_ path: String, text range: Range<Int>) -> [PictureBox]
    /// Whether the pictures hold text worth reading as text where they cannot be drawn sharp
    /// (a PDF of typeset pages), rather than being pictures first (a scanned PDF, whose pages
    /// have no text): a terminal that draws only blocks shows the first as text, the second as pictures.
    var readsAsText: Bool { get }
}

/// A picture drawn by a ``PictureRenderer``: 8-bit RGBA, rows packed.
public struct PicturePixels: Sendable {
    /// Its size in pixels.
    public var size: ImageSize
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public var rgba: [UInt8]

    /// Pixels of `size` (`rgba` holds `width × height × 4` bytes).
    public init(size: ImageSize, rgba: [UInt8]) {
        self.size = size
        self.rgba = rgba
    }
}

/// A box in a picture, as fractions of its width and height from its top left.
public struct PictureBox: Hashable, Sendable {
    /// Its left edge, 0 … 1.
    public var x0: Double
    /// Its top edge.
    public var y0: Double
    /// Its right edge.
    public var x1: Double
    /// Its bottom edge.
    public var y1: Double

    /// The box from (`x0`, `y0`) to (`x1`, `y1`).
    public init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }
}

/// One part of a book rendered to display text (UTF-8 with SGR styles).
public struct BookPart: Hashable, Sendable {
    /// The display text.
    public var text: [UInt8]
    /// Element ids → byte offsets in ``text`` (where a link to `#id` lands).
    public var anchors: [String: Int]
    /// The links, by byte range in ``text``.
    public var links: [BookLink]
    /// The images, by the byte offset of their placeholder line in ``text``.
    public var images: [BookImage]

    /// A part of `text` with its anchors, links and images.
    public init(text: [UInt8], anchors: [String: Int] = [:], links: [BookLink] = [], images: [BookImage] = []) {
        self.text = text
        self.anchors = anchors
        self.links = links
        self.images = images
    }
}

/// A link in a book's text.
public struct BookLink: Hashable, Sendable, CustomStringConvertible {
    /// Where a link leads.
    public enum Target: Hashable, Sendable, CustomStringConvertible {
        /// A place in the book: a part, and an element id in it (its start when nil).
        case part(Int, fragment: String?)
        /// Somewhere outside the book (a web address).
        case external(String)

        /// `part 3#note-1` or the address.
        public var description: String {
            switch self {
            case .part(let index, let fragment): "part \(index)" + (fragment.map { "#\($0)" } ?? "")
            case .external(let address): address
            }
        }
    }

    /// The bytes of the link's text (its escapes included).
    public var range: Range<Int>
    /// Where it leads.
    public var target: Target

    /// A link over `range` to `target`.
    public init(range: Range<Int>, target: Target) {
        self.range = range
        self.target = target
    }

    /// `12..<30 → part 3#note-1`.
    public var description: String { "\(range) → \(target)" }
}

/// An image in a book's text.
public struct BookImage: Hashable, Sendable, CustomStringConvertible {
    /// The byte offset of its placeholder line.
    public var offset: Int
    /// Its path inside the book, for ``BookSource/resource(_:)``.
    public var path: String
    /// Its text alternative, if any.
    public var alt: String?
    /// Whether it is a page of its own (a full-page picture).
    public var isStandalone: Bool
    /// Its pixel size when the source already knows it (a comic reads each page's header),
    /// so a host need not read the picture to size it; nil when the host must find out.
    public var size: ImageSize?
    /// The bytes from ``offset`` the picture stands for: 0 for its placeholder line alone; more
    /// for a picture that shows text it also holds as text (a PDF page and the page's text, which
    /// search finds and plain output prints). Where the host draws the picture, all of these bytes
    /// go on its page (up to ``PageGeometry/maximumPageBytes``); where it does not, they are read as text.
    public var coveredText: Int
    /// Whether it is a double page (a comic's spread across two pages, a landscape page among
    /// portrait ones): a standalone picture that stands alone in two-page spreads, drawn across
    /// both pages. The book says so; an EPUB's pictures never are.
    public var isDoublePage: Bool

    /// An image at `offset`.
    public init(offset: Int, path: String, alt: String? = nil, isStandalone: Bool = false, size: ImageSize? = nil,
                coveredText: Int = 0, isDoublePage: Bool = false) {
        self.offset = offset
        self.path = path
        self.alt = alt
        self.isStandalone = isStandalone
        self.size = size
        self.coveredText = coveredText
        self.isDoublePage = isDoublePage
    }

    /// `image pictures/map.png @120`.
    public var description: String { "image \(path) @\(offset)" }
}

/// An entry of a book's table of contents.
public struct BookContentsEntry: Hashable, Sendable, CustomStringConvertible {
    /// The title shown.
    public var title: String
    /// The nesting level, 1 for the top.
    public var level: Int
    /// The part it leads to.
    public var part: Int
    /// The element id in the part, or nil for its start.
    public var fragment: String?

    /// An entry titled `title` at `level`, leading to `part` (and `fragment` in it).
    public init(title: String, level: Int, part: Int, fragment: String? = nil) {
        self.title = title
        self.level = level
        self.part = part
        self.fragment = fragment
    }

    /// `## Chapter 2 → part 3#c2`.
    public var description: String {
        String(repeating: "#", count: level) + " \(title) → part \(part)" + (fragment.map { "#\($0)" } ?? "")
    }
}
