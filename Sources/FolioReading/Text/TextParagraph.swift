/// A paragraph of display text — the bytes between two line feeds — with
/// its bidirectional levels resolved once for every line drawn from it
/// (UAX #9 resolves a paragraph, then reorders each of its lines).
///
/// ``TextLayout/paragraph(of:in:reusing:)`` finds and resolves it; a host
/// drawing a page keeps it from one line to the next, hands it to
/// ``TextLayout/forEachGlyph(of:in:paragraph:_:)``, and reads the line's
/// ``direction`` to set a right-to-left line flush right.
public struct TextParagraph: Sendable, CustomStringConvertible {
    /// The paragraph's bytes, as document offsets: from just after a line
    /// feed to the next one (the line feed not included). A paragraph longer
    /// than ``TextLayout/paragraphReach`` on either side of the line it was
    /// found for, or cut by its window's edge, is the part within reach.
    public let bytes: Range<Int>
    /// The levels of the glyphs the paragraph draws; nil when it holds
    /// nothing right to left, so its lines are drawn as they are.
    let levels: BidiParagraph?
    /// The document offset of each glyph in ``levels``, in order.
    let offsets: [Int]

    /// The paragraph's direction: from its first strong character (left to
    /// right when it has none, or nothing right to left at all).
    public var direction: TextDirection { levels?.direction ?? .leftToRight }

    /// Whether its lines need reordering: it may hold right-to-left text.
    public var isBidirectional: Bool { levels != nil }

    /// A compact, readable form for logs and test failures.
    public var description: String { "paragraph \(bytes) \(direction)\(levels == nil ? "" : " bidi")" }

    /// Puts `glyphs` — one line of this paragraph, in logical order, `x` from
    /// the line's start — in visual order, left to right, with `x` laid out
    /// again: rules L1 and L2 over the line, each combining mark (a glyph no
    /// wider than 0) kept after its base at its base's level, and characters
    /// at a right-to-left level drawn mirrored (L4). O(glyphs · levels).
    func reorder(_ glyphs: inout [Glyph]) {
        guard let levels, !glyphs.isEmpty else { return }
        // Each glyph's character in the paragraph, found by its offset (-1 when the
        // paragraph, decoded from another start, has none there).
        var characters = [Int](repeating: -1, count: glyphs.count)
        var k = offsets.partitioningIndex { $0 >= glyphs[0].offset }
        for (g, glyph) in glyphs.enumerated() {
            while k < offsets.count && offsets[k] < glyph.offset { k += 1 }
            if k < offsets.count && offsets[k] == glyph.offset { characters[g] = k }
        }
        guard let first = characters.first(where: { $0 >= 0 }), let last = characters.last(where: { $0 >= 0 }) else { return }
        let lineLevels = levels.levels(ofLine: first..<(last + 1))
        let base = levels.direction.level
        let glyphLevels = characters.map { $0 >= 0 ? lineLevels[$0 - first] : base }
        // Clusters: a base and the marks after it, reordered as one at the base's level.
        var clusterStarts: [Int] = []
        var clusterLevels: [UInt8] = []
        for g in glyphs.indices where g == 0 || glyphs[g].width != 0 {
            clusterStarts.append(g)
            clusterLevels.append(glyphLevels[g])
        }
        var visual: [Glyph] = []
        visual.reserveCapacity(glyphs.count)
        var x = 0
        for cluster in BidiParagraph.visualOrder(levels: clusterLevels) {
            let end = cluster + 1 < clusterStarts.count ? clusterStarts[cluster + 1] : glyphs.count
            for g in clusterStarts[cluster]..<end {
                var glyph = glyphs[g]
                // Only other neutrals (ON) have mirrored glyphs.
                if glyphLevels[g] & 1 == 1, characters[g] >= 0, levels.classes[characters[g]] == .otherNeutral,
                   let mirrored = Bidi.mirrored(glyph.scalar) {
                    glyph.scalar = mirrored
                }
                glyph.x = x
                x += glyph.width
                visual.append(glyph)
            }
        }
        glyphs = visual
    }
}

extension Array where Element == Int {
    /// The first index whose element satisfies `belongs`, which holds for a suffix of the array (binary search).
    fileprivate func partitioningIndex(where belongs: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if belongs(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
