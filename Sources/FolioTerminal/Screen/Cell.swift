import FolioReading
/// One cell of a ``Frame`` as a reader sees it: a grapheme's text, its width and its style.
///
/// A wide character (CJK, emoji) takes two cells: its *lead* cell (width 2)
/// holds the text and the cell to its right is a *continuation* (width 0,
/// empty text, the lead's style). Every other cell has width 1. A cell's text
/// is a base character plus any zero-width marks that follow it (combining
/// accents, variation selectors); it never contains a control character.
public struct Cell: Hashable, Sendable, CustomStringConvertible {
    /// The grapheme shown: one printable base character and its zero-width marks; "" in a continuation.
    public var text: String
    /// The columns the text takes: 1, 2 for a wide character's lead cell, 0 for its continuation.
    public var width: Int
    /// How the text looks.
    public var style: Style

    /// Creates a cell from its parts (used to compare a frame with expected cells).
    public init(text: String, width: Int, style: Style = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// An empty cell: one space in the plain style, what a cleared frame holds.
    public static let blank = Cell(text: " ", width: 1)

    /// Whether this is the right half of a wide character (it shows nothing of its own).
    public var isContinuation: Bool { width == 0 }

    /// The text quoted, with its width when not 1 and its style when not plain, e.g. `"漢" wide bold`.
    public var description: String {
        var words = [width == 0 ? "right half" : "\"\(text)\""]
        if width == 2 { words.append("wide") }
        if style != .plain { words.append(style.description) }
        return words.joined(separator: " ")
    }
}
