extension TextLayout {
    /// How far a line's paragraph is looked for on either side of the line,
    /// in bytes: a longer paragraph is resolved from the part within reach,
    /// so drawing a line never costs more than that much text.
    public static let paragraphReach = 16 * 1024

    /// The bytes a window should hold to draw the lines in `bytes` with their
    /// whole paragraphs: ``paragraphReach`` more on either side.
    public static func paragraphWindow(around bytes: Range<Int>) -> Range<Int> {
        max(0, bytes.lowerBound - paragraphReach)..<(bytes.upperBound + paragraphReach)
    }

    /// The paragraph `line` belongs to — from the line feed before it to the
    /// one after, within `window` and ``paragraphReach`` — with its levels
    /// resolved when it may hold right-to-left text (``Bidi/mayHoldRightToLeft(_:)``).
    ///
    /// `kept`, the paragraph of the line drawn before, is handed back as it
    /// is when `line` lies in it, so a paragraph is resolved once for all its
    /// lines. Cost: O(paragraph bytes) when not kept; a paragraph with
    /// nothing right to left is only scanned.
    public func paragraph(of line: LaidOutLine, in window: TextWindow, reusing kept: TextParagraph? = nil) -> TextParagraph {
        if let kept, kept.bytes.lowerBound <= line.start, line.contentEnd <= kept.bytes.upperBound {
            return kept
        }
        let bytes = window.bytes
        let lineStart = min(max(0, line.start - window.base), bytes.count)
        let lineEnd = min(max(lineStart, line.contentEnd - window.base), bytes.count)
        var start = lineStart
        let earliest = max(0, lineStart - Self.paragraphReach)
        while start > earliest && bytes[start - 1] != 0x0A { start -= 1 }
        var end = lineEnd
        let latest = min(bytes.count, lineEnd + Self.paragraphReach)
        while end < latest && bytes[end] != 0x0A { end += 1 }
        let range = (window.base + start)..<(window.base + end)
        let text = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        guard Bidi.mayHoldRightToLeft(text) else { return TextParagraph(bytes: range, levels: nil, offsets: []) }
        // The paragraph's glyphs as the line's are decoded (a tab is a segment
        // separator, a space whitespace; escapes draw nothing and take no part).
        var classes: [BidiClass] = [], brackets: [UInt32] = [], offsets: [Int] = []
        var decoder = TextDecoder(style: .plain)
        var i = 0
        decoding: while i < text.count {
            guard let (unit, length) = decoder.unit(in: text, at: i, isFinal: true) else { break }
            switch unit {
            case .glyph(let scalar, _):
                let bidiClass = BidiClass(of: scalar)
                classes.append(bidiClass)
                brackets.append(bidiClass == .otherNeutral ? Bidi.pairedBracket(scalar) : 0)
                offsets.append(range.lowerBound + i)
            case .space:
                classes.append(.whitespace)
                brackets.append(0)
                offsets.append(range.lowerBound + i)
            case .tab:
                classes.append(.segmentSeparator)
                brackets.append(0)
                offsets.append(range.lowerBound + i)
            case .lineBreak:
                break decoding
            case .pageBreak, .control:
                break
            }
            i += length
        }
        return TextParagraph(bytes: range, levels: BidiParagraph(classes: classes, brackets: brackets, direction: nil), offsets: offsets)
    }
}
