/// How text looks: a foreground and a background colour and a set of
/// attributes, the model of an ANSI SGR state.
///
/// Hosts draw it their own way: the terminal writes SGR sequences, a window
/// picks a font face and colours. A document's escapes (`less -R` input) and
/// backspace overstrikes become styles; the reader's own chrome (the chapter
/// strip, the status row, highlights) uses them too.
///
/// Twelve bytes, no heap; `Hashable` compares every field.
///
/// ```swift
/// let heading = TextStyle(foreground: .cyan, bold: true)
/// var style = TextStyle.plain
/// style.apply(sgr: [1, 38, 5, 208])   // bold, colour 208 of the 256-colour palette
/// ```
public struct TextStyle: Hashable, Sendable, CustomStringConvertible {
    /// A colour: the host's default, one of the 256 palette entries (0–15
    /// the terminal's theme colours), or a 24-bit RGB value.
    public enum Color: Hashable, Sendable, CustomStringConvertible {
        /// The host's normal text (or background) colour.
        case `default`
        /// Palette entry 0…255: 0–7 the basic colours, 8–15 their bright
        /// forms, 16–231 a 6×6×6 cube, 232–255 greys.
        case palette(UInt8)
        /// A 24-bit colour.
        case rgb(UInt8, UInt8, UInt8)

        /// Palette colour 0.
        public static let black = Color.palette(0)
        /// Palette colour 1.
        public static let red = Color.palette(1)
        /// Palette colour 2.
        public static let green = Color.palette(2)
        /// Palette colour 3.
        public static let yellow = Color.palette(3)
        /// Palette colour 4.
        public static let blue = Color.palette(4)
        /// Palette colour 5.
        public static let magenta = Color.palette(5)
        /// Palette colour 6.
        public static let cyan = Color.palette(6)
        /// Palette colour 7.
        public static let white = Color.palette(7)
        /// Palette colour 8, often grey.
        public static let brightBlack = Color.palette(8)

        /// The colour packed in 32 bits: tag in the top byte (0 default, 1 palette, 2 RGB).
        @inlinable var packed: UInt32 {
            switch self {
            case .default: 0
            case .palette(let index): 0x0100_0000 | UInt32(index)
            case .rgb(let r, let g, let b): 0x0200_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            }
        }

        @inlinable init(packed: UInt32) {
            switch packed >> 24 {
            case 1: self = .palette(UInt8(truncatingIfNeeded: packed))
            case 2: self = .rgb(UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 8),
                                UInt8(truncatingIfNeeded: packed))
            default: self = .default
            }
        }

        /// The 24-bit value a host shows for this colour, using the xterm
        /// palette for indices (`nil` for ``default``, which is the host's choice).
        public var rgbValue: (red: UInt8, green: UInt8, blue: UInt8)? {
            switch self {
            case .default: return nil
            case .rgb(let r, let g, let b): return (r, g, b)
            case .palette(let index):
                if index < 16 { return Self.basic[Int(index)] }
                if index < 232 {
                    let cube = Int(index) - 16
                    func level(_ v: Int) -> UInt8 { v == 0 ? 0 : UInt8(55 + v * 40) }
                    return (level(cube / 36), level(cube / 6 % 6), level(cube % 6))
                }
                let grey = UInt8(8 + (Int(index) - 232) * 10)
                return (grey, grey, grey)
            }
        }

        /// xterm's values for the 16 theme colours.
        private static let basic: [(UInt8, UInt8, UInt8)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]

