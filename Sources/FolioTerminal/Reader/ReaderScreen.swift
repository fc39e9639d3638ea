import Folio
import FolioReading

/// The terminal host of a ``ReadingSession``: where things go on a
/// terminal, how a session is drawn into a ``Frame``, and which session
/// command a key or a mouse report is.
///
/// Row 0 is the chapter strip (or the title), the last row the status line
/// (dots, a message or prompt, `page / count` and the percentage), and the
/// rows between hold the pages, with a one-column margin each side of a
/// page's text and a one-column spine between two pages. Everything about
/// pages — which, where, which side — comes from the session; the screen
/// only turns it into cells.
public struct ReaderScreen: Hashable, Sendable, CustomStringConvertible {
    /// The terminal size in cells.
    public let columns: Int, rows: Int

    /// The smallest terminal the reader draws pages in (20 × 5).
    public static let minimumSize = (columns: 20, rows: 5)
    /// The column the status row's dots start at.
    public static let dotsColumn = 1

    /// The screen of a terminal `columns` × `rows`.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    /// Whether the terminal is too small to draw pages in.
    public var isTooSmall: Bool { columns < Self.minimumSize.columns || rows < Self.minimumSize.rows }

    /// The rows pages occupy: 1 ..< rows − 1.
    public var bodyRows: Range<Int> { 1..<max(1, rows - 1) }

    /// The page area the session lays pages out in; `title` (a book's title and
    /// author, drawn at the right of the top row) narrows the chapter strip.
    public func viewport(title: String? = nil) -> Viewport {
        let titleWidth = title.map { min(Frame.width(of: $0) + 2, columns / 3) } ?? 0
        return Viewport(width: max(1, columns), height: max(1, bodyRows.count), margin: 1, spine: 1,
                        stripWidth: max(1, columns - titleWidth))
    }

    /// The line a book shows at the right of the top row: its title and authors.
    public static func title(of document: Document) -> String? {
        guard let book = document.book?.source else { return nil }
        return book.authors.isEmpty ? book.title : book.title + " · " + book.authors.joined(separator: ", ")
    }

    /// A compact, readable form for logs and test failures.
    public var description: String { "\(columns)×\(rows)" }

    // MARK: Drawing

    /// Draws `session` into `frame` (sized to the terminal) from its ``ReadingFrame``: strip,
    /// pages, spines, status row, and the help on top when it is open.
    ///
    /// With `pictures`, a book's pictures the session placed on its pages (see
    /// ``pictureCells(of:at:)``) are drawn as cells over their rows, each fitted to its
    /// rows and the page's width and centred; a picture not made yet keeps its placeholder text.
    public func draw(_ session: ReadingSession, into frame: inout Frame, pictures: CellPictureSource? = nil) {
        frame.clear()
        guard !isTooSmall else {
            drawTooSmall(into: &frame)
            return
        }
        let shown = session.frame
        drawStrip(shown, of: session, into: &frame)
        drawPages(shown, of: session, into: &frame)
        if let pictures { drawPictures(shown, of: session, from: pictures, into: &frame) }
        drawStatus(shown, into: &frame)
        if shown.showsHelp { drawHelp(into: &frame) }
    }

    private func drawTooSmall(into frame: inout Frame) {
        let notice = "Terminal too small: folio needs \(Self.minimumSize.columns)×\(Self.minimumSize.rows)."
        var row = 0, column = 0
        for word in notice.split(separator: " ") {
            let width = Frame.width(of: word)
            if column > 0 && column + 1 + width > columns { row += 1; column = 0 }
            frame.draw((column > 0 ? " " : "") + word, atColumn: column, row: row, style: Style(bold: true))
            column += width + (column > 0 ? 1 : 0)
        }
    }

