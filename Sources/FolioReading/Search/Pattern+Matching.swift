extension Pattern {
    /// The compiled form a ``Pattern`` shares between its copies: the
    /// program or literal, and the scratch space a search reuses.
    ///
    /// Immutable but for `scratch`, which a search overwrites; that is why a
    /// pattern is searched from one thread at a time (see ``Pattern``).
    final class Matcher: @unchecked Sendable {
        /// How a search runs.
        enum Engine {
            /// The whole pattern is a fixed string.
            case literal(LiteralSearcher)
            /// The Pike VM, with what it may skip, and a literal every match
            /// contains (a line without it is passed over at scanning speed).
            case program(Program, Prefilter, required: LiteralSearcher?)
        }

        // The engine's parts, unpacked once so that a search reads them in
        // place rather than copying the enum's payload on every call.
        private let literal: LiteralSearcher?
        private let program: Program?
        private let prefilter: Prefilter
        private let required: LiteralSearcher?
        /// The VM's thread lists and stack, sized for the program; nil for a literal.
        private let scratch: Scratch?

        init(_ engine: Engine) {
            switch engine {
            case .literal(let searcher):
                (literal, program, prefilter, required, scratch) = (searcher, nil, .none, nil, nil)
            case .program(let program, let prefilter, let required):
                (literal, self.program, self.prefilter, self.required) = (nil, program, prefilter, required)
                scratch = Scratch(size: program.instructions.count)
            }
        }

        /// Whether ``firstCandidate(in:)`` can pass over lines: the pattern is a plain string,
        /// or holds one every match contains.
        var findsCandidates: Bool { literal != nil || required != nil }

        /// Where the first line that may hold a match holds the literal every match has
        /// (the match itself, for a plain string), in `bytes` of many lines; nil for none.
        func firstCandidate(in bytes: UnsafeRawBufferPointer) -> Int? {
            (literal ?? required)?.find(in: bytes, from: 0)?.lowerBound
        }

        /// The leftmost-first match starting at or after `start`; from inside
        /// a character, at or after where that character ends.
        func firstMatch(in bytes: UnsafeRawBufferPointer, from start: Int) -> Range<Int>? {
            // Both engines begin between characters: the VM decodes from there, and
            // the empty needle, found wherever a search begins, must not be found inside one.
            let start = UTF8Scanner(bytes: bytes).characterBoundary(atOrAfter: start)
            if let literal {
                return literal.find(in: bytes, from: start)
            }
            if let required, required.find(in: bytes, from: start) == nil { return nil }
            guard let program, let scratch else { return nil }
            return program.instructions.withUnsafeBufferPointer { code in
                VM(code: code, sets: program.sets, ignoresCase: program.ignoresCase,
                   prefilter: prefilter, scratch: scratch, bytes: bytes).run(from: start)
            }
        }
    }

    /// Thread lists reused by every search of one pattern, allocated once.
    ///
    /// The lists are constants: a search copies them, which shares their
    /// memory, and keeps its own counts (every search starts them at zero),
    /// so nothing is written back and no exclusivity check runs per search.
    final class Scratch {
        let current: ThreadList
        let next: ThreadList
        /// Loops already left after an empty iteration at the current position.
        let leftEmpty: ThreadList
        let stack: UnsafeMutablePointer<Int>
        let stackCapacity: Int

        init(size: Int) {
            current = ThreadList(size: size)
            next = ThreadList(size: size)
            leftEmpty = ThreadList(size: size)
            // Each instruction is visited once per closure and pushes at most
            // two; a loop's exit is pushed once more when an empty iteration
            // comes back to it, and is popped straight away.
            stackCapacity = 3 * size + 2
            stack = .allocate(capacity: stackCapacity)
        }

        deinit {
            current.deallocate()
            next.deallocate()
            leftEmpty.deallocate()
            stack.deallocate()
        }
    }

    /// An ordered set of program counters, each with the position its
    /// thread's match started at (Briggs–Torczon sparse set: O(1) insert,
    /// membership and clear, no initialisation between uses).
    struct ThreadList {
        let pcs: UnsafeMutablePointer<Int>
        let starts: UnsafeMutablePointer<Int>
        let index: UnsafeMutablePointer<Int>
        var count = 0

        init(size: Int) {
            pcs = .allocate(capacity: size)
            starts = .allocate(capacity: size)
            index = .allocate(capacity: size)
            index.initialize(repeating: 0, count: size)
        }

        func deallocate() {
            pcs.deallocate()
            starts.deallocate()
            index.deallocate()
        }

        @inline(__always)
        func contains(_ pc: Int) -> Bool {
            let i = index[pc]
            return i < count && pcs[i] == pc
        }

        @inline(__always)
        mutating func insert(_ pc: Int, start: Int) {
            index[pc] = count
            pcs[count] = pc
            starts[count] = start
            count += 1
        }
    }

    /// What the assertions see at one position.
    struct Context {
        var atLineStart: Bool
        var atLineEnd: Bool
        var wordBefore: Bool
        var wordAfter: Bool

        @inline(__always)
        func holds(_ assertion: Assertion) -> Bool {
            switch assertion {
            case .lineStart: atLineStart
            case .lineEnd: atLineEnd
            case .wordBoundary: wordBefore != wordAfter
            case .notWordBoundary: wordBefore == wordAfter
            case .wordStart: !wordBefore && wordAfter
            case .wordEnd: wordBefore && !wordAfter
            }
        }
    }

    /// A Pike VM run over one line: every thread advances one character
    /// at a time in lockstep, so the cost is O(line length × program size)
    /// whatever the pattern, with no backtracking.
    ///
    /// Threads are kept in priority order, and a thread that reaches `match`
    /// cuts off every thread after it; the match reported is the one a
    /// backtracking engine (Perl, PCRE, Swift's `Regex`) would find first.
    struct VM {
        let code: UnsafeBufferPointer<Instruction>
        let sets: [ScalarSet]
        let ignoresCase: Bool
        let prefilter: Prefilter
        let scratch: Scratch
        let bytes: UnsafeRawBufferPointer

        /// A value no scalar has: the character is an ill-formed byte sequence.
        static let illFormed: UInt32 = 0x11_0000

        /// The character at `p` (< count): its value (or `illFormed`) and length in bytes.
        @inline(__always)
        func character(at p: Int) -> (UInt32, Int) {
            let b = bytes[p]
            if b < 0x80 { return (UInt32(b), 1) }
            let (scalar, length) = UTF8Scanner(bytes: bytes).scalar(at: p)
            if scalar.value == 0xFFFD && !(length == 3 && bytes[p] == 0xEF && bytes[p + 1] == 0xBF && bytes[p + 2] == 0xBD) {
                return (Self.illFormed, length)
            }
            return (scalar.value, length)
        }

        @inline(__always)
        static func isWord(_ v: UInt32) -> Bool {
            if v < 0x80 {
                let b = UInt8(v)
                return (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
            }
            return v != illFormed && CharacterClass.word.contains(v)
        }

        /// Whether the character ending just before `p` is a word character.
        func wordBefore(_ p: Int) -> Bool {
            guard p > 0 else { return false }
            if bytes[p - 1] < 0x80 { return Self.isWord(UInt32(bytes[p - 1])) }
            // Back up over continuation bytes to a lead byte that decodes to exactly here.
            var k = 2
            while k <= 4 && p - k >= 0 {
                let (v, length) = character(at: p - k)
                if length == k { return Self.isWord(v) }
                k += 1
            }
            return false
        }

        /// Whether `instruction` takes the character `c`, whose case fold is `folded`.
        @inline(__always)
        func consumes(_ instruction: Instruction, _ c: UInt32, folded: UInt32) -> Bool {
            switch instruction {
            case .scalar(let v): return c == v
            case .foldedScalar(let f): return folded == f
            case .any: return true
            case .set(let i): return sets[i].matches(c == Self.illFormed ? 0xFFFD : c, ignoringCase: ignoresCase)
            default: return false
            }
        }

        /// Adds the threads reachable from `pc` without consuming, in priority order.
        @inline(__always)
        func addClosure(_ list: inout ThreadList, _ leftEmpty: inout ThreadList, _ pc: Int, start: Int, _ context: Context) {
            let stack = scratch.stack
            var top = 0
            stack[0] = pc
            top = 1
            while top > 0 {
                top -= 1
                let pc = stack[top]
                if list.contains(pc) {
                    // Back at a loop's end without consuming: that iteration
                    // was empty, so the loop ends here, at this priority.
                    // The exit may be an enclosing loop's end, whose own
                    // iteration was then empty too: hence push it even if
                    // seen, once per loop and position.
                    if case .loop(_, let exit, _) = code[pc], !leftEmpty.contains(pc) {
                        leftEmpty.insert(pc, start: start)
                        stack[top] = exit
                        top += 1
                    }
                    continue
                }
                list.insert(pc, start: start)
                switch code[pc] {
                case .split(let x, let y):
                    stack[top] = y
                    stack[top + 1] = x
                    top += 2
                case .jump(let x):
                    stack[top] = x
                    top += 1
                case .loop(let head, let exit, let greedy):
                    if list.contains(head) {
                        stack[top] = exit
                        top += 1
                    } else {
                        stack[top] = greedy ? exit : head
                        stack[top + 1] = greedy ? head : exit
                        top += 2
                    }
                case .assert(let assertion):
                    if context.holds(assertion) {
                        stack[top] = pc + 1
                        top += 1
                    }
                default: break
                }
            }
        }

        /// Where a match could next start, at or after `p`.
        @inline(__always)
        func nextCandidate(from p: Int) -> Int? {
            switch prefilter {
            case .none: return p
            case .lineStart: return p == 0 ? 0 : nil
            case .literal(let searcher): return searcher.find(in: bytes, from: p)?.lowerBound
            case .eitherByte(let a, let b):
                guard let base = bytes.baseAddress else { return nil }
                return ByteScan.first(a, b, in: base, from: p, to: bytes.count)
            case .bytes(let set):
                var i = p
                while i < bytes.count {
                    if set.contains(bytes[i]) { return i }
                    i += 1
                }
                return nil
            }
        }

        /// The leftmost-first match at or after `start`, which lies between characters.
        func run(from start: Int) -> Range<Int>? {
            let count = bytes.count
            guard start <= count else { return nil }
            var p = start
            var current = scratch.current, next = scratch.next, leftEmpty = scratch.leftEmpty
            next.count = 0
            var matched: Range<Int>? = nil
            var wordBefore = self.wordBefore(p)
            while true {
                if next.count == 0 && matched == nil {
                    guard let q = nextCandidate(from: p) else { return nil }
                    if q != p { p = q; wordBefore = self.wordBefore(p) }
                }
                let (c, length) = p < count ? character(at: p) : (0, 0)
                let folded = ignoresCase ? CaseFolding.folded(c) : c
                let context = Context(atLineStart: p == 0, atLineEnd: p == count,
                                      wordBefore: wordBefore, wordAfter: p < count && Self.isWord(c))
                current.count = 0
                leftEmpty.count = 0
                for i in 0..<next.count { addClosure(&current, &leftEmpty, next.pcs[i], start: next.starts[i], context) }
                if matched == nil { addClosure(&current, &leftEmpty, 0, start: p, context) }
                next.count = 0
                for i in 0..<current.count {
                    let instruction = code[current.pcs[i]]
                    if case .match = instruction {
                        matched = current.starts[i]..<p
                        break  // lower-priority threads lose to this match
                    }
                    if p < count && consumes(instruction, c, folded: folded) && !next.contains(current.pcs[i] + 1) {
                        next.insert(current.pcs[i] + 1, start: current.starts[i])
                    }
                }
                if p >= count || (next.count == 0 && matched != nil) { return matched }
                p += length
                wordBefore = context.wordAfter
            }
        }
    }
}
