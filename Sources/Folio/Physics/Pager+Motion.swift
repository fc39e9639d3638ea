extension Pager {
    /// Moves time forward to `time` seconds and advances any transition.
    ///
    /// Call once per frame while ``activity`` is `.settling`. A transition
    /// started without a time starts at the first tick after it. Times that
    /// run backwards or are not finite are ignored.
    public mutating func advance(to time: Double) -> Effects {
        var out = Effects()
        advance(to: time, into: &out)
        return out
    }

    /// ``advance(to:)``, writing the effects into `effects` (emptied first),
    /// a buffer the host keeps from frame to frame.
    public mutating func advance(to time: Double, into effects: inout Effects) {
        effects.removeAll()
        guard time.isFinite else { return }
        note(time)
        guard case .settling(var settle) = phase, let now else { return }
        var update = Update()
        let start = settle.startTime ?? now
        settle.startTime = start
        let t = now - start
        let (offset, velocity) = settle.curve.state(at: t, from: settle.startOffset, velocity: settle.startVelocity)
        let rest = physics.restingDistance
        let arrived = t >= settle.curve.timeLimit
            || (abs(offset) * track.stride <= rest && abs(velocity) * track.stride <= rest * 20)
        if arrived || !offset.isFinite {
            position = settle.end
            update.after.append(.transitionFinished(target: page(ofUnwrapped: clampToEnds(settle.landing)), completed: true))
            enterRest(&update)
        } else {
            position = settle.end.advanced(by: offset)
            settle.velocity = velocity
            phase = .settling(settle)
        }
        commit(update, into: &effects)
    }

    /// Shows the spread containing `page` (clamped into range), animated or at once.
    ///
    /// On a looping track the motion takes the short way round. An animated
    /// move further than one spread first jumps to the neighbour of the
    /// target, so the pages in between are never shown or configured. A
    /// move during a drag ends the drag. `time` is when the animation
    /// starts; nil starts it at the next ``advance(to:)``.
    public mutating func move(toPage page: Int, animated: Bool, at time: Double? = nil) -> Effects {
        guard !isEmpty else { return Effects() }
        let spread = track.spreadIndex(containing: Self.clamp(page, to: track))
        var target = spread
        if track.loops {
            let n = track.spreadCount
            let ahead = position.index &+ (spread - track.wrap(position.index))
            target = ahead
            for shift in -1...1 where abs(position.distance(fromSpread: ahead &+ shift &* n)) < abs(position.distance(fromSpread: target)) {
                target = ahead &+ shift &* n
            }
        }
        return go(to: target, animated: animated, at: time)
    }

    /// Turns `count` spreads (negative: back), from the target of a running
    /// transition if there is one, so quick repeated steps add up. Stops at
    /// the ends of a finite track; wraps on a loop.
    ///
    /// From a rest between two spreads (``move(to:animated:at:)``) a step keeps
    /// the fraction — a screen on from line 12 of a page is line 12 of the next
    /// — and stops at the last spread itself, fraction 0.
    public mutating func step(by count: Int, animated: Bool, at time: Double? = nil) -> Effects {
        guard let current = currentSpread else { return Effects() }
        var reference = Position(index: current)
        switch phase {
        case .settling(let settle): reference = settle.end
        case .idle: reference = position
        case .dragging: break
        }
        let (sum, overflow) = reference.index.addingReportingOverflow(count)
        if overflow { return go(to: count > 0 ? lastSpread : 0, animated: animated, at: time) }
        let end = Position(index: sum, fraction: reference.fraction)
        if !track.loops && end >= Position(index: lastSpread) { return go(to: lastSpread, animated: animated, at: time) }
        if !track.loops && end < Position(index: 0) { return go(to: 0, animated: animated, at: time) }
        return go(to: sum, fraction: reference.fraction, animated: animated, at: time)
    }

    /// Comes to rest at `position` — a spread, or anywhere between two, as a
    /// page area scrolled by lines rests — animated (the short way, a far move
    /// landing beside it first) or at once. A finite track's position is kept
    /// within its first and last spreads; a loop's goes round the short way.
    ///
    /// The current page at rest is the one nearest the position (as in a
    /// drag); events name it. `time` is when the animation starts; nil starts
    /// it at the next ``advance(to:)``.
    public mutating func move(to position: Position, animated: Bool, at time: Double? = nil) -> Effects {
        guard !isEmpty else { return Effects() }
        var end = position
        if track.loops {
            let n = track.spreadCount
            let ahead = self.position.index &+ (track.wrap(end.index) - track.wrap(self.position.index))
            var best = Position(index: ahead, fraction: end.fraction)
            for shift in -1...1 {
                let candidate = Position(index: ahead &+ shift &* n, fraction: end.fraction)
                if abs(candidate.distance(from: self.position)) < abs(best.distance(from: self.position)) { best = candidate }
            }
            end = best
        } else {
            end = min(max(end, Position(index: 0)), Position(index: lastSpread))
        }
        return go(to: end.index, fraction: end.fraction, animated: animated, at: time)
    }

    /// Shows the first page.
    public mutating func moveToFirst(animated: Bool, at time: Double? = nil) -> Effects {
        move(toPage: 0, animated: animated, at: time)
    }

    /// Shows the last page; does nothing on an unbounded track.
    public mutating func moveToLast(animated: Bool, at time: Double? = nil) -> Effects {
        guard track.pages.isBounded else { return Effects() }
        return move(toPage: track.pages.pages - 1, animated: animated, at: time)
    }

    /// Moves to unwrapped spread `target`, or `fraction` of the way past it.
    mutating func go(to target: Int, fraction: Double = 0, animated: Bool, at time: Double?) -> Effects {
        if let time { note(time) }
        var update = Update()
        let end = Position(index: target, fraction: fraction)
        switch phase {
        case .settling(let settle):
            if animated && settle.end == end { return Effects() }
            update.before.append(.transitionFinished(target: page(ofUnwrapped: clampToEnds(settle.landing)), completed: false))
        case .dragging:
            update.before.append(.dragEnded(velocity: 0))
        case .idle:
            if position == end { return Effects() }
        }
        let velocity: Double = if case .settling(let s) = phase { s.velocity } else { 0 }
        phase = .idle
        if end.index != position.index { direction = end > position ? 1 : -1 }  // prefetch follows jumps too
        if animated {
            let distance = end.distance(from: position)
            if abs(distance) > 1 {
                position = end.advanced(by: distance > 0 ? -1 : 1)
            }
        } else {
            position = end
        }
        beginTransition(to: end.index, fraction: end.fraction, velocity: velocity, at: time, update: &update, releasing: false)
        return commit(update)
    }

    /// Starts motion to `target` (and `fraction` past it) from the current position, or comes
    /// to rest at once when the position is already exactly there.
    mutating func beginTransition(to target: Int, fraction: Double = 0, velocity: Double, at time: Double?, update: inout Update,
                                  releasing: Bool) {
        let end = Position(index: target, fraction: fraction)
        let landing = page(ofUnwrapped: clampToEnds(end.nearestIndex))
        let offset = position.distance(from: end)
        if offset == 0 {
            if !releasing {
                // A jump: the transition completes within this update.
                update.before.append(.transitionBegan(target: landing))
                update.after.append(.transitionFinished(target: landing, completed: true))
            }
            enterRest(&update)
            return
        }
        var curve = physics.curve
        var startOffset = offset
        var startVelocity = velocity
        if releasing && abs(offset) > Double(slots.count) {
            // A fling further than the pool holds would configure every page it passes:
            // like a far move, it lands beside its target and glides the last spread,
            // so only the pages it ends on are configured.
            startOffset = offset > 0 ? 1 : -1
            position = end.advanced(by: startOffset)
            let omega = 24.0
            startVelocity = min(max(velocity, -omega), omega)
        } else if case .decelerating(let rate, _) = physics.snap, releasing, abs(offset) > 1.5 {
            curve = .deceleration(rate: rate)
        }
        if offset != 0 { direction = offset < 0 ? 1 : -1 }
        let start = time.flatMap { $0.isFinite ? $0 : nil }
        phase = .settling(Settle(target: end.index, targetFraction: end.fraction, startOffset: startOffset, startVelocity: startVelocity,
                                 startTime: start, curve: curve, velocity: startVelocity))
        update.before.append(.transitionBegan(target: landing))
    }

    /// Whether a transition is animating.
    public var isSettling: Bool {
        if case .settling = phase { return true }
        return false
    }
}
