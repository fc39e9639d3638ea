/// Bounded coordinates for a host whose scroll surface is finite (a native
/// scroll view): the content spans `spreads` spreads starting at spread
/// `base`, and recentres when the pager comes to rest.
///
/// At rest the content offset is that of the middle spread (or the nearest
/// possible at the ends of a finite track), so it never exceeds
/// `(spreads − 1) · stride` whatever the page count. Each recentring is
/// reported once as ``PagerEvent/windowRecentred(shift:)``. A track of
/// `spreads` or fewer spreads never recentres: it behaves like a plain
/// paging scroll view.
public struct HostWindow: Hashable, Sendable, CustomStringConvertible {
    /// The number of spreads the content spans (odd, ≥ 3).
    public let spreads: Int
    /// The unwrapped index of the first spread in the content.
    public internal(set) var base: Int

    /// The extent of the host's content, in extent units.
    public func contentExtent(for track: Track) -> Double {
        Double(spreads) * track.stride - track.spacing
    }

    /// Where spread `unwrapped`'s left or top edge lies in the content, in extent units.
    public func contentOrigin(ofSpread unwrapped: Int, in track: Track) -> Double {
        let slot = track.orientation.isReversed ? Double(base &+ spreads &- 1 &- unwrapped) : Double(unwrapped &- base)
        return slot * track.stride
    }

    /// The host's content offset for `position`: the content coordinate of
    /// the viewport's left or top edge, in extent units.
    public func contentOffset(for position: Position, in track: Track) -> Double {
        let inset = (track.viewportExtent - track.spreadExtent) / 2
        let fromBase = position.distance(fromSpread: base)
        let slot = track.orientation.isReversed ? Double(spreads - 1) - fromBase : fromBase
        return slot * track.stride - inset
    }

    /// The base that puts `spread` in the middle, clamped to the track's ends.
    func centred(on spread: Int, in track: Track) -> Int {
        let half = spreads / 2
        guard !track.loops else { return spread &- half }
        let highest = track.spreadCount > spreads ? track.spreadCount - spreads : 0
        return min(max(spread - half, 0), highest)
    }

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String { "HostWindow(\(spreads) spreads from \(base))" }
}
