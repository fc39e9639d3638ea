/// Estimates a drag's velocity from its recent samples, for hosts whose
/// input gives positions but no velocity (terminals, raw pointer events).
///
/// Keeps the last eight samples in fixed storage (no allocation) and fits
/// the ones from the last 0.1 s.
struct VelocityTracker: Sendable {
    private var times = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    private var values = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    private var count = 0
    private var next = 0

    /// The window of samples used, in seconds.
    static let window = 0.1

    mutating func reset() { count = 0; next = 0 }

    /// Records the total translation `value` (extent units) at `time` (seconds).
    mutating func add(time: Double, value: Double) {
        withUnsafeMutableBytes(of: &times) { $0.storeBytes(of: time, toByteOffset: next * 8, as: Double.self) }
        withUnsafeMutableBytes(of: &values) { $0.storeBytes(of: value, toByteOffset: next * 8, as: Double.self) }
        next = (next + 1) % 8
        count = min(count + 1, 8)
    }

    /// The velocity in extent units per second at the newest sample (0 with fewer than two).
    var velocity: Double {
        guard count >= 2 else { return 0 }
        let newest = (next + 7) % 8
        let t1 = sample(times, newest)
        let v1 = sample(values, newest)
        var oldest = newest
        for back in 1..<count {
            let i = (newest + 8 - back) % 8
            guard t1 - sample(times, i) <= Self.window else { break }
            oldest = i
        }
        let dt = t1 - sample(times, oldest)
        guard dt > 0 else { return 0 }
        return (v1 - sample(values, oldest)) / dt
    }

    private func sample(_ tuple: (Double, Double, Double, Double, Double, Double, Double, Double), _ i: Int) -> Double {
        withUnsafeBytes(of: tuple) { $0.load(fromByteOffset: i * 8, as: Double.self) }
    }
}