        /// `default`, `palette 208` or `rgb 255,128,0`.
        public var description: String {
            switch self {
            case .default: "default"
            case .palette(let index): "palette \(index)"
            case .rgb(let r, let g, let b): "rgb \(r),\(g),\(b)"
            }
        }
    }

    /// Attribute bits, as SGR names them (and, for ruby, as this package's SGR codes name them:
    /// see ``apply(_:)-(SGRParameters)``).
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt16
        /// Creates attributes from their bits.
        @inlinable public init(rawValue: UInt16) { self.rawValue = rawValue }
        /// Heavier text (SGR 1).
        public static let bold = Attributes(rawValue: 1)
        /// Fainter text (SGR 2).
        public static let dim = Attributes(rawValue: 2)
        /// Slanted text (SGR 3).
        public static let italic = Attributes(rawValue: 4)
        /// Underlined text (SGR 4).
        public static let underline = Attributes(rawValue: 8)
        /// Blinking text (SGR 5); hosts may show it steady.
        public static let blink = Attributes(rawValue: 16)
        /// Foreground and background swapped (SGR 7).
        public static let reverse = Attributes(rawValue: 32)
        /// Struck-through text (SGR 9).
        public static let strikethrough = Attributes(rawValue: 64)
        /// Text in a fixed-pitch face, as a book's code (SGR 11, the first alternative font; SGR 10
        /// ends it). A terminal, monospace already, shows it as it is; a window draws it in a
        /// monospace font.
        public static let monospace = Attributes(rawValue: 128)
        /// The base of a ruby, the characters a reading annotates (`山路` in `山路(やまみち)`;
        /// SGR 66, SGR 68 ends it).
        ///
        /// A book's ruby is written once for every host: its base, then its reading in brackets
        /// (`山路(やまみち)`), the base marked ``rubyBase`` and the reading with its brackets
        /// ``rubyText``. A terminal ignores both marks and shows the text as it is. A window
        /// measures ``rubyText`` as taking no room on the line and draws the reading, without the
        /// brackets, small above the base it follows. Search and positions see the same text in
        /// both, so `山路` is found either way and both paginate their own text deterministically.
        public static let rubyBase = Attributes(rawValue: 256)
        /// The reading of a ruby and the brackets around it (`(やまみち)` in `山路(やまみち)`; SGR
        /// 67, SGR 68 ends it): see ``rubyBase``. It is part of ``TextStyle/face``, as a host
        /// that sets readings above their base measures and draws them in a face of their own.
        public static let rubyText = Attributes(rawValue: 512)
    }

    /// The text colour packed (see ``Color``); the package's renderers keep it in their cells.
    @usableFromInline package var foregroundBits: UInt32
    /// The background colour packed.
    @usableFromInline package var backgroundBits: UInt32
    /// The attributes that are on.
    public var attributes: Attributes

    /// The host's normal text: no attributes, default colours.
    @inlinable public static var plain: TextStyle { TextStyle(foregroundBits: 0, backgroundBits: 0, attributes: []) }

    /// A style from its packed parts (what ``plain`` and the renderers' comparisons inline).
    @inlinable package init(foregroundBits: UInt32, backgroundBits: UInt32, attributes: Attributes) {
        self.foregroundBits = foregroundBits
        self.backgroundBits = backgroundBits
        self.attributes = attributes
    }

    /// Whether this is the plain style: default colours, no attributes.
    @inlinable public var isPlain: Bool { foregroundBits == 0 && backgroundBits == 0 && attributes.rawValue == 0 }

    /// Whether two styles look the same; inlined, as renderers compare styles once a cell.
    @inlinable public static func == (a: TextStyle, b: TextStyle) -> Bool {
        a.foregroundBits == b.foregroundBits && a.backgroundBits == b.backgroundBits && a.attributes.rawValue == b.attributes.rawValue
    }

    /// Hashes the packed parts (consistent with ``==(_:_:)``).
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(foregroundBits)
        hasher.combine(backgroundBits)
        hasher.combine(attributes.rawValue)
    }

    /// Creates a style; every attribute is off and the colours are the defaults unless given.
    public init(foreground: Color = .default, background: Color = .default, bold: Bool = false, dim: Bool = false,
                italic: Bool = false, underline: Bool = false, reverse: Bool = false, strikethrough: Bool = false,
                monospace: Bool = false) {
        foregroundBits = foreground.packed
        backgroundBits = background.packed
        var attributes: Attributes = []
        if bold { attributes.insert(.bold) }
        if dim { attributes.insert(.dim) }
        if italic { attributes.insert(.italic) }
        if underline { attributes.insert(.underline) }
        if reverse { attributes.insert(.reverse) }
        if strikethrough { attributes.insert(.strikethrough) }
        if monospace { attributes.insert(.monospace) }
        self.attributes = attributes
    }

    /// The text colour.
    public var foreground: Color {
        get { Color(packed: foregroundBits) }
        set { foregroundBits = newValue.packed }
    }

    /// The colour behind the text.
    public var background: Color {
        get { Color(packed: backgroundBits) }
        set { backgroundBits = newValue.packed }
    }

    /// Heavier text (SGR 1).
    public var bold: Bool {
        get { attributes.contains(.bold) }
        set { set(.bold, newValue) }
    }

    /// Fainter text (SGR 2).
    public var dim: Bool {
        get { attributes.contains(.dim) }
        set { set(.dim, newValue) }
    }

    /// Slanted text (SGR 3).
    public var italic: Bool {
        get { attributes.contains(.italic) }
        set { set(.italic, newValue) }
    }

    /// Underlined text (SGR 4).
    public var underline: Bool {
        get { attributes.contains(.underline) }
        set { set(.underline, newValue) }
    }

    /// Foreground and background swapped (SGR 7).
    public var reverse: Bool {
        get { attributes.contains(.reverse) }
        set { set(.reverse, newValue) }
    }

    /// Struck-through text (SGR 9).
    public var strikethrough: Bool {
        get { attributes.contains(.strikethrough) }
        set { set(.strikethrough, newValue) }
    }

    /// Text in a fixed-pitch face (SGR 11): ``Attributes/monospace``.
    public var monospace: Bool {
        get { attributes.contains(.monospace) }
        set { set(.monospace, newValue) }
    }

    private mutating func set(_ attribute: Attributes, _ on: Bool) {
        if on { attributes.insert(attribute) } else { attributes.remove(attribute) }
    }

    /// Which of ``faceCount`` font faces a host draws this style in: 0 regular, 1 bold, 2
    /// italic, 3 bold italic, the same plus 4 in a monospace font (``Attributes/monospace``), and
    /// all eight plus 8 for a ruby's reading (``Attributes/rubyText``). Widths depend on it and
    /// on nothing else of the style (a window's; a terminal's cells depend on none).
    ///
    /// ```swift
    /// TextStyle(bold: true).face                  // 1
    /// TextStyle(italic: true, monospace: true).face  // 6
    /// ```
    @inlinable public var face: Int {
        let bits = attributes.rawValue
        return Int(bits & 1) | Int(bits >> 1 & 2) | Int(bits >> 5 & 4) | Int(bits >> 6 & 8)
    }

    /// How many faces ``face`` tells apart: 16.
    public static let faceCount = 16

    /// The plain style of face `face` (0 ..< ``faceCount``): the attributes ``face`` reads, and no other.
    public init(face: Int) {
        self = .plain
        bold = face & 1 != 0
        italic = face & 2 != 0
        monospace = face & 4 != 0
        if face & 8 != 0 { attributes.insert(.rubyText) }
    }

    /// The attributes and colours in words, e.g. `bold underline fg palette 1`, or `plain`.
    public var description: String {
        var words: [String] = []
        let names: [(Attributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"),
                                             (.blink, "blink"), (.reverse, "reverse"), (.strikethrough, "strikethrough"),
                                             (.monospace, "monospace"), (.rubyBase, "ruby-base"), (.rubyText, "ruby-text")]
        for (attribute, name) in names where attributes.contains(attribute) { words.append(name) }
        if foreground != .default { words.append("fg \(foreground)") }
        if background != .default { words.append("bg \(background)") }
        return words.isEmpty ? "plain" : words.joined(separator: " ")
    }
}
