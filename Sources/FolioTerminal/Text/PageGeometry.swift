/// The cells one page of text is laid out in.
public struct PageGeometry: Hashable, Sendable, CustomStringConvertible {
    /// Columns per line, ≥ 1.
    public let columns: Int
    /// Lines per page, ≥ 1.
    public let rows: Int
    /// Columns between tab stops, ≥ 1 (default 8).
    public let tabWidth: Int

    /// Creates a geometry, raising each value to at least 1.
    public init(columns: Int, rows: Int, tabWidth: Int = 8) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.tabWidth = max(1, tabWidth)
    }

    /// A compact, readable form for logs and test failures.
    public var description: String { "\(columns)×\(rows)" }
}

/// How a laid-out line ended, and what of the text the break consumed.
public enum LineEnding: Hashable, Sendable, CustomStringConvertible {
    /// A line feed (or CR LF) ended it; the break consumed those bytes.
    case newline
    /// The line was full and a space ended it; the break consumed that space.
    case space
    /// The line was full; the next character starts the next line (nothing consumed).
    case wrap
    /// A form feed ended the line and the page; the break consumed it.
    case formFeed
    /// The document ended.
    case end

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .newline: "⏎"
        case .space: "␣"
        case .wrap: "↩"
        case .formFeed: "␌"
        case .end: "∎"
        }
    }
}

/// One line of a page, ready to draw.
public struct LaidOutLine: Hashable, Sendable, CustomStringConvertible {
    /// What to draw: tabs expanded to spaces, control characters as their
    /// Unicode pictures (U+2400…), ill-formed UTF-8 as U+FFFD.
    public var text: String
    /// The columns `text` takes (≤ the geometry's columns, except a lone
    /// character wider than the whole line).
    public var width: Int
    /// The byte offsets of the document this line shows, break included.
    public var bytes: Range<Int>
    /// How the line ended.
    public var ending: LineEnding

    /// A compact, readable form for logs and test failures.
    public var description: String { "\(bytes): \"\(text)\"\(ending)" }
}
