/// One rule of a line filter, as `less`'s `&` takes it: a pattern, and whether
/// the lines it matches are the ones shown (`&pattern`) or the ones hidden
/// (`&!pattern`).
///
/// Rules stack: a filter shows the lines every one of its rules keeps, as
/// `less` (since 569) shows only the lines that pass all its `&` commands.
/// The pattern is a ``Pattern`` source, matched with the reader's case rule
/// (``ReadingOptions/caseSensitivity``) on each line as it is drawn —
/// escapes and overstrikes taken out, as ``TextSearch`` sees it.
///
/// ```swift
/// FilterRule(typed: "status=500")     // &status=500: only the lines with it
/// FilterRule(typed: "!DEBUG")          // &!DEBUG: every line but those
/// FilterRule(typed: "")                // nil: & then Enter shows every line again
/// ```
public struct FilterRule: Hashable, Sendable, CustomStringConvertible {
    /// The pattern, in ``Pattern``'s syntax.
    public var pattern: String
    /// Whether the lines that match are kept (`&pattern`), or the lines that do not (`&!pattern`).
    public var keepsMatches: Bool

    /// A rule for `pattern`: keeping the lines that match it, or with `keepsMatches` false the others.
    public init(_ pattern: String, keepsMatches: Bool = true) {
        self.pattern = pattern
        self.keepsMatches = keepsMatches
    }

    /// The rule typed after `&`: a first `!` keeps the lines that do not match what follows
    /// (`less`'s `!` or Ctrl-N modifier). Nil when no pattern is left — `&` then Enter, or `&!`
    /// then Enter — which `less` reads as the end of every filter.
    public init?(typed: String) {
        let dropsMatches = typed.first == "!"
        let pattern = dropsMatches ? String(typed.dropFirst()) : typed
        guard !pattern.isEmpty else { return nil }
        self.init(pattern, keepsMatches: !dropsMatches)
    }

    /// `&pattern`, or `&!pattern`: the rule as it is typed.
    public var description: String { "&" + (keepsMatches ? "" : "!") + pattern }
}
