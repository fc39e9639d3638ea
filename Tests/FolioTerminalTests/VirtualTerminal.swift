import FolioReading
import FolioTestSupport
import FolioTerminal

/// A small xterm-like screen that applies the bytes a ``Renderer`` writes, for tests only.
///
/// It understands what the renderer may send — CUP, CUU/CUD/CUF/CUB, CNL/CPL, CHA, ED, EL,
/// ICH, DCH, SGR, DEC modes 25 and 2026, printable UTF-8 with wide and zero-width characters —
/// and reports anything else as a problem. Where real terminals differ or leave something
/// unspecified, it is strict: such a cell is *poisoned* (shown as ☠), so a frame that relies on it
/// cannot match. That covers the other half of a wide character overwritten or cut in two, and
/// cells erased or inserted while a style other than plain is set. Printing past the right edge,
/// a wide character that does not fit, a scroll, a control byte and a zero-width scalar with no
/// character printed just before it are problems too.
struct VirtualTerminal: CustomStringConvertible {
    struct Cell: Equatable, CustomStringConvertible {
        var text: String
        var width: Int
        var style: Style
        var poisoned = false

        static let blank = Cell(text: " ", width: 1, style: .plain)
        static let poison = Cell(text: "☠", width: 1, style: .plain, poisoned: true)

        var description: String {
            poisoned ? "poison" : FolioTerminal.Cell(text: text, width: width, style: style).description
        }
    }

