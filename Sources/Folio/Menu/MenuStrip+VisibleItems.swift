extension MenuStrip {
    /// One item in the viewport, ready to draw.
    public struct VisibleItem: Hashable, Sendable, CustomStringConvertible {
        /// The item's index in ``MenuStrip/items``.
        public var index: Int
        /// The item's identifier.
        public var id: ID
        /// The item's title.
        public var title: String
        /// The item's frame in content coordinates (subtract the scroll
        /// offset for the viewport; the title starts `padding` inside).
        public var frame: MenuFrame

        /// A compact, readable form for logs and test failures, e.g. `2 "Intro" 14..<21`.
        public var description: String { "\(index) \"\(title)\" \(frame)" }
    }

    /// The items intersecting a viewport, produced one at a time on demand:
    /// only these are ever materialised, however many items the strip has.
    ///
    /// Positions run from 0; ``itemIndices`` says which items they are.
    public struct VisibleItems: RandomAccessCollection, Sendable, CustomStringConvertible {
        /// The strip the items come from (shares its storage; no copy).
        let strip: MenuStrip
        /// The indices of the visible items in ``MenuStrip/items``, in item order.
        public let itemIndices: Range<Int>

        /// Always 0.
        public var startIndex: Int { 0 }
        /// The number of visible items.
        public var endIndex: Int { itemIndices.count }

        /// The visible item at `position`, in 0 ..< `count`. O(1).
        public subscript(position: Int) -> VisibleItem {
            precondition(position >= 0 && position < itemIndices.count,
                         "visible item \(position) is outside 0..<\(itemIndices.count)")
            let index = itemIndices.lowerBound + position
            let item = strip.items[index]
            return VisibleItem(index: index, id: item.id, title: item.title, frame: strip.frame(ofItem: index))
        }

        /// A compact, readable form for logs and test failures.
        public var description: String { "items \(itemIndices.lowerBound)..<\(itemIndices.upperBound)" }
    }

    /// The items intersecting the viewport at scroll offset `offset`: every
    /// item whose frame overlaps `offset ..< offset + viewportWidth`
    /// (`frame.x < offset + viewportWidth` and `frame.maxX > offset`).
    ///
    /// `offset` may be any finite value (it is not clamped, so a host can
    /// ask about a rubber-banded strip); NaN or a zero-width viewport shows
    /// nothing. Of 100,000 chapters titled like "Chapter 50001: The Long
    /// Night", an 80-column terminal shows 5 (at most 6 at any offset) and a
    /// 1,280-pixel window 8 (at most 10); see the README.
    ///
    /// - Complexity: O(log n) to make; O(1) per item read, so drawing costs
    ///   O(log n + visible) whatever the item count.
    public func visibleItems(atOffset offset: Double) -> VisibleItems {
        let start = offset
        let end = offset + viewportWidth
        guard !items.isEmpty, viewportWidth > 0, start.isFinite, end.isFinite else {
            return VisibleItems(strip: self, itemIndices: 0..<0)
        }
        let n = items.count
        let lower: Int
        let upper: Int
        switch metrics.direction {
        case .leftToRight:
            lower = Self.partitionPoint(n) { frame(ofItem: $0).maxX > start }
            upper = Self.partitionPoint(n) { frame(ofItem: $0).x >= end }
        case .rightToLeft:
            lower = Self.partitionPoint(n) { frame(ofItem: $0).x < end }
            upper = Self.partitionPoint(n) { frame(ofItem: $0).maxX <= start }
        }
        return VisibleItems(strip: self, itemIndices: lower..<max(lower, upper))
    }

    /// The items intersecting the viewport at the current ``scrollOffset``;
    /// see ``visibleItems(atOffset:)``. O(log n) to make.
    public var visibleItems: VisibleItems { visibleItems(atOffset: scrollOffset) }
}
