/// One isolating run sequence (BD13) as ``BidiResolver`` resolves it: the
/// characters of level runs joined across isolates, with the classes the
/// weak, bracket and neutral rules (W1–N2) change in place.
///
/// Its buffers are kept from one sequence to the next, so a paragraph
/// allocates them once.
struct IsolatingRunSequence {
    /// The characters' indexes in the paragraph, in order.
    var indexes: [Int] = []
    /// Their classes, as the rules resolve them.
    var types: [BidiClass] = []
    /// The sequence's embedding level.
    var level: UInt8 = 0
    /// The class before the sequence (sos): L or R.
    var start: BidiClass = .leftToRight
    /// The class after the sequence (eos): L or R.
    var end: BidiClass = .leftToRight

    /// The direction of the sequence's embedding level, as a class: L or R.
    var embedding: BidiClass { level & 1 == 1 ? .rightToLeft : .leftToRight }

    // MARK: W1–W7

    /// W1–W7: marks, numbers and their separators and terminators.
    mutating func resolveWeakTypes() {
        let n = types.count
        // W1: a mark takes the class of the character before it (ON after an isolate's initiator or PDI).
        var previous = start
        for i in 0..<n {
            switch types[i] {
            case .nonspacingMark: types[i] = previous
            case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate, .popDirectionalIsolate: previous = .otherNeutral
            default: previous = types[i]
            }
        }
        // W2: a European number after an Arabic letter is an Arabic number. W3: an Arabic letter is R.
        var strong = start
        for i in 0..<n {
            switch types[i] {
            case .leftToRight, .rightToLeft: strong = types[i]
            case .arabicLetter:
                strong = .arabicLetter
                types[i] = .rightToLeft
            case .europeanNumber where strong == .arabicLetter: types[i] = .arabicNumber
            default: break
            }
        }
        // W4: one separator between two numbers of a kind joins them.
        if n >= 3 {
            for i in 1..<(n - 1) {
                let t = types[i]
                guard t == .europeanSeparator || t == .commonSeparator else { continue }
                let before = types[i - 1], after = types[i + 1]
                if before == .europeanNumber && after == .europeanNumber {
                    types[i] = .europeanNumber
                } else if t == .commonSeparator && before == .arabicNumber && after == .arabicNumber {
                    types[i] = .arabicNumber
                }
            }
        }
        // W5: terminators next to a European number are part of it.
        var i = 0
        while i < n {
            guard types[i] == .europeanTerminator else { i += 1; continue }
            var limit = i
            while limit < n && types[limit] == .europeanTerminator { limit += 1 }
            let before = i == 0 ? start : types[i - 1], after = limit == n ? end : types[limit]
            if before == .europeanNumber || after == .europeanNumber {
                for k in i..<limit { types[k] = .europeanNumber }
            }
            i = limit
        }
        // W6: other separators and terminators are neutral. W7: a European number after L is L.
        strong = start
        for i in 0..<n {
            switch types[i] {
            case .europeanSeparator, .europeanTerminator, .commonSeparator: types[i] = .otherNeutral
            case .leftToRight, .rightToLeft: strong = types[i]
            case .europeanNumber where strong == .leftToRight: types[i] = .leftToRight
            default: break
            }
        }
    }

    // MARK: N0

    /// N0: a pair of brackets takes the direction of the strong text inside
    /// it (the embedding's when both are), or of the text before it when only
    /// the opposite direction is inside. `brackets` and `classes` are the
    /// paragraph's, by character index.
    mutating func resolvePairedBrackets(brackets: [UInt32], classes: [BidiClass]) {
        let pairs = bracketPairs(brackets)
        guard !pairs.isEmpty else { return }
        let embedding = self.embedding
        for (opening, closing) in pairs {
            // The strong direction inside (numbers count as R): the embedding's, else the opposite, else none.
            var inside: BidiClass?
            for k in (opening + 1)..<closing {
                guard let direction = strongDirection(at: k) else { continue }
                inside = direction
                if direction == embedding { break }
            }
            guard var resolved = inside else { continue }
            if resolved != embedding {
                // Only the opposite inside: it stays when the text before the pair has that direction too.
                var before = start
                for k in stride(from: opening - 1, through: 0, by: -1) {
                    if let direction = strongDirection(at: k) {
                        before = direction
                        break
                    }
                }
                if before != resolved { resolved = embedding }
            }
            setBracket(at: opening, to: resolved, classes: classes)
            setBracket(at: closing, to: resolved, classes: classes)
        }
    }

