/// A stretch of a document's bytes handed to the layout: where it starts in
/// the document and whether the text ends with it.
public struct TextWindow {
    /// The bytes; `bytes[0]` is the document's byte ``base``.
    public let bytes: UnsafeRawBufferPointer
    /// The document offset of the first byte.
    public let base: Int
    /// Whether the document ends where the bytes end (no more will come).
    public let isFinal: Bool

    /// A window over `bytes`, which start at document offset `base`.
    public init(bytes: UnsafeRawBufferPointer, base: Int, isFinal: Bool) {
        self.bytes = bytes
        self.base = base
        self.isFinal = isFinal
    }

    /// The document offset just past the last byte.
    public var end: Int { base + bytes.count }
}

/// One character as drawn: what, in which style, where on the line.
public struct Glyph: Hashable, Sendable, CustomStringConvertible {
    /// The character (a control's picture, U+FFFD for bad bytes, a space for tabs and spaces, `-` for the
    /// soft hyphen a line breaks after).
    public var scalar: Unicode.Scalar
    /// The style to draw it in.
    public var style: TextStyle
    /// Its left edge, in host units from the line's left edge (lines come in visual order).
    public var x: Int
    /// Its width in host units; 0 for a mark that joins the glyph before it.
    public var width: Int
    /// The document offset of its first byte.
    public var offset: Int
    /// How many bytes it came from (an overstrike or a CR LF spans several).
    public var length: Int

    /// A glyph of `scalar` in `style`, `width` units wide from `x`, from the
    /// `length` bytes at document offset `offset` (a host splitting a
    /// ``GlyphRun/ascii(_:style:x:offset:)`` run makes them).
    public init(scalar: Unicode.Scalar, style: TextStyle, x: Int, width: Int, offset: Int, length: Int) {
        self.scalar = scalar
        self.style = style
        self.x = x
        self.width = width
        self.offset = offset
        self.length = length
    }

    /// A compact, readable form for logs and test failures.
    public var description: String { "\"\(scalar)\"@\(x)+\(width) \(style)" }
}

/// A stretch of a line as ``TextLayout/forEachRun(of:in:_:)`` hands it
/// out: printable ASCII in one style, a unit wide a byte (a terminal copies
/// it cell by cell without decoding), or one glyph.
public enum GlyphRun {
    /// Printable ASCII (spaces included), one unit a byte, from `x`; the
    /// first byte is at document offset `offset`. The bytes are valid only
    /// during the call.
    case ascii(UnsafeRawBufferPointer, style: TextStyle, x: Int, offset: Int)
    /// Any other glyph.
    case glyph(Glyph)
}

/// Greedy line breaking of display text into lines and pages, measured by
/// a host's ``TextMeasurer``.
///
/// Lines break after spaces and tabs, and where ``LineBreakClass`` allows:
/// between CJK characters, after hyphens and dashes, at zero-width spaces,
/// and after a soft hyphen (U+00AD), which takes no room and draws nothing
/// except at the end of a line that breaks after it, where it draws as `-`
/// (the line ends ``LineEnding/hyphen``). A word longer than a line is cut
/// where the line is full. A line feed (or CR LF) ends a line, a form feed ends the
/// page. Colours and attributes from SGR escapes carry across lines and
/// pages (``TextDecoder``). Nothing is dropped: every byte belongs to
/// exactly one line — drawn, consumed as its break (the line feed, form
/// feed, or the one space a full line ended on), or an escape.
///
/// Cost: O(bytes laid out); printable ASCII takes a fast path (a table
/// lookup per byte); no allocation unless lines are collected.
public struct TextLayout: Sendable {
    /// The box each page fills.
    public let geometry: PageGeometry
    /// The measurer widths come from.
    public let measurer: any TextMeasurer
    /// Widths of printable ASCII (index: face × 128 + byte).
    let asciiWidths: [Int]
    /// For each face, whether every printable ASCII character is one unit wide (terminal cells) and pairs are not kerned.
    let uniformASCII: [Bool]
    /// Whether the measurer kerns pairs (``TextMeasurer/kerns``): then a character's place
    /// depends on the one before it, and the paths that count bytes as units are not taken.
    let kerns: Bool
    /// For tests: false takes the careful path for every byte, to check the fast paths agree with it.
    var usesFastPaths = true
    /// The book's images the measurer sizes, or nil (no book, or a layout that draws none).
    let images: ImageRows?
    /// Where words break with a hyphen when they run past a line (nil: they wrap whole, or are cut
    /// when longer than a line): the measurer's dictionary for the book's language.
    public let hyphenator: (any Hyphenator)?

