/// A small seeded random number generator (SplitMix64), so random test
/// inputs replay exactly from their seed.
public struct SplitMix: RandomNumberGenerator, Sendable {
    /// The generator's state; the seed to begin with.
    public var state: UInt64

    /// Starts the sequence at `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0 ..< bound (bound > 0).
    public mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
