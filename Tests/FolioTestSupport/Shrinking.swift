/// Shrinks a failing sequence of steps for a property test's report: steps are
/// dropped one at a time, then made simpler, for as long as the sequence
/// still fails.
///
/// ```swift
/// let shrunk = Shrinking.steps(steps, simpler: { $0.simpler }) { run($0) != nil }
/// ```
public enum Shrinking {
    /// The shortest, simplest sequence found from `steps` for which `fails` holds (`steps`
    /// itself must fail). `simpler` lists smaller variants of one step, in the order to try.
    public static func steps<Step>(_ steps: [Step], simpler: (Step) -> [Step], fails: ([Step]) -> Bool) -> [Step] {
        var current = steps
        var changed = true
        while changed {
            changed = false
            for index in current.indices.reversed() where current.count > 1 {
                var fewer = current
                fewer.remove(at: index)
                if fails(fewer) { current = fewer; changed = true; break }
            }
            if changed { continue }
            search: for index in current.indices {
                for smaller in simpler(current[index]) {
                    var candidate = current
                    candidate[index] = smaller
                    if fails(candidate) { current = candidate; changed = true; break search }
                }
            }
        }
        return current
    }
}