    /// A layout of `geometry` measured by `measurer`; for a `book`, its
    /// images take the rows the measurer's sizes give them
    /// (``TextMeasurer/imageSize(of:in:)``) and are listed in each page's
    /// ``PageLayout/images``. Words running past a line are hyphenated by
    /// `hyphenator`, else by the measurer's dictionary for the book's language
    /// (``TextMeasurer/hyphenator(forLanguage:)``), else not at all.
    public init(geometry: PageGeometry, measurer: any TextMeasurer = CellMeasurer(), book: BookAssembler? = nil,
                hyphenator: (any Hyphenator)? = nil) {
        self.geometry = geometry
        self.measurer = measurer
        self.hyphenator = hyphenator ?? book?.source.language.flatMap { measurer.hyphenator(forLanguage: $0) }
        images = book.map { ImageRows(book: $0, measurer: measurer, geometry: geometry) }
        var widths = [Int](repeating: 0, count: TextStyle.faceCount * 128)
        for face in 0..<TextStyle.faceCount {
            let style = TextStyle(face: face)
            for byte in 0x20..<0x7F {
                widths[face * 128 + byte] = max(0, measurer.width(of: Unicode.Scalar(UInt8(byte)), style: style))
            }
        }
        asciiWidths = widths
        kerns = measurer.kerns
        uniformASCII = (0..<TextStyle.faceCount).map { [kerns] face in !kerns && (0x21..<0x7F).allSatisfy { widths[face * 128 + $0] == 1 } }
    }

    /// How far `right` moves set after `left` (0: no character before it on the line) in `style`.
    @inline(__always)
    func kerning(_ left: UInt32, _ right: Unicode.Scalar, style: TextStyle) -> Int {
        guard kerns, left != 0, let left = Unicode.Scalar(left) else { return 0 }
        return measurer.kerning(between: left, and: right, style: style)
    }

    /// The width of `scalar` in `style`.
    @inline(__always)
    func width(of scalar: Unicode.Scalar, style: TextStyle) -> Int {
        scalar.value < 0x80 && scalar.value >= 0x20 ? asciiWidths[style.face * 128 + Int(scalar.value)]
            : max(0, measurer.width(of: scalar, style: style))
    }

    // MARK: Lines

    /// Lays out the line starting at document offset `start` (inside
    /// `window`), with `decoder` holding the style at `start`; on return the
    /// decoder holds the style at the line's end.
    ///
    /// Returns `nil` when the window ends before the line does and the
    /// window is not final (more text will decide the line). A line never
    /// spans more than `byteLimit` bytes (at least one character).
    public func line(in window: TextWindow, from start: Int, decoder: inout TextDecoder, byteLimit: Int = .max) -> LaidOutLine? {
        asciiWidths.withUnsafeBufferPointer { widths in
            lineFast(window, start - window.base, &decoder, byteLimit, widths)
        }
    }

