extension MenuStrip {
    /// Item `index`'s frame in content coordinates: its title plus padding
    /// on both sides.
    ///
    /// Left to right, item 0 starts at the leading inset; right to left,
    /// every frame is mirrored (`x' = contentWidth − x − width`), so item 0
    /// ends at `contentWidth − leadingInset`. The host draws the title at
    /// `frame.x + metrics.padding`. `index` must be in `0 ..< count`.
    ///
    /// - Complexity: O(1).
    public func frame(ofItem index: Int) -> MenuFrame {
        precondition(index >= 0 && index < items.count, "item index \(index) is outside 0..<\(items.count)")
        let lower = edges[index]
        let upper = edges[index + 1]
        switch metrics.direction {
        case .leftToRight: return MenuFrame(x: lower, width: upper - lower)
        case .rightToLeft: return MenuFrame(x: contentWidth - upper, width: upper - lower)
        }
    }

    /// The item whose frame contains content x `x`, or nil for a point in
    /// an inset, outside the content or in an empty strip.
    ///
    /// Frames are half-open (`x ..< x + width`), so a point on the boundary
    /// between two items hits the one to its right, in either direction;
    /// boundaries are exact when widths are whole (columns, pixels).
    ///
    /// - Complexity: O(log n): a binary search of the prefix sums.
    public func item(atContentX x: Double) -> Int? {
        guard !items.isEmpty, !x.isNaN else { return nil }
        let candidate: Int
        switch metrics.direction {
        case .leftToRight:
            // Frames grow to the right: the last one starting at or before x.
            candidate = Self.partitionPoint(items.count) { frame(ofItem: $0).x > x } - 1
        case .rightToLeft:
            // Frames grow to the left: the first one starting at or before x.
            candidate = Self.partitionPoint(items.count) { frame(ofItem: $0).x <= x }
        }
        guard candidate >= 0, candidate < items.count, frame(ofItem: candidate).contains(x) else { return nil }
        return candidate
    }

    /// The item under viewport x `x` (0 at the viewport's left edge) at the
    /// current ``scrollOffset``: ``item(atContentX:)`` of `x + scrollOffset`.
    /// Points outside `0 ..< viewportWidth` hit nothing.
    ///
    /// - Complexity: O(log n).
    public func item(atViewportX x: Double) -> Int? {
        guard x >= 0, x < viewportWidth else { return nil }
        return item(atContentX: x + scrollOffset)
    }

    /// The underline `fraction` of the way from item `from`'s frame to item
    /// `to`'s: both edges move linearly, exactly `from`'s frame at 0 and
    /// `to`'s at 1.
    ///
    /// `fraction` is clamped into 0 … 1; both indices must be in `0 ..< count`.
    ///
    /// - Complexity: O(1).
    public func underlineFrame(from: Int, to: Int, fraction: Double) -> MenuFrame {
        frame(ofItem: from).interpolated(to: frame(ofItem: to), fraction: fraction)
    }

    /// The underline at fractional item position `index + fraction`: item 3
    /// with fraction 0.4 is 40% of the way from item 3's frame to item 4's.
    ///
    /// `fraction` is clamped into 0 … 1; past the last item the underline
    /// stays under it. `index` must be in `0 ..< count`.
    ///
    /// - Complexity: O(1).
    public func underlineFrame(atItem index: Int, fraction: Double) -> MenuFrame {
        underlineFrame(from: index, to: min(index + 1, items.count - 1), fraction: fraction)
    }

    /// The first index in `0 ..< count` where `isAfter` holds, for a
    /// predicate that is false then true along the indices; `count` when it
    /// never holds. O(log count), no allocation.
    static func partitionPoint(_ count: Int, _ isAfter: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            if isAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
