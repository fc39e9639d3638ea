import Folio

/// How the reader was asked to show a document.
public struct ReaderOptions: Hashable, Sendable {
    /// One page, two pages, or whichever fits.
    public enum SpreadChoice: String, Hashable, Sendable, CaseIterable {
        /// Two pages when the terminal is wide enough (``ReaderLayout/minimumPageColumns`` each).
        case auto
        /// Always one page.
        case single
        /// Always two pages (one when even a narrow pair cannot fit).
        case double
    }

    /// The spread choice.
    public var spread: SpreadChoice = .auto
    /// Pages turn right to left.
    public var rightToLeft = false
    /// Pages turn vertically.
    public var vertical = false
    /// Mouse reporting on.
    public var mouse = true

    /// The defaults: auto spreads, left to right, horizontal, mouse on.
    public init() {}
}

/// Where things go on a terminal of a given size.
///
/// Row 0 is the menu strip, the last row the status line, the rows between
/// the pages. Two pages sit side by side with a one-column spine between.
public struct ReaderLayout: Hashable, Sendable, CustomStringConvertible {
    /// The narrowest page two-page spreads use, in columns (60, with its margins and half the spine).
    public static let minimumPageColumns = 60
    /// The rule that picks one or two pages: the engine's landscape rule with 60-column pages.
    public static let spreadRule = try! LandscapeSpreadRule(minimumPageExtent: Double(minimumPageColumns))
    /// The smallest terminal the reader draws in (20 × 5).
    public static let minimumSize = (columns: 20, rows: 5)

    /// The terminal size in cells.
    public let columns: Int, rows: Int
    /// Pages side by side: 1 or 2.
    public let pagesPerSpread: Int
    /// Whether the terminal is too small to draw pages in.
    public var isTooSmall: Bool { columns < Self.minimumSize.columns || rows < Self.minimumSize.rows }

    /// Lays out a terminal of `columns` × `rows` for `options`.
    public init(columns: Int, rows: Int, options: ReaderOptions) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        switch options.spread {
        case .single: pagesPerSpread = 1
        case .auto:
            // The engine's book rule, in cells: a cell is about twice as tall as it is wide.
            let mode = Self.spreadRule.mode(width: Double(self.columns), height: Double(self.rows) * 2, axis: .horizontal)
            pagesPerSpread = mode == .twoPages && !options.vertical ? 2 : 1
        case .double: pagesPerSpread = (self.columns - 1) / 2 - 2 >= 10 && !options.vertical ? 2 : 1
        }
    }

    /// The rows pages occupy: 1 ..< rows − 1.
    public var bodyRows: Range<Int> { 1..<max(1, rows - 1) }

    /// The width of one page slot in columns (its text plus a margin of one each side).
    public var pageSlotColumns: Int { pagesPerSpread == 2 ? (columns - 1) / 2 : columns }

    /// The cells each page's text is laid out in.
    public var geometry: PageGeometry {
        PageGeometry(columns: pageSlotColumns - 2, rows: bodyRows.count)
    }

    /// A compact, readable form for logs and test failures.
    public var description: String { "\(columns)×\(rows), \(pagesPerSpread) page\(pagesPerSpread == 1 ? "" : "s")" }
}