    private func lineFast(_ window: TextWindow, _ s: Int, _ decoder: inout TextDecoder, _ byteLimit: Int,
                          _ widths: UnsafeBufferPointer<Int>) -> LaidOutLine? {
        let bytes = window.bytes
        let n = bytes.count
        let base = window.base
        let lineWidth = geometry.width
        let startStyle = decoder.style
        let capEnd = byteLimit >= n - s ? n : s + max(1, byteLimit)
        var x = 0
        var i = s
        // The last place the line may end.
        var last = BreakPoint(at: -1, x: 0, style: startStyle, ending: .wrap)
        var breaker = LineBreaker()
        // The last soft hyphen read: where it ends, and the hyphen's width and the style after it.
        var softHyphen = (end: -1, width: 0, style: startStyle)
        var face = startStyle.face * 128
        // The character just set, for kerning the next against it (0: none, or a space, escape, mark
        // or soft hyphen between); only a kerning measurer sets it.
        var previous: UInt32 = 0
        // Whether the character just set is a ruby's base: the line does not break inside a base.
        var inBase = false

        @inline(__always) func finish(_ end: Int, _ contentEnd: Int, _ width: Int, _ ending: LineEnding) -> LaidOutLine {
            LaidOutLine(start: base + s, contentEnd: base + contentEnd, end: base + end, width: width,
                        ending: ending, style: startStyle)
        }
        @inline(__always) func wrap(before i: Int) -> LaidOutLine? {
            // The word running past the line hyphenated, when it starts after a space (or the line's start).
            let wordStart = last.at > s ? last.at : s
            if hyphenator != nil, last.ending == .wrap, wordStart == s || bytes[wordStart - 1] == 0x20,
               let split = hyphenation(in: bytes, from: wordStart, x: last.at > s ? last.x : 0, style: last.at > s ? last.style : startStyle,
                                       overflow: i, lineWidth: lineWidth, isFinal: window.isFinal) {
                if split.needsMore { return nil }
                decoder.style = split.style
                return finish(split.end, split.end, split.width, .hyphen)
            }
            if last.at > s {
                decoder.style = last.style
                return finish(last.at, last.at, last.x, last.ending)
            }
            return finish(i, i, x, .wrap)
        }

        // Fast path for a line of plain ASCII in one-unit cells (most lines of most text; not hyphenated): scan
        // as many printable characters and spaces as fit, then end the line as the loop below would.
        if usesFastPaths && uniformASCII[face >> 7] && hyphenator == nil && !Self.isRuby(startStyle) {
            let limit = min(capEnd, s + lineWidth)
            var j = ASCIIScan.printableEnd(in: bytes, from: s, to: limit)
            if j < n {
                let next = bytes[j]
                if next == 0x0A { return finish(j + 1, j, j - s, .newline) }
                if j - s == lineWidth && lineWidth > 0 {
                    if next == 0x20 && (j + 1 < n ? bytes[j + 1] != 0x08 : window.isFinal) {
                        return finish(j + 1, j, j - s, .space)
                    }
                    if next &- 0x21 < 0x5E && bytes[j - 1] != 0x20 && (j + 1 < n ? bytes[j + 1] != 0x08 : window.isFinal) {
                        // A word runs past the line: break after the last space or hyphen, or cut the word.
                        if let at = LineBreaker.lastASCIIBreak(in: bytes, lineStart: s, end: j) {
                            return finish(at, at, at - s, .wrap)
                        }
                        return finish(j, j, j - s, .wrap)
                    }
                }
            }
            // Tabs between runs (tables, Unicode's NamesList): when the whole line is runs and tabs
            // ending in a line feed within the line's width, it ends there, as the careful loop below
            // would end it; anything else (no room, an overstrike, the page's byte cap) leaves it to that loop.
            if j < n && bytes[j] == 0x09, let end = tabbedLineEnd(bytes, from: j, width: j - s, lineWidth: lineWidth,
                                                                 capEnd: capEnd, isFinal: window.isFinal) {
                return finish(end.at + 1, end.at, end.width, .newline)
            }
            // Anything else: carry on from there the careful way (an overstruck last character included).
            if j > s && j < n && bytes[j] == 0x08 { j -= 1 }
            if j > s {
                // The last break before byte j - 1 (the one before j is the breaker's to decide).
                if let at = LineBreaker.lastASCIIBreak(in: bytes, lineStart: s, end: j - 1) { last.at = at; last.x = at - s }
                if bytes[j - 1] == 0x20 { last.at = j; last.x = j - s }
                breaker = LineBreaker(afterASCII: bytes, lineStart: s, end: j)
                x = j - s
                i = j
            }
        }

        while true {
            if i >= n {
                if !window.isFinal { return nil }
                return finish(i, i, x, .end)
            }
            if i >= capEnd { return finish(i, i, x, .wrap) }
            let b = bytes[i]
            // Fast path: a run of printable ASCII without spaces (a word, most of most text).
            if !usesFastPaths || (i + 1 < n ? bytes[i + 1] == 0x08 : !window.isFinal) {
                // The careful path: an overstrike (or bytes that may still bring one), or tests comparing the two.
            } else if b &- 0x21 < 0x5E {
                let first = LineBreakClass.ascii(b)
                if i > s && breaker.allowsBreak(before: first) && !Self.holdsRuby(decoder.style, afterBase: inBase) {
                    last.note(before: i, x: x, style: decoder.style, after: breaker, softHyphen, lineWidth: lineWidth)
                }
                // A run ends after a hyphen or bar, where a line may break before the next character.
                var j = i
                let end = min(n, capEnd)
                // The last character's advance (kerned), and the character before the run.
                var advance = 1
                let before = previous
                if uniformASCII[face >> 7] {
                    // Every printable ASCII character one unit wide: take as many as the line has room for.
                    let stop = min(end, j + max(0, lineWidth - x))
                    while j < stop {
                        let c = bytes[j]
                        guard c &- 0x21 < 0x5E else { break }
                        j += 1
                        if c == 0x2D || c == 0x7C { break }
                    }
                    x += j - i
                } else {
                    while j < end {
                        let c = bytes[j]
                        guard c &- 0x21 < 0x5E else { break }
                        // A character of no width (a ruby's reading set above its base) is not kerned, nor kerns the next.
                        let own = widths[face + Int(c)]
                        let w = own == 0 ? 0 : own + kerning(previous, Unicode.Scalar(c), style: decoder.style)
                        if x + w > lineWidth && x > 0 { break }
                        x += w
                        advance = w
                        if kerns { previous = own == 0 ? 0 : UInt32(c) }
                        j += 1
                        if c == 0x2D || c == 0x7C { break }
                    }
                }
                // A backspace after the run overstrikes its last character (or may, where the bytes end):
                // that one goes the slow way.
                if j > i && (j < n ? bytes[j] == 0x08 : !window.isFinal) {
                    j -= 1
                    x -= advance
                    if kerns { previous = j > i ? UInt32(bytes[j - 1]) : before }
                }
                if j > i {
                    inBase = decoder.style.attributes.contains(.rubyBase)
                    breaker.read(first)
                    if j - i > 1 { breaker.readRest(endingWith: LineBreakClass.ascii(bytes[j - 1])) }
                    i = j
                    continue
                }
                // The first character does not fit (or is overstruck): the careful path decides.
            } else if b == 0x20 {
                // A space: the line may break after it.
                let w = widths[face + 0x20]
                if x + w > lineWidth && x > 0 { return finish(i + 1, i, x, .space) }
                x += w
                i += 1
                last = BreakPoint(at: i, x: x, style: decoder.style, ending: .wrap)
                breaker.readSpace()
                previous = 0
                continue
            } else if b == 0x0A {
                return finish(i + 1, i, x, .newline)
            }
            guard let (unit, length) = decoder.unit(in: bytes, at: i, isFinal: window.isFinal) else { return nil }
            switch unit {
            case .lineBreak:
                return finish(i + length, i, x, .newline)
            case .pageBreak:
                return finish(i + length, i, x, .formFeed)
            case .control:
                face = decoder.style.face * 128
                i += length
                previous = 0
            case .space(let style):
                let w = width(of: " ", style: style)
                if x + w > lineWidth && x > 0 { return finish(i + length, i, x, .space) }
                x += w
                i += length
                last = BreakPoint(at: i, x: x, style: decoder.style, ending: .wrap)
                breaker.readSpace()
                previous = 0
            case .tab:
                if x >= lineWidth { return finish(i, i, x, .wrap) }  // the line is exactly full: the tab starts the next
                x = min(lineWidth, (x / geometry.tabStop + 1) * geometry.tabStop)
                i += length
                last = BreakPoint(at: i, x: x, style: decoder.style, ending: .wrap)
                breaker.readSpace()
                previous = 0
            case .glyph(let scalar, let style):
                let cls = LineBreakClass.of(scalar)
                if i > s && breaker.allowsBreak(before: cls) && !Self.holdsRuby(style, afterBase: inBase) {
                    last.note(before: i, x: x, style: decoder.style, after: breaker, softHyphen, lineWidth: lineWidth)
                }
                breaker.read(cls)
                inBase = style.attributes.contains(.rubyBase)
                if cls == .softHyphen {
                    // Invisible, unless the line breaks after it (`BreakPoint.note`).
                    i += length
                    softHyphen = (i, width(of: "-", style: style), decoder.style)
                    previous = 0
                    continue
                }
                var w = width(of: scalar, style: style)
                if w == 0 {
                    i += length  // a mark, joiner or zero-width space: no width
                    previous = 0
                    continue
                }
                w += kerning(previous, scalar, style: style)
                if x + w > lineWidth && x > 0 { return wrap(before: i) }
                x += w
                i += length
                if kerns { previous = scalar.value }
            }
        }
    }

