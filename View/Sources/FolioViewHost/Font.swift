import CFontconfig
import CHarfBuzz
import CSDL2
import FolioViewCore

/// A DejaVu Sans face at one pixel size, with a cache of rendered strings,
/// and the installed fonts that stand in for the characters it lacks.
///
/// DejaVu Sans has Latin, Greek, Cyrillic, Hebrew, Arabic and many symbols,
/// but no Chinese or Japanese: for such a character fontconfig names the
/// installed font it prefers that has it (Noto Sans CJK, Droid Sans
/// Fallback, …) in the same weight and slant, and that font measures and
/// draws it (``font(for:)``). A character no installed font has is drawn
/// as DejaVu's box.
public final class Font: @unchecked Sendable {
    /// The fonts' folder (Debian's fonts-dejavu-core).
    public static let folder = "/usr/share/fonts/truetype/dejavu/"
    /// Regular, bold, oblique and bold oblique, by ``FolioReading/TextStyle/face``, of DejaVu Sans
    /// (fonts-dejavu-core has the first two, fonts-dejavu-extra the slanted ones).
    public static let faceFiles = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf"]
    /// The same of DejaVu Serif.
    public static let serifFaceFiles = ["DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf", "DejaVuSerif-BoldItalic.ttf"]
    /// The same of DejaVu Sans Mono, which draws code (faces 4 to 7, ``FolioReading/TextStyle/Attributes/monospace``)
    /// whichever the reading typeface.
    public static let monoFaceFiles = ["DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSansMono-Oblique.ttf", "DejaVuSansMono-BoldOblique.ttf"]

    /// The TTF_Font.
    public let handle: OpaquePointer
    /// The pixel size asked for.
    public let pointSize: Int
    /// The recommended distance between baselines, pixels.
    public let lineSkip: Int
    /// From the top of a rendered glyph's box to the baseline, pixels.
    public let ascent: Int
    /// The face (0 regular, 1 bold, 2 oblique, 3 bold oblique, and the same plus 4 in DejaVu Sans
    /// Mono): a stand-in is looked for in the same.
    public let face: Int
    /// The typeface: a stand-in is looked for in the same kind (serif or sans serif).
    public let family: ReadingStyle.Family
    /// The file, face in it and FreeType style it was opened with, to open it again for shaping.
    private let file: String, fileFace: Int, synthesized: Int32
    /// Copies of this font set to shape one script in one direction with HarfBuzz, by script.
    private var shapers: [String: OpaquePointer] = [:]
    private var strings: [String: Texture] = [:]
    /// For each character this font lacks and has been asked about, the font standing in (nil: none has it).
    private var standIns: [UInt32: Font?] = [:]
    /// The stand-ins opened, by file and face in it.
    private var opened: [String: Font] = [:]
    /// HarfBuzz's copy of this font and a buffer to shape pairs in, made when first kerning (nil: not yet).
    private var shaping: (font: OpaquePointer?, buffer: OpaquePointer?)?
    /// The kerning of pairs of ASCII characters already asked about (index: left × 128 + right; `Int8.min`: not yet).
    private var asciiKerning = [Int8](repeating: .min, count: 128 * 128)
    /// The kerning of other pairs already asked about, by left << 32 | right.
    private var otherKerning: [UInt64: Int] = [:]

    /// Why a font could not be opened.
    public struct Failure: Error, CustomStringConvertible {
        /// The message, naming the file and the package that ships it.
        public let description: String
    }

    /// Opens face `face` (0 regular, 1 bold, 2 oblique, 3 bold oblique) of DejaVu Sans, or of DejaVu
    /// Serif for `.serif`, or (faces 4 to 7, the same plus 4) of DejaVu Sans Mono, at `size` pixels.
    /// A slanted or bold face whose file is not installed is the regular one, slanted or
    /// emboldened by FreeType.
    public convenience init(size: Int, face: Int = 0, family: ReadingStyle.Family = .sans) throws(Failure) {
        let face = max(0, min(7, face))
        let files = face & 4 != 0 ? Self.monoFaceFiles : family == .serif ? Self.serifFaceFiles : Self.faceFiles
        var file = Self.folder + files[face & 3], synthesized: Int32 = 0
        var font = TTF_OpenFont(file, Int32(size))
        if font == nil, face & 3 != 0, let regular = TTF_OpenFont(Self.folder + files[0], Int32(size)) {
            synthesized = (face & 1 != 0 ? TTF_STYLE_BOLD : 0) | (face & 2 != 0 ? TTF_STYLE_ITALIC : 0)
            TTF_SetFontStyle(regular, synthesized)
            font = regular
            file = Self.folder + files[0]
        }
        guard let font else {
            throw Failure(description: "folio-view: cannot open the font \(file) (install fonts-dejavu-core): \(String(cString: SDL_GetError()))")
        }
        self.init(handle: font, file: file, fileFace: 0, synthesized: synthesized, size: size, face: face, family: family)
    }

