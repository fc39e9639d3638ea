import Folio
import FolioReading

/// Drives a ``ReadingSession`` the way a host does — commands, keys, ticks
/// at 60 frames a second, background work between frames — on a manual
/// clock, and keeps the log of every effect returned.
public struct SessionDriver {
    /// The session driven.
    public var session: ReadingSession
    /// The manual clock, in seconds.
    public var time = 0.0
    /// Every effect returned, in order.
    public var log: [SessionEffect] = []
    /// Work per slice, in bytes.
    public var budget = 64 * 1024

    /// A session over `document` in a page area of `width` × `height` cells.
    public init(_ document: Document, width: Int = 80, height: Int = 22, options: ReadingOptions = ReadingOptions(),
                restoring: ReadingPosition? = nil, measurer: any TextMeasurer = CellMeasurer()) {
        session = ReadingSession(document: document, measurer: measurer, viewport: Viewport(width: width, height: height),
                                 options: options, restoring: restoring, at: 0)
    }

    /// Sends a command now.
    @discardableResult
    public mutating func send(_ command: ReadingCommand) -> [SessionEffect] {
        let effects = session.handle(command, at: time)
        log += effects
        return effects
    }

    /// Presses a key now.
    @discardableResult
    public mutating func press(_ key: ReadingKey) -> [SessionEffect] {
        let effects = session.handle(key: key, at: time)
        log += effects
        return effects
    }

    /// Types each character of `text` as a key.
    public mutating func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Appends bytes to the document's stream.
    public mutating func receive(_ text: String) {
        log += session.receive(Array(text.utf8), at: time)
    }

    /// Ends the document's stream.
    public mutating func endInput() {
        log += session.endOfInput(at: time)
    }

    /// One frame: work if there is any, then a tick.
    public mutating func frame() {
        time += 1.0 / 60
        if session.hasWork { log += session.work(budget: budget, at: time) }
        if session.isAnimating { log += session.handle(.tick, at: time) }
    }

    /// Runs frames until nothing moves and no work is left, at most `limit`
    /// frames; returns whether the session came to rest.
    @discardableResult
    public mutating func settle(limit: Int = 100_000) -> Bool {
        var frames = 0
        while (session.isAnimating || session.hasWork) && frames < limit {
            frame()
            frames += 1
        }
        return !session.isAnimating && !session.hasWork
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