    /// Whether a character in `style` holds to the one before it, which is a ruby's base when
    /// `afterBase`: a ruby breaks neither inside its base nor before or inside its reading
    /// (``TextStyle/Attributes/rubyBase``), so that a window sets each reading above its whole
    /// base, and a terminal shows `山路(やまみち)` on one line. (A ruby longer than a line is cut
    /// where the line is full, as a long word is.)
    @inline(__always)
    static func holdsRuby(_ style: TextStyle, afterBase: Bool) -> Bool {
        style.attributes.contains(.rubyText) || (afterBase && style.attributes.contains(.rubyBase))
    }

    /// Whether `style` is part of a ruby (its base or its reading).
    @inline(__always)
    static func isRuby(_ style: TextStyle) -> Bool { !style.attributes.isDisjoint(with: [.rubyBase, .rubyText]) }

    /// A place a line being laid out may end: before byte `at` (-1: none yet),
    /// `x` wide, the style there, and how the line ends there.
    struct BreakPoint {
        var at: Int
        var x: Int
        var style: TextStyle
        var ending: LineEnding

        /// Notes that the line may end before byte `i`, `x` units in, where
        /// the breaker stands; after a soft hyphen it ends just after it,
        /// showing a hyphen, and only if the hyphen fits.
        @inline(__always)
        mutating func note(before i: Int, x: Int, style: TextStyle, after breaker: LineBreaker,
                           _ softHyphen: (end: Int, width: Int, style: TextStyle), lineWidth: Int) {
            if breaker.previous == .softHyphen {
                guard x + softHyphen.width <= lineWidth else { return }
                self = BreakPoint(at: softHyphen.end, x: x + softHyphen.width, style: softHyphen.style, ending: .hyphen)
            } else {
                self = BreakPoint(at: i, x: x, style: style, ending: .wrap)
            }
        }
    }

