import Folio
import FolioReading

/// Drives a ``ReadingSession`` through the loop the hosts run
/// (``ReadingLoop``) — commands, keys, a turn a frame at 60 frames a second
/// with background work in it — on a manual clock, and keeps the log of
/// every effect returned.
public struct SessionDriver {
    /// The loop driven: the terminal's and the window's, with a fixed work budget.
    public var loop: ReadingLoop
    /// The manual clock, in seconds.
    public var time = 0.0
    /// Every effect returned, in order.
    public var log: [SessionEffect] = []

    /// The session driven.
    public var session: ReadingSession {
        get { loop.session }
        set { loop.session = newValue }
    }

    /// Work per slice, in bytes (a fixed budget: the manual clock cannot time a slice).
    public var budget: Int {
        get { loop.budget.bytes }
        set { loop.budget = WorkBudget(fixed: newValue) }
    }

    /// A session over `document` in a page area of `width` × `height` cells.
    public init(_ document: Document, width: Int = 80, height: Int = 22, options: ReadingOptions = ReadingOptions(),
                restoring: ReadingPosition? = nil, measurer: any TextMeasurer = CellMeasurer()) {
        loop = ReadingLoop(ReadingSession(document: document, measurer: measurer, viewport: Viewport(width: width, height: height),
                                          options: options, restoring: restoring, at: 0))
        loop.budget = WorkBudget(fixed: 64 * 1024)
    }

    /// Sends a command now.
    @discardableResult
    public mutating func send(_ command: ReadingCommand) -> [SessionEffect] {
        let effects = loop.handle(command, at: time)
        log += effects
        return effects
    }

    /// Presses a key now.
    @discardableResult
    public mutating func press(_ key: ReadingKey) -> [SessionEffect] {
        let effects = loop.handle(key: key, at: time)
        log += effects
        return effects
    }

    /// Types each character of `text` as a key.
    public mutating func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Appends bytes to the document's stream.
    public mutating func receive(_ text: String) {
        receive(Array(text.utf8))
    }

    /// Appends bytes to the document's stream.
    public mutating func receive(_ bytes: some Collection<UInt8>) {
        log += loop.receive(bytes, at: time)
    }

    /// Ends the document's stream.
    public mutating func endInput() {
        log += loop.endOfInput(at: time)
    }

    /// One frame: the clock moves on a sixtieth of a second and the loop takes its turn
    /// (the motion's next frame, a slice of background work).
    public mutating func frame() {
        time += 1.0 / 60
        let now = time
        log += loop.turn(at: now, clock: { now })
    }

    /// Runs frames until the loop is idle (nothing moves, no work can go on), at most
    /// `limit` frames; returns whether it came to rest.
    @discardableResult
    public mutating func settle(limit: Int = 100_000) -> Bool {
        var frames = 0
        while !loop.isIdle && frames < limit {
            frame()
            frames += 1
        }
        return loop.isIdle
    }

    /// The text of page `page` as drawn, lines joined by newlines.
    public func text(ofPage page: Int) -> String {
        var lines: [String] = []
        session.forEachGlyph(onPage: page) { line, glyph in
            while lines.count <= line { lines.append("") }
            lines[line].unicodeScalars.append(glyph.scalar)
        }
        return lines.joined(separator: "\n")
    }

    /// The rows of the page area as drawn, top to bottom, each the text of the line drawn on it
    /// ("" for none): in a page area scrolled by lines, what the reader sees, line for line.
    public var rows: [String] {
        var rows = Array(repeating: "", count: session.viewport.height / max(1, session.measurer.lineHeight))
        for visible in session.visiblePages {
            session.forEachGlyph(onPage: visible.page) { line, glyph in
                let row = visible.y / max(1, session.measurer.lineHeight) + line
                if rows.indices.contains(row) { rows[row].unicodeScalars.append(glyph.scalar) }
            }
        }
        return rows
    }

    /// The text of every page on screen, in page order.
    public var screenText: String {
        session.visiblePages.sorted { $0.page < $1.page }.map { text(ofPage: $0.page) }.joined(separator: "\n")
    }

    /// The saves in the log, in order.
    public var saves: [ReadingPosition] {
        log.compactMap { if case .save(let position) = $0 { position } else { nil } }
    }
}

/// Documents for tests.
public enum Sample {
    /// `paragraphs` paragraphs of filler, each a single line of some 340
    /// characters (prose to reflow) followed by a blank line; with
    /// `markdown`, a `# Chapter n` heading every 50.
    public static func text(paragraphs: Int = 200, markdown: Bool = false) -> String {
        var text = ""
        for i in 0..<paragraphs {
            if markdown && i % 50 == 0 { text += "# Chapter \(i / 50 + 1)\n\n" }
            text += "Paragraph \(i): " + String(repeating: "lorem ipsum dolor sit amet ", count: 12) + "\n\n"
        }
        return text
    }

    /// A complete in-memory document of ``text(paragraphs:markdown:)``.
    public static func document(paragraphs: Int = 200, markdown: Bool = false) -> Document {
        Document(title: "sample", format: markdown ? .markdown : .plain, bytes: Array(text(paragraphs: paragraphs, markdown: markdown).utf8))
    }

    /// Text hard-wrapped at `columns` like a licence: `lines` lines of words.
    public static func wrapped(columns: Int, lines: Int) -> String {
        let words = ["the", "licence", "grants", "you", "rights", "to", "copy", "and", "change", "this", "work", "freely"]
        var out = "", line = "", k = 0
        while out.split(separator: "\n").count < lines {
            let word = words[k % words.count]
            k += 1
            if line.count + 1 + word.count > columns { out += line + "\n"; line = "" }
            line += line.isEmpty ? word : " " + word
        }
        return out
    }
}