    private func drawStrip(_ shown: ReadingFrame, of session: ReadingSession, into frame: inout Frame) {
        let menu = shown.strip
        if let title = Self.title(of: session.document) {
            let width = session.viewport.stripWidth
            frame.draw(" " + Bidi.displayed(title), atColumn: width, row: 0, style: Style(dim: true), maxWidth: columns - width)
        }
        guard !menu.items.isEmpty else {
            frame.draw(" " + Bidi.displayed(session.document.title), atColumn: 0, row: 0, style: Style(bold: true),
                       maxWidth: session.viewport.stripWidth)
            return
        }
        for item in menu.visibleItems {
            let x = Int((item.frame.x - menu.scrollOffset).rounded())
            let selected = item.index == menu.selectedIndex
            // Titles are drawn as they are seen: a Hebrew or Arabic one reordered, not letter-reversed.
            frame.draw(" " + Bidi.displayed(item.title) + " ", atColumn: x, row: 0, style: Style(bold: selected, reverse: selected),
                       maxWidth: min(Int(item.frame.width.rounded()), session.viewport.stripWidth - x))
        }
    }

    private func drawPages(_ shown: ReadingFrame, of session: ReadingSession, into frame: inout Frame) {
        let top = bodyRows.lowerBound
        let highlight = Style(foreground: .black, background: .yellow)
        let chosen = shown.chosenLink?.range
        for page in shown.pages {
            let visible = page.placement
            let clip = max(0, visible.x)..<min(columns, visible.x + visible.width)
            let matches = page.matches
            var match = matches.startIndex
            session.forEachRun(onPage: visible.page) { line, run in
                let row = top + visible.y + line
                guard bodyRows.contains(row) else { return }
                switch run {
                case .ascii(let bytes, let style, let x, let offset):
                    // A run no match or chosen link touches goes in whole.
                    while match < matches.endIndex && matches[match].upperBound <= offset { match += 1 }
                    let end = offset + bytes.count
                    let plain = (match == matches.endIndex || matches[match].lowerBound >= end)
                        && (chosen.map { $0.upperBound <= offset || $0.lowerBound >= end } ?? true)
                    if plain {
                        frame.putASCII(bytes, style: style, atColumn: visible.x + x, row: row, clip: clip)
                        return
                    }
                    for k in 0..<bytes.count {
                        put(Glyph(scalar: Unicode.Scalar(bytes[k]), style: style, x: x + k, width: 1, offset: offset + k, length: 1), row: row)
                    }
                case .glyph(let glyph):
                    put(glyph, row: row)
                }
            }
            /// One glyph, in the search highlight or the chosen link's reverse where it is in them.
            func put(_ glyph: Glyph, row: Int) {
                var style = glyph.style
                while match < matches.endIndex && matches[match].upperBound <= glyph.offset { match += 1 }
                if match < matches.endIndex && matches[match].contains(glyph.offset) { style = highlight }
                if let chosen, chosen.contains(glyph.offset) { style.reverse = true }
                frame.put(glyph.scalar, columns: glyph.width, style: style, atColumn: visible.x + glyph.x, row: row, clip: clip)
            }
            // Line numbers in the gutter left of the text, as less -N draws them.
            if visible.gutter > 0 {
                let gutter = Style(dim: true)
                for (line, number) in session.lineNumbers(onPage: visible.page) {
                    let row = top + visible.y + line
                    guard bodyRows.contains(row) else { continue }
                    let text = String(number)
                    let width = visible.gutter - 1
                    let shown = text.count > width ? String(text.suffix(width)) : String(repeating: " ", count: width - text.count) + text
                    frame.draw(shown, atColumn: visible.x - visible.gutter, row: row, style: gutter, maxWidth: width)
                }
            }
            if session.document.text.count == 0 && session.document.isComplete && visible.page == 0 {
                frame.draw("(empty)", atColumn: visible.x, row: top + visible.y, style: Style(dim: true), maxWidth: clip.count)
            }
        }
        // No spine before there is text: nothing to separate, and a stream's first screen then
        // writes its text over blank rows.
        guard session.document.text.count > 0 else { return }
        for spine in shown.spines {
            for row in bodyRows { frame.draw("│", atColumn: spine, row: row, style: Style(dim: true)) }
        }
    }