    /// Where a line of printable ASCII and tabs that continues at the tab at
    /// `i` (`width` units in) ends with a line feed, and how wide it is; nil
    /// when the careful loop must decide: a run or tab that does not fit, an
    /// overstrike, bytes still to come, the page's byte cap, anything else.
    private func tabbedLineEnd(_ bytes: UnsafeRawBufferPointer, from i: Int, width: Int, lineWidth: Int, capEnd: Int,
                               isFinal: Bool) -> (at: Int, width: Int)? {
        let n = bytes.count
        var k = i, x = width
        while k < n && bytes[k] == 0x09 {
            // The careful loop's tab: it needs room, and no backspace after it.
            guard x < lineWidth, k < capEnd, k + 1 < n ? bytes[k + 1] != 0x08 : isFinal else { return nil }
            x = min(lineWidth, (x / geometry.tabStop + 1) * geometry.tabStop)
            k += 1
            let end = ASCIIScan.printableEnd(in: bytes, from: k, to: min(capEnd, k + (lineWidth - x)))
            x += end - k
            k = end
        }
        guard k < n, k < capEnd, bytes[k] == 0x0A else { return nil }
        return (k, x)
    }

    // MARK: Pages

    /// Lays out the page starting at document offset `start` in `style`.
    ///
    /// Returns `nil` when the window ends before the page does and is not
    /// final. The page holds at most ``PageGeometry/lines`` lines and
    /// ``PageGeometry/maximumPageBytes`` bytes. With `collect` false no
    /// lines are kept (how pagination measures pages cheaply).
    ///
    /// An image the measurer sizes takes its rows instead of its
    /// placeholder's lines, and starts the next page when they do not fit
    /// (``PageLayout/images``); a page without one costs what it always did.
    public func page(in window: TextWindow, from start: Int, style: TextStyle, collect: Bool) -> PageLayout? {
        if let images, images.hasImages(from: start) {
            return pageWithImages(images, in: window, from: start, style: style, collect: collect)
        }
        var lines: [LaidOutLine] = []
        if collect { lines.reserveCapacity(geometry.lines) }
        var decoder = TextDecoder(style: style)
        var at = start
        let cap = start + PageGeometry.maximumPageBytes
        for _ in 0..<geometry.lines {
            if at >= window.end {
                if !window.isFinal { return nil }
                return PageLayout(lines: lines, end: at, endStyle: decoder.style, isFull: false)
            }
            if at >= cap { return PageLayout(lines: lines, end: at, endStyle: decoder.style, isFull: true) }
            guard let line = self.line(in: window, from: at, decoder: &decoder, byteLimit: cap - at) else { return nil }
            if collect { lines.append(line) }
            at = line.end
            switch line.ending {
            case .formFeed: return PageLayout(lines: lines, end: at, endStyle: decoder.style, isFull: true)
            case .end: return PageLayout(lines: lines, end: at, endStyle: decoder.style, isFull: false)
            default: break
            }
        }
        return PageLayout(lines: lines, end: at, endStyle: decoder.style, isFull: true)
    }

