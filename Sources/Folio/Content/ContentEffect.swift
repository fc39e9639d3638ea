/// One thing the host (or ``ContentLoader``) must do for page content, in order.
///
/// A ``ContentPipeline`` input returns an array of these: display updates
/// first, then cancellations, then new loads, most urgent first (the pages
/// on screen nearest the current page, then those ahead, then behind).
public enum ContentEffect<Content>: CustomStringConvertible {
    /// Update what a slot shows for one page.
    case show(SlotDisplay<Content>)
    /// Start loading `ticket.page`; report the outcome with
    /// ``ContentPipeline/loaded(_:cost:for:)`` or ``ContentPipeline/failed(_:for:)``.
    case load(LoadTicket)
    /// Stop the load `ticket`; its result, if it still comes, is ignored.
    case cancel(LoadTicket)

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .show(let display): "show(\(display))"
        case .load(let ticket): "load(\(ticket))"
        case .cancel(let ticket): "cancel(\(ticket))"
        }
    }
}

extension ContentEffect: Equatable where Content: Equatable {}
extension ContentEffect: Hashable where Content: Hashable {}
extension ContentEffect: Sendable where Content: Sendable {}
