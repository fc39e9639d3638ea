/// Something that happened to a pager, reported once, in order.
///
/// Within one update, events come in this order (each at most once):
/// 1. `transitionFinished(completed: false)` for a transition the input interrupted,
/// 2. `dragBegan` or `dragEnded`,
/// 3. `transitionBegan`,
/// 4. `positionChanged`,
/// 5. `currentPageChanged`,
/// 6. `transitionFinished(completed: true)`,
/// 7. `settled`,
/// 8. `windowRecentred`.
///
/// Across updates: `dragBegan` and `dragEnded` alternate; `transitionBegan`
/// and `transitionFinished` alternate and name the same page; no transition
/// is open while a drag is; `settled` comes exactly once each time motion
/// stops, and when the page at rest is renumbered or replaced by a data
/// change. Page numbers are pages (a spread's first page), never spreads.
public enum PagerEvent: Hashable, Sendable, CustomStringConvertible {
    /// A drag started; a running transition was cancelled just before.
    case dragBegan
    /// A drag ended with `velocity` in extent units per second along the screen axis.
    case dragEnded(velocity: Double)
    /// The position moved (spread units).
    case positionChanged(Position)
    /// The page nearest the position changed; `nil` when the track is empty.
    case currentPageChanged(from: Int?, to: Int?)
    /// Motion toward page `target` started (a settle or a programmatic move).
    case transitionBegan(target: Int)
    /// Motion toward `target` ended: `completed` if it arrived, `false` if
    /// it was interrupted (by a drag, another move or a data change).
    case transitionFinished(target: Int, completed: Bool)
    /// Motion stopped on `page`, or the page at rest was renumbered.
    case settled(page: Int)
    /// The bounded host window moved by `shift` spreads (see ``HostWindow``):
    /// a host with a finite scroll surface subtracts `shift · stride` from its
    /// content offset.
    case windowRecentred(shift: Int)

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .dragBegan: "dragBegan"
        case .dragEnded(let v): "dragEnded(\(v)/s)"
        case .positionChanged(let p): "position \(p)"
        case .currentPageChanged(let a, let b): "current \(a.map(String.init) ?? "none")→\(b.map(String.init) ?? "none")"
        case .transitionBegan(let t): "transitionBegan(\(t))"
        case .transitionFinished(let t, let done): "transitionFinished(\(t), \(done ? "completed" : "cancelled"))"
        case .settled(let p): "settled(\(p))"
        case .windowRecentred(let s): "windowRecentred(\(s))"
        }
    }
}

/// One thing the host must do or learn, in order.
public enum Effect: Hashable, Sendable, CustomStringConvertible {
    /// Show `spread` in slot `slot` (0 ..< pool size); any content the slot
    /// showed before is stale. Hosts with stable page keys may skip redrawing
    /// when the key is unchanged (a renumbering after an insertion).
    case configure(slot: Int, spread: Spread)
    /// Put slot `slot`'s leading (left or top) edge at `offset` extent units
    /// from the viewport's left or top edge.
    case place(slot: Int, offset: Double)
    /// Move slot `slot` off screen; keep the view alive (do not hide it).
    case park(slot: Int)
    /// Report an event.
    case event(PagerEvent)

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .configure(let s, let spread): "configure(\(s), \(spread))"
        case .place(let s, let x): "place(\(s), \(x))"
        case .park(let s): "park(\(s))"
        case .event(let e): e.description
        }
    }
}
