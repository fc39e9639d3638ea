import FolioReading

/// How a cell's text looks: the reading layer's ``TextStyle`` (256 and
/// 24-bit colours for text and background, bold, dim, italic, underline,
/// blink, reverse, strikethrough), so a document's own colours reach the
/// screen unchanged.
///
/// The renderer turns a change of style into one SGR sequence (`CSI … m`).
///
/// ```swift
/// let heading = Style(foreground: .cyan, bold: true)
/// let bar = Style(reverse: true)
/// ```
public typealias Style = TextStyle
