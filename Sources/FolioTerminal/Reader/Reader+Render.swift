import FolioReading
import Folio

extension Reader {
    /// Draws the reader into `frame` (sized to the terminal): the chapter
    /// strip on the top row, the pages where the pager placed its slots,
    /// the dots, page count and percentage on the bottom row, and any
    /// prompt, message or help on top.
    public mutating func render(into frame: inout Frame) {
        frame.clear()
        guard !layout.isTooSmall else {
            let notice = "Terminal too small: folio needs \(ReaderLayout.minimumSize.columns)×\(ReaderLayout.minimumSize.rows)."
            var row = 0, column = 0
            for word in notice.split(separator: " ") {
                let width = DisplayWidth.columns(of: word)
                if column > 0 && column + 1 + width > layout.columns { row += 1; column = 0 }
                frame.draw((column > 0 ? " " : "") + word, atColumn: column, row: row, style: Style(bold: true))
                column += width + (column > 0 ? 1 : 0)
            }
            return
        }
        drawMenu(into: &frame)
        for slot in 0..<pager.slotCount {
            guard let spread = pager.spread(inSlot: slot), let offset = pager.offset(ofSlot: slot) else { continue }
            drawSpread(spread, at: Int(offset.rounded()), into: &frame)
        }
        drawStatus(into: &frame)
        if showsHelp { drawHelp(into: &frame) }
    }

    private func drawMenu(into frame: inout Frame) {
        guard !menu.items.isEmpty else {
            frame.draw(" " + document.title, atColumn: 0, row: 0, style: Style(bold: true))
            return
        }
        for item in menu.visibleItems {
            let x = Int((item.frame.x - menu.scrollOffset).rounded())
            let selected = item.index == menu.selectedIndex
            frame.draw(" " + item.title + " ", atColumn: x, row: 0, style: Style(bold: selected, reverse: selected),
                       maxWidth: Int(item.frame.width.rounded()))
        }
    }

    /// Draws the pages of `spread` with its leading edge `offset` cells along the axis.
    private mutating func drawSpread(_ spread: Spread, at offset: Int, into frame: inout Frame) {
        let slotColumns = layout.pageSlotColumns
        for k in 0..<spread.pageCount {
            let page = spread.firstPage + k
            // The first page of a two-page spread sits on the leading side: the left, or the right in right-to-left books.
            let side = options.rightToLeft && layout.pagesPerSpread == 2 ? spread.pageCount - 1 - k : k
            let lines = self.lines(ofPage: page)
            let highlights = search.map { $0.query } ?? ""
            if options.vertical {
                for (i, line) in lines.enumerated() {
                    let row = layout.bodyRows.lowerBound + offset + i
                    guard layout.bodyRows.contains(row) else { continue }
                    drawLine(line, highlight: highlights, column: 1, row: row, width: slotColumns - 2, into: &frame)
                }
            } else {
                let x = offset + side * (slotColumns + 1)
                for (i, line) in lines.enumerated() {
                    drawLine(line, highlight: highlights, column: x + 1, row: layout.bodyRows.lowerBound + i,
                             width: slotColumns - 2, into: &frame)
                }
                if layout.pagesPerSpread == 2 && k == 0 {
                    let spine = offset + slotColumns
                    for row in layout.bodyRows { frame.draw("│", atColumn: spine, row: row, style: Style(dim: true)) }
                }
            }
        }
        if lines(ofPage: spread.firstPage).isEmpty && document.byteCount == 0 {
            frame.draw("(empty)", atColumn: offset + 1, row: layout.bodyRows.lowerBound, style: Style(dim: true))
        }
    }

