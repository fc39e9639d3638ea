import FolioReading

/// A picture as terminal cells: for each cell a character (a block such as
/// `▀` or `▞`) with a 24-bit text and background colour, so one cell shows
/// up to two colours of the picture.
///
/// Drawn into a ``Frame`` like text, a cell picture turns, slides, clears
/// and survives a resize with its page: the frame's diff sends only the
/// cells that changed.
///
/// ```swift
/// var picture = CellPicture(columns: 2, rows: 1)
/// picture[0, 0] = CellPicture.Cell(scalar: "▀", foreground: (255, 0, 0), background: (0, 0, 255))
/// ```
public struct CellPicture: Hashable, Sendable, CustomStringConvertible {
    /// One cell of a picture.
    public struct Cell: Hashable, Sendable {
        /// The character drawn.
        public var scalar: Unicode.Scalar
        /// Its colour, 0xRRGGBB.
        public var foreground: UInt32
        /// The cell's background, 0xRRGGBB.
        public var background: UInt32

        /// A cell showing `scalar` in `foreground` on `background` (each 0xRRGGBB).
        public init(scalar: Unicode.Scalar, foreground: UInt32, background: UInt32) {
            self.scalar = scalar
            self.foreground = foreground & 0xFF_FFFF
            self.background = background & 0xFF_FFFF
        }

        /// The style the cell is drawn in.
        var style: Style {
            Style(foreground: .rgb(UInt8(foreground >> 16), UInt8(foreground >> 8 & 0xFF), UInt8(foreground & 0xFF)),
                  background: .rgb(UInt8(background >> 16), UInt8(background >> 8 & 0xFF), UInt8(background & 0xFF)))
        }
    }

    /// The width in cells.
    public let columns: Int
    /// The height in cells.
    public let rows: Int
    /// The cells, row by row.
    public private(set) var cells: [Cell]

    /// A blank (black) picture of `columns` × `rows` cells.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: Cell(scalar: " ", foreground: 0, background: 0), count: self.columns * self.rows)
    }

    /// The cell at `column`, `row`.
    public subscript(column: Int, row: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// `30×12 cells`.
    public var description: String { "\(columns)×\(rows) cells" }
}

extension Frame {
    /// Draws `picture` with its top-left cell at `column`, `row`, keeping to the columns in `clip`
    /// and the rows in `rows` (a page sliding off the screen is cut, not wrapped).
    public mutating func draw(_ picture: CellPicture, atColumn column: Int, row: Int, clip: Range<Int>, rows visible: Range<Int>) {
        for y in 0..<picture.rows where visible.contains(row + y) {
            for x in 0..<picture.columns where clip.contains(column + x) {
                let cell = picture[x, y]
                put(cell.scalar, columns: 1, style: cell.style, atColumn: column + x, row: row + y, clip: clip)
            }
        }
    }
}

/// Where a terminal host gets the cells of a book's pictures: decoded and
/// turned into cells off the main thread, so drawing never waits.
public protocol CellPictureSource: AnyObject {
    /// The picture `image` drawn in `columns` × `rows` cells, with `marks` (a search's
    /// matches, as fractions of the picture) painted over it, or nil while it is being made
    /// (its placeholder text is drawn meanwhile) or when it cannot be read.
    func picture(_ image: BookImage, columns: Int, rows: Int, marks: [PictureBox]) -> CellPicture?
}

/// Where a terminal host gets a picture's pixels (sixel, kitty or iTerm2), for a terminal that draws
/// them: made off the main thread beside the picture's cells, which are drawn while pages move.
public protocol PixelPictureSource: CellPictureSource {
    /// How the pixels reach the terminal; `.blocks` draws cells only.
    var method: TerminalGraphics.Method { get }
    /// The bytes that draw `image` in `columns` × `rows` cells (with `marks` painted over it) with
    /// the cursor on their top-left cell, or nil while they are being made or when it cannot be read.
    func pixels(_ image: BookImage, columns: Int, rows: Int, marks: [PictureBox]) -> [UInt8]?
}
