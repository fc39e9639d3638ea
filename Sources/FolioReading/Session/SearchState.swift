/// The reading session's search, as a machine of its own: the search being
/// run (its matches so far, scanned a slice at a time by ``BackgroundWork``)
/// and the last pattern typed, which `/` then Enter and `n` repeat.
///
/// ```swift
/// var search = SearchState()
/// switch search.start("error", backward: false) {
/// case .started: /* scan, then go to the first match */ break
/// case .failed(let message): print(message)
/// }
/// ```
struct SearchState: CustomStringConvertible {
    /// A pattern as typed, and its direction.
    struct Typed: Hashable, Sendable {
        /// The pattern's source.
        var source: String
        /// Whether it was typed after `?`.
        var backward: Bool
    }

    /// How starting a search went.
    enum Start: Hashable, Sendable {
        /// The search runs (its first slice scanned).
        case started
        /// Nothing was started, for this reason (in words for the status row).
        case failed(String)
    }

    /// Where the search is.
    enum Phase: Hashable, Sendable {
        /// No search has been run.
        case none
        /// The text is still being scanned.
        case scanning
        /// Every match is known.
        case complete
    }

    /// The search being run, if any (its scan is a task of ``BackgroundWork``).
    var current: TextSearch?
    /// The last pattern typed.
    private(set) var last: Typed?

    /// Where the search is.
    var phase: Phase {
        guard let current else { return .none }
        return current.isComplete ? .complete : .scanning
    }

    /// Starts a search for `source` (the last pattern when empty), `backward` or not, matching
    /// case as `caseSensitivity` says, and scans its first `firstSlice` bytes of `text`.
    mutating func start(_ source: String, backward: Bool, caseSensitivity: Pattern.CaseSensitivity = .smart,
                        in text: some TextStorage, firstSlice: Int) -> Start {
        var typed = source
        if typed.isEmpty {
            guard let last else { return .failed("No previous search") }
            typed = last.source
        }
        let pattern: Pattern
        do {
            pattern = try Pattern(typed, caseSensitivity: caseSensitivity)
        } catch {
            return .failed("Bad pattern: \(error)")
        }
        last = Typed(source: typed, backward: backward)
        var started = TextSearch(pattern: pattern, backward: backward)
        started.scan(text, budget: firstSlice)
        current = started
        return .started
    }

    /// Remembers `typed` as the last pattern (a session opened again keeps its reader's).
    mutating func remember(_ typed: Typed?) { last = typed }

    /// `/error: 12 matches in 4096 bytes`, or `no search`.
    var description: String { current.map { "\($0)" } ?? "no search" }
}
