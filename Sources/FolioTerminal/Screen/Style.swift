/// How a cell's text looks: four attributes and a foreground colour, in two bytes.
///
/// The renderer turns a change of style into one SGR sequence (`CSI … m`).
/// There is no background colour: `reverse` swaps foreground and background,
/// which is what a reader needs for bars and highlights.
///
/// ```swift
/// let heading = Style(foreground: .cyan, bold: true)
/// let bar = Style(reverse: true)
/// ```
public struct Style: Hashable, Sendable, CustomStringConvertible {
    /// A foreground colour from the terminal's 16-colour palette, or the terminal's default.
    ///
    /// The terminal decides the actual colours (its theme); `.default` is its
    /// normal text colour and the only choice that always reads on its background.
    public enum Color: UInt8, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        /// The terminal's normal text colour (SGR 39).
        case `default`
        /// Palette colour 0 (SGR 30).
        case black
        /// Palette colour 1 (SGR 31).
        case red
        /// Palette colour 2 (SGR 32).
        case green
        /// Palette colour 3 (SGR 33).
        case yellow
        /// Palette colour 4 (SGR 34).
        case blue
        /// Palette colour 5 (SGR 35).
        case magenta
        /// Palette colour 6 (SGR 36).
        case cyan
        /// Palette colour 7 (SGR 37).
        case white
        /// Palette colour 8, often grey (SGR 90).
        case brightBlack
        /// Palette colour 9 (SGR 91).
        case brightRed
        /// Palette colour 10 (SGR 92).
        case brightGreen
        /// Palette colour 11 (SGR 93).
        case brightYellow
        /// Palette colour 12 (SGR 94).
        case brightBlue
        /// Palette colour 13 (SGR 95).
        case brightMagenta
        /// Palette colour 14 (SGR 96).
        case brightCyan
        /// Palette colour 15 (SGR 97).
        case brightWhite

        /// The SGR parameter that selects this colour: 39, 30…37 or 90…97.
        public var sgrParameter: Int {
            switch rawValue {
            case 0: 39
            case 1...8: 29 + Int(rawValue)
            default: 81 + Int(rawValue)
            }
        }

        /// The colour's name, e.g. `brightRed`.
        public var description: String {
            switch self {
            case .default: "default"
            case .black: "black"
            case .red: "red"
            case .green: "green"
            case .yellow: "yellow"
            case .blue: "blue"
            case .magenta: "magenta"
            case .cyan: "cyan"
            case .white: "white"
            case .brightBlack: "brightBlack"
            case .brightRed: "brightRed"
            case .brightGreen: "brightGreen"
            case .brightYellow: "brightYellow"
            case .brightBlue: "brightBlue"
            case .brightMagenta: "brightMagenta"
            case .brightCyan: "brightCyan"
            case .brightWhite: "brightWhite"
            }
        }
    }

    /// The attribute bits: bold 1, dim 2, underline 4, reverse 8.
    var attributes: UInt8
    /// The text colour.
    public var foreground: Color

    static let boldBit: UInt8 = 1
    static let dimBit: UInt8 = 2
    static let underlineBit: UInt8 = 4
    static let reverseBit: UInt8 = 8

    /// The terminal's normal text: no attributes, default colour.
    public static let plain = Style()

    /// Creates a style; every attribute is off and the colour is the default unless given.
    public init(foreground: Color = .default, bold: Bool = false, dim: Bool = false,
                underline: Bool = false, reverse: Bool = false) {
        self.foreground = foreground
        attributes = (bold ? Self.boldBit : 0) | (dim ? Self.dimBit : 0)
            | (underline ? Self.underlineBit : 0) | (reverse ? Self.reverseBit : 0)
    }

    /// Heavier text (SGR 1).
    public var bold: Bool {
        get { attributes & Self.boldBit != 0 }
        set { set(Self.boldBit, newValue) }
    }

    /// Fainter text (SGR 2).
    public var dim: Bool {
        get { attributes & Self.dimBit != 0 }
        set { set(Self.dimBit, newValue) }
    }

    /// Underlined text (SGR 4).
    public var underline: Bool {
        get { attributes & Self.underlineBit != 0 }
        set { set(Self.underlineBit, newValue) }
    }

    /// Foreground and background swapped (SGR 7).
    public var reverse: Bool {
        get { attributes & Self.reverseBit != 0 }
        set { set(Self.reverseBit, newValue) }
    }

    private mutating func set(_ bit: UInt8, _ on: Bool) {
        attributes = on ? attributes | bit : attributes & ~bit
    }

    /// The attributes and colour in words, e.g. `bold underline red`, or `plain`.
    public var description: String {
        var words: [String] = []
        if bold { words.append("bold") }
        if dim { words.append("dim") }
        if underline { words.append("underline") }
        if reverse { words.append("reverse") }
        if foreground != .default { words.append(foreground.description) }
        return words.isEmpty ? "plain" : words.joined(separator: " ")
    }
}