    let width: Int
    let height: Int
    var cells: [Cell]
    var row = 0
    var column = 0
    /// The cursor is in the last column and the next printable character wraps first (xterm's deferred wrap).
    var pendingWrap = false
    var style = Style.plain
    var cursorVisible = true
    var synchronized = false
    var problems: [String] = []
    /// Whether anything was printed into the bottom-right cell (a scroll on terminals without deferred wrap).
    var printedIntoCorner = false
    private var lastPrinted: Int?

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: .blank, count: width * height)
    }

    /// A screen showing `frame`, read cell by cell through its public subscript; the cursor is hidden.
    init(showing frame: Frame) {
        self.init(width: frame.width, height: frame.height)
        for r in 0..<height {
            for c in 0..<width {
                let cell = frame[c, r]
                cells[r * width + c] = Cell(text: cell.text, width: cell.width, style: cell.style)
            }
        }
        cursorVisible = false
    }

    /// A screen in an arbitrary state: random characters, broken wide halves, poison, a random
    /// cursor (maybe waiting to wrap) and style, drawn from `seed`.
    static func garbage(width: Int, height: Int, seed: UInt64) -> VirtualTerminal {
        var random = SplitMix(seed: seed)
        var screen = VirtualTerminal(width: width, height: height)
        let styles = [Style.plain, Style(bold: true), Style(foreground: .red, reverse: true), Style(underline: true)]
        for i in screen.cells.indices {
            let style = styles[random.next(styles.count)]
            switch random.next(6) {
            case 0: screen.cells[i] = Cell(text: "x", width: 1, style: style)
            case 1: screen.cells[i] = Cell(text: "漢", width: 2, style: style)  // a lead, maybe without its half
            case 2: screen.cells[i] = Cell(text: "", width: 0, style: style)   // a half, maybe without its lead
            case 3: screen.cells[i] = .poison
            case 4: screen.cells[i] = Cell(text: "e\u{301}", width: 1, style: style)
            default: break
            }
        }
        if width > 0 && height > 0 {
            screen.row = random.next(height)
            screen.column = random.next(width)
            screen.pendingWrap = screen.column == width - 1 && random.next(2) == 0
        }
        screen.style = styles[random.next(styles.count)]
        screen.cursorVisible = random.next(2) == 0
        return screen
    }

    // MARK: Reading

    /// The cells that differ from `frame` (at most `limit`), each as a sentence.
    func differences(from frame: Frame, limit: Int = 6) -> [String] {
        guard frame.width == width, frame.height == height else {
            return ["size \(width)×\(height), frame \(frame.width)×\(frame.height)"]
        }
        var found: [String] = []
        for r in 0..<height {
            for c in 0..<width {
                let want = frame[c, r]
                let have = cells[r * width + c]
                if have.poisoned || have.text != want.text || have.width != want.width || have.style != want.style {
                    found.append("(\(c),\(r)) shows \(have), frame has \(want)")
                    if found.count == limit { return found }
                }
            }
        }
        return found
    }

    /// The rows as text, poison as ☠.
    var description: String {
        "Screen \(width)×\(height) [" + (0..<height).map { r in
            "\"" + (0..<width).map { cells[r * width + $0].text }.joined() + "\""
        }.joined(separator: ", ") + "]"
    }

    // MARK: Applying bytes

    mutating func apply(_ bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x1B {
                i = controlSequence(bytes, at: i)
            } else if byte < 0x20 || byte == 0x7F {
                problems.append("raw control byte \(byte)")
                i += 1
            } else {
                i = character(bytes, at: i)
            }
        }
    }

    private mutating func character(_ bytes: [UInt8], at start: Int) -> Int {
        let lead = bytes[start]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length > 0, start + length <= bytes.count else {
            problems.append("invalid UTF-8 at byte \(start)")
            return start + 1
        }
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
        for k in 1..<length {
            let next = bytes[start + k]
            guard next & 0xC0 == 0x80 else {
                problems.append("invalid UTF-8 at byte \(start)")
                return start + k
            }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else {
            problems.append("invalid scalar \(value)")
            return start + length
        }
        print(scalar)
        return start + length
    }

    private mutating func print(_ scalar: Unicode.Scalar) {
        guard let columns = DisplayWidth.columns(of: scalar) else {
            problems.append("control character U+\(String(scalar.value, radix: 16)) reached the terminal")
            return
        }
        if columns == 0 {
            guard let i = lastPrinted else {
                problems.append("zero-width U+\(String(scalar.value, radix: 16)) with no character before it")
                return
            }
            cells[i].text.unicodeScalars.append(scalar)
            return
        }
        guard width > 0, height > 0 else { return }
        if pendingWrap {
            problems.append("printed past the right edge of row \(row): it wraps")
            column = 0
            lineFeed()
        }
        if column + columns > width {
            problems.append("a wide character at the last column of row \(row) wraps")
            guard columns <= width else { return }
            column = 0
            lineFeed()
        }
        let i = row * width + column
        breakWide(at: i)
        if columns == 2 { breakWide(at: i + 1) }
        cells[i] = Cell(text: String(Character(scalar)), width: columns, style: style)
        if columns == 2 { cells[i + 1] = Cell(text: "", width: 0, style: style) }
        lastPrinted = i
        column += columns
        if column >= width {
            column = width - 1
            pendingWrap = true
            if row == height - 1 { printedIntoCorner = true }
        }
    }

    /// Cell `i` is about to change: the other half of a wide character it is part of is poisoned.
    private mutating func breakWide(at i: Int) {
        let c = i % width
        if cells[i].width == 0 && c > 0 && cells[i - 1].width == 2 { cells[i - 1] = .poison }
        if cells[i].width == 2 && c + 1 < width && cells[i + 1].width == 0 { cells[i + 1] = .poison }
    }

    /// Inserting or deleting at the right half of a wide character cuts it in two: both halves are poison.
    private mutating func splitAtCursor(_ start: Int) {
        guard cells[start + column].width == 0, column > 0 else { return }
        cells[start + column - 1] = .poison
        cells[start + column] = .poison
    }

    private mutating func lineFeed() {
        if row < height - 1 {
            row += 1
            return
        }
        problems.append("the screen scrolled")
        cells.removeFirst(width)
        cells.append(contentsOf: Array(repeating: erased, count: width))
    }

    /// What erasing or inserting leaves: a plain space under the plain style, else poison
    /// (terminals differ on which attributes an erased cell keeps).
    private var erased: Cell { style == .plain ? .blank : .poison }

    private mutating func controlSequence(_ bytes: [UInt8], at start: Int) -> Int {
        lastPrinted = nil
        guard start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "[") else {
            problems.append("ESC not followed by [ at byte \(start)")
            return start + 1
        }
        var i = start + 2
        var isPrivate = false
        if i < bytes.count && bytes[i] == UInt8(ascii: "?") { isPrivate = true; i += 1 }
        var parameters: [Int?] = [nil]
        while i < bytes.count {
            let b = bytes[i]
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                parameters[parameters.count - 1] = (parameters[parameters.count - 1] ?? 0) * 10 + Int(b - UInt8(ascii: "0"))
            } else if b == UInt8(ascii: ";") {
                parameters.append(nil)
            } else {
                break
            }
            i += 1
        }
        guard i < bytes.count, bytes[i] >= 0x40, bytes[i] <= 0x7E else {
            problems.append("unterminated control sequence at byte \(start)")
            return i
        }
        let final = Character(Unicode.Scalar(bytes[i]))
        perform(final, parameters, isPrivate: isPrivate)
        return i + 1
    }

    private mutating func perform(_ final: Character, _ parameters: [Int?], isPrivate: Bool) {
        let count = max(1, parameters[0] ?? 1)
        if isPrivate {
            guard final == "h" || final == "l" else { problems.append("unknown private sequence ?\(final)"); return }
            let on = final == "h"
            switch parameters[0] {
            case 2026?:
                if synchronized == on { problems.append("synchronized update \(on ? "begun" : "ended") twice") }
                synchronized = on
            case 25?: cursorVisible = on
            default: problems.append("unknown mode \(parameters[0] ?? -1)")
            }
            return
        }
        if final != "m" && final != "J" && final != "K" { pendingWrap = false }
        switch final {
        case "H", "f":
            row = min(max(1, parameters[0] ?? 1), max(1, height)) - 1
            column = min(max(1, parameters.count > 1 ? parameters[1] ?? 1 : 1), max(1, width)) - 1
        case "A": row = max(0, row - count)
        case "B": row = min(max(0, height - 1), row + count)
        case "C": column = min(max(0, width - 1), column + count)
        case "D": column = max(0, column - count)
        case "E": row = min(max(0, height - 1), row + count); column = 0
        case "F": row = max(0, row - count); column = 0
        case "G": column = min(count, max(1, width)) - 1
        case "J": eraseDisplay(parameters[0] ?? 0)
        case "K": eraseLine(parameters[0] ?? 0)
        case "@": insertCharacters(count)
        case "P": deleteCharacters(count)
        case "m": selectGraphicRendition(parameters)
        default: problems.append("unknown control sequence \(final)")
        }
    }

    private mutating func erase(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        breakWide(at: range.lowerBound)
        breakWide(at: range.upperBound - 1)
        for i in range { cells[i] = erased }
    }

    private mutating func eraseDisplay(_ mode: Int) {
        guard width > 0, height > 0 else { return }
        let here = row * width + column
        switch mode {
        case 0: erase(here..<cells.count)
        case 1: erase(0..<here + 1)
        case 2: erase(0..<cells.count)
        default: problems.append("unknown erase-display mode \(mode)")
        }
    }

    private mutating func eraseLine(_ mode: Int) {
        guard width > 0, height > 0 else { return }
        let start = row * width
        switch mode {
        case 0: erase(start + column..<start + width)
        case 1: erase(start..<start + column + 1)
        case 2: erase(start..<start + width)
        default: problems.append("unknown erase-line mode \(mode)")
        }
    }

    private mutating func insertCharacters(_ count: Int) {
        guard width > 0, height > 0 else { return }
        let start = row * width
        splitAtCursor(start)
        let n = min(count, width - column)
        for c in stride(from: width - 1, through: column + n, by: -1) { cells[start + c] = cells[start + c - n] }
        for c in column..<column + n { cells[start + c] = erased }
        // A wide character pushed into the last column lost its right half.
        if cells[start + width - 1].width == 2 { cells[start + width - 1] = .poison }
    }

    private mutating func deleteCharacters(_ count: Int) {
        guard width > 0, height > 0 else { return }
        let start = row * width
        splitAtCursor(start)
        let n = min(count, width - column)
        for c in column..<width - n { cells[start + c] = cells[start + c + n] }
        for c in width - n..<width { cells[start + c] = erased }
        // A right half whose lead was deleted.
        if cells[start + column].width == 0 { cells[start + column] = .poison }
    }

    /// The SGR a terminal understands, read here independently of the reading layer's parser.
    private mutating func selectGraphicRendition(_ parameters: [Int?]) {
        var i = 0
        func next() -> Int { defer { i += 1 }; return i < parameters.count ? parameters[i] ?? 0 : -1 }
        func extended() -> Style.Color? {
            switch next() {
            case 5: let n = next(); return (0...255).contains(n) ? .palette(UInt8(n)) : nil
            case 2:
                let (r, g, b) = (next(), next(), next())
                guard [r, g, b].allSatisfy({ (0...255).contains($0) }) else { return nil }
                return .rgb(UInt8(r), UInt8(g), UInt8(b))
            default: return nil
            }
        }
        while i < parameters.count {
            switch next() {
            case 0: style = .plain
            case 1: style.bold = true
            case 2: style.dim = true
            case 3: style.italic = true
            case 4: style.underline = true
            case 5: style.attributes.insert(.blink)
            case 7: style.reverse = true
            case 9: style.strikethrough = true
            case 22: style.bold = false; style.dim = false
            case 23: style.italic = false
            case 24: style.underline = false
            case 25: style.attributes.remove(.blink)
            case 27: style.reverse = false
            case 29: style.strikethrough = false
            case 39: style.foreground = .default
            case 49: style.background = .default
            case let p where (30...37).contains(p): style.foreground = .palette(UInt8(p - 30))
            case let p where (90...97).contains(p): style.foreground = .palette(UInt8(p - 90 + 8))
            case let p where (40...47).contains(p): style.background = .palette(UInt8(p - 40))
            case let p where (100...107).contains(p): style.background = .palette(UInt8(p - 100 + 8))
            case 38: if let color = extended() { style.foreground = color } else { problems.append("bad SGR 38") }
            case 48: if let color = extended() { style.background = color } else { problems.append("bad SGR 48") }
            case let p: problems.append("unknown SGR parameter \(p)")
            }
        }
    }
}