    /// Where each picture of `visible` goes: its cells' size and top-left cell on the screen.
    public func pictureCells(of visible: VisiblePage, at image: PageImage) -> (columns: Int, rows: Int, column: Int, row: Int) {
        let fitted = image.size.fitted(width: visible.width, height: image.rows)
        let column = visible.x + (visible.width - fitted.width) / 2
        let row = bodyRows.lowerBound + visible.y + image.row + (image.rows - fitted.height) / 2
        return (fitted.width, fitted.height, column, row)
    }

    private func drawPictures(_ shown: ReadingFrame, of session: ReadingSession, from pictures: CellPictureSource, into frame: inout Frame) {
        for visible in shown.pages.map(\.placement) {
            let clip = max(0, visible.x)..<min(columns, visible.x + visible.width)
            for image in session.images(onPage: visible.page) {
                let place = pictureCells(of: visible, at: image)
                let marks = session.matchBoxes(on: image, onPage: visible.page)
                guard let picture = pictures.picture(image.image, columns: place.columns, rows: place.rows, marks: marks) else { continue }
                // The placeholder's text goes: the picture stands in its rows.
                let top = bodyRows.lowerBound + visible.y + image.row
                let rows = max(bodyRows.lowerBound, top)..<min(bodyRows.upperBound, top + image.rows)
                if !clip.isEmpty && !rows.isEmpty { frame.fill(columns: clip, rows: rows) }
                frame.draw(picture, atColumn: place.column, row: place.row, clip: clip, rows: bodyRows)
            }
        }
    }

    /// Starts making the pictures of the pages next to those shown (one before, one after each
    /// side), so a page turn finds them made.
    public func prefetchPictures(_ session: ReadingSession, from pictures: CellPictureSource) {
        let frame = session.frame
        let shown = frame.pages.map(\.placement)
        guard let first = shown.min(by: { $0.page < $1.page }), let last = shown.max(by: { $0.page < $1.page }) else { return }
        let known = frame.knownPages
        for page in [first.page - 1, last.page + 1] where page >= 0 && page < known {
            var neighbour = page < first.page ? first : last
            neighbour.page = page
            for image in session.images(onPage: page) {
                let place = pictureCells(of: neighbour, at: image)
                _ = pictures.picture(image.image, columns: place.columns, rows: place.rows, marks: session.matchBoxes(on: image, onPage: page))
            }
        }
    }

    /// The status row: dots, then the message or prompt, and `page / count  percent` on the right.
    /// When the row is too narrow, the dots go first, then the message is shortened, then the percentage.
    private func drawStatus(_ shown: ReadingFrame, into frame: inout Frame) {
        let row = rows - 1
        let status = shown.status
        var right = status.pages + (status.percent.isEmpty ? "" : "  " + status.percent)
        if Frame.width(of: right) + 2 > columns { right = status.pages }
        let rightWidth = Frame.width(of: right)
        let rightColumn = max(0, columns - rightWidth - 1)
        frame.draw(right, atColumn: rightColumn, row: row, maxWidth: columns - rightColumn)
        var left = Self.dotsColumn
        let indicator = shown.indicator
        let dotsWidth = Int(indicator.extent.rounded(.up))
        let messageWidth = Frame.width(of: status.message) + (status.isPrompt ? 1 : 0)
        let room = rightColumn - 1
        if !indicator.isHidden && !status.isPrompt && left + dotsWidth + (status.message.isEmpty ? 0 : 2 + min(messageWidth, 12)) <= room {
            for i in 0..<indicator.visibleDotCount {
                let dot = indicator.dot(at: i)
                let glyph = dot.activity >= 0.5 ? "●" : (dot.scale < 0.6 ? "·" : (dot.scale < 1 ? "•" : "○"))
                frame.draw(glyph, atColumn: left + Int((dot.centre - 0.5).rounded()), row: row, style: Style(dim: dot.activity < 0.5))
            }
            left += dotsWidth + 2
        } else {
            left = 0
        }
        guard !status.message.isEmpty else { return }
        let style = status.isPrompt ? Style(bold: true) : Style(foreground: status.isProblem ? .red : .cyan)
        let available = max(0, room - left)
        var message = status.message
        if messageWidth > available, available > 1, !status.isPrompt {
            var shortened = ""
            for character in message {
                if Frame.width(of: shortened + String(character)) > available - 1 { break }
                shortened.append(character)
            }
            message = shortened + "…"
        }
        let used = frame.draw(message, atColumn: left, row: row, style: style, maxWidth: available)
        if status.isPrompt && left + used < rightColumn {
            frame.draw(" ", atColumn: left + used, row: row, style: Style(reverse: true))  // the caret
        }
    }

