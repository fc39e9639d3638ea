/// Show `display` for `page` in slot `slot`: one display update for the host.
///
/// A slot shows a spread, so a two-page spread gets one update per page.
/// `generation` counts the slot's configurations (it grows by one on every
/// `configure` and `park` the pipeline sees): a host that draws content
/// asynchronously can tag the work with it and drop a drawing that finishes
/// after the slot moved on. A host that receives updates late (through
/// ``ContentLoader/displays``) applies one only while its view for `slot`
/// still shows `page`.
public struct SlotDisplay<Content>: CustomStringConvertible {
    /// The slot, in 0 ..< the pager's slot count.
    public var slot: Int
    /// The page the display is for: one of the pages of the spread in the slot.
    public var page: Int
    /// The slot's configuration count when the update was made, ≥ 1.
    public var generation: Int
    /// What to show.
    public var display: PageDisplay<Content>

    /// Creates an update.
    public init(slot: Int, page: Int, generation: Int, display: PageDisplay<Content>) {
        self.slot = slot
        self.page = page
        self.generation = generation
        self.display = display
    }

    /// A compact, readable form for logs and test failures: `slot 0 page 5 (gen 1): placeholder`.
    public var description: String { "slot \(slot) page \(page) (gen \(generation)): \(display)" }
}

extension SlotDisplay: Equatable where Content: Equatable {}
extension SlotDisplay: Hashable where Content: Hashable {}
extension SlotDisplay: Sendable where Content: Sendable {}
