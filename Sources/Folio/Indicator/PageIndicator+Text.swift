extension PageIndicator {
    /// The indicator as text, 1-based: `"12 / 340"`, or `"12 / 340+"` while
    /// the count is not final; `""` with no pages. O(digits).
    public var text: String {
        guard pageCount > 0 else { return "" }
        return "\(currentPage + 1) / \(pageCount)\(isCountFinal ? "" : "+")"
    }

    /// The value a screen reader speaks, 1-based: `"Page 12 of 340"`, or
    /// `"Page 12 of at least 340"` while the count is not final; `"No pages"`
    /// with none. O(digits).
    public var accessibilityValue: String {
        guard pageCount > 0 else { return "No pages" }
        return "Page \(currentPage + 1) of \(isCountFinal ? "" : "at least ")\(pageCount)"
    }

    /// The indicator as a slider value in 0 … 1: the reading position
    /// (current page plus offset) over the last page, following a drag;
    /// 0 with fewer than two pages. O(1).
    public var sliderValue: Double {
        guard pageCount > 1 else { return 0 }
        let value = (Double(currentPage) + pageOffset) / Double(pageCount - 1)
        return min(max(value, 0), 1)
    }

    /// The page a slider at `value` shows: `value · (pageCount − 1)` rounded
    /// to the nearest page, `value` clamped into 0 … 1 (NaN counts as 0).
    /// Nil with no pages. O(1).
    public func page(forSliderValue value: Double) -> Int? { page(atFraction: value) }

    /// ``IndicatorAction/goTo(page:)`` for ``page(forSliderValue:)``, or nil
    /// when that is the current page (or there is none). O(1).
    public func action(forSliderValue value: Double) -> IndicatorAction? {
        guard let page = page(forSliderValue: value), page != currentPage else { return nil }
        return .goTo(page: page)
    }
}
