/// A position store that keeps positions in a dictionary: for tests, previews
/// and hosts that persist positions their own way.
///
/// ```swift
/// var store = InMemoryPositionStore()
/// store.save(ReadingPosition(anchor: 640, page: 3, pageCount: 90), for: id)
/// store.load(for: id)   // byte 640 (page 3 of 90)
/// ```
///
/// Cost: O(1) expected per load or save (a dictionary access).
public struct InMemoryPositionStore: PositionStore, Hashable, Sendable, CustomStringConvertible {
    /// A save never fails.
    public typealias Failure = Never

    /// Every kept position, by document.
    public private(set) var positions: [DocumentIdentity: ReadingPosition]

    /// A store holding `positions` (none by default).
    public init(positions: [DocumentIdentity: ReadingPosition] = [:]) {
        self.positions = positions
    }

    /// The position kept for `identity`, or `nil`.
    public func load(for identity: DocumentIdentity) -> ReadingPosition? {
        positions[identity]
    }

    /// Keeps `position` for `identity`, replacing the one kept before.
    public mutating func save(_ position: ReadingPosition, for identity: DocumentIdentity) {
        positions[identity] = position
    }

    /// A compact, readable form for logs and test failures.
    public var description: String {
        "InMemoryPositionStore(\(positions.count) document\(positions.count == 1 ? "" : "s"))"
    }
}