    private init(handle: OpaquePointer, file: String, fileFace: Int, synthesized: Int32, size: Int, face: Int, family: ReadingStyle.Family) {
        self.handle = handle
        self.file = file
        self.fileFace = fileFace
        self.synthesized = synthesized
        pointSize = size
        self.face = face
        self.family = family
        lineSkip = Int(TTF_FontLineSkip(handle))
        ascent = Int(TTF_FontAscent(handle))
    }

    deinit {
        TTF_CloseFont(handle)
        for shaper in shapers.values { TTF_CloseFont(shaper) }
        if let shaping {
            hb_font_destroy(shaping.font)
            hb_buffer_destroy(shaping.buffer)
        }
    }

    /// How far `right` moves set after `left` in this font, whole pixels: the kerning HarfBuzz
    /// shapes the pair with (the font's `kern` feature, GPOS pair adjustments). 0 for a pair this
    /// font does not draw itself (a stand-in draws one of them), a pair of scripts set a glyph at a
    /// time only (Latin, Greek, Cyrillic and their extensions are kerned), and a pair shaped into
    /// a ligature. Two Arabic letters get what joining changes of their advances
    /// (``isArabicLetter(_:)``). Looked up once per pair.
    public func kerning(between left: Unicode.Scalar, and right: Unicode.Scalar) -> Int {
        if left.value < 0x80 && right.value < 0x80 {
            let index = Int(left.value) << 7 | Int(right.value)
            if asciiKerning[index] != .min { return Int(asciiKerning[index]) }
            let found = max(-127, min(127, shapedKerning(left, right)))
            asciiKerning[index] = Int8(found)
            return found
        }
        let arabic = Self.isArabicLetter(left) && Self.isArabicLetter(right)
        guard arabic || Self.kerns(left) && Self.kerns(right), provides(left), provides(right) else { return 0 }
        let key = UInt64(left.value) << 32 | UInt64(right.value)
        if let known = otherKerning[key] { return known }
        let found = arabic ? shapedJoining(left, right) : shapedKerning(left, right)
        otherKerning[key] = found
        return found
    }

