extension MenuStrip {
    /// Selects item `index` (clamped into `0 ..< count`) as if the reader
    /// chose it: the underline moves under it, the strip scrolls to centre
    /// it, and the host is asked to show the item's start page.
    ///
    /// The host carries out `showPage(p)` with `pager.move(toPage: p,
    /// animated:)` and keeps calling ``follow(_:)``; while the pager
    /// animates toward that page the strip holds still, so the selection
    /// does not flicker back through the chapter the animation starts in.
    ///
    /// ```swift
    /// for effect in strip.select(4) {
    ///     if case .showPage(let page) = effect { _ = pager.move(toPage: page, animated: true) }
    /// }
    /// ```
    ///
    /// - Returns: `selectionChanged`, `moveUnderline`, `scroll` for what
    ///   changed, then always `showPage(startPages[index])`; nothing when empty.
    /// - Complexity: O(1).
    public mutating func select(_ index: Int) -> MenuEffects {
        guard !items.isEmpty else { return MenuEffects() }
        let chosen = min(max(index, 0), items.count - 1)
        let before = observed
        selectedIndex = chosen
        underlineSpan = UnderlineSpan(from: chosen, to: chosen, fraction: 0)
        scrollOffset = offset(centringItem: chosen)
        preferredIndex = chosen
        pendingPage = startPages[chosen]
        var out = effects(since: before)
        out.append(.showPage(startPages[chosen]))
        return out
    }

    /// Selects the item with identifier `id`, like ``select(_:)``; an
    /// unknown id does nothing.
    ///
    /// - Complexity: O(1) expected (a hash lookup).
    public mutating func select(id: ID) -> MenuEffects {
        guard let index = indexByID[id] else { return MenuEffects() }
        return select(index)
    }

    /// A tap (a click) at viewport x `x`: selects the item there like
    /// ``select(_:)``; a tap on an inset or past the content does nothing.
    ///
    /// - Complexity: O(log n).
    public mutating func tap(atViewportX x: Double) -> MenuEffects {
        guard let index = item(atViewportX: x) else { return MenuEffects() }
        return select(index)
    }
}
