/// The ordered effects of one ``MenuStrip`` input, at most four, stored
/// inline so that following a pager never touches the heap.
///
/// Compare with an array literal in tests:
///
/// ```swift
/// #expect(strip.select(2) == [.selectionChanged(from: 0, to: 2), .moveUnderline(to: frame), .showPage(12)])
/// ```
public struct MenuEffects: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    /// The most effects one input returns: one of each ``MenuEffect`` case.
    public static let capacity = 4

    private static let filler = MenuEffect.showPage(0)
    private var first = filler, second = filler, third = filler, fourth = filler
    private var stored = 0

    /// No effects.
    public init() {}

    /// The given effects, in order; at most ``capacity`` of them.
    public init(arrayLiteral elements: MenuEffect...) {
        for element in elements { append(element) }
    }

    /// Always 0.
    public var startIndex: Int { 0 }
    /// The number of effects, 0 … ``capacity``.
    public var endIndex: Int { stored }

    /// The effect at `position`, in 0 ..< `count`.
    public subscript(position: Int) -> MenuEffect {
        precondition(position >= 0 && position < stored, "menu effect index \(position) is outside 0..<\(stored)")
        switch position {
        case 0: return first
        case 1: return second
        case 2: return third
        default: return fourth
        }
    }

    /// Appends `effect`; a fifth effect is a programming error.
    mutating func append(_ effect: MenuEffect) {
        precondition(stored < Self.capacity, "an input returns at most \(Self.capacity) menu effects")
        switch stored {
        case 0: first = effect
        case 1: second = effect
        case 2: third = effect
        default: fourth = effect
        }
        stored += 1
    }

    /// Whether both hold the same effects in the same order.
    public static func == (lhs: MenuEffects, rhs: MenuEffects) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// Hashes the effects in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(stored)
        for effect in self { hasher.combine(effect) }
    }

    /// A compact, readable form for logs and test failures, e.g. `[select 0→2, scroll 14]`.
    public var description: String { "[" + map(\.description).joined(separator: ", ") + "]" }
}