    /// Whether `scalar` is an Arabic letter, whose advance changes as it joins its neighbours.
    static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0620...0x064A, 0x066E...0x06D3, 0x06D5, 0x06EE...0x06EF, 0x06FA...0x06FF, 0x0750...0x077F, 0x0870...0x0887,
             0x08A0...0x08C9: true
        default: false
        }
    }

    /// How much a pair of Arabic letters joined differs from the two standing alone, whole pixels:
    /// a layout that adds it to each pair of neighbours it sets (``kerning(between:and:)``) gets a
    /// word about as wide as HarfBuzz draws it joined, where it measures each letter alone.
    private func shapedJoining(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Int {
        guard let (font, buffer) = harfBuzz() else { return 0 }
        return Int((Double(folio_pair_joining(font, buffer, first.value, second.value)) / 64).rounded())
    }

    /// HarfBuzz's copy of this font and a buffer to shape with, made once.
    private func harfBuzz() -> (font: OpaquePointer, buffer: OpaquePointer)? {
        if shaping == nil {
            shaping = (folio_shaping_font(file, UInt32(fileFace), Int32(pointSize)), hb_buffer_create())
        }
        guard let font = shaping?.font, let buffer = shaping?.buffer else { return nil }
        return (font, buffer)
    }

    /// Whether pairs with `scalar` are kerned: Latin, Greek, Cyrillic and their extensions.
    static func kerns(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x7E, 0xA0...0x058F, 0x1D00...0x1FFF, 0x2C60...0x2C7F, 0xA640...0xA69F, 0xA720...0xA7FF: true
        default: false
        }
    }

    private func shapedKerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Int {
        guard let (font, buffer) = harfBuzz() else { return 0 }
        let units = folio_pair_kerning(font, buffer, left.value, right.value)
        guard units != Int32.min else { return 0 }
        return Int((Double(units) / 64).rounded())
    }

    /// Whether this font itself has a glyph for `scalar`.
    public func provides(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 || TTF_GlyphIsProvided32(handle, scalar.value) != 0
    }

    /// The font that draws `scalar`: this one when it has it, else the installed font fontconfig
    /// prefers for it in the same face, at the same size (looked up once per character); this one
    /// (its box) when no installed font has it.
    public func font(for scalar: Unicode.Scalar) -> Font {
        if provides(scalar) { return self }
        if let known = standIns[scalar.value] { return known ?? self }
        let found = standIn(for: scalar)
        standIns[scalar.value] = .some(found)
        return found ?? self
    }

    private func standIn(for scalar: Unicode.Scalar) -> Font? {
        var path = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        let kind = face & 4 != 0 ? "monospace" : family == .serif ? "serif" : "sans-serif"
        guard folio_font_for_character(scalar.value, kind, face & 1 != 0 ? 1 : 0, face & 2 != 0 ? 1 : 0, &path, path.count, &index) == 1 else {
            return nil
        }
        let file = String(decoding: path.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let key = "\(file)#\(index)"
        if let kept = opened[key] { return kept }
        guard let handle = TTF_OpenFontIndex(file, Int32(pointSize), Int(index)) else { return nil }
        let font = Font(handle: handle, file: file, fileFace: Int(index), synthesized: 0, size: pointSize, face: face, family: family)
        guard TTF_GlyphIsProvided32(handle, scalar.value) != 0 else { return nil }
        opened[key] = font
        return font
    }

    /// The advance of `scalar` in pixels, in the font that draws it (``font(for:)``); 0 for a
    /// glyph no font has and none can stand in for.
    public func advance(of scalar: Unicode.Scalar) -> Int {
        font(for: scalar).ownAdvance(of: scalar)
    }

    private func ownAdvance(of scalar: Unicode.Scalar) -> Int {
        var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0, advance: Int32 = 0
        guard TTF_GlyphMetrics32(handle, scalar.value, &minX, &maxX, &minY, &maxY, &advance) == 0 else { return 0 }
        return Int(advance)
    }

    /// Whether `scalar` is shaped with its neighbours for its letters to join: Arabic letters and
    /// marks, and the joiners.
    static func joins(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF, 0x200C, 0x200D: true
        default: false
        }
    }

    /// A copy of this font that HarfBuzz shapes as `script` (an ISO 15924 tag: `Arab`) in one
    /// direction, made once; nil when SDL_ttf cannot shape (built without HarfBuzz).
    private func shaper(script: String, rightToLeft: Bool) -> OpaquePointer? {
        let key = script + (rightToLeft ? "-rtl" : "-ltr")
        if let kept = shapers[key] { return kept }
        guard let copy = TTF_OpenFontIndex(file, Int32(pointSize), fileFace) else { return nil }
        TTF_SetFontStyle(copy, synthesized)
        guard TTF_SetFontScriptName(copy, script) == 0,
              TTF_SetFontDirection(copy, rightToLeft ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR) == 0 else {
            TTF_CloseFont(copy)
            return nil
        }
        shapers[key] = copy
        return copy
    }

    /// `text` (one script's run, in logical order) shaped by HarfBuzz as `script` (an ISO 15924
    /// tag: `Arab`) in its direction, and rendered in `color`: letters joined, marks placed, the
    /// run drawn right to left for `rightToLeft`. Nil when SDL_ttf cannot shape (built without HarfBuzz).
    func shapedSurface(_ text: String, script: String, rightToLeft: Bool, color: SDL_Color) -> UnsafeMutablePointer<SDL_Surface>? {
        shaper(script: script, rightToLeft: rightToLeft).flatMap { TTF_RenderUTF8_Blended($0, text, color) }
    }

    /// One run of an interface string (in display order): its text, the font that draws it, and
    /// whether it is a word of a joining script, which is shaped (right to left, from its letters
    /// put back in reading order) so that its letters join.
    typealias Run = (text: String, font: Font, joins: Bool)

    /// `text` cut where the font drawing it changes (``font(for:)``) and round each word of a
    /// joining script (``joins(_:)``): one run when this font has it all and nothing joins.
    func runs(of text: String) -> [Run] {
        var runs: [Run] = []
        for scalar in text.unicodeScalars {
            let font = font(for: scalar), joins = Self.joins(scalar)
            if let last = runs.last, last.font === font, last.joins == joins {
                runs[runs.count - 1].text.unicodeScalars.append(scalar)
            } else {
                runs.append((String(scalar), font, joins))
            }
        }
        return runs
    }

    /// The SDL_ttf font a run is drawn with and the text it is given: a joining word's shaper and
    /// its letters in reading order, else the run's font and text.
    private func drawn(_ run: Run) -> (font: OpaquePointer, text: String) {
        if run.joins, let shaper = run.font.shaper(script: "Arab", rightToLeft: true) {
            return (shaper, String(String.UnicodeScalarView(run.text.unicodeScalars.reversed())))
        }
        return (run.font.handle, run.text)
    }

    /// `text` cut to fit `width` pixels with an ellipsis where it is cut: at its end, or at its
    /// start when `keepingEnd`; `text` itself when it fits.
    public func fitted(_ text: String, width: Int, keepingEnd: Bool = false) -> String {
        guard self.width(of: text) > width else { return text }
        let scalars = Array(text.unicodeScalars)
        func cut(_ count: Int) -> String {
            let kept = keepingEnd ? scalars.suffix(count) : scalars.prefix(count)
            let body = String(String.UnicodeScalarView(kept))
            return keepingEnd ? "…" + body : body + "…"
        }
        // The most characters that fit with the ellipsis.
        var low = 0, high = scalars.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if self.width(of: cut(middle)) <= width { low = middle } else { high = middle - 1 }
        }
        return cut(low)
    }

    /// The width of `text` drawn by ``render(_:color:renderer:)``, pixels.
    public func width(of text: String) -> Int {
        // ASCII (the status row's figures, every frame) is this font's own: measured without cutting it into runs.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var w: Int32 = 0, h: Int32 = 0
            TTF_SizeUTF8(handle, text, &w, &h)
            return Int(w)
        }
        return runs(of: text).reduce(0) { total, run in
            var w: Int32 = 0, h: Int32 = 0
            let (font, text) = drawn(run)
            TTF_SizeUTF8(font, text, &w, &h)
            return total + Int(w)
        }
    }

    /// `text` rendered in `color` as a texture for `renderer`, kept for the next call
    /// (the cache is emptied when it passes 256 strings). Characters this font lacks are
    /// drawn by the fonts standing in for them, on the same baseline.
    public func render(_ text: String, color: (UInt8, UInt8, UInt8), renderer: OpaquePointer) -> Texture? {
        let key = "\(color.0),\(color.1),\(color.2):" + text
        if let kept = strings[key] { return kept }
        guard let surface = renderSurface(text, color: SDL_Color(r: color.0, g: color.1, b: color.2, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        let made = Texture(handle: texture, size: PixelSize(width: Int(surface.pointee.w), height: Int(surface.pointee.h)))
        if strings.count > 256 { strings.removeAll() }
        strings[key] = made
        return made
    }

    /// One surface for `text`: its runs rendered by their fonts and set side by side on one baseline.
    private func renderSurface(_ text: String, color: SDL_Color) -> UnsafeMutablePointer<SDL_Surface>? {
        let runs = runs(of: text)
        if runs.count == 1 {
            let (font, text) = drawn(runs[0])
            return TTF_RenderUTF8_Blended(font, text, color)
        }
        let rendered = runs.compactMap { run in
            let (font, text) = drawn(run)
            return TTF_RenderUTF8_Blended(font, text, color).map { ($0, run.font) }
        }
        defer { for (surface, _) in rendered { SDL_FreeSurface(surface) } }
        let baseline = rendered.map { $0.1.ascent }.max() ?? 0
        let width = rendered.reduce(0) { $0 + Int($1.0.pointee.w) }
        let height = rendered.map { baseline - $0.1.ascent + Int($0.0.pointee.h) }.max() ?? 0
        guard width > 0, height > 0,
              let whole = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        var x: Int32 = 0
        for (surface, font) in rendered {
            SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE)
            var place = SDL_Rect(x: x, y: Int32(baseline - font.ascent), w: surface.pointee.w, h: surface.pointee.h)
            SDL_UpperBlit(surface, nil, whole, &place)
            x += surface.pointee.w
        }
        return whole
    }
}
