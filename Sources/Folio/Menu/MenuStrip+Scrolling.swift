extension MenuStrip {
    /// `offset` clamped into `0 … maximumScrollOffset`; NaN gives 0.
    ///
    /// - Complexity: O(1).
    public func clampedOffset(_ offset: Double) -> Double {
        offset.isNaN ? 0 : min(max(offset, 0), maximumScrollOffset)
    }

    /// The scroll offset that centres `frame` in the viewport, clamped at
    /// both ends: 0 near the start, ``maximumScrollOffset`` near the end, and
    /// 0 whenever the content is narrower than the viewport.
    ///
    /// A frame no wider than the viewport is always wholly visible at this
    /// offset. Cost: O(1).
    public func offset(centring frame: MenuFrame) -> Double {
        clampedOffset(frame.midX - viewportWidth / 2)
    }

    /// The scroll offset that centres item `index` where possible (see
    /// ``offset(centring:)``). `index` must be in `0 ..< count`.
    ///
    /// ```swift
    /// strip.offset(centringItem: strip.selectedIndex ?? 0)
    /// ```
    ///
    /// - Complexity: O(1).
    public func offset(centringItem index: Int) -> Double {
        offset(centring: frame(ofItem: index))
    }

    /// Scrolls the strip itself (a wheel or a drag on it), clamped into
    /// `0 … maximumScrollOffset`; NaN is ignored.
    ///
    /// - Returns: `scroll(to:)` when the offset changed.
    /// - Complexity: O(1); then ``visibleItems`` is O(log n + visible).
    public mutating func scroll(to offset: Double) -> MenuEffects {
        guard !offset.isNaN else { return MenuEffects() }
        let before = observed
        scrollOffset = clampedOffset(offset)
        return effects(since: before)
    }

    /// Scrolls by `delta` units (positive: the content moves left, showing
    /// what lies to the right), clamped like ``scroll(to:)``.
    ///
    /// - Complexity: O(1).
    public mutating func scroll(by delta: Double) -> MenuEffects {
        scroll(to: scrollOffset + delta)
    }

    /// Changes the visible width and scrolls to centre the underline.
    ///
    /// - Throws: ``MenuError/invalidLength(name:value:)`` for a negative or
    ///   non-finite width; the strip is then unchanged.
    /// - Complexity: O(1).
    public mutating func resize(viewportWidth width: Double) throws(MenuError) -> MenuEffects {
        try Self.validate(viewportWidth: width)
        let before = observed
        viewportWidth = width
        scrollOffset = underline.map { offset(centring: $0) } ?? 0
        return effects(since: before)
    }
}