    // MARK: Drawing

    /// Calls `body` with each glyph of `line` (laid out by this layout), in
    /// order, from its start to its ``LaidOutLine/contentEnd``: characters,
    /// spaces, and tabs as one space-glyph as wide as the tab. Escapes draw
    /// nothing; the line's break is not drawn.
    ///
    /// A line of a paragraph holding right-to-left text comes in visual
    /// order, left to right (``Bidi``): its paragraph, found in `window`, is
    /// resolved for it (``paragraph(of:in:reusing:)``; to draw several lines
    /// of one paragraph, resolve it once and use
    /// ``forEachGlyph(of:in:paragraph:_:)``).
    ///
    /// `window` should hold the line's bytes; the part it lacks (a file cut
    /// short since the line was laid out) draws nothing. Cost: O(bytes on the
    /// line), plus O(bytes of its paragraph) for right-to-left text.
    public func forEachGlyph(of line: LaidOutLine, in window: TextWindow, _ body: (Glyph) -> Void) {
        guard line.start >= window.base, line.start < window.end else { return }
        forEachGlyph(of: line, in: window, paragraph: paragraph(of: line, in: window), body)
    }

    /// Calls `body` with each glyph of `line`, as ``forEachGlyph(of:in:_:)``
    /// does, with the line's `paragraph` already resolved
    /// (``paragraph(of:in:reusing:)``): nil when the caller knows the text
    /// holds nothing right to left, so the line is drawn as it is.
    /// Cost: O(bytes on the line · levels).
    public func forEachGlyph(of line: LaidOutLine, in window: TextWindow, paragraph: TextParagraph?, _ body: (Glyph) -> Void) {
        guard line.start >= window.base, line.start < window.end else { return }
        guard let paragraph, paragraph.isBidirectional else { return logicalGlyphs(of: line, in: window, body) }
        var glyphs: [Glyph] = []
        logicalGlyphs(of: line, in: window) { glyphs.append($0) }
        paragraph.reorder(&glyphs)
        for glyph in glyphs { body(glyph) }
    }

