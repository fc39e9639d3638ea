extension Pattern {
    /// One step of a compiled pattern, for the Pike VM in `Pattern+Matching.swift`.
    ///
    /// Consuming instructions test the character at the current position;
    /// the others move between instructions without consuming (Thompson's
    /// construction). Targets are instruction indices.
    enum Instruction: Equatable, Sendable {
        /// One literal scalar, by value; an ill-formed byte never matches.
        case scalar(UInt32)
        /// Any scalar whose simple case fold (``CaseFolding``) is this value:
        /// a literal letter in a pattern that ignores case.
        case foldedScalar(UInt32)
        /// Any character, ill-formed bytes included.
        case any
        /// A character in `Program.sets[index]`.
        case set(Int)
        /// Go on at both, the first preferred.
        case split(Int, Int)
        /// Go on at the target.
        case jump(Int)
        /// The end of a loop's body: back to `head` (the start of the loop)
        /// unless `head` was already reached at this position, which means
        /// the iteration matched nothing; then on to `exit`, as a
        /// backtracking engine stops a loop after an empty iteration.
        /// Greedy prefers another iteration, lazy prefers leaving.
        case loop(head: Int, exit: Int, greedy: Bool)
        /// Go on only if the assertion holds here.
        case assert(Assertion)
        /// A match ends here.
        case match
    }

    /// A compiled pattern: instructions, the sets they refer to, and what
    /// a search may skip.
    struct Program: Sendable {
        /// Compiled programs are refused beyond this many instructions ("pattern too large").
        static let maximumSize = 20_000

        var instructions: [Instruction] = []
        var sets: [ScalarSet] = []
        var ignoresCase: Bool

        /// Compiles `node`, folding case when `ignoresCase`.
        init(_ node: Node, ignoresCase: Bool) throws(PatternError) {
            self.ignoresCase = ignoresCase
            try emit(node)
            instructions.append(.match)
        }

        private mutating func append(_ instruction: Instruction) throws(PatternError) -> Int {
            guard instructions.count < Self.maximumSize else { throw .tooLarge }
            instructions.append(instruction)
            return instructions.count - 1
        }

        private mutating func emit(_ node: Node) throws(PatternError) {
            switch node {
            case .empty: break
            case .scalar(let s):
                if ignoresCase && CaseFolding.hasPartners(s.value) {
                    _ = try append(.foldedScalar(CaseFolding.folded(s.value)))
                } else {
                    _ = try append(.scalar(s.value))
                }
            case .any: _ = try append(.any)
            case .set(var set):
                if ignoresCase { set.foldCase() }
                sets.append(set)
                _ = try append(.set(sets.count - 1))
            case .assertion(let a): _ = try append(.assert(a))
            case .concatenation(let parts):
                for part in parts { try emit(part) }
            case .alternation(let branches):
                var jumps: [Int] = []
                for (i, branch) in branches.enumerated() {
                    if i < branches.count - 1 {
                        let split = try append(.split(0, 0))
                        try emit(branch)
                        jumps.append(try append(.jump(0)))
                        instructions[split] = .split(split + 1, instructions.count)
                    } else {
                        try emit(branch)
                    }
                }
                for j in jumps { instructions[j] = .jump(instructions.count) }
            case .repetition(let body, let min, let max, let greedy):
                try emitRepetition(body, min: min, max: max, greedy: greedy)
            }
        }

        private mutating func emitRepetition(_ body: Node, min: Int, max: Int?, greedy: Bool) throws(PatternError) {
            guard let max else {
                // x{m,}: m-1 copies, then x+ (or x* when m is 0).
                for _ in 0..<Swift.max(min - 1, 0) { try emit(body) }
                if min == 0 {
                    let head = try append(.split(0, 0))
                    try emit(body)
                    let end = try append(.loop(head: head, exit: 0, greedy: greedy))
                    instructions[end] = .loop(head: head, exit: end + 1, greedy: greedy)
                    instructions[head] = greedy ? .split(head + 1, end + 1) : .split(end + 1, head + 1)
                } else {
                    let head = instructions.count
                    try emit(body)
                    let end = try append(.loop(head: head, exit: 0, greedy: greedy))
                    instructions[end] = .loop(head: head, exit: end + 1, greedy: greedy)
                }
                return
            }
            for _ in 0..<min { try emit(body) }
            // x{m,n}: n-m nested optional copies, each leaving to the same end.
            var splits: [Int] = []
            for _ in min..<max {
                splits.append(try append(.split(0, 0)))
                try emit(body)
            }
            let end = instructions.count
            for s in splits { instructions[s] = greedy ? .split(s + 1, end) : .split(end, s + 1) }
        }
    }

    /// How a search finds the next place a match could start, skipping
    /// characters the program would only reject one by one.
    enum Prefilter: Sendable {
        /// Every position may start a match.
        case none
        /// Only the start of the line (every branch begins with `^`).
        case lineStart
        /// A match begins with this literal.
        case literal(LiteralSearcher)
        /// A match begins with one of these two bytes (equal if just one).
        case eitherByte(UInt8, UInt8)
        /// A match begins with one of these bytes (a 256-bit map).
        case bytes(ByteSet)

        /// Chooses the prefilter for `program`, compiled from `node`.
        init(_ program: Program, node: Node) {
            if Self.anchoredAtLineStart(program) { self = .lineStart; return }
            let prefix = node.literalPrefix
            if let searcher = LiteralSearcher(prefix, ignoresCase: program.ignoresCase), searcher.minimumLength > 1 {
                self = .literal(searcher)
                return
            }
            guard let first = Self.firstBytes(program) else { self = .none; return }
            if first.count <= 2 {
                let (a, b) = first.pair
                self = .eitherByte(a, b)
            } else {
                self = .bytes(first)
            }
        }

        /// Whether every path from the start meets `^` before consuming anything or matching.
        static func anchoredAtLineStart(_ program: Program) -> Bool {
            var seen = Set<Int>(), stack = [0]
            while let pc = stack.popLast() {
                guard seen.insert(pc).inserted else { continue }
                switch program.instructions[pc] {
                case .assert(.lineStart): continue
                case .assert: stack.append(pc + 1)
                case .split(let x, let y): stack += [x, y]
                case .jump(let x): stack.append(x)
                case .loop(let head, let exit, _): stack += [head, exit]
                default: return false
                }
            }
            return true
        }

        /// The bytes a match can begin with, or nil when a match may be
        /// empty or start with almost anything.
        static func firstBytes(_ program: Program) -> ByteSet? {
            var set = ByteSet()
            var seen = Set<Int>(), stack = [0]
            func add(_ v: UInt32) {
                var scalar = Unicode.Scalar(v)!.utf8.makeIterator()
                set.insert(scalar.next()!)
            }
            while let pc = stack.popLast() {
                guard seen.insert(pc).inserted else { continue }
                switch program.instructions[pc] {
                case .assert: stack.append(pc + 1)
                case .split(let x, let y): stack += [x, y]
                case .jump(let x): stack.append(x)
                case .loop(let head, let exit, _): stack += [head, exit]
                case .match, .any: return nil
                case .scalar(let v): add(v)
                case .foldedScalar(let f): CaseFolding.forEachMember(of: f) { add($0); return true }
                case .set(let i):
                    let s = program.sets[i]
                    for b in 0..<UInt8(0x80) where s.hasBit(b) != s.isNegated { set.insert(b) }
                    if s.mayMatchNonASCII { for b in UInt8(0x80)...0xFF { set.insert(b) } }
                }
            }
            return set.count > 200 ? nil : set
        }
    }

    /// A set of bytes as a 256-bit map.
    struct ByteSet: Sendable {
        private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        /// How many bytes are in the set.
        private(set) var count = 0

        /// Adds `b`.
        mutating func insert(_ b: UInt8) {
            guard !contains(b) else { return }
            let bit = UInt64(1) << UInt64(b & 63)
            switch b >> 6 {
            case 0: words.0 |= bit
            case 1: words.1 |= bit
            case 2: words.2 |= bit
            default: words.3 |= bit
            }
            count += 1
        }

        /// Whether `b` is in the set.
        @inline(__always)
        func contains(_ b: UInt8) -> Bool {
            let word: UInt64
            switch b >> 6 {
            case 0: word = words.0
            case 1: word = words.1
            case 2: word = words.2
            default: word = words.3
            }
            return word & (UInt64(1) << UInt64(b & 63)) != 0
        }

        /// The smallest and largest member (equal for one member), for a set of one or two.
        var pair: (UInt8, UInt8) {
            var low: UInt8?, high: UInt8 = 0
            for b in 0...255 where contains(UInt8(b)) {
                if low == nil { low = UInt8(b) }
                high = UInt8(b)
            }
            return (low ?? 0, high)
        }
    }
}
