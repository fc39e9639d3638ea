/// The spacing of a ``MenuStrip``: padding around each title, insets at the
/// ends of the strip, and the side item 0 sits on.
///
/// All lengths are in the host's unit — columns in a terminal, pixels or
/// points in a window — finite and ≥ 0. An item's frame is its measured
/// title width plus `padding` on each side; the content is the items side
/// by side plus `leadingInset` before item 0 and `trailingInset` after the
/// last item ("leading" is the side of item 0: the left edge left to right,
/// the right edge right to left).
///
/// ```swift
/// let terminal = MenuMetrics(padding: 1, leadingInset: 1, trailingInset: 1)
/// let window = MenuMetrics(padding: 15, leadingInset: 10, trailingInset: 10, direction: .rightToLeft)
/// ```
public struct MenuMetrics: Hashable, Sendable, CustomStringConvertible {
    /// Space on each side of a title inside its item, ≥ 0.
    public var padding: Double
    /// Space before item 0, ≥ 0.
    public var leadingInset: Double
    /// Space after the last item, ≥ 0.
    public var trailingInset: Double
    /// The side item 0 sits on.
    public var direction: MenuDirection

    /// Creates metrics; ``MenuStrip`` checks them and throws ``MenuError/invalidLength(name:value:)``.
    public init(padding: Double = 0, leadingInset: Double = 0, trailingInset: Double = 0,
                direction: MenuDirection = .leftToRight) {
        self.padding = padding
        self.leadingInset = leadingInset
        self.trailingInset = trailingInset
        self.direction = direction
    }

    /// Checks that every length is finite and ≥ 0.
    public func validate() throws(MenuError) {
        for (name, value) in [("padding", padding), ("leading inset", leadingInset), ("trailing inset", trailingInset)] {
            guard value.isFinite, value >= 0 else { throw .invalidLength(name: name, value: value) }
        }
    }

    /// A compact, readable form for logs and test failures.
    public var description: String {
        "MenuMetrics(padding \(menuNumber(padding)), insets \(menuNumber(leadingInset))/\(menuNumber(trailingInset)), \(direction))"
    }
}

/// A length without a trailing ".0" when it is whole, for descriptions.
func menuNumber(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return "\(Int(value))" }
    return "\(value)"
}
