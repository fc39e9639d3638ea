/// An image placed on a laid-out page: the lines of its placeholder
/// (`[image: alt]`) and the rows it is given.
///
/// An image is still its one line in the text — positions, search and
/// links see the placeholder's bytes — but a host that draws images gives
/// it ``rows`` rows of the page (the placeholder's lines take the first of
/// them). A standalone image (a full-page picture, a cover) has the page to
/// itself: ``rows`` is every row of the page.
public struct PageImage: Hashable, Sendable, CustomStringConvertible {
    /// The image, at its document offset.
    public var image: BookImage
    /// Its natural size, as the host's measurer gave it.
    public var size: ImageSize
    /// The indices of the page's ``PageLayout/lines`` its placeholder covers
    /// (empty when the lines were not collected).
    public var lines: Range<Int>
    /// The row it starts on, 0-based from the top of the page.
    public var row: Int
    /// The rows it takes, ≥ 1 and ≥ its placeholder's lines, except under a picture that
    /// covers text (``BookImage/coveredText``), whose lines past its rows are not drawn.
    public var rows: Int

    /// An image placed at `row` for `rows` rows, over the page's lines `lines`.
    public init(image: BookImage, size: ImageSize, lines: Range<Int>, row: Int, rows: Int) {
        self.image = image
        self.size = size
        self.lines = lines
        self.row = row
        self.rows = rows
    }

    /// The rows it covers.
    public var rowRange: Range<Int> { row..<(row + rows) }

    /// `image cover.png @0 400×600, rows 0..<30`.
    public var description: String { "\(image) \(size), rows \(rowRange)" }
}

extension PageLayout {
    /// The row line `index` of ``lines`` is drawn on: its index, plus the
    /// rows the images above it take beyond their placeholders' lines.
    /// Equal to `index` on a page without images. O(images on the page).
    public func row(ofLine index: Int) -> Int {
        var row = index
        for image in images where image.lines.upperBound <= index {
            row += image.rows - image.lines.count
        }
        return row
    }

    /// The rows the page fills: its lines, and the rows its images take beyond them.
    public var rowCount: Int { row(ofLine: lines.count) }
}
