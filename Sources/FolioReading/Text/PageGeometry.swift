/// The box one page of text is laid out in, in a measurer's units.
public struct PageGeometry: Hashable, Sendable, CustomStringConvertible {
    /// The width of a line, in host units, ≥ 1.
    public let width: Int
    /// Lines per page, ≥ 1.
    public let lines: Int
    /// The distance between tab stops, in host units, ≥ 1.
    public let tabStop: Int
    /// Whether lines are columns down the page, the first at the right (a `vertical-rl` book in
    /// a host that sets it so): ``width`` is then the column's length, ``lines`` the columns.
    public let isVertical: Bool

    /// A geometry; each value is raised to at least 1.
    public init(width: Int, lines: Int, tabStop: Int = 8, isVertical: Bool = false) {
        self.width = max(1, width)
        self.lines = max(1, lines)
        self.tabStop = max(1, tabStop)
        self.isVertical = isVertical
    }

    /// A geometry in terminal cells: `columns` × `rows`, tabs every 8 columns.
    public init(columns: Int, rows: Int) {
        self.init(width: columns, lines: rows, tabStop: 8)
    }

    /// The most bytes one page holds: a page is cut there (between two
    /// characters) however little of the box it fills, so no page, however
    /// odd its bytes (a megabyte of combining marks), costs more to lay out.
    public static let maximumPageBytes = 64 * 1024

    /// A compact, readable form for logs and test failures.
    public var description: String { "\(width)×\(lines)" + (isVertical ? " vertical" : "") }
}

/// How a laid-out line ended, and what of the text the break consumed.
public enum LineEnding: Hashable, Sendable, CustomStringConvertible {
    /// A line feed (or CR LF) ended it; the break consumed those bytes.
    case newline
    /// The line was full and a space ended it; the break consumed that space.
    case space
    /// The line was full; the next character starts the next line (nothing consumed).
    case wrap
    /// The line was full and broke after a soft hyphen (U+00AD), which draws as `-`
    /// at its end; the next character starts the next line (nothing consumed).
    case hyphen
    /// A form feed ended the line and the page; the break consumed it.
    case formFeed
    /// The text ended.
    case end

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .newline: "⏎"
        case .space: "␣"
        case .wrap: "↩"
        case .hyphen: "-↩"
        case .formFeed: "␌"
        case .end: "∎"
        }
    }
}

/// One line of a page: where it is in the text and how it looks at its start.
///
/// A line holds no text: a host draws it by decoding its bytes again
/// (``TextLayout/forEachGlyph(of:in:_:)``), which keeps pagination to a few
/// integers per page and drawing free of intermediate strings.
public struct LaidOutLine: Hashable, Sendable, CustomStringConvertible {
    /// The byte offset of the line's first byte.
    public var start: Int
    /// Where what is drawn ends: before the consumed break (newline, the space a full line ended on);
    /// just after the soft hyphen a line that ends ``LineEnding/hyphen`` shows as `-`.
    public var contentEnd: Int
    /// Where the next line starts.
    public var end: Int
    /// The width drawn, in host units (with the hyphen a line that ends ``LineEnding/hyphen`` shows).
    public var width: Int
    /// How the line ended.
    public var ending: LineEnding
    /// The style in effect at ``start`` (colours and attributes carry across lines).
    public var style: TextStyle

    /// The bytes the line covers, break included.
    public var bytes: Range<Int> { start..<end }

    /// A compact, readable form for logs and test failures.
    public var description: String { "\(start)..<\(end) w\(width)\(ending)" }
}

/// One page laid out: where it ends, the style there, and its lines when asked for.
public struct PageLayout: Hashable, Sendable, CustomStringConvertible {
    /// The lines (empty when the layout was asked not to collect them).
    public var lines: [LaidOutLine]
    /// Where the next page starts.
    public var end: Int
    /// The style in effect at ``end``.
    public var endStyle: TextStyle
    /// Whether the page is full (all its lines, a form feed, or the byte
    /// cap) rather than cut short by the end of the text.
    public var isFull: Bool
    /// The images drawn on the page, in order, with the rows they take
    /// (empty in the terminal, and when the lines were not collected).
    public var images: [PageImage] = []

    /// A compact, readable form for logs and test failures.
    public var description: String {
        "page to \(end)\(isFull ? "" : " (text ended)"), \(lines.count) lines" + (images.isEmpty ? "" : ", \(images.count) images")
    }
}
