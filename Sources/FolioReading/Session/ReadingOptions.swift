/// How a reader was asked to show a document.
public struct ReadingOptions: Hashable, Sendable, CustomStringConvertible {
    /// One page, two pages, or whichever fits.
    public enum SpreadChoice: String, Hashable, Sendable, CaseIterable {
        /// Two pages when the view is landscape and each page is wide enough
        /// for the document's own lines (and at least ``ReadingSession/minimumPageColumns``).
        case auto
        /// Always one page.
        case single
        /// Two pages whenever two pages of some text fit.
        case double
    }

    /// The spread choice.
    public var spread: SpreadChoice = .auto
    /// Pages turn right to left (a right-to-left book).
    public var rightToLeft = false
    /// Pages follow each other top to bottom.
    public var vertical = false
    /// Whether a text shown one page at a time (not a book, not two pages side by side) reads
    /// as a column of lines, as in `less`: its pages follow top to bottom and the line keys
    /// (`j`, `k`, `d`, `u`…) move by lines and half screens. A window that turns pages with a
    /// curl asks for pages instead.
    public var scrollsText = true
    /// Whether long lines are chopped at the page's edge rather than folded (`less -S`): each
    /// line takes one row, and the page area scrolls sideways over them. Pages are then one at a time.
    public var chopsLongLines = false
    /// Whether each line's number is shown before it, in a gutter (`less -N`). Pages are then one at a time.
    public var showsLineNumbers = false
    /// When a search's letters match either case: `.smart` (a pattern in lower case ignores case, `less -i`), or `.insensitive` always (`less -I`).
    public var caseSensitivity = Pattern.CaseSensitivity.smart

    /// The defaults: auto spreads, left to right, a text shown a page at a time scrolled by lines.
    public init(spread: SpreadChoice = .auto, rightToLeft: Bool = false, vertical: Bool = false, scrollsText: Bool = true) {
        self.spread = spread
        self.rightToLeft = rightToLeft
        self.vertical = vertical
        self.scrollsText = scrollsText
    }

    /// `auto`, plus `rtl`, `vertical`, `pages` (no scrolling by lines), `chop` and `numbers` when set.
    public var description: String {
        ([spread.rawValue] + (rightToLeft ? ["rtl"] : []) + (vertical ? ["vertical"] : []) + (scrollsText ? [] : ["pages"])
            + (chopsLongLines ? ["chop"] : []) + (showsLineNumbers ? ["numbers"] : []))
            .joined(separator: " ")
    }
}

/// The area a host shows pages in, in its own units (cells or pixels), and
/// the margins it wants around the text.
public struct Viewport: Hashable, Sendable, CustomStringConvertible {
    /// The width of the page area, ≥ 0.
    public var width: Int
    /// The height of the page area, ≥ 0.
    public var height: Int
    /// Blank space left and right of each page's text.
    public var margin: Int
    /// The gap between two facing pages (where a spine is drawn).
    public var spine: Int
    /// The width of the chapter strip (the host may keep part of its row for a title).
    public var stripWidth: Int
    /// The widest a line of text may be (a reading measure, as a book's typesetter keeps one);
    /// a wider page centres its text between wider margins (``ReadingSession/textInset``). Nil:
    /// as wide as the page less its margins.
    public var lineCap: Int?

    /// A page area of `width` × `height` with `margin` each side of the text and a `spine` between two
    /// pages, and a chapter strip `stripWidth` wide (the whole width when nil); lines as wide as
    /// the page (set ``lineCap`` to cap them).
    public init(width: Int, height: Int, margin: Int = 1, spine: Int = 1, stripWidth: Int? = nil) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.margin = max(0, margin)
        self.spine = max(0, spine)
        self.stripWidth = max(1, stripWidth ?? width)
    }

    /// `120×40`.
    public var description: String { "\(width)×\(height)" }
}
