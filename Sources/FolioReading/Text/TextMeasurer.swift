/// How a host measures text: the width of each character in its own units
/// (terminal cells, window pixels) and the height of a line.
///
/// The reading layer paginates against a measurer, so the same document
/// pages in cells for the terminal and in pixels for a window. Widths are
/// whole units, which keeps pagination exact and repeatable.
///
/// ```swift
/// struct PixelMeasurer: TextMeasurer {
///     let font: Font
///     func width(of scalar: Unicode.Scalar, style: TextStyle) -> Int { font.advance(of: scalar, face: style.face) }
///     var columnWidth: Int { font.advance(of: "0", face: 0) }
///     var lineHeight: Int { font.lineSkip }
/// }
/// ```
public protocol TextMeasurer: Sendable {
    /// The width of `scalar` drawn in `style`, in host units, ≥ 0. A
    /// character of width 0 (a combining mark) joins the one before it.
    /// Never asked about control characters: they arrive as their pictures.
    func width(of scalar: Unicode.Scalar, style: TextStyle) -> Int
    /// The width of one column, in host units (≥ 1): what "a line of 72
    /// characters" or "60 columns" means for this host. Tabs stop every 8.
    var columnWidth: Int { get }
    /// The height of one line, in host units (≥ 1).
    var lineHeight: Int { get }
    /// How much taller than wide one host unit is (2 for terminal cells, 1 for pixels).
    var unitAspect: Double { get }
    /// The natural size of `image`, in host units, as the host reads it from
    /// the image's bytes in `book` (``BookSource/resource(_:)``); nil keeps the
    /// image its one line of text, `[image: alt]`.
    ///
    /// A host that draws images (a window) answers with the image's pixel size;
    /// pagination then gives the image as many rows as it takes drawn to fit
    /// the line width (``ImageSize/rows(geometry:lineHeight:)``), and a
    /// standalone image a page of its own. The answer must depend on the
    /// bytes alone, so pagination stays repeatable. The default is nil (the terminal's choice).
    func imageSize(of image: BookImage, in book: any BookSource) -> ImageSize?
    /// Whether the host's font kerns pairs of characters (``kerning(between:and:style:)``).
    /// The default is false: a grid of cells never kerns, and a layout that
    /// does not kern keeps its fastest paths.
    var kerns: Bool { get }
    /// How much `right`, set just after `left` in `style`, moves from where
    /// their widths put it: the font's kerning of the pair, in host units
    /// (negative closer: `AV`, `To`). Asked only when ``kerns`` is true, about
    /// two characters of non-zero width with nothing between them (no space,
    /// escape or soft hyphen). The answer must depend on the pair and style
    /// alone, so pagination stays repeatable. The default is 0.
    func kerning(between left: Unicode.Scalar, and right: Unicode.Scalar, style: TextStyle) -> Int
    /// The host's hyphenation dictionary for `language` (a BCP 47 tag: `en-GB`, `de`), or nil when
    /// it has none; a book declaring its language is then hyphenated where words run past a
    /// line (``TextLayout/hyphenator``). The default is nil: nothing is hyphenated.
    func hyphenator(forLanguage language: String) -> (any Hyphenator)?
    /// Whether the host sets a book written in vertical columns (``BookSource/isVertical``)
    /// as columns: lines run down the page, the first at the right, and a glyph's width is
    /// its height there. The default is false: such a book is set as horizontal lines.
    var setsVertically: Bool { get }
}

extension TextMeasurer {
    /// Nil: images stay their line of text.
    public func imageSize(of image: BookImage, in book: any BookSource) -> ImageSize? { nil }
    /// False: pairs are not kerned.
    public var kerns: Bool { false }
    /// 0: pairs sit as their widths put them.
    public func kerning(between left: Unicode.Scalar, and right: Unicode.Scalar, style: TextStyle) -> Int { 0 }
    /// Nil: words are not hyphenated.
    public func hyphenator(forLanguage language: String) -> (any Hyphenator)? { nil }
    /// False: every book is set in horizontal lines.
    public var setsVertically: Bool { false }
}

/// The terminal's measurer: one unit is one cell, characters take
/// ``DisplayWidth`` columns (wide CJK and emoji two, marks none).
public struct CellMeasurer: TextMeasurer {
    /// The pixels of one cell when the terminal draws pictures, else nil (pictures stay their line of text).
    public let pictureCell: ImageSize?

    /// A measurer in cells; images stay their line of text.
    public init() { pictureCell = nil }

    /// A measurer in cells for a terminal that draws pictures, whose cells are `pictureCell` pixels:
    /// a picture's natural size in cells is its pixels divided by the cell's, rounded up.
    public init(pictureCell: ImageSize?) { self.pictureCell = pictureCell }

    /// The size in cells of `image` (from the size the book knows, else its header), or nil
    /// without pictures or when the book lacks it or the format is not one whose header is read.
    public func imageSize(of image: BookImage, in book: any BookSource) -> ImageSize? {
        guard let cell = pictureCell,
              let pixels = image.size ?? book.resource(image.path).flatMap({ ImageHeader.size(of: $0) }) else { return nil }
        return ImageSize(width: (pixels.width + cell.width - 1) / cell.width, height: (pixels.height + cell.height - 1) / cell.height)
    }

    /// 0, 1 or 2 columns, whatever the style.
    @inlinable
    public func width(of scalar: Unicode.Scalar, style: TextStyle) -> Int {
        DisplayWidth.columns(of: scalar) ?? 1
    }

    /// One cell.
    public var columnWidth: Int { 1 }
    /// One row.
    public var lineHeight: Int { 1 }
    /// A cell is about twice as tall as it is wide.
    public var unitAspect: Double { 2 }
}