    /// Calls `body` with the glyphs of `line` as runs: stretches of printable
    /// ASCII a unit wide a byte come whole (``GlyphRun/ascii(_:style:x:offset:)``),
    /// everything else one glyph at a time, exactly as ``forEachGlyph(of:in:_:)``
    /// would give them. A line holding right-to-left text, or a measurer whose
    /// ASCII is not one unit wide, comes glyph by glyph. Cost: O(bytes on the line).
    public func forEachRun(of line: LaidOutLine, in window: TextWindow, _ body: (GlyphRun) -> Void) {
        guard line.start >= window.base, line.start < window.end else { return }
        forEachRun(of: line, in: window, paragraph: paragraph(of: line, in: window), body)
    }

    /// Calls `body` with the glyphs of `line` as runs, as ``forEachRun(of:in:_:)``
    /// does, with the line's `paragraph` already resolved (nil: the text holds
    /// nothing right to left). Cost: O(bytes on the line).
    public func forEachRun(of line: LaidOutLine, in window: TextWindow, paragraph: TextParagraph?, _ body: (GlyphRun) -> Void) {
        guard line.start >= window.base, line.start < window.end else { return }
        guard usesFastPaths, !kerns, hyphenator == nil, !(paragraph?.isBidirectional ?? false) else {
            forEachGlyph(of: line, in: window, paragraph: paragraph) { body(.glyph($0)) }
            return
        }
        let start = line.start - window.base, end = max(start, min(line.contentEnd - window.base, window.bytes.count))
        var decoder = TextDecoder(style: line.style)
        var x = 0
        var i = start
        let bytes = UnsafeRawBufferPointer(rebasing: window.bytes[..<end])
        while i < end {
            let style = decoder.style
            let face = style.face
            if uniformASCII[face], asciiWidths[face * 128 + 0x20] == 1 {
                var j = ASCIIScan.printableEnd(in: bytes, from: i, to: end)
                // A character followed by a backspace starts an overstrike: the decoder takes it
                // (a space never does, as in forEachGlyph).
                if j < end && bytes[j] == 0x08 && j > i && bytes[j - 1] != 0x20 { j -= 1 }
                if j > i {
                    body(.ascii(UnsafeRawBufferPointer(rebasing: bytes[i..<j]), style: style, x: x, offset: window.base + i))
                    x += j - i
                    i = j
                    continue
                }
            }
            guard let (unit, length) = decoder.unit(in: bytes, at: i, isFinal: true) else { return }
            if let glyph = glyph(of: unit, offset: window.base + i, length: length, x: &x, in: line) { body(.glyph(glyph)) }
            i += length
        }
    }

