extension BidiParagraph {
    /// The levels of the characters of one line (`line`, indexes into the
    /// paragraph), after rule L1: segment and paragraph separators, and the
    /// whitespace and isolate formatting characters before them or at the
    /// line's end, go back to the paragraph's level. O(line length).
    public func levels(ofLine line: Range<Int>) -> [UInt8] {
        var result = Array(levels[line])
        let base = direction.level
        /// Resets the whitespace that ends just before `end` (an index into the paragraph).
        func resetWhitespace(before end: Int) {
            var j = end - 1
            while j >= line.lowerBound && classes[j].isWhitespaceForL1 {
                result[j - line.lowerBound] = base
                j -= 1
            }
        }
        for i in line where classes[i] == .segmentSeparator || classes[i] == .paragraphSeparator {
            result[i - line.lowerBound] = base
            resetWhitespace(before: i)
        }
        resetWhitespace(before: line.upperBound)
        return result
    }

    /// The characters of one line (`line`, indexes into the paragraph) in
    /// visual order, left to right (rules L1 and L2), as indexes into the
    /// paragraph. Characters rule X9 removes come next to their neighbours.
    ///
    /// ```swift
    /// BidiParagraph(scalars: "abc אבג".unicodeScalars).visualOrder(ofLine: 0..<7)   // [0, 1, 2, 3, 6, 5, 4]
    /// ```
    public func visualOrder(ofLine line: Range<Int>) -> [Int] {
        Self.visualOrder(levels: levels(ofLine: line)).map { line.lowerBound + $0 }
    }

    /// L2: the visual order of a line whose characters have `levels`, as
    /// indexes into it, left to right: from the highest level down to the
    /// lowest odd one on the line, each run at that level or higher is reversed.
    /// O(n · d) for d levels.
    public static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        var highest: UInt8 = 0, lowestOdd = UInt8.max
        for level in levels {
            highest = max(highest, level)
            if level & 1 == 1 { lowestOdd = min(lowestOdd, level) }
        }
        guard lowestOdd <= highest else { return order }
        // Reversals at higher levels stay inside the runs at lower ones, so each
        // position keeps the level it started with.
        for level in stride(from: highest, through: lowestOdd, by: -1) {
            var start = 0
            while start < levels.count {
                guard levels[start] >= level else { start += 1; continue }
                var end = start + 1
                while end < levels.count && levels[end] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
        }
        return order
    }
}

extension BidiClass {
    /// Whether L1 resets this class with the whitespace at a line's end:
    /// WS, the isolate formatting characters, and what X9 removes.
    var isWhitespaceForL1: Bool {
        switch self {
        case .whitespace, .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate, .popDirectionalIsolate: true
        default: isRemovedByX9
        }
    }
}