    private func drawLine(_ line: LaidOutLine, highlight query: String, column: Int, row: Int, width: Int, into frame: inout Frame) {
        frame.draw(line.text, atColumn: column, row: row, maxWidth: width)
        guard !query.isEmpty else { return }
        // Smart case, as the search: a lower-case query ignores ASCII case.
        let folds = !query.contains { $0.isUppercase }
        func fold(_ s: Unicode.Scalar) -> UInt32 { folds && s.value >= 0x41 && s.value <= 0x5A ? s.value + 0x20 : s.value }
        let scalars = Array(line.text.unicodeScalars)
        let needle = query.unicodeScalars.map(fold)
        guard needle.count <= scalars.count else { return }
        var at = 0, columnsBefore = 0
        while at + needle.count <= scalars.count {
            var hit = true
            for k in 0..<needle.count where fold(scalars[at + k]) != needle[k] { hit = false; break }
            if hit {
                var match = String.UnicodeScalarView()
                match.append(contentsOf: scalars[at..<(at + needle.count)])
                frame.draw(String(match), atColumn: column + columnsBefore, row: row,
                           style: Style(foreground: .yellow, reverse: true), maxWidth: max(0, width - columnsBefore))
                for k in 0..<needle.count { columnsBefore += DisplayWidth.columns(of: scalars[at + k]) ?? 1 }
                at += needle.count
            } else {
                columnsBefore += DisplayWidth.columns(of: scalars[at]) ?? 1
                at += 1
            }
        }
    }

    private func drawStatus(into frame: inout Frame) {
        let row = layout.rows - 1
        if let prompt {
            let label = prompt.kind == .goTo ? "Go to page (or N%): " : "/"
            frame.draw(label + prompt.text, atColumn: 0, row: row, style: Style(bold: true))
            return
        }
        if !indicator.isHidden {
            for i in 0..<indicator.visibleDotCount {
                let dot = indicator.dot(at: i)
                let glyph = dot.activity >= 0.5 ? "●" : (dot.scale < 0.6 ? "·" : (dot.scale < 1 ? "•" : "○"))
                let column = Self.statusDotsColumn + Int((dot.centre - 0.5).rounded())
                frame.draw(glyph, atColumn: column, row: row, style: Style(dim: dot.activity < 0.5))
            }
        }
        let right = "\(indicator.text)  \(percent)%"
        let rightColumn = layout.columns - DisplayWidth.columns(of: right) - 1
        frame.draw(right, atColumn: rightColumn, row: row)
        if let message {
            let left = Self.statusDotsColumn + Int(indicator.extent) + 2
            frame.draw(message, atColumn: left, row: row, style: Style(foreground: .cyan), maxWidth: max(0, rightColumn - left - 1))
        }
    }

    /// The key help shown by `?`.
    public static let helpLines = [
        "Keys",
        "",
        "→ l Space PgDn j   next page",
        "← h b PgUp k       previous page",
        "Home End           first, last page",
        "g 42 ⏎  g 50% ⏎    go to a page or a percentage",
        "/ text ⏎  n N      search, next, previous match",
        "r                  right-to-left pages",
        "v                  vertical pages",
        "?                  this help",
        "q  Ctrl-C          quit",
        "",
        "Mouse: wheel turns pages; click the outer thirds,",
        "a dot or a chapter; drag the page sideways.",
    ]

    private func drawHelp(into frame: inout Frame) {
        let width = min(layout.columns - 2, (Self.helpLines.map { DisplayWidth.columns(of: $0) }.max() ?? 0) + 4)
        let height = min(layout.bodyRows.count, Self.helpLines.count + 2)
        let left = max(0, (layout.columns - width) / 2)
        let top = layout.bodyRows.lowerBound + max(0, (layout.bodyRows.count - height) / 2)
        frame.fill(columns: left..<(left + width), rows: top..<(top + height), with: " ", style: Style(reverse: true))
        for (i, line) in Self.helpLines.prefix(height - 2).enumerated() {
            frame.draw(line, atColumn: left + 2, row: top + 1 + i, style: Style(bold: i == 0, reverse: true), maxWidth: width - 4)
        }
    }
}
