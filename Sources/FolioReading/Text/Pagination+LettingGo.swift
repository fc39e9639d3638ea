import Folio

extension Pagination {
    /// Starts paginating with `layout` from byte `start` in `style`: the first page starts
    /// there (a stream whose text before `start` was let go).
    public init(layout: TextLayout, from start: Int, style: TextStyle = .plain) {
        self.init(layout: layout)
        marks = [start]
        markStyles = [style]
        tail = [start]
        tailStyles = [style]
    }

    /// Where page 0 starts: 0, or the first byte kept after older pages were let go.
    public var firstStart: Int { marks[0] }

    /// The style in effect where page 0 starts.
    var firstStyle: TextStyle { markStyles[0] }

    /// Lets go of whole blocks of pages (``pagesPerMark`` each) that end at or before `offset`,
    /// so that page 0 starts at a kept mark: the pages after it keep their starts (and their
    /// text, which is laid out alike from the same start) and are numbered from 0 again.
    /// Returns how many pages were let go (0 when no mark after the first lies at or before
    /// `offset`). The last block, the tail, always stays. O(marks).
    ///
    /// ```swift
    /// let dropped = pagination.letGo(before: 3 << 20)   // a multiple of 64
    /// stream.discard(before: pagination.firstStart)     // the text goes with it
    /// ```
    public mutating func letGo(before offset: Int) -> Int {
        var low = 0, high = marks.count
        while low + 1 < high {
            let mid = (low + high) / 2
            if marks[mid] <= offset { low = mid } else { high = mid }
        }
        guard low > 0 else { return 0 }
        marks.removeFirst(low)
        markStyles.removeFirst(low)
        kept = kept.compactMap { block in
            block.mark >= low ? Block(mark: block.mark - low, starts: block.starts, styles: block.styles) : nil
        }
        return low * Self.pagesPerMark
    }
}
