/// A horizontally scrolling row of titled items — a chapter strip on a
/// terminal's top row, a tab strip in a window — as a value.
///
/// The strip measures each title once, with the function the host injects
/// (columns in a terminal, pixels in a window), and keeps prefix sums of the
/// item widths, so everything after ``setItems(_:startPages:)`` — frames,
/// hit tests, the visible items, following a pager — costs O(1) or
/// O(log n) in the item count n and never measures again.
///
/// Coordinates: *content* x runs from 0 at the content's left edge to
/// ``contentWidth``; *viewport* x from 0 at the viewport's left edge to
/// ``viewportWidth``. The viewport shows content `scrollOffset ..<
/// scrollOffset + viewportWidth`, so content x = viewport x +
/// ``scrollOffset``, in either ``MenuDirection``.
///
/// Inputs are `mutating` calls that return ``MenuEffects``: the selection
/// change, where to draw the underline, where to scroll, which page to show.
///
/// ```swift
/// var strip = try MenuStrip<Int>(metrics: MenuMetrics(padding: 1), viewportWidth: 80) { Double($0.count) }
/// _ = try strip.setItems(titles.enumerated().map { MenuItem(id: $0.offset, title: $0.element) },
///                        startPages: chapterStarts)
/// for item in strip.visibleItems { draw(item.title, at: item.frame.x - strip.scrollOffset + 1) }
/// ```
public struct MenuStrip<ID: Hashable & Sendable>: Sendable, CustomStringConvertible {
    /// Measures a title in the host's unit; called once per item in ``setItems(_:startPages:)``.
    public typealias Measure = @Sendable (String) -> Double

    /// The items, in order from the leading edge.
    public internal(set) var items: [MenuItem<ID>] = []
    /// Padding, insets and direction.
    public internal(set) var metrics: MenuMetrics
    /// The width of the visible part of the strip, ≥ 0, in the host's unit.
    public internal(set) var viewportWidth: Double
    /// Where the viewport starts in the content, in 0 … ``maximumScrollOffset``.
    public internal(set) var scrollOffset: Double = 0
    /// The selected item's index; nil only when the strip is empty.
    public internal(set) var selectedIndex: Int?
    /// The page each item starts at (item i: chapter i), sorted; `0, 1, 2, …`
    /// when ``setItems(_:startPages:)`` was given none.
    public internal(set) var startPages: [Int] = []

    let measure: Measure
    /// Each title's measured width, without padding.
    var titleWidths: [Double] = []
    /// Left-to-right prefix sums: item i spans `edges[i] ..< edges[i + 1]`
    /// before mirroring; `edges[0]` is the leading inset. n + 1 entries.
    var edges: [Double]
    /// Each identifier's index.
    var indexByID: [ID: Int] = [:]
    /// Where the underline is: `fraction` of the way from item `from` to item `to`.
    var underlineSpan = UnderlineSpan(from: 0, to: 0, fraction: 0)
    /// The item chosen by a tap or ``select(_:)``; wins over the chapter
    /// lookup while its chapter shares a page with the spread shown.
    var preferredIndex: Int?
    /// The page a chosen item sent the pager to; ``follow(_:)`` holds still
    /// while the pager animates there.
    var pendingPage: Int?

    struct UnderlineSpan: Hashable, Sendable {
        var from: Int
        var to: Int
        var fraction: Double
    }

    /// Creates an empty strip.
    ///
    /// - Parameters:
    ///   - metrics: padding, insets and direction, in the host's unit.
    ///   - viewportWidth: the visible width, ≥ 0.
    ///   - measure: a title's width in the host's unit (columns, pixels),
    ///     finite and ≥ 0; called once per item when items are set.
    /// - Throws: ``MenuError/invalidLength(name:value:)`` for a negative or
    ///   non-finite length.
    public init(metrics: MenuMetrics = MenuMetrics(), viewportWidth: Double, measure: @escaping Measure) throws(MenuError) {
        try metrics.validate()
        try Self.validate(viewportWidth: viewportWidth)
        self.metrics = metrics
        self.viewportWidth = viewportWidth
        self.measure = measure
        edges = [metrics.leadingInset]
    }

    static func validate(viewportWidth: Double) throws(MenuError) {
        guard viewportWidth.isFinite, viewportWidth >= 0 else {
            throw .invalidLength(name: "viewport width", value: viewportWidth)
        }
    }

    // MARK: Reading the state

    /// The number of items.
    public var count: Int { items.count }

    /// Whether the strip has no items.
    public var isEmpty: Bool { items.isEmpty }

    /// The selected item's identifier; nil only when the strip is empty.
    public var selectedID: ID? { selectedIndex.map { items[$0].id } }

    /// The width of everything: insets plus every item with its padding. O(1).
    public var contentWidth: Double {
        // Only ever set through setItems/setMetrics, which keep edges non-empty.
        edges[edges.count - 1] + metrics.trailingInset
    }

    /// The largest scroll offset: `contentWidth − viewportWidth`, or 0 when
    /// the content is narrower than the viewport. O(1).
    public var maximumScrollOffset: Double { max(0, contentWidth - viewportWidth) }

    /// The underline's frame in content coordinates; nil when the strip is empty.
    ///
    /// It rests under the selected item, and moves between items as
    /// ``follow(_:)`` reports the pager's fractional position. O(1).
    public var underline: MenuFrame? {
        isEmpty ? nil : underlineFrame(from: underlineSpan.from, to: underlineSpan.to, fraction: underlineSpan.fraction)
    }

    /// A compact, readable form for logs and test failures.
    public var description: String {
        let selection = selectedIndex.map { "selected \($0) \"\(items[$0].title)\"" } ?? "nothing selected"
        return "MenuStrip(\(count) items, content \(menuNumber(contentWidth)) in viewport \(menuNumber(viewportWidth)), "
            + "offset \(menuNumber(scrollOffset)), \(selection), \(metrics.direction))"
    }
}
