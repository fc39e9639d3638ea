/// The size of a pager's recycled slot pool and how far it draws ahead.
///
/// A slot is one reusable page view in the host. `size` slots cover the
/// visible spreads plus their neighbours (3: previous, current, next);
/// `prefetch` more are kept for spreads further ahead in the direction of
/// motion. The host creates `size + prefetch` views once and never more.
public struct Pool: Hashable, Sendable, CustomStringConvertible {
    /// Slots for the visible spreads and their neighbours, ≥ 2 (default 3)
    /// and at least the track's ``Track/maximumVisibleSpreads``.
    public var size: Int
    /// Extra slots for spreads ahead in the direction of motion, ≥ 0 (default 0).
    public var prefetch: Int
    /// The span, in spreads, of the bounded host window (odd, ≥ 3; default 3).
    public var hostWindowSpreads: Int

    /// Creates a pool description.
    public init(size: Int = 3, prefetch: Int = 0, hostWindowSpreads: Int = 3) {
        self.size = size
        self.prefetch = prefetch
        self.hostWindowSpreads = hostWindowSpreads
    }

    /// The number of slots the host creates: `size + prefetch`.
    public var slotCount: Int { size + prefetch }

    func validate(for track: Track) throws(ConfigurationError) {
        let needed = max(2, track.maximumVisibleSpreads)
        guard size >= needed else { throw .poolTooSmall(size: size, needed: needed) }
        guard prefetch >= 0 else { throw .negativePrefetch(prefetch) }
        guard prefetch <= 64 else { throw .poolTooLarge(slots: size &+ prefetch) }
        guard size <= 128 else { throw .poolTooLarge(slots: size) }
        guard hostWindowSpreads >= 3, hostWindowSpreads % 2 == 1 else {
            throw .invalidHostWindow(spreads: hostWindowSpreads)
        }
    }

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String {
        prefetch == 0 ? "Pool(\(size) slots)" : "Pool(\(size) slots + \(prefetch) prefetch)"
    }
}

/// What one slot of the pool holds.
struct Slot: Hashable, Sendable {
    /// The spread shown, or nil when the slot is free.
    var spread: Spread?
    /// Where the spread lies along the unwrapped track (differs from
    /// `spread.index` on a looping track).
    var unwrapped = 0
    /// The offset last reported with `place`, nil if none since `configure`.
    var placed: Double?
    /// Whether the host was told to park it and nothing since.
    var parked = true
    /// Whether its spread must be configured again (renumbered or reloaded).
    var stale = false
    /// Scratch: claimed by a candidate during the current assignment.
    var claimed = false
}

/// A spread the layout wants in a slot, in priority order.
struct Candidate: Hashable, Sendable {
    var unwrapped: Int
    var spread: Int
}
