extension MenuStrip {
    /// Replaces the items, measuring each title once, and keeps the
    /// selection on the item with the same id.
    ///
    /// When the selected id is gone, the item now at the selected index is
    /// selected (the last item if the strip got shorter); a strip that was
    /// empty selects item 0. The underline rests under the selection and the
    /// strip scrolls to centre it (see ``offset(centringItem:)``).
    ///
    /// - Parameters:
    ///   - newItems: the items, ids unique.
    ///   - startPages: the page each item starts at (item i is the chapter
    ///     `startPages[i] ..< startPages[i + 1]`), ≥ 0 and sorted; equal
    ///     neighbours make empty chapters (a heading straight after another).
    ///     nil: item i is page i (a tab per page).
    /// - Returns: `selectionChanged`, `moveUnderline` and `scroll`, for what changed.
    /// - Throws: ``MenuError`` for a duplicate id, a bad width from the
    ///   measuring function or bad start pages; the strip is then unchanged.
    /// - Complexity: O(n) measurements and O(n) work for n items; every
    ///   later query is O(1) or O(log n).
    public mutating func setItems(_ newItems: [MenuItem<ID>], startPages newStarts: [Int]? = nil) throws(MenuError) -> MenuEffects {
        let starts = try Self.checked(newStarts, count: newItems.count)
        var index = [ID: Int](minimumCapacity: newItems.count)
        var widths: [Double] = []
        widths.reserveCapacity(newItems.count)
        for (i, item) in newItems.enumerated() {
            if let first = index.updateValue(i, forKey: item.id) {
                throw .duplicateID(String(describing: item.id), first: first, second: i)
            }
            let width = measure(item.title)
            guard width.isFinite, width >= 0 else { throw .invalidTitleWidth(item: i, title: item.title, width: width) }
            widths.append(width)
        }

        let before = observed
        let oldID = selectedID
        let oldIndex = selectedIndex
        items = newItems
        startPages = starts
        titleWidths = widths
        indexByID = index
        edges = Self.edges(of: widths, metrics: metrics)

        let kept = oldID.flatMap { index[$0] }
        let selection: Int? = if newItems.isEmpty { nil } else { kept ?? min(oldIndex ?? 0, newItems.count - 1) }
        preferredIndex = preferredIndex == oldIndex ? kept : nil
        pendingPage = nil
        selectedIndex = selection
        underlineSpan = UnderlineSpan(from: selection ?? 0, to: selection ?? 0, fraction: 0)
        scrollOffset = selection.map { offset(centringItem: $0) } ?? 0
        let replaced = selection != nil && selection == oldIndex && kept == nil
        return effects(since: before, selectedItemReplaced: replaced)
    }

    /// Changes padding, insets or direction without measuring again; the
    /// underline keeps its place between items and the strip scrolls to
    /// centre it.
    ///
    /// - Throws: ``MenuError/invalidLength(name:value:)``; the strip is then unchanged.
    /// - Complexity: O(n): the prefix sums are rebuilt from the stored widths.
    public mutating func setMetrics(_ newMetrics: MenuMetrics) throws(MenuError) -> MenuEffects {
        try newMetrics.validate()
        let before = observed
        metrics = newMetrics
        edges = Self.edges(of: titleWidths, metrics: newMetrics)
        scrollOffset = underline.map { offset(centring: $0) } ?? 0
        return effects(since: before)
    }

    /// The start pages to keep, checked, or `0 ..< count` when none are given.
    static func checked(_ starts: [Int]?, count: Int) throws(MenuError) -> [Int] {
        guard let starts else { return Array(0..<count) }
        guard starts.count == count else { throw .startPageCount(items: count, startPages: starts.count) }
        for i in starts.indices {
            guard starts[i] >= 0 else { throw .negativeStartPage(item: i, page: starts[i]) }
            if i > 0, starts[i] < starts[i - 1] {
                throw .unsortedStartPages(item: i, page: starts[i], previous: starts[i - 1])
            }
        }
        return starts
    }

    /// Left-to-right prefix sums: the leading inset, then each item's end.
    static func edges(of widths: [Double], metrics: MenuMetrics) -> [Double] {
        var edges: [Double] = []
        edges.reserveCapacity(widths.count + 1)
        var x = metrics.leadingInset
        edges.append(x)
        for width in widths {
            x += width + 2 * metrics.padding
            edges.append(x)
        }
        return edges
    }

    /// What a host sees, to report only what an input changed.
    struct Observed {
        var selection: Int?
        var underline: MenuFrame?
        var offset: Double
    }

    var observed: Observed { Observed(selection: selectedIndex, underline: underline, offset: scrollOffset) }

    /// The effects that bring a host from `before` to now, in the documented order.
    func effects(since before: Observed, selectedItemReplaced: Bool = false) -> MenuEffects {
        var out = MenuEffects()
        if before.selection != selectedIndex || selectedItemReplaced {
            out.append(.selectionChanged(from: before.selection, to: selectedIndex))
        }
        let now = underline
        if now != before.underline { out.append(.moveUnderline(to: now)) }
        if scrollOffset != before.offset { out.append(.scroll(to: scrollOffset)) }
        return out
    }
}
