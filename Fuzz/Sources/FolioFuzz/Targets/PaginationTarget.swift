import FolioReading

/// Pagination and text layout in terminal cells: pages partition the text,
/// lines fit the page, and counting pages agrees with drawing them.
///
/// The first three bytes choose the page (width 1…80 units, 1…24 lines,
/// tab stops 1…12), the measurer (terminal cells, or ``ProportionalMeasurer``
/// when the second byte's top bit is set, which takes the layout's careful
/// paths) and the budget of each pagination step; the rest is the text.
///
/// Properties, for every input:
/// - every byte is on exactly one page, in order: page 0 starts at 0, starts
///   increase strictly, the last page ends at the text's end;
/// - laying a page out with its lines (`collect: true`) ends where counting
///   pages (`collect: false`) put the next page's start, in the same style;
/// - a page's lines are contiguous from its start to its end, at most the
///   page's line count, each no wider than the page (a single character
///   wider than the whole line excepted), with its glyphs inside the line
///   and free of control characters;
/// - paginating the text as a stream (random chunks) gives the same pages.
enum PaginationTarget: FuzzTarget {
    static let name = "pagination"
    static let summary = "Pagination + TextLayout + CellMeasurer: pages partition the text, lines fit, collect or not agree"

    static func check(_ input: UnsafeRawBufferPointer) {
        guard input.count >= 3 else { return }
        let geometry = PageGeometry(width: Int(input[0] % 80) + 1, lines: Int(input[1] % 24) + 1, tabStop: Int(input[2] % 12) + 1)
        let budget = 1 << (input[2] >> 4)
        let bytes = Array(input[3...])
        let measurer: any TextMeasurer = input[1] & 0x80 == 0 ? CellMeasurer() : ProportionalMeasurer()
        let layout = TextLayout(geometry: geometry, measurer: measurer)
        let text = StreamText(complete: bytes)

        var pagination = Pagination(layout: layout)
        var steps = 0
        while !pagination.isComplete {
            pagination.extend(text, budget: budget)
            steps += 1
            require(steps <= bytes.count + 2, "pagination of \(bytes.count) bytes at \(geometry) does not finish")
        }
        let starts = Array(pagination.pageStarts)
        require(starts.first == 0, "page 0 starts at \(starts.first ?? -1)")
        for page in starts.indices.dropFirst() {
            require(starts[page] > starts[page - 1] && starts[page] < bytes.count,
                    "page \(page) starts at \(starts[page]) after \(starts[page - 1]), text \(bytes.count) bytes")
        }

        // A paragraph's levels resolved once for all its lines, across pages too: a page one line
        // high would otherwise resolve the same paragraph (up to 32 KB) again for every line.
        var paragraph: TextParagraph?
        for page in starts.indices {
            // As the hosts do: a block of page starts laid out once, not once per question.
            if page % Pagination.pagesPerMark == 0 { pagination.keepBlocks(holding: [page, page + Pagination.pagesPerMark]) }
            let range = pagination.bytes(ofPage: page)
            let end = page + 1 < starts.count ? starts[page + 1] : bytes.count
            require(range == starts[page]..<end, "page \(page) shows \(range), expected \(starts[page])..<\(end)")
            let laid = pagination.layOutPage(page, in: text)
            require(laid.end == end, "page \(page) at \(geometry) laid out with lines ends at \(laid.end), counted at \(end)")
            if page + 1 < starts.count {
                require(laid.endStyle == pagination.style(ofPage: page + 1),
                        "page \(page) ends in \(laid.endStyle), page \(page + 1) starts in \(pagination.style(ofPage: page + 1))")
            }
            checkLines(of: laid, page: page, from: starts[page], geometry: geometry, layout: layout, bytes: bytes, paragraph: &paragraph)
        }

        // The same text arriving in chunks.
        var random = SplitMix64(seededBy: input)
        let stream = StreamText()
        var streamed = Pagination(layout: layout)
        var start = 0
        for length in random.readLengths(covering: bytes.count) {
            stream.append(bytes[start..<(start + length)])
            start += length
            streamed.extend(stream, budget: budget)
        }
        stream.finish()
        steps = 0
        while !streamed.isComplete {
            streamed.extend(stream, budget: budget)
            steps += 1
            require(steps <= bytes.count + 2, "streamed pagination does not finish")
        }
        require(Array(streamed.pageStarts) == starts,
                "streamed pages start at \(Array(streamed.pageStarts)), whole at \(starts) (\(geometry))")
    }

    private static func checkLines(
        of laid: PageLayout, page: Int, from start: Int, geometry: PageGeometry, layout: TextLayout, bytes: [UInt8],
        paragraph: inout TextParagraph?
    ) {
        require(laid.lines.count <= geometry.lines, "page \(page) has \(laid.lines.count) lines at \(geometry)")
        var next = start
        bytes.withUnsafeBytes { buffer in
            let window = TextWindow(bytes: buffer, base: 0, isFinal: true)
            for line in laid.lines {
                require(line.start == next, "page \(page): line \(line) does not start at \(next)")
                require(line.start <= line.contentEnd && line.contentEnd <= line.end, "page \(page): line \(line) is inside out")
                var glyphs = 0, widest = 0, right = 0
                paragraph = layout.paragraph(of: line, in: window, reusing: paragraph)
                layout.forEachGlyph(of: line, in: window, paragraph: paragraph) { glyph in
                    if glyph.width > 0 { glyphs += 1 }
                    widest = max(widest, glyph.width)
                    right = max(right, glyph.x + glyph.width)
                    require(glyph.offset >= line.start && glyph.offset + glyph.length <= line.contentEnd,
                            "page \(page): glyph \(glyph) at \(glyph.offset) is outside line \(line)")
                    let value = glyph.scalar.value
                    require(value >= 0x20 && value != 0x7F && !(0x80..<0xA0).contains(value),
                            "page \(page): control character U+\(String(value, radix: 16)) drawn raw")
                }
                let allowed = glyphs == 1 ? max(geometry.width, widest) : geometry.width
                require(line.width <= allowed && right <= allowed,
                        "page \(page): line \(line) is \(line.width) wide (glyphs to \(right)) at \(geometry)")
                next = line.end
            }
        }
        require(laid.lines.isEmpty ? laid.end == start : next == laid.end,
                "page \(page): lines end at \(next), the page at \(laid.end)")
    }
}

/// A window's measurer in miniature: widths of 0…3 units that vary by
/// character and face (bold is wider), so no fast path for uniform ASCII applies.
struct ProportionalMeasurer: TextMeasurer {
    func width(of scalar: Unicode.Scalar, style: TextStyle) -> Int {
        let cells = DisplayWidth.columns(of: scalar) ?? 1
        return cells == 0 ? 0 : cells + Int(scalar.value % 2) + (style.bold ? 1 : 0)
    }
    var columnWidth: Int { 2 }
    var lineHeight: Int { 3 }
    var unitAspect: Double { 1 }
}