    /// Gives the bracket at `k` its resolved class, and the marks after it too (W1 made them ON).
    private mutating func setBracket(at k: Int, to resolved: BidiClass, classes: [BidiClass]) {
        types[k] = resolved
        var mark = k + 1
        while mark < types.count && classes[indexes[mark]] == .nonspacingMark {
            types[mark] = resolved
            mark += 1
        }
    }

    /// The strong direction at `k` for N0: L, or R for R, AL and numbers; nil for others.
    private func strongDirection(at k: Int) -> BidiClass? {
        switch types[k] {
        case .leftToRight: .leftToRight
        case .rightToLeft, .arabicLetter, .europeanNumber, .arabicNumber: .rightToLeft
        default: nil
        }
    }

    /// BD16: the sequence's bracket pairs (positions in the sequence), in the
    /// order of their opening brackets. Only brackets whose class is still ON count.
    private func bracketPairs(_ brackets: [UInt32]) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var open: [(name: UInt32, at: Int)] = []
        for k in types.indices {
            let bracket = brackets[indexes[k]]
            guard bracket != 0, types[k] == .otherNeutral else { continue }
            if bracket & 1 << 31 == 0 {
                // An opening bracket; past 63 open, BD16 stops looking.
                guard open.count < 63 else { break }
                open.append((bracket, k))
            } else if let match = open.lastIndex(where: { $0.name == bracket & ~(1 << 31) }) {
                pairs.append((open[match].at, k))
                open.removeSubrange(match...)
            }
        }
        if pairs.count > 1 { pairs.sort { $0.0 < $1.0 } }
        return pairs
    }

    // MARK: N1, N2, I1, I2

    /// N1, N2: a run of neutrals between two characters of one direction
    /// takes it (numbers count as R); any other takes the embedding's.
    mutating func resolveNeutralTypes() {
        let n = types.count
        var i = 0
        while i < n {
            guard types[i].isNeutralOrIsolate else { i += 1; continue }
            var limit = i
            while limit < n && types[limit].isNeutralOrIsolate { limit += 1 }
            let before = i == 0 ? start : types[i - 1].directionForNeutrals
            let after = limit == n ? end : types[limit].directionForNeutrals
            let resolved = before == after ? before : embedding
            for k in i..<limit { types[k] = resolved }
            i = limit
        }
    }

    /// I1, I2: the level of the character at `k`, from the sequence's level and its resolved class.
    func implicitLevel(of k: Int) -> UInt8 {
        switch (level & 1, types[k]) {
        case (0, .rightToLeft): level + 1
        case (0, .arabicNumber), (0, .europeanNumber): level + 2
        case (1, .leftToRight), (1, .arabicNumber), (1, .europeanNumber): level + 1
        default: level
        }
    }
}

extension BidiClass {
    /// Whether N1 and N2 treat this class as neutral: B, S, WS, ON and the isolate formatting characters.
    fileprivate var isNeutralOrIsolate: Bool {
        switch self {
        case .paragraphSeparator, .segmentSeparator, .whitespace, .otherNeutral,
             .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate, .popDirectionalIsolate: true
        default: false
        }
    }

    /// The direction a strong or number class gives the neutrals next to it (N1): numbers count as R.
    fileprivate var directionForNeutrals: BidiClass {
        switch self {
        case .europeanNumber, .arabicNumber: .rightToLeft
        default: self
        }
    }
}
