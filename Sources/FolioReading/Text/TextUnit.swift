/// One piece of display text, as ``TextDecoder`` reads it from bytes.
///
/// Every byte of a document belongs to exactly one unit, so a layout built
/// on units is lossless.
public enum TextUnit: Hashable, Sendable, CustomStringConvertible {
    /// A visible character and the style to draw it in. Control characters
    /// arrive as their pictures (`␛`, `␈`), ill-formed UTF-8 and C1 controls
    /// as U+FFFD; a backspace overstrike (`a\ba`, `_\ba`) as one bold or
    /// underlined character.
    case glyph(Unicode.Scalar, TextStyle)
    /// A space (U+0020): where lines break.
    case space(TextStyle)
    /// A tab: advances to the next tab stop.
    case tab(TextStyle)
    /// A line feed, or a carriage return and line feed: ends the line.
    case lineBreak
    /// A form feed: ends the page.
    case pageBreak
    /// An escape sequence with no picture of its own: an SGR sequence (the
    /// decoder's style has changed), an erase-in-line, or a hyperlink's
    /// brackets. Zero width.
    case control

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .glyph(let scalar, let style): "glyph \"\(scalar)\" \(style)"
        case .space: "space"
        case .tab: "tab"
        case .lineBreak: "line break"
        case .pageBreak: "page break"
        case .control: "control"
        }
    }
}
