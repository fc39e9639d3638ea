extension TextLayout {
    /// ``page(in:from:style:collect:)`` for a page where images may fall:
    /// rows are counted instead of lines. A line starting at an image's
    /// offset is its placeholder; the placeholder's lines (one, or more
    /// when its text wraps) take the image's rows, or start the next page
    /// when those do not fit below what the page already holds. A
    /// standalone image takes a page of its own: a page break before it
    /// (unless it comes first) and after it.
    ///
    /// Every byte still lands on exactly one line of one page: an image
    /// only changes how many rows its lines count for.
    func pageWithImages(_ images: ImageRows, in window: TextWindow, from start: Int, style: TextStyle,
                        collect: Bool) -> PageLayout? {
        var page = PageLayout(lines: [], end: start, endStyle: style, isFull: false)
        if collect { page.lines.reserveCapacity(geometry.lines) }
        var decoder = TextDecoder(style: style)
        var at = start
        let cap = start + PageGeometry.maximumPageBytes
        let entries = images.entries
        var next = images.firstIndex(atOrAfter: start)
        var row = 0

        func ended(full: Bool) -> PageLayout {
            page.end = at
            page.endStyle = decoder.style
            page.isFull = full
            return page
        }

        while row < geometry.lines {
            if at >= window.end {
                if !window.isFinal { return nil }
                return ended(full: false)
            }
            if at >= cap { return ended(full: true) }
            // Images whose offset is not a line start (one inside a table row) stay text.
            while next < entries.count && entries[next].image.offset < at { next += 1 }
            if next < entries.count && entries[next].image.offset == at {
                let entry = entries[next]
                next += 1
                if row > 0 && (entry.image.isStandalone || row + entry.rows > geometry.lines) { return ended(full: true) }
                // The placeholder: its line, wrapped or not, up to the page's last row; or all the text
                // the picture stands for (a PDF page's), which its picture shows.
                let first = page.lines.count
                let covered = entry.image.offset + entry.image.coveredText
                var count = 0
                var ending = LineEnding.wrap
                repeat {
                    guard let line = self.line(in: window, from: at, decoder: &decoder, byteLimit: cap - at) else { return nil }
                    if collect { page.lines.append(line) }
                    at = line.end
                    ending = line.ending
                    count += 1
                } while at < cap && (at < covered ? ending != .formFeed && ending != .end
                                     : (ending == .wrap || ending == .hyphen || ending == .space) && row + count < geometry.lines)
                let rows = min(geometry.lines - row, max(entry.rows, count))
                if collect {
                    page.images.append(PageImage(image: entry.image, size: entry.size, lines: first..<page.lines.count,
                                                 row: row, rows: rows))
                }
                row += rows
                switch ending {
                case .formFeed: return ended(full: true)
                case .end: return ended(full: false)
                default: break
                }
                guard entry.image.isStandalone else { continue }
                // The page ends with the picture; the blank break after it (the next part's form
                // feed) goes with it rather than making a blank page.
                if at >= window.end { return window.isFinal ? ended(full: false) : nil }
                if at >= cap { return ended(full: true) }
                var peek = decoder
                guard let after = self.line(in: window, from: at, decoder: &peek, byteLimit: cap - at) else { return nil }
                if after.width == 0 && (after.ending == .formFeed || after.ending == .end) {
                    if collect { page.lines.append(after) }
                    at = after.end
                    decoder = peek
                    return ended(full: after.ending == .formFeed)
                }
                return ended(full: true)
            }
            guard let line = self.line(in: window, from: at, decoder: &decoder, byteLimit: cap - at) else { return nil }
            if collect { page.lines.append(line) }
            at = line.end
            row += 1
            switch line.ending {
            case .formFeed: return ended(full: true)
            case .end: return ended(full: false)
            default: break
            }
        }
        return ended(full: true)
    }
}
