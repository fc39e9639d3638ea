import Folio

/// A minimal host of the engine: `pager.slotCount` page views, created once,
/// that carry out the pager's effects — the "Folio" column of the benchmarks.
public struct FolioHost {
    /// The engine.
    public var pager: Pager
    /// One view per slot.
    public let views: [PageView]
    /// Configure operations carried out so far.
    public private(set) var configures = 0

    /// Creates a host for `pager` and lays out its first slots.
    public init(_ pager: Pager, pageHeight: Double = 667) {
        self.pager = pager
        let width = pager.track.pageExtent
        views = (0..<pager.slotCount).map { _ in PageView(page: -1, width: width, height: pageHeight) }
        apply(self.pager.layout())
    }

    /// A phone-sized track of `pages`: 375-point pages in a 375-point viewport.
    public static func phone(_ pages: PageCount) -> Track {
        Track(pages: pages, pageExtent: 375, viewportExtent: 375)
    }

    /// Live page views: the slots, whatever the page count.
    public var liveViews: Int { views.count }

    /// Carries out `effects` on the views. O(effects); allocates nothing.
    public mutating func apply(_ effects: borrowing Effects) {
        // By index: `for effect in effects` would copy the buffer into its iterator.
        for i in effects.indices {
            switch effects[i] {
            case .configure(let slot, let spread):
                views[slot].page = spread.firstPage
                views[slot].isHidden = false
                configures += 1
            case .place(let slot, let offset):
                views[slot].x = offset
            case .park(let slot):
                views[slot].isHidden = true
            case .event:
                break
            }
        }
    }

    /// Comes to rest on `page` at once: the engine's slot work for a page turn.
    public mutating func settle(on page: Int) {
        apply(pager.move(toPage: page, animated: false))
    }
}
