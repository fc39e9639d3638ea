/// How a pager animates to its target spread after a release or a programmatic move.
///
/// Every curve is a pure function of the time since it started, so replaying
/// the same ticks gives the same positions.
public enum SettleCurve: Hashable, Sendable, CustomStringConvertible {
    /// A critically damped spring (no bounce) of angular frequency `omega`
    /// in radians per second; it carries the release velocity. The default,
    /// 24 rad/s (stiffness 576 at unit mass; Compose's pager uses 400),
    /// brings the last half of a 375-point page to rest in about 0.34 s and
    /// a whole page in 0.38 s.
    case spring(omega: Double)
    /// A cubic ease-out over `duration` seconds (0.25–0.35 s feels native);
    /// it ignores the release velocity.
    case easeOut(duration: Double)
    /// UIScrollView's deceleration: the offset shrinks by `rate` each
    /// millisecond (0 < rate < 1). Long flings under
    /// ``SnapPolicy/decelerating(rate:maximumSpreads:)`` use it.
    case deceleration(rate: Double)

    /// The default: a critically damped spring of 24 rad/s.
    public static let standard = SettleCurve.spring(omega: 24)

    /// The offset from the target and its velocity at time `t` ≥ 0 seconds,
    /// for a start offset `e0` (spreads) and start velocity `v0` (spreads per second).
    func state(at t: Double, from e0: Double, velocity v0: Double) -> (offset: Double, velocity: Double) {
        switch self {
        case .spring(let omega):
            let b = v0 + omega * e0
            let decay = exponential(-omega * t)
            return ((e0 + b * t) * decay, (b - omega * (e0 + b * t)) * decay)
        case .easeOut(let duration):
            guard t < duration else { return (0, 0) }
            let u = 1 - t / duration
            return (e0 * u * u * u, -3 * e0 * u * u / duration)
        case .deceleration(let rate):
            let k = 1000 * naturalLog(rate)
            let e = e0 * exponential(k * t)
            return (e, e * k)
        }
    }

    /// The longest a settle may run before it snaps to the target, in seconds.
    var timeLimit: Double {
        switch self {
        case .spring(let omega): 12 / omega
        case .easeOut(let duration): duration
        case .deceleration: 10
        }
    }

    var isValid: Bool {
        switch self {
        case .spring(let omega): omega.isFinite && omega > 0
        case .easeOut(let duration): duration.isFinite && duration > 0
        case .deceleration(let rate): rate > 0 && rate < 1
        }
    }

    /// A compact, readable form for logs and test failures.

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .spring(let omega): "spring(ω \(omega) rad/s)"
        case .easeOut(let duration): "ease-out(\(duration) s)"
        case .deceleration(let rate): "deceleration(\(rate)/ms)"
        }
    }
}

/// e^x without Foundation, accurate to a few ulps for the small negative
/// arguments a settle uses (range reduction by ln 2, then a Taylor series).
func exponential(_ x: Double) -> Double {
    if x < -700 { return 0 }
    if x > 700 { return .infinity }
    let ln2 = 0.693_147_180_559_945_3
    let k = (x / ln2).rounded()
    let r = x - k * ln2
    var term = 1.0
    var sum = 1.0
    for n in 1...20 {
        term *= r / Double(n)
        sum += term
    }
    return sum * power2(Int(k))
}

/// ln x for x > 0, without Foundation.
func naturalLog(_ x: Double) -> Double {
    precondition(x > 0 && x.isFinite, "naturalLog needs a positive finite argument")
    let e = x.exponent
    let m = x.significand  // in 1 ..< 2
    // ln m through atanh: ln m = 2·atanh((m − 1) / (m + 1)).
    let s = (m - 1) / (m + 1)
    let s2 = s * s
    var term = s
    var sum = 0.0
    var n = 1.0
    while abs(term / n) > 1e-18 {
        sum += term / n
        term *= s2
        n += 2
    }
    return 2 * sum + Double(e) * 0.693_147_180_559_945_3
}

private func power2(_ k: Int) -> Double {
    Double(sign: .plus, exponent: k, significand: 1)
}