    /// The glyph a decoded unit of `line` draws at `x` (advanced past it), or
    /// nil for one that draws nothing (a line or page break, a control
    /// sequence, a soft hyphen the line does not break after).
    private func glyph(of unit: TextUnit, offset: Int, length: Int, x: inout Int, in line: LaidOutLine) -> Glyph? {
        let glyph: Glyph
        switch unit {
        case .glyph("\u{AD}", let style):
            guard line.ending == .hyphen && offset + length == line.contentEnd else { return nil }
            glyph = Glyph(scalar: "-", style: style, x: x, width: width(of: "-", style: style), offset: offset, length: length)
        case .glyph(let scalar, let style):
            glyph = Glyph(scalar: scalar, style: style, x: x, width: width(of: scalar, style: style), offset: offset, length: length)
        case .space(let style):
            glyph = Glyph(scalar: " ", style: style, x: x, width: width(of: " ", style: style), offset: offset, length: length)
        case .tab(let style):
            let stop = min(max(x, geometry.width), (x / geometry.tabStop + 1) * geometry.tabStop)
            glyph = Glyph(scalar: " ", style: style, x: x, width: stop - x, offset: offset, length: length)
        case .lineBreak, .pageBreak, .control:
            return nil
        }
        x += glyph.width
        return glyph
    }

    /// The glyphs of `line` in the order of its bytes; kerned as the line was laid out when the
    /// measurer kerns: a pair's kerning widens (or narrows) the first of the two, as a shaper
    /// sets it, so glyphs put side by side again by their widths (a right-to-left line's
    /// reordering) keep it, and every glyph after moves with it.
    private func logicalGlyphs(of line: LaidOutLine, in window: TextWindow, _ body: (Glyph) -> Void) {
        var decoder = TextDecoder(style: line.style)
        var x = 0
        var i = line.start - window.base
        let end = min(line.contentEnd - window.base, window.bytes.count)
        // The bytes after the line tell an overstrike or CR LF apart; past the line they do not matter.
        let bytes = UnsafeRawBufferPointer(rebasing: window.bytes[..<end])
        // With kerning, the glyph before waits for the next, which may widen it.
        var held: Glyph?
        // Whether the line's soft hyphen has been drawn as its hyphen.
        var hyphenShown = false
        @inline(__always) func kern(before scalar: Unicode.Scalar, at offset: Int, style: TextStyle) {
            guard var before = held, before.offset + before.length == offset, before.width > 0, before.scalar != " ",
                  scalar != " ", width(of: scalar, style: style) > 0 else { return }
            let k = measurer.kerning(between: before.scalar, and: scalar, style: style)
            before.width += k
            held = before
            x += k
        }
        @inline(__always) func give(_ glyph: Glyph) {
            guard kerns else { return body(glyph) }
            if let before = held { body(before) }
            held = glyph
        }
        while i < end {
            // Printable ASCII not overstruck (the bulk of most text) is its own glyph in the current style.
            let b = bytes[i]
            if usesFastPaths && (b == 0x20 || (b &- 0x21 < 0x5E && (i + 1 == end || bytes[i + 1] != 0x08))) {
                let style = decoder.style
                if kerns { kern(before: Unicode.Scalar(b), at: window.base + i, style: style) }
                let w = width(of: Unicode.Scalar(b), style: style)
                give(Glyph(scalar: Unicode.Scalar(b), style: style, x: x, width: w, offset: window.base + i, length: 1))
                x += w
                i += 1
                continue
            }
            guard let (unit, length) = decoder.unit(in: bytes, at: i, isFinal: true) else { break }
            // A soft hyphen (drawn only as the line's last glyph) is set after its word unkerned, as laid out.
            if kerns, case .glyph(let scalar, let style) = unit, scalar != "\u{AD}" { kern(before: scalar, at: window.base + i, style: style) }
            if let glyph = glyph(of: unit, offset: window.base + i, length: length, x: &x, in: line) {
                if case .glyph("\u{AD}", _) = unit { hyphenShown = true }
                give(glyph)
            }
            i += length
        }
        // A word the hyphenator broke ends with a hyphen of no bytes, unkerned, as laid out.
        if line.ending == .hyphen && !hyphenShown && i >= end {
            give(Glyph(scalar: "-", style: decoder.style, x: x, width: width(of: "-", style: decoder.style), offset: window.base + i, length: 0))
        }
        if let held { body(held) }
    }
}
