extension Pager {
    /// A finger (or mouse button) went down on the pages at `time` seconds.
    ///
    /// A running transition is cancelled where it is — the pages stop under
    /// the finger. Ignored while a drag is already in progress.
    public mutating func dragBegan(at time: Double) -> Effects {
        var out = Effects()
        dragBegan(at: time, into: &out)
        return out
    }

    /// ``dragBegan(at:)``, writing the effects into `effects` (emptied first),
    /// a buffer the host keeps from update to update.
    public mutating func dragBegan(at time: Double, into effects: inout Effects) {
        effects.removeAll()
        guard !isDragging else { return }
        note(time)
        var update = Update()
        if case .settling(let settle) = phase {
            update.before.append(.transitionFinished(target: page(ofUnwrapped: clampToEnds(settle.landing)), completed: false))
        }
        drag = Drag(origin: unresisted(position))
        if time.isFinite { drag.tracker.add(time: time, value: 0) }
        phase = .dragging
        update.before.append(.dragBegan)
        commit(update, into: &effects)
    }

    /// The finger moved `delta` extent units along the screen axis (positive
    /// right or down) at `time` seconds. The pages follow 1:1, with rubber-band
    /// resistance past the ends of a finite track.
    ///
    /// Ignored outside a drag; a non-finite `delta` is ignored.
    public mutating func dragMoved(by delta: Double, at time: Double) -> Effects {
        var out = Effects()
        dragMoved(by: delta, at: time, into: &out)
        return out
    }

    /// ``dragMoved(by:at:)``, writing the effects into `effects` (emptied
    /// first), a buffer the host keeps from update to update: the fastest
    /// way to follow a finger, with nothing copied but the effects themselves.
    ///
    /// ```swift
    /// var effects = Effects()  // kept by the host
    /// pager.dragMoved(by: dx, at: time, into: &effects)
    /// for effect in effects { host.apply(effect) }
    /// ```
    public mutating func dragMoved(by delta: Double, at time: Double, into effects: inout Effects) {
        effects.removeAll()
        guard case .dragging = phase, delta.isFinite else { return }
        note(time)
        // A single drag moves at most 2^40 spreads, so unwrapped indices never overflow.
        let limit = 1_099_511_627_776.0
        let spreads = -track.orientation.screenSign * delta / track.stride
        drag.translation = min(max(drag.translation + spreads, -limit), limit)
        drag.screenTotal += delta
        if time.isFinite { drag.tracker.add(time: time, value: drag.screenTotal) }
        if spreads != 0 { direction = spreads > 0 ? 1 : -1 }
        if !isEmpty { position = resisted(drag.origin.advanced(by: drag.translation)) }
        commitMotion(into: &effects)
    }

    /// The finger lifted at `time` seconds with `velocity` extent units per
    /// second along the screen axis (positive right or down); pass nil to
    /// use the pager's estimate from the recent ``dragMoved(by:at:)`` calls.
    ///
    /// The pager picks a target spread from the position and velocity (see
    /// ``Physics``) and starts a transition there, or settles at once when it
    /// is already exactly on it. Ignored outside a drag.
    public mutating func dragEnded(velocity: Double?, at time: Double) -> Effects {
        var out = Effects()
        dragEnded(velocity: velocity, at: time, into: &out)
        return out
    }

    /// ``dragEnded(velocity:at:)``, writing the effects into `effects`
    /// (emptied first), a buffer the host keeps from update to update.
    public mutating func dragEnded(velocity: Double?, at time: Double, into effects: inout Effects) {
        effects.removeAll()
        guard case .dragging = phase else { return }
        note(time)
        var v = velocity ?? drag.tracker.velocity
        if !v.isFinite { v = 0 }
        var update = Update()
        update.before.append(.dragEnded(velocity: v))
        phase = .idle
        guard !isEmpty else { return commit(update, into: &effects) }
        let spreadsPerSecond = -track.orientation.screenSign * v / track.stride
        let target = releaseTarget(velocity: spreadsPerSecond, fast: abs(v) >= physics.flickVelocity,
                                   start: currentSpread ?? 0)
        beginTransition(to: target, velocity: spreadsPerSecond, at: time, update: &update, releasing: true)
        commit(update, into: &effects)
    }

    /// Whether a drag is in progress.
    public var isDragging: Bool {
        if case .dragging = phase { return true }
        return false
    }

    /// The spread a release at `velocity` (spreads per second) goes to:
    /// one of the two spreads around the position (the one the velocity
    /// points to for a flick, else the nearest), at most `1` — or the
    /// policy's maximum — from `start`, the spread nearest the release.
    func releaseTarget(velocity v: Double, fast: Bool, start: Int) -> Int {
        if !track.loops {
            if position < Position(index: 0) { return 0 }
            if position > Position(index: lastSpread) { return lastSpread }
        }
        var target: Int
        if fast {
            target = v > 0 ? position.index &+ 1 : (position.isAligned ? position.index &- 1 : position.index)
        } else {
            target = position.nearestIndex
        }
        switch physics.snap {
        case .atMostOneSpread:
            target = min(max(target, start &- 1), start &+ 1)
        case .decelerating(let rate, let maximum):
            if fast {
                let travel = v / (1000 * -naturalLog(rate))
                let bound = Double(maximum) + 1
                let rest = Int((position.fraction + min(max(travel, -bound), bound)).rounded())
                let projected = position.index &+ rest
                target = v > 0 ? max(target, projected) : min(target, projected)
            }
            target = min(max(target, start &- maximum), start &+ maximum)
        }
        return clampToEnds(target)
    }

    /// The position shown for an unresisted position: past a finite track's
    /// ends the overshoot is compressed by the rubber band.
    @inline(__always)
    func resisted(_ raw: Position) -> Position { mapOvershoot(raw, inverse: false) }

    /// The inverse of ``resisted(_:)``: where the finger would be for a shown position.
    @inline(__always)
    func unresisted(_ shown: Position) -> Position { mapOvershoot(shown, inverse: true) }

    @inline(__always)
    private func mapOvershoot(_ p: Position, inverse: Bool) -> Position {
        guard !track.loops, !isEmpty else { return p }
        let band = physics.rubberBand, d = track.viewportExtent, s = track.stride
        func map(_ over: Double) -> Double {
            (inverse ? band.unresisted(over * s, dimension: d) : band.resisted(over * s, dimension: d)) / s
        }
        if p < Position(index: 0) { return Position(index: 0).advanced(by: -map(-p.distance(fromSpread: 0))) }
        if p > Position(index: lastSpread) {
            return Position(index: lastSpread).advanced(by: map(p.distance(fromSpread: lastSpread)))
        }
        return p
    }

    /// Records `time` as the latest time seen (times never run backwards).
    mutating func note(_ time: Double) {
        guard time.isFinite else { return }
        now = max(now ?? time, time)
    }
}
