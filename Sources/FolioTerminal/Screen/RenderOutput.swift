import FolioReading
/// The bytes of one render and what they leave the terminal in: cursor and style.
///
/// It chooses the shortest cursor move and the shortest SGR change. `row`/`column` of −1
/// mean unknown (the first move is absolute); `column == width` means the cursor sits in
/// the last column waiting to wrap, where only moves to another row are taken.
struct RenderOutput {
    var bytes: [UInt8] = []
    /// The frame's width in columns.
    let width: Int
    var row = -1
    var column = -1
    /// The SGR state, nil when unknown (the first change is then a full reset and set).
    var style: Style?

    init(width: Int) {
        self.width = width
    }

    // MARK: Moving

    /// Moves the cursor to `row`, `column` with whichever of CUP, CUF, CNL (+ CUF) or CUD
    /// (+ CUF/CUB) is shortest. O(1).
    mutating func move(toRow targetRow: Int, column targetColumn: Int) {
        if row == targetRow && column == targetColumn { return }
        enum Plan { case absolute, forward, nextLine, down }
        var plan = Plan.absolute
        var best = Self.absoluteCost(targetRow, targetColumn)
        let columnKnown = column >= 0 && column < width
        if row == targetRow && columnKnown && targetColumn > column {
            let cost = Self.relativeCost(targetColumn - column)
            if cost < best { (plan, best) = (.forward, cost) }
        }
        if row >= 0 && targetRow > row {
            let lines = Self.relativeCost(targetRow - row)
            let nextLine = lines + (targetColumn > 0 ? Self.relativeCost(targetColumn) : 0)
            if nextLine < best { (plan, best) = (.nextLine, nextLine) }
            if columnKnown {
                let down = lines + (targetColumn == column ? 0 : Self.relativeCost(abs(targetColumn - column)))
                if down < best { (plan, best) = (.down, down) }
            }
        }
        switch plan {
        case .absolute:
            append("\u{1B}[")
            if targetRow > 0 || targetColumn > 0 { number(targetRow + 1) }
            if targetColumn > 0 { bytes.append(UInt8(ascii: ";")); number(targetColumn + 1) }
            bytes.append(UInt8(ascii: "H"))
        case .forward:
            relative(targetColumn - column, UInt8(ascii: "C"))
        case .nextLine:
            relative(targetRow - row, UInt8(ascii: "E"))
            if targetColumn > 0 { relative(targetColumn, UInt8(ascii: "C")) }
        case .down:
            relative(targetRow - row, UInt8(ascii: "B"))
            if targetColumn > column { relative(targetColumn - column, UInt8(ascii: "C")) }
            if targetColumn < column { relative(column - targetColumn, UInt8(ascii: "D")) }
        }
        row = targetRow
        column = targetColumn
    }

    /// The bytes of a relative move such as "ESC [ 12 C" (the count 1 is left out).
    static func relativeCost(_ count: Int) -> Int { count == 1 ? 3 : 3 + digits(count) }

    /// The bytes of CUP to a 0-based `row`, `column` ("ESC [ H", "ESC [ 5 H", "ESC [ 5 ; 9 H").
    static func absoluteCost(_ row: Int, _ column: Int) -> Int {
        if column > 0 { return 4 + digits(row + 1) + digits(column + 1) }
        return row > 0 ? 3 + digits(row + 1) : 3
    }

    static func digits(_ n: Int) -> Int {
        var n = n, count = 1
        while n >= 10 { n /= 10; count += 1 }
        return count
    }

    /// "ESC [ count final", the count left out when it is 1. The cursor is not tracked here.
    mutating func relative(_ count: Int, _ final: UInt8) {
        append("\u{1B}[")
        if count != 1 { number(count) }
        bytes.append(final)
    }

    // MARK: Style

