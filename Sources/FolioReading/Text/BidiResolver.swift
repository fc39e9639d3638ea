/// The working state of ``BidiParagraph``'s resolution: the rules of UAX #9
/// from P2 to I2 over one paragraph, in the order the algorithm gives them.
struct BidiResolver {
    /// The characters' classes, as given.
    let classes: [BidiClass]
    /// Each character's ``Bidi/pairedBracket(_:)``; empty when the text has no brackets.
    let brackets: [UInt32]
    /// The classes as the rules change them.
    var types: [BidiClass]
    /// The levels as the rules resolve them.
    var levels: [UInt8]
    /// The explicit levels (X1–X8), which every sequence's sos and eos come from.
    private var explicitLevels: [UInt8] = []
    /// The paragraph's embedding level: 0 or 1.
    let paragraphLevel: UInt8
    /// For each isolate initiator, the index of its matching PDI (BD9), or the
    /// text's length when it has none; empty when the text holds no isolate.
    let matchingPDI: [Int]
    /// For each PDI, whether it matches an isolate initiator; empty when the text holds no isolate.
    let isMatchedPDI: [Bool]

    /// The deepest embedding level (BD2).
    static let maximumDepth: UInt8 = 125

    init(classes: [BidiClass], brackets: [UInt32], direction: TextDirection?) {
        self.classes = classes
        self.brackets = brackets
        types = classes
        (matchingPDI, isMatchedPDI) = Self.matchIsolates(classes)
        paragraphLevel = direction?.level
            ?? Self.firstStrongLevel(classes, matchingPDI: matchingPDI, from: 0, to: classes.count) ?? 0
        levels = [UInt8](repeating: paragraphLevel, count: classes.count)
    }

    var direction: TextDirection { paragraphLevel == 1 ? .rightToLeft : .leftToRight }

    /// Runs every rule from X1 to I2, leaving the result in ``levels``.
    mutating func resolve() {
        guard !classes.isEmpty else { return }
        resolveExplicitLevels()
        explicitLevels = levels
        resolveIsolatingRunSequences()
        levelRemovedCharacters()
    }

    // MARK: P2, P3, BD9

    /// BD9: each isolate initiator's matching PDI, and which PDIs match one.
    static func matchIsolates(_ classes: [BidiClass]) -> ([Int], [Bool]) {
        guard classes.contains(where: { $0.isIsolateInitiator || $0 == .popDirectionalIsolate }) else { return ([], []) }
        var matching = [Int](repeating: classes.count, count: classes.count)
        var matched = [Bool](repeating: false, count: classes.count)
        var open: [Int] = []
        for (i, bidiClass) in classes.enumerated() {
            switch bidiClass {
            case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate:
                open.append(i)
            case .popDirectionalIsolate:
                if let initiator = open.popLast() {
                    matching[initiator] = i
                    matched[i] = true
                }
            case .paragraphSeparator:
                open.removeAll()
            default:
                break
            }
        }
        return (matching, matched)
    }

    /// P2, P3: the level of the first strong character in `start..<end`,
    /// skipping isolates (from an initiator to its matching PDI); nil when there is none.
    static func firstStrongLevel(_ classes: [BidiClass], matchingPDI: [Int], from start: Int, to end: Int) -> UInt8? {
        var i = start
        while i < end {
            switch classes[i] {
            case .leftToRight: return 0
            case .rightToLeft, .arabicLetter: return 1
            case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate: i = matchingPDI[i]
            case .paragraphSeparator: return nil
            default: break
            }
            i += 1
        }
        return nil
    }

    // MARK: X1–X8

    /// One entry of the directional status stack (X1).
    private struct Status {
        var level: UInt8
        /// The class an override gives every character, or nil outside overrides.
        var override: BidiClass?
        var isIsolate: Bool
    }