    /// The key help, from the session's bindings.
    public static var helpLines: [String] {
        let width = ReadingSession.keyHelp.map { Frame.width(of: $0.keys) }.max() ?? 0
        var lines = ["Keys (* differs from less, ! changed in this version)", ""]
        for (keys, action, note) in ReadingSession.keyHelp {
            let mark = note.first.map { String($0) } ?? " "
            lines.append(mark + " " + keys + String(repeating: " ", count: width - Frame.width(of: keys) + 3) + action)
        }
        lines += ["  Ctrl-Z" + String(repeating: " ", count: width - 3) + "suspend (fg comes back)", "",
                  "Mouse (--mouse): the wheel scrolls; click the outer thirds, a dot or a chapter;",
                  "drag the page."]
        return lines
    }

    private func drawHelp(into frame: inout Frame) {
        let lines = Self.helpLines
        let width = min(columns - 2, (lines.map { Frame.width(of: $0) }.max() ?? 0) + 4)
        let height = min(bodyRows.count, lines.count + 2)
        let left = max(0, (columns - width) / 2)
        let top = bodyRows.lowerBound + max(0, (bodyRows.count - height) / 2)
        frame.fill(columns: left..<(left + width), rows: top..<(top + height), with: " ", style: Style(reverse: true))
        for (i, line) in lines.prefix(height - 2).enumerated() {
            frame.draw(line, atColumn: left + 2, row: top + 1 + i, style: Style(bold: i == 0, reverse: true), maxWidth: width - 4)
        }
    }

    // MARK: Input

    /// The session key for a decoded terminal key, or nil for keys the reader does not use.
    public static func readingKey(_ key: Key, _ modifiers: KeyModifiers) -> ReadingKey? {
        if modifiers.contains(.control) {
            if case .character(let c) = key { return .control(Character(c.lowercased())) }
            return nil
        }
        guard !modifiers.contains(.alt) else { return nil }
        switch key {
        case .character(let c): return .character(c)
        case .enter: return .enter
        case .escape: return .escape
        case .backspace: return .backspace
        case .left: return .left
        case .right: return .right
        case .up: return .up
        case .down: return .down
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .home: return .home
        case .end: return .end
        case .function(1): return .help
        case .tab: return modifiers.contains(.shift) ? .backTab : .tab
        default: return nil
        }
    }

    /// The session command for a mouse report: presses, drags and releases
    /// on the pages; a click on the strip or the dots; the wheel (three lines a notch in a
    /// text scrolled by lines, a page elsewhere).
    public func command(for mouse: MouseEvent) -> ReadingCommand? {
        let x = mouse.column, y = mouse.row
        switch mouse.action {
        case .press(.left):
            if y == 0 { return .tapStrip(x: x) }
            if y == rows - 1 { return .tapIndicator(x: x - Self.dotsColumn) }
            return bodyRows.contains(y) ? .press(x: x, y: y - bodyRows.lowerBound) : nil
        case .drag(.left):
            return .drag(x: x, y: y - bodyRows.lowerBound)
        case .release:
            return .release(x: x, y: y - bodyRows.lowerBound)
        case .scroll(.up):
            return .wheel(-1)
        case .scroll(.down):
            return .wheel(1)
        default:
            return nil
        }
    }
}