    /// Switches the SGR state to `target`: only the additions when nothing is taken away,
    /// else a reset and the full set in one sequence. O(1).
    mutating func setStyle(_ target: Style) {
        if let style, style == target { return }
        append("\u{1B}[")
        var first = true
        if let current = style, current.attributes.isSubset(of: target.attributes) {
            attributes(target.attributes.subtracting(current.attributes), first: &first)
            if target.foreground != current.foreground { color(target.foreground, background: false, first: &first) }
            if target.background != current.background { color(target.background, background: true, first: &first) }
        } else {
            parameter(0, first: &first)
            attributes(target.attributes, first: &first)
            if target.foreground != .default { color(target.foreground, background: false, first: &first) }
            if target.background != .default { color(target.background, background: true, first: &first) }
        }
        bytes.append(UInt8(ascii: "m"))
        style = target
    }

    /// The SGR parameters that turn on `attributes`, in SGR order.
    private mutating func attributes(_ attributes: Style.Attributes, first: inout Bool) {
        if attributes.contains(.bold) { parameter(1, first: &first) }
        if attributes.contains(.dim) { parameter(2, first: &first) }
        if attributes.contains(.italic) { parameter(3, first: &first) }
        if attributes.contains(.underline) { parameter(4, first: &first) }
        if attributes.contains(.blink) { parameter(5, first: &first) }
        if attributes.contains(.reverse) { parameter(7, first: &first) }
        if attributes.contains(.strikethrough) { parameter(9, first: &first) }
    }

    /// The SGR parameters for a text or background colour: 39/49, 30–37, 90–97, `38;5;n`, `38;2;r;g;b`.
    private mutating func color(_ color: Style.Color, background: Bool, first: inout Bool) {
        let base = background ? 10 : 0
        switch color {
        case .default:
            parameter(39 + base, first: &first)
        case .palette(let index) where index < 8:
            parameter(30 + base + Int(index), first: &first)
        case .palette(let index) where index < 16:
            parameter(90 + base + Int(index) - 8, first: &first)
        case .palette(let index):
            parameter(38 + base, first: &first); parameter(5, first: &first); parameter(Int(index), first: &first)
        case .rgb(let r, let g, let b):
            parameter(38 + base, first: &first); parameter(2, first: &first)
            parameter(Int(r), first: &first); parameter(Int(g), first: &first); parameter(Int(b), first: &first)
        }
    }

    /// One SGR parameter, after a ";" unless it is the `first`.
    private mutating func parameter(_ value: Int, first: inout Bool) {
        if !first { bytes.append(UInt8(ascii: ";")) }
        number(value)
        first = false
    }

    // MARK: Text

    /// Writes the text of `cell` (of `frame`) at the cursor and advances it by the cell's width.
    mutating func print(_ cell: PackedCell, of frame: Frame) {
        if cell.isCluster {
            bytes.append(contentsOf: frame.clusters[cell.clusterIndex].utf8)
        } else {
            utf8(cell.code)
        }
        column += Int(cell.width)
    }

    /// Writes one-column ASCII `cells` at the cursor in one append and advances it.
    mutating func printASCII(_ cells: UnsafeBufferPointer<PackedCell>) {
        // Gathered on the stack first (a run is at most a row), then appended as one copy:
        // appending a lazily mapped sequence costs some 25 instructions a byte.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: cells.count) { run in
            for i in cells.indices { run[i] = UInt8(truncatingIfNeeded: cells[i].code) }
            bytes.append(contentsOf: UnsafeBufferPointer(run))
        }
        column += cells.count
    }

    /// The bytes ``print(_:of:)`` writes for `cell`. O(1).
    static func textCost(_ cell: PackedCell, of frame: Frame) -> Int {
        if cell.isCluster { return frame.clusters[cell.clusterIndex].utf8.count }
        switch cell.code {
        case ..<0x80: return 1
        case ..<0x800: return 2
        case ..<0x10000: return 3
        default: return 4
        }
    }

    private mutating func utf8(_ value: UInt32) {
        switch value {
        case ..<0x80:
            bytes.append(UInt8(value))
        case ..<0x800:
            bytes.append(UInt8(0xC0 | value >> 6))
            bytes.append(UInt8(0x80 | value & 0x3F))
        case ..<0x10000:
            bytes.append(UInt8(0xE0 | value >> 12))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | value >> 18))
            bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        }
    }

    // MARK: Bytes

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func number(_ n: Int) {
        var divisor = 1
        while divisor * 10 <= n { divisor *= 10 }
        var rest = n
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