    /// X1–X8: the explicit levels of embeddings, overrides and isolates, and
    /// the classes overrides impose.
    private mutating func resolveExplicitLevels() {
        let n = classes.count
        let initial = Status(level: paragraphLevel, override: nil, isIsolate: false)
        var stack: [Status] = [initial]
        stack.reserveCapacity(Int(Self.maximumDepth) + 2)
        var overflowIsolates = 0, overflowEmbeddings = 0, validIsolates = 0
        for i in 0..<n {
            let bidiClass = classes[i]
            switch bidiClass {
            case .rightToLeftEmbedding, .leftToRightEmbedding, .rightToLeftOverride, .leftToRightOverride,
                 .rightToLeftIsolate, .leftToRightIsolate, .firstStrongIsolate:
                // X2–X5c
                let isIsolate = bidiClass.isIsolateInitiator
                let last = stack[stack.count - 1]
                let isRightToLeft: Bool
                switch bidiClass {
                case .rightToLeftEmbedding, .rightToLeftOverride, .rightToLeftIsolate: isRightToLeft = true
                case .firstStrongIsolate:
                    isRightToLeft = Self.firstStrongLevel(classes, matchingPDI: matchingPDI, from: i + 1, to: matchingPDI[i]) == 1
                default: isRightToLeft = false
                }
                levels[i] = last.level
                if isIsolate, let override = last.override { types[i] = override }
                let level = isRightToLeft ? (last.level + 1) | 1 : (last.level + 2) & ~1
                if level <= Self.maximumDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    if isIsolate { validIsolates += 1 }
                    let override: BidiClass? = bidiClass == .leftToRightOverride ? .leftToRight
                        : bidiClass == .rightToLeftOverride ? .rightToLeft : nil
                    stack.append(Status(level: level, override: override, isIsolate: isIsolate))
                } else if isIsolate {
                    overflowIsolates += 1
                } else if overflowIsolates == 0 {
                    overflowEmbeddings += 1
                }
            case .popDirectionalIsolate:
                // X6a
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                } else if validIsolates > 0 {
                    overflowEmbeddings = 0
                    while !stack[stack.count - 1].isIsolate { stack.removeLast() }
                    stack.removeLast()
                    validIsolates -= 1
                }
                let last = stack[stack.count - 1]
                levels[i] = last.level
                if let override = last.override { types[i] = override }
            case .popDirectionalFormat:
                // X7
                if overflowIsolates > 0 {
                } else if overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                } else if !stack[stack.count - 1].isIsolate && stack.count >= 2 {
                    stack.removeLast()
                }
                levels[i] = stack[stack.count - 1].level
            case .paragraphSeparator:
                // X8: the paragraph's end closes everything.
                levels[i] = paragraphLevel
                stack.removeAll(keepingCapacity: true)
                stack.append(initial)
                overflowIsolates = 0
                overflowEmbeddings = 0
                validIsolates = 0
            case .boundaryNeutral:
                levels[i] = stack[stack.count - 1].level
            default:
                // X6
                let last = stack[stack.count - 1]
                levels[i] = last.level
                if let override = last.override { types[i] = override }
            }
        }
    }

    // MARK: X9, X10

    /// X9, X10: the level runs of the characters X9 keeps, joined across
    /// isolates into isolating run sequences, each resolved by W1–I2.
    private mutating func resolveIsolatingRunSequences() {
        let n = classes.count
        // X9: the characters kept, and their level runs (ranges of `kept`).
        var kept: [Int] = []
        kept.reserveCapacity(n)
        for i in 0..<n where !classes[i].isRemovedByX9 { kept.append(i) }
        guard !kept.isEmpty else { return }
        var runs: [Range<Int>] = []
        var start = 0
        for k in 1..<kept.count where levels[kept[k]] != levels[kept[k - 1]] {
            runs.append(start..<k)
            start = k
        }
        runs.append(start..<kept.count)
        // The run each kept character is in, to find the run a matching PDI starts.
        var runOf: [Int] = []
        if !matchingPDI.isEmpty {
            runOf = [Int](repeating: 0, count: n)
            for (r, run) in runs.enumerated() {
                for k in run { runOf[kept[k]] = r }
            }
        }
        var sequence = IsolatingRunSequence()
        for run in runs {
            let first = kept[run.lowerBound]
            // A run starting with a matching PDI continues the sequence of its isolate's initiator.
            if !isMatchedPDI.isEmpty && isMatchedPDI[first] { continue }
            sequence.indexes.removeAll(keepingCapacity: true)
            var current = run
            while true {
                for k in current { sequence.indexes.append(kept[k]) }
                let last = kept[current.upperBound - 1]
                guard classes[last].isIsolateInitiator, matchingPDI[last] < n else { break }
                current = runs[runOf[matchingPDI[last]]]
            }
            resolve(&sequence)
        }
    }

    /// W1–I2 over one isolating run sequence, written back to ``types`` and ``levels``.
    private mutating func resolve(_ sequence: inout IsolatingRunSequence) {
        let n = classes.count
        let indexes = sequence.indexes
        let level = explicitLevels[indexes[0]]
        // sos and eos (X10): the higher of the sequence's level and its neighbour's, skipping removed characters.
        var before = indexes[0] - 1
        while before >= 0 && classes[before].isRemovedByX9 { before -= 1 }
        let levelBefore = before >= 0 ? explicitLevels[before] : paragraphLevel
        let last = indexes[indexes.count - 1]
        var levelAfter = paragraphLevel
        if !types[last].isIsolateInitiator {
            var after = last + 1
            while after < n && classes[after].isRemovedByX9 { after += 1 }
            if after < n { levelAfter = explicitLevels[after] }
        }
        sequence.level = level
        sequence.start = max(levelBefore, level) & 1 == 1 ? .rightToLeft : .leftToRight
        sequence.end = max(levelAfter, level) & 1 == 1 ? .rightToLeft : .leftToRight
        sequence.types.removeAll(keepingCapacity: true)
        for i in indexes { sequence.types.append(types[i]) }

        sequence.resolveWeakTypes()
        if !brackets.isEmpty { sequence.resolvePairedBrackets(brackets: brackets, classes: classes) }
        sequence.resolveNeutralTypes()
        for (k, i) in indexes.enumerated() {
            types[i] = sequence.types[k]
            levels[i] = sequence.implicitLevel(of: k)
        }
    }

    /// X9's removed characters take the level of the character before them
    /// (the paragraph's at the start), so reordering keeps them in place.
    private mutating func levelRemovedCharacters() {
        for i in classes.indices where classes[i].isRemovedByX9 {
            levels[i] = i == 0 ? paragraphLevel : levels[i - 1]
        }
    }
}
