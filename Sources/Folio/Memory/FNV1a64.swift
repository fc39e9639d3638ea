/// A running 64-bit FNV-1a hash: stable across runs, platforms and Swift
/// versions, unlike `Hashable.hashValue`, which is seeded per process.
///
/// Feed bytes as they arrive (standard input read in chunks hashes the same
/// as the whole input at once) and read ``value`` at any time. Not a
/// cryptographic hash: it names documents and files, it does not protect them.
///
/// ```swift
/// var hash = FNV1a64()
/// hash.combine("foo".utf8)
/// hash.combine("bar".utf8)
/// hash.value   // 0x85944171f73967e8, the published FNV-1a 64 of "foobar"
/// ```
///
/// Cost: O(1) per byte, no allocation.
public struct FNV1a64: Hashable, Sendable, CustomStringConvertible {
    /// The value of the hash over no bytes (FNV's 64-bit offset basis).
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The 64-bit FNV prime, 2^40 + 2^8 + 0xb3.
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of every byte combined so far.
    public private(set) var value: UInt64 = FNV1a64.offsetBasis
    /// How many bytes have been combined, ≥ 0.
    public private(set) var byteCount = 0

    /// A hash over no bytes.
    public init() {}

    /// The hash of `bytes` in one call. Cost: O(bytes).
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hasher = FNV1a64()
        hasher.combine(bytes)
        return hasher.value
    }

    /// Adds one byte. Cost: O(1).
    public mutating func combine(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
        byteCount += 1
    }

    /// Adds `bytes` in order. Cost: O(bytes); a few instructions a byte when
    /// they are contiguous (an array, a slice of one, a buffer).
    public mutating func combine(_ bytes: some Sequence<UInt8>) {
        // Called from another module the sequence is generic: element by element
        // through its iterator costs hundreds of instructions a byte.
        let contiguous: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            var value = self.value
            for byte in buffer { value = (value ^ UInt64(byte)) &* Self.prime }
            self.value = value
            byteCount += buffer.count
        }
        guard contiguous == nil else { return }
        for byte in bytes { combine(byte) }
    }

    /// The value as 16 lowercase hexadecimal digits, zero-padded (safe in a file name).
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A compact, readable form for logs and test failures.
    public var description: String { "fnv1a64 \(hex) over \(byteCount) bytes" }
}
