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

    /// Pattern text as a message quotes it: printable characters as typed;
    /// controls, format characters (bidi marks) and line breaks as the
    /// escape that would type them (`\x0C`, `\x{200F}`), so that the
    /// message stays one printable line.
    ///
    /// Escapes, not the control pictures of `shownOnOneLine` (which names
    /// from files get): the quoted text is pattern syntax, where `\x0C`
    /// types the form feed back and `␌` is a character of its own.
    static func quoted(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var text = ""
        for scalar in scalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += scalar.value < 0x100 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\x{\(hex)}"
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
