extension Pattern {
    /// A parsed pattern: what the parser hands the compiler.
    ///
    /// Groups leave no trace (nothing is captured), so `(ab)` and `(?:ab)`
    /// parse alike.
    indirect enum Node: Equatable, Sendable {
        /// Matches the empty string: `()`, an empty alternative.
        case empty
        /// One literal scalar, matched by its exact bytes (or its case partner's).
        case scalar(Unicode.Scalar)
        /// `.`: any one character, ill-formed bytes included.
        case any
        /// A bracket expression or class escape: one character in the set.
        case set(ScalarSet)
        /// Each in turn.
        case concatenation([Node])
        /// The first that leads to a match, in order (leftmost-first).
        case alternation([Node])
        /// `min` to `max` (nil: unbounded) copies, as many as possible when greedy.
        case repetition(Node, min: Int, max: Int?, greedy: Bool)
        /// A zero-width test.
        case assertion(Assertion)

        /// The literal scalars this node is made of, if it is nothing else.
        var literalScalars: [Unicode.Scalar]? {
            switch self {
            case .empty: return []
            case .scalar(let s): return [s]
            case .concatenation(let parts):
                var all: [Unicode.Scalar] = []
                for part in parts {
                    guard let scalars = part.literalScalars else { return nil }
                    all += scalars
                }
                return all
            default: return nil
            }
        }

        /// The runs of literal scalars every match contains, in order
        /// (`e` and `ing` in `e[a-z]+ing\b`), some possibly empty.
        var requiredLiterals: [[Unicode.Scalar]] {
            var runs: [[Unicode.Scalar]] = []
            collectRequiredRuns(into: &runs)
            return runs
        }

        private func collectRequiredRuns(into runs: inout [[Unicode.Scalar]]) {
            switch self {
            case .scalar(let s): runs.append([s])
            case .concatenation(let parts):
                var run: [Unicode.Scalar] = []
                for part in parts {
                    if case .assertion = part { continue }  // zero-width: the scalars around it are adjacent
                    if let scalars = part.literalScalars { run += scalars; continue }
                    runs.append(run)
                    run = []
                    part.collectRequiredRuns(into: &runs)
                }
                runs.append(run)
            case .repetition(let body, let min, _, _) where min > 0: body.collectRequiredRuns(into: &runs)
            default: break
            }
        }

        /// The literal scalars every match begins with (possibly none).
        var literalPrefix: [Unicode.Scalar] {
            switch self {
            case .scalar(let s): return [s]
            case .concatenation(let parts):
                var all: [Unicode.Scalar] = []
                for part in parts {
                    if case .scalar(let s) = part { all.append(s); continue }
                    if case .assertion = part { continue }  // zero-width: the literal still starts the match
                    if let scalars = part.literalScalars { all += scalars; continue }
                    all += part.literalPrefix
                    break
                }
                return all
            case .repetition(let body, let min, _, _) where min > 0: return body.literalPrefix
            default: return []
            }
        }
    }

    /// A zero-width test at a position between two characters.
    enum Assertion: Equatable, Sendable {
        /// `^`: the start of the line.
        case lineStart
        /// `$`: the end of the line.
        case lineEnd
        /// `\b`: a word character on exactly one side.
        case wordBoundary
        /// `\B`: word characters on both sides or neither.
        case notWordBoundary
        /// `\<`: a word character after and none before.
        case wordStart
        /// `\>`: a word character before and none after.
        case wordEnd
    }
}
