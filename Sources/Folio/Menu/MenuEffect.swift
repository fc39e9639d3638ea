/// One thing a host must do, or learn, after a ``MenuStrip`` input.
///
/// Within one ``MenuEffects`` the order is always: `selectionChanged`,
/// `moveUnderline`, `scroll`, `showPage`, each at most once and only when
/// something changed (`showPage` whenever an item is chosen).
public enum MenuEffect: Hashable, Sendable, CustomStringConvertible {
    /// The selected item changed, by index (nil: no item, the strip is
    /// empty). Also reported when replacing the items moves the selection
    /// to another item at the same index.
    case selectionChanged(from: Int?, to: Int?)
    /// Draw the underline at this frame, in content coordinates; nil hides
    /// it (the strip is empty).
    case moveUnderline(to: MenuFrame?)
    /// Scroll the strip so its viewport starts `to` units into the content
    /// (in 0 … ``MenuStrip/maximumScrollOffset``).
    case scroll(to: Double)
    /// Show this page: the host calls `pager.move(toPage:animated:)`, then
    /// ``MenuStrip/follow(_:)`` as the pager moves.
    case showPage(Int)

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .selectionChanged(let from, let to):
            "select \(from.map { "\($0)" } ?? "none")→\(to.map { "\($0)" } ?? "none")"
        case .moveUnderline(let frame): "underline \(frame.map { "\($0)" } ?? "hidden")"
        case .scroll(let offset): "scroll \(menuNumber(offset))"
        case .showPage(let page): "show page \(page)"
        }
    }
}
