/// The feel of a pager: flick threshold, snapping, settle curve and rubber band.
///
/// ```swift
/// var physics = Physics()
/// physics.flickVelocity = 40      // columns per second, for a terminal
/// physics.snap = .normalDeceleration
/// ```
public struct Physics: Hashable, Sendable, CustomStringConvertible {
    /// A release at least this fast (extent units per second, > 0) turns
    /// toward the velocity; slower releases go to the nearest spread.
    /// Default 300, Apple's iAd scroll view in points; a terminal host
    /// measuring columns wants a smaller figure.
    public var flickVelocity: Double = 300
    /// How far a release may carry the pager.
    public var snap: SnapPolicy = .atMostOneSpread
    /// The settle animation.
    public var curve: SettleCurve = .standard
    /// The resistance past the ends of a finite, non-looping track.
    public var rubberBand = RubberBand()
    /// How far a settle may still be from its target, in extent units, to
    /// count as arrived (default 0.5, under a pixel at any scale).
    public var restingDistance: Double = 0.5

    /// The default physics.
    public init() {}

    func validate() throws(ConfigurationError) {
        guard flickVelocity.isFinite, flickVelocity > 0 else {
            throw .invalidPhysics(name: "flickVelocity", value: flickVelocity)
        }
        guard snap.isValid else {
            if case .decelerating(let rate, let maximum) = snap, rate > 0, rate < 1 {
                throw .invalidPhysics(name: "maximumSpreads", value: Double(maximum))
            }
            if case .decelerating(let rate, _) = snap { throw .invalidPhysics(name: "rate", value: rate) }
            return
        }
        guard curve.isValid else { throw .invalidPhysics(name: "curve", value: 0) }
        let c = rubberBand.coefficient
        guard c.isFinite, c > 0 else { throw .invalidPhysics(name: "rubber band coefficient", value: c) }
        guard restingDistance.isFinite, restingDistance > 0 else {
            throw .invalidPhysics(name: "restingDistance", value: restingDistance)
        }
    }

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String {
        "Physics(flick \(flickVelocity)/s, \(snap), \(curve), \(rubberBand))"
    }
}
