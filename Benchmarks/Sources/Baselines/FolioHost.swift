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
    /// The one buffer the engine writes every drag update's effects into.
    private var effects = Effects()

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
        var effects = copy effects
        configures += Self.carryOut(&effects, on: views)
    }

    /// Carries out `effects` on `views` and returns how many were configures.
    /// `inout`, though it changes nothing, so the host's own buffer is read
    /// where it lies: passed as a plain argument, its 656 bytes are copied
    /// into a temporary each update.
    private static func carryOut(_ effects: inout Effects, on views: [PageView]) -> Int {
        var configures = 0
        // By index: `for effect in effects` would copy the buffer into its iterator.
        for i in effects.indices {
            switch effects[i] {
            case .configure(let slot, let spread):
                views[slot].storedPage = spread.firstPage
                views[slot].storedIsHidden = false
                configures += 1
            case .place(let slot, let offset):
                views[slot].storedX = offset
            case .park(let slot):
                views[slot].storedIsHidden = true
            case .event:
                break
            }
        }
        return configures
    }

    /// A finger touches down at `time`: the engine writes into the host's
    /// buffer, and the host carries the effects out.
    public mutating func dragBegan(at time: Double) {
        pager.dragBegan(at: time, into: &effects)
        configures += Self.carryOut(&effects, on: views)
    }

    /// The finger moved by `delta` points at `time`. The effects stay in the
    /// host's buffer and are read where they lie: passing a caller's buffer to
    /// ``apply(_:)`` copies its 656 bytes each update.
    public mutating func dragMoved(by delta: Double, at time: Double) {
        pager.dragMoved(by: delta, at: time, into: &effects)
        configures += Self.carryOut(&effects, on: views)
    }

    /// Comes to rest on `page` at once: the engine's slot work for a page turn.
    public mutating func settle(on page: Int) {
        apply(pager.move(toPage: page, animated: false))
    }
}
