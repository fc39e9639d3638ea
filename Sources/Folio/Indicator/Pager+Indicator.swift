extension Pager {
    /// Carries out what a page indicator asked for: ``IndicatorAction/goTo(page:)``
    /// moves to the spread showing that page, ``IndicatorAction/step(by:)``
    /// turns that many spreads (from a running transition's target, so quick
    /// taps add up).
    ///
    /// ```swift
    /// if let action = indicator.action(forTapAt: x) {
    ///     for effect in pager.perform(action, animated: true, at: now) { host.apply(effect) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - action: from ``PageIndicator/action(forTapAt:)``, ``PageIndicator/action(forScrubAt:)``
    ///     or ``PageIndicator/action(forSliderValue:)``.
    ///   - animated: animate the move (false for a scrub, which follows the pointer).
    ///   - time: when the animation starts, in seconds; nil starts it at the next ``advance(to:)``.
    /// - Returns: the effects of ``move(toPage:animated:at:)`` or ``step(by:animated:at:)``.
    public mutating func perform(_ action: IndicatorAction, animated: Bool, at time: Double? = nil) -> Effects {
        switch action {
        case .goTo(let page): move(toPage: page, animated: animated, at: time)
        case .step(let count): step(by: count, animated: animated, at: time)
        }
    }
}
