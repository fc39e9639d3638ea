import FolioReading

/// What a terminal says it can draw, from its replies to three questions
/// folio asks once at start-up: whether it reads the kitty graphics protocol
/// (a query image), the size of a cell in pixels (`CSI 16 t`), and its
/// primary device attributes (`CSI c`, where `4` means sixel graphics).
/// Every terminal answers the last, so its reply ends the wait.
///
/// ```swift
/// let replies = terminal.ask(TerminalGraphics.questions, timeout: 0.2, until: TerminalGraphics.isComplete)
/// let graphics = TerminalGraphics(replies: replies)
/// graphics.best   // .kitty, .sixel or .blocks
/// ```
public struct TerminalGraphics: Hashable, Sendable, CustomStringConvertible {
    /// How pictures reach the screen.
    public enum Method: String, Hashable, Sendable {
        /// The kitty graphics protocol: pixels on a layer of their own.
        case kitty
        /// Sixel graphics: pixels written over the cells.
        case sixel
        /// iTerm2's inline images (OSC 1337): pixels written over the cells. Never guessed: asked for by name.
        case iterm
        /// Unicode blocks in 24-bit colour: cells, which every terminal draws.
        case blocks
    }

    /// Whether it answered the kitty graphics query with OK.
    public var kitty = false
    /// Whether its device attributes list sixel graphics (4).
    public var sixel = false
    /// The pixels of a cell, when it said.
    public var cell: ImageSize?
    /// Whether it answered the device attributes at all.
    public var answered = false

    /// The questions, in the order asked: the kitty query (a 1 × 1 image, id 31, not kept),
    /// the cell size, then the device attributes every terminal answers.
    public static let questions: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c".utf8)

    /// Whether `method` writes its pixels over the cells (sixel, iTerm2) rather than on a layer of
    /// their own (kitty): redrawing the cells is then what takes a picture away.
    public static func drawsOverCells(_ method: Method) -> Bool { method == .sixel || method == .iterm }

    /// What deletes every picture a method placed on a layer of its own (kitty's `a=d`); empty for the others.
    public static func deletion(for method: Method) -> [UInt8] {
        method == .kitty ? Array("\u{1B}_Ga=d\u{1B}\\".utf8) : []
    }

    /// The pixels a cell is taken to have when the terminal does not say: 10 × 20.
    public static let assumedCell = ImageSize(width: 10, height: 20)

    /// Nothing known: blocks, cells of 10 × 20 pixels.
    public init() {}

    /// Reads `replies`: any bytes, the replies among them.
    public init(replies: [UInt8]) {
        let text = String(decoding: replies, as: UTF8.self)
        kitty = text.contains("\u{1B}_Gi=31;OK")
        if let range = text.firstRange(of: "\u{1B}[6;") {
            let fields = text[range.upperBound...].prefix { $0 != "t" }.split(separator: ";")
            if fields.count == 2, let height = Int(fields[0]), let width = Int(fields[1]), width > 0, height > 0 {
                cell = ImageSize(width: width, height: height)
            }
        }
        if let range = text.firstRange(of: "\u{1B}[?") {
            let attributes = text[range.upperBound...].prefix { $0 != "c" }
            answered = text[range.upperBound...].contains("c")
            sixel = attributes.split(separator: ";").contains("4")
        }
    }

    /// Whether `replies` hold the device attributes' reply (`CSI ? … c`), the last one.
    public static func isComplete(_ replies: [UInt8]) -> Bool {
        guard let start = replies.indices.first(where: { i in
            i + 2 < replies.count && replies[i] == 0x1B && replies[i + 1] == 0x5B && replies[i + 2] == 0x3F
        }) else { return false }
        return replies[(start + 3)...].contains(0x63)
    }

    /// The best protocol it speaks: kitty, then sixel, then blocks.
    public var best: Method { kitty ? .kitty : sixel ? .sixel : .blocks }

    /// `kitty, sixel, cell 9×18` or `blocks`.
    public var description: String {
        var parts = [best.rawValue]
        if kitty && sixel { parts.append("sixel too") }
        if let cell { parts.append("cell \(cell)") }
        return parts.joined(separator: ", ")
    }
}
