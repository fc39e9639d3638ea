/// Why a search pattern was refused, in words a reader can act on.
///
/// The message names the offending piece and, where there is one, the
/// column it starts at: 1-based, counted in Unicode scalars of the pattern
/// as typed (so `é` is one column).
///
/// ```swift
/// do { _ = try Pattern("ab(c") } catch {
///     print(error)  // unmatched ( at column 3
/// }
/// ```
public struct PatternError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, without the position: "unmatched (", "pattern too large".
    public let problem: String

    /// The 1-based column (in Unicode scalars) of the piece at fault, or nil
    /// when the fault is the pattern as a whole (too large once compiled).
    public let column: Int?

    /// A refusal of `problem`, found at `column` (1-based), if any.
    public init(_ problem: String, column: Int? = nil) {
        self.problem = problem
        self.column = column
    }

    /// The message to show: the problem, then "at column N" when there is one.
    public var description: String {
        guard let column else { return problem }
        return "\(problem) at column \(column)"
    }

    /// The pattern compiles to more instructions than the matcher allows.
    static let tooLarge = PatternError("pattern too large")
}
