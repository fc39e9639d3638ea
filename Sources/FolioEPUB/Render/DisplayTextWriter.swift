/// Appends display text: paragraphs as single lines, blocks separated by
/// one empty line, styles as SGR sequences that are opened only when text
/// needs them and closed before every newline, so each line carries its
/// own styling and every style opened is closed.
///
/// Block structure is lazy: ending a block only asks for a separator, and
/// `<br>`s only count line breaks; both are written when (and if) more
/// content follows, so there are never trailing or doubled empty lines.
struct DisplayTextWriter {
    /// SGR attributes in effect.
    struct Attributes: Equatable {
        var bold = false
        var italic = false
        var underline = false
        var strike = false
        /// 0 for the default colour, else 34 (blue) or 36 (cyan).
        var color: UInt8 = 0
        /// Code in a fixed-pitch face (SGR 11; 10 ends it).
        var monospace = false
        /// The part of a ruby the text is.
        var ruby = RubyPart.none
    }

    /// Which part of a ruby text is (`TextStyle.Attributes.rubyBase`): each has its SGR code.
    enum RubyPart: UInt8 {
        /// Not a ruby's: SGR 68 ends either part.
        case none = 68
        /// The base, which the reading annotates (SGR 66).
        case base = 66
        /// The reading, and the brackets round it (SGR 67).
        case text = 67
    }

    private(set) var text: [UInt8] = []

    // Wanted styles, as counts so nesting restores correctly.
    var bold = 0
    var italic = 0
    var underline = 0
    var strike = 0
    var colors: [UInt8] = []
    var monospace = 0
    /// The ruby parts being written, innermost last.
    var rubyParts: [RubyPart] = []
    private var emitted = Attributes()

    /// Whether the current line has content.
    private(set) var lineHasContent = false
    /// Whether the current block has content (so breaks inside it count).
    private(set) var blockHasContent = false
    private var needsSeparator = false
    private var pendingBreaks = 0
    private var pendingSpace = false
    private var pendingSpaceStyle = Attributes()
    /// Offset of the current line's first byte.
    private(set) var lineStart = 0
    /// Columns written on the current line since its prefix (for tab stops).
    private(set) var column = 0
    /// Offset just past the last visible byte.
    private(set) var contentEnd = 0

    private var wanted: Attributes {
        Attributes(bold: bold > 0, italic: italic > 0, underline: underline > 0, strike: strike > 0, color: colors.last ?? 0,
                   monospace: monospace > 0, ruby: rubyParts.last ?? .none)
    }

    // MARK: Structure

    /// Ends the current block: the next content begins after one empty line.
    mutating func endBlock() {
        if blockHasContent { needsSeparator = true }
        blockHasContent = false
        lineHasContent = false
        pendingBreaks = 0
        pendingSpace = false
    }

    /// A line break inside the block (`<br>`, a newline in `pre`); written
    /// only if the block goes on.
    mutating func lineBreak() {
        if blockHasContent { pendingBreaks += 1 }
        lineHasContent = false
        pendingSpace = false
    }

    /// A collapsible space: written only between content on one line, in
    /// the style in effect where the first white space of the run was.
    mutating func space() {
        if lineHasContent, !pendingSpace {
            pendingSpace = true
            pendingSpaceStyle = wanted
        }
    }

    /// Starts a line if none is started, writing the separator or breaks
    /// owed; returns true when it did, so the caller writes the line's
    /// prefix (with ``writePlain(_:)``) before any content.
    mutating func startLine() -> Bool {
        guard !lineHasContent else { return false }
        if needsSeparator, !text.isEmpty {
            closeStyles()
            text += [0x0A, 0x0A]
        } else if pendingBreaks > 0 {
            closeStyles()
            text += [UInt8](repeating: 0x0A, count: min(pendingBreaks, 2))  // at most one empty line, as between paragraphs
        }
        needsSeparator = false
        pendingBreaks = 0
        pendingSpace = false
        lineStart = text.count
        lineHasContent = true
        blockHasContent = true
        column = 0
        return true
    }

    // MARK: Text

    /// Writes visible bytes (valid UTF-8 without control characters) in the
    /// wanted style on the started line; returns the offset where they
    /// begin: after any pending space, before the style codes that open them.
    @discardableResult
    mutating func write(_ bytes: some Collection<UInt8>) -> Int {
        precondition(lineHasContent, "start a line (startLine) before writing content")
        if pendingSpace {
            // The space keeps the style of the white space it stands for:
            // inside a link it is underlined, after one it is not.
            syncStyles(to: pendingSpaceStyle)
            text.append(0x20)
            column += 1
            pendingSpace = false
        }
        let start = text.count
        syncStyles(to: wanted)
        text += bytes
        column += bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        contentEnd = text.count
        return start
    }

    /// Writes `s` (already free of control characters).
    @discardableResult
    mutating func write(_ s: String) -> Int { write(Array(s.utf8)) }

    /// Writes a line prefix (quote marks, list markers) with no styling of
    /// its own; call right after ``startLine()`` returned true.
    mutating func writePlain(_ bytes: [UInt8]) {
        text += bytes
    }

    /// Whether a space is pending before the next content.
    var hasPendingSpace: Bool { pendingSpace }

    /// Whether the next content would begin a new line after a separator.
    var isAtBlockStart: Bool { !lineHasContent }

    /// Closes every style that is open; called at the end of the item.
    mutating func finish() {
        closeStyles()
    }

    // MARK: SGR

    private mutating func syncStyles(to want: Attributes) {
        guard want != emitted else { return }
        if emitted.bold && !want.bold { sgr(22) }
        if emitted.italic && !want.italic { sgr(23) }
        if emitted.underline && !want.underline { sgr(24) }
        if emitted.strike && !want.strike { sgr(29) }
        if emitted.color != 0 && want.color == 0 { sgr(39) }
        if emitted.monospace && !want.monospace { sgr(10) }
        if emitted.ruby != .none && want.ruby != emitted.ruby { sgr(RubyPart.none.rawValue) }
        if !emitted.bold && want.bold { sgr(1) }
        if !emitted.italic && want.italic { sgr(3) }
        if !emitted.underline && want.underline { sgr(4) }
        if !emitted.strike && want.strike { sgr(9) }
        if want.color != 0 && want.color != emitted.color { sgr(want.color) }
        if !emitted.monospace && want.monospace { sgr(11) }
        if want.ruby != .none && want.ruby != emitted.ruby { sgr(want.ruby.rawValue) }
        emitted = want
    }

    private mutating func closeStyles() {
        if emitted.bold { sgr(22) }
        if emitted.italic { sgr(23) }
        if emitted.underline { sgr(24) }
        if emitted.strike { sgr(29) }
        if emitted.color != 0 { sgr(39) }
        if emitted.monospace { sgr(10) }
        if emitted.ruby != .none { sgr(RubyPart.none.rawValue) }
        emitted = Attributes()
    }

    private mutating func sgr(_ code: UInt8) {
        text += [0x1B, UInt8(ascii: "[")]
        text += Array(String(code).utf8)
        text.append(UInt8(ascii: "m"))
    }
}
