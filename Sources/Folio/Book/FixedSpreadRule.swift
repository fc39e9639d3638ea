/// A ``SpreadRule`` that always picks the same mode, whatever the viewport.
///
/// ```swift
/// try book.resize(&pager, width: 80, height: 24, rule: .always(.onePage))
/// ```
public struct FixedSpreadRule: SpreadRule, Hashable, CustomStringConvertible {
    /// The mode picked for every viewport.
    public let fixedMode: SpreadMode

    /// A rule that always picks `mode`.
    public init(_ mode: SpreadMode) {
        fixedMode = mode
    }

    /// ``fixedMode``, ignoring the viewport. O(1).
    public func mode(width: Double, height: Double, axis: Axis) -> SpreadMode { fixedMode }

    /// A compact, readable form for logs and test failures.
    public var description: String { "always \(fixedMode)" }
}
