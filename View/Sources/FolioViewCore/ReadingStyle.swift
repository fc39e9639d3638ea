/// How the window sets a book's text: the reader's choices of text size,
/// theme, typeface and line length, remembered per book.
///
/// Pure values and steps; the window turns them into fonts, colours and a
/// ``FolioReading/Viewport/lineCap``.
///
/// ```swift
/// var style = ReadingStyle()     // 17 px sans serif on light paper, lines up to 70 characters
/// style.enlarge()                // 19 px
/// style.nextTheme()              // sepia
/// style.lineLength               // 70
/// ```
public struct ReadingStyle: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The paper and ink.
    public enum Theme: String, Codable, CaseIterable, Sendable {
        /// Dark ink on cream paper.
        case light
        /// Brown ink on yellowed paper.
        case sepia
        /// Light ink on a dark page, for reading at night.
        case dark
    }

    /// The typeface of the text.
    public enum Family: String, Codable, CaseIterable, Sendable {
        /// DejaVu Sans.
        case sans
        /// DejaVu Serif.
        case serif
    }

    /// The text size, pixels (one of ``sizes``).
    public var size: Int
    /// The paper and ink.
    public var theme: Theme
    /// The typeface.
    public var family: Family
    /// The most characters of common text a line holds (one of ``lineLengths``); 0: as many as the page is wide.
    public var lineLength: Int
    /// Whether full lines are set flush with both margins (the space between their words
    /// stretched), as a printed book's; else ragged on the right.
    public var justified: Bool
    /// The paper left and right of the text on a page, pixels (one of ``margins``).
    public var margin: Int

    /// The text sizes `Ctrl +` and `Ctrl -` step through, pixels.
    public static let sizes = [10, 11, 12, 13, 14, 15, 17, 19, 21, 24, 27, 30, 34, 38, 44, 50]
    /// The line lengths `Ctrl ]` and `Ctrl [` step through, characters; 0 (the page's width) last.
    public static let lineLengths = [40, 50, 60, 70, 80, 90, 100, 0]
    /// The size a book starts at, and `Ctrl 0` comes back to.
    public static let standardSize = 17
    /// The margins `Ctrl M` steps through, pixels, narrowest first; a book starts at 44.
    public static let margins = [16, 28, 44, 64, 96]

    /// A style: 17 px sans serif, light, lines up to 70 characters, justified, 44 px margins, unless given.
    public init(size: Int = ReadingStyle.standardSize, theme: Theme = .light, family: Family = .sans, lineLength: Int = 70,
                justified: Bool = true, margin: Int = 44) {
        self.size = size
        self.theme = theme
        self.family = family
        self.lineLength = lineLength
        self.justified = justified
        self.margin = margin
        normalise()
    }

    /// Reads a kept style; a value out of range (a hand-edited file) comes back to the nearest one allowed.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        size = (try? values.decode(Int.self, forKey: .size)) ?? Self.standardSize
        theme = (try? values.decode(Theme.self, forKey: .theme)) ?? .light
        family = (try? values.decode(Family.self, forKey: .family)) ?? .sans
        lineLength = (try? values.decode(Int.self, forKey: .lineLength)) ?? 70
        justified = (try? values.decode(Bool.self, forKey: .justified)) ?? true
        margin = (try? values.decode(Int.self, forKey: .margin)) ?? 44
        normalise()
    }

    private mutating func normalise() {
        size = Self.sizes.min { abs($0 - size) < abs($1 - size) } ?? Self.standardSize
        margin = Self.margins.min { abs($0 - margin) < abs($1 - margin) } ?? 44
        if !Self.lineLengths.contains(lineLength) {
            lineLength = lineLength <= 0 ? 0 : Self.lineLengths.filter { $0 > 0 }.min { abs($0 - lineLength) < abs($1 - lineLength) } ?? 70
        }
    }

    /// One size larger; false at the largest.
    @discardableResult
    public mutating func enlarge() -> Bool { step(&size, in: Self.sizes, by: 1) }

    /// One size smaller; false at the smallest.
    @discardableResult
    public mutating func shrink() -> Bool { step(&size, in: Self.sizes, by: -1) }

    /// Back to the standard size; false when it is already.
    @discardableResult
    public mutating func resetSize() -> Bool {
        defer { size = Self.standardSize }
        return size != Self.standardSize
    }

    /// Light, sepia, dark, light again.
    public mutating func nextTheme() {
        let all = Theme.allCases
        theme = all[(all.firstIndex(of: theme)! + 1) % all.count]
    }

    /// Wider margins, the narrowest again after the widest.
    public mutating func nextMargin() {
        margin = Self.margins[((Self.margins.firstIndex(of: margin) ?? 0) + 1) % Self.margins.count]
    }

    /// Sans serif ↔ serif.
    public mutating func switchFamily() {
        family = family == .sans ? .serif : .sans
    }

    /// Longer lines, up to the page's width; false at the page's width.
    @discardableResult
    public mutating func lengthenLines() -> Bool { step(&lineLength, in: Self.lineLengths, by: 1) }

    /// Shorter lines; false at the shortest.
    @discardableResult
    public mutating func shortenLines() -> Bool { step(&lineLength, in: Self.lineLengths, by: -1) }

    private func step(_ value: inout Int, in steps: [Int], by delta: Int) -> Bool {
        guard let index = steps.firstIndex(of: value), steps.indices.contains(index + delta) else { return false }
        value = steps[index + delta]
        return true
    }

    /// The page's colour.
    public var paper: (UInt8, UInt8, UInt8) {
        switch theme {
        case .light: (246, 243, 234)
        case .sepia: (241, 229, 203)
        case .dark: (32, 31, 30)
        }
    }

    /// The text's colour.
    public var ink: (UInt8, UInt8, UInt8) {
        switch theme {
        case .light: (34, 32, 30)
        case .sepia: (80, 58, 40)
        case .dark: (214, 208, 196)
        }
    }

    /// The widest a line may be in pixels for columns `columnWidth` pixels wide; nil for the page's width.
    public func lineCap(columnWidth: Int) -> Int? {
        lineLength > 0 ? lineLength * max(1, columnWidth) : nil
    }

    /// `19 px serif sepia, lines up to 70 characters, justified`.
    public var description: String {
        "\(size) px \(family == .sans ? "sans serif" : "serif") \(theme), "
            + (lineLength > 0 ? "lines up to \(lineLength) characters" : "lines as wide as the page")
            + (justified ? ", justified" : ", ragged right") + ", \(margin) px margins"
    }
}
