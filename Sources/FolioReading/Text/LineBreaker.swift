/// Where a line may break, read one character at a time: the pair rule of
/// ``LineBreakClass/allowsBreak(between:and:)`` and the state it cannot see.
///
/// - A combining mark takes its base's class (UAX #14's LB9): reading one
///   changes nothing, and no line breaks before it; after a space or a
///   zero-width space it counts as a letter (LB10).
/// - Hyphens that begin a word keep what follows them: no break in `-v` or
///   `--verbose` after a space or at a line's start (UAX #14's LB20.1 of
///   Unicode 15.1, widened from one hyphen to a run of them, so that a man
///   page's options stay whole).
/// - After a space or tab, and at a line's start, the breaker allows nothing:
///   the layout breaks after a space or tab itself, whatever follows it.
///
/// The layout asks ``allowsBreak(before:)`` before each character and then
/// ``read(_:)``s it; its ASCII fast paths read a word's first character and
/// then ``readRest(endingWith:)``. O(1) a character, no allocation.
struct LineBreaker: Equatable, Sendable {
    /// The class of the last character read (a mark's base's); ``LineBreakClass/space``
    /// at a line's start and after a space or tab.
    private(set) var previous = LineBreakClass.space
    /// Whether every character since the last space (or the line's start) is a hyphen.
    private var hyphensOpenWord = false

    /// A breaker at a line's start.
    init() {}

    /// The breaker after the printable ASCII `bytes[start..<end]` (spaces
    /// included) at the start of a line: what reading them one by one gives.
    init(afterASCII bytes: UnsafeRawBufferPointer, lineStart start: Int, end: Int) {
        guard end > start else { return }
        let last = bytes[end - 1]
        previous = LineBreakClass.ascii(last)
        hyphensOpenWord = last == 0x2D && Self.hyphensBeginWord(bytes, lineStart: start, endingAt: end - 1)
    }

    /// Whether a line may break before a character of class `next`.
    func allowsBreak(before next: LineBreakClass) -> Bool {
        if previous == .space { return false }  // the layout broke after the space
        if previous == .hyphen && hyphensOpenWord { return false }
        return LineBreakClass.allowsBreak(between: previous, and: next)
    }

    /// Moves past a character of class `next`.
    mutating func read(_ next: LineBreakClass) {
        if next == .combining {
            // A mark after a space or zero-width space stands for a letter (UAX #14's LB10).
            if previous == .space || previous == .zeroWidthSpace { readRest(endingWith: .other) }
            return
        }
        hyphensOpenWord = next == .hyphen
            && (previous == .space || previous == .zeroWidthSpace || (previous == .hyphen && hyphensOpenWord))
        previous = next
    }

    /// Moves past a space or a tab.
    mutating func readSpace() {
        previous = .space
        hyphensOpenWord = false
    }

    /// Moves past the rest of a word after its first character: characters
    /// among which no line breaks, none of them a combining mark, the last of class `last`.
    mutating func readRest(endingWith last: LineBreakClass) {
        previous = last
        hyphensOpenWord = false
    }

    /// The last place in `start + 1 ... end` where a line of printable ASCII
    /// `bytes[start..<end]` (spaces included) may break, before `bytes[end]`
    /// at most (`end` < `bytes.count`); nil if there is none. Reading backward
    /// from `end` sixteen bytes a step for a space, hyphen or bar, it finds
    /// what the breaker would, at no cost per byte before it.
    static func lastASCIIBreak(in bytes: UnsafeRawBufferPointer, lineStart start: Int, end: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let spaces = SIMD16<UInt8>(repeating: 0x20), hyphens = SIMD16<UInt8>(repeating: 0x2D)
        let bars = SIMD16<UInt8>(repeating: 0x7C)
        var p = end  // bytes[start..<p] are still to look at, last first
        while p &- start >= 16 {
            // The sixteen bytes before p, one 0xFF byte in (low, high) for each space, hyphen or bar.
            let block = base.loadUnaligned(fromByteOffset: p &- 16, as: SIMD16<UInt8>.self)
            var (low, high) = unsafeBitCast((block .== spaces) .| (block .== hyphens) .| (block .== bars),
                                            to: (UInt64, UInt64).self)
            while low | high != 0 {
                let lane = high != 0 ? 15 &- high.leadingZeroBitCount &>> 3 : 7 &- low.leadingZeroBitCount &>> 3
                let i = p &- 16 &+ lane
                if bytes[i] == 0x20 || breaksAfter(bytes, at: i, lineStart: start) { return i &+ 1 }
                if lane >= 8 { high &= ~(0xFF << UInt64((lane &- 8) &* 8)) } else { low &= ~(0xFF << UInt64(lane &* 8)) }
            }
            p &-= 16
        }
        while p > start {
            let i = p &- 1
            let before = base.load(fromByteOffset: i, as: UInt8.self)
            if before == 0x20 || ((before == 0x2D || before == 0x7C) && breaksAfter(bytes, at: i, lineStart: start)) { return p }
            p = i
        }
        return nil
    }

    /// Whether a line of printable ASCII may break after the hyphen or bar at `bytes[i]`.
    private static func breaksAfter(_ bytes: UnsafeRawBufferPointer, at i: Int, lineStart start: Int) -> Bool {
        LineBreakClass.allowsBreak(between: .ascii(bytes[i]), and: .ascii(bytes[i + 1]))
            && (bytes[i] == 0x7C || !hyphensBeginWord(bytes, lineStart: start, endingAt: i))
    }

    /// Whether the hyphen at `bytes[last]` ends a run of hyphens that begins
    /// a word: after a space, or at the line's start.
    private static func hyphensBeginWord(_ bytes: UnsafeRawBufferPointer, lineStart start: Int, endingAt last: Int) -> Bool {
        var k = last
        while k > start && bytes[k - 1] == 0x2D { k -= 1 }
        return k == start || bytes[k - 1] == 0x20
    }
}
