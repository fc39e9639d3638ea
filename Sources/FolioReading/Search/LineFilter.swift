#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The scan behind `&pattern`: goes through a text line by line, a budget at
/// a time, and copies the lines its rules keep into a ``FilteredText``.
///
/// Lines are matched as ``TextSearch`` matches them: as drawn, escapes
/// (colours) and backspace overstrikes taken out, so `&ls` keeps a man
/// page's bold `l\bls\bs`; a line longer than ``TextSearch/maximumLine`` is
/// matched (and kept) in pieces of that size. A line passes when every rule
/// keeps it (``FilterRule``: a match for `&pattern`, none for `&!pattern`);
/// an empty match counts, so `&^$` keeps the empty lines.
///
/// On a stream the scan goes as far as the text has arrived and waits at a
/// line not finished yet (``canScan(_:)``), as a search does.
///
/// ```swift
/// var scan = try LineFilter(rules: [FilterRule("error"), FilterRule("retry", keepsMatches: false)])
/// let kept = FilteredText(source: text, rules: scan.rules)
/// while scan.canScan(text) { scan.scan(text, budget: 256 << 10, into: kept) }   // O(budget) a slice
/// ```
public struct LineFilter: CustomStringConvertible {
    /// The rules a line must all pass.
    public let rules: [FilterRule]
    /// The rules' patterns, compiled.
    private let patterns: [Pattern]
    /// How far the scan has reached in the source (a line start).
    public private(set) var scanned = 0
    /// Whether the whole source has been scanned.
    public private(set) var isComplete = false
    /// The source's size when the scan stopped at a line the source has not finished (a stream's).
    private var stalledAt: Int?

    /// A scan for `rules`, each pattern compiled with `caseSensitivity`.
    ///
    /// - Throws: the ``PatternError`` of the first pattern that does not compile.
    public init(rules: [FilterRule], caseSensitivity: Pattern.CaseSensitivity = .smart) throws(PatternError) {
        self.rules = rules
        var patterns: [Pattern] = []
        for rule in rules { patterns.append(try Pattern(rule.pattern, caseSensitivity: caseSensitivity)) }
        self.patterns = patterns
    }

    /// Scans about `budget` more bytes of `source` (as far as it has arrived), appending the
    /// lines kept to `kept`, and finishes `kept` once the whole source is scanned. Returns
    /// whether lines were kept or the scan completed. O(budget).
    @discardableResult
    public mutating func scan(_ source: some TextStorage, budget: Int, into kept: FilteredText) -> Bool {
        guard !isComplete else { return false }
        let before = kept.count
        var spent = 0
        while spent < max(1, budget) {
            let start = max(scanned, source.origin)  // a stream's bytes let go are scanned no more
            if start >= source.count {
                if source.isComplete { isComplete = true }
                break
            }
            let advanced = source.withWindow(start..<(start + min(max(budget - spent, 0), 1 << 20) + TextSearch.maximumLine)) { window in
                keepLines(in: window, into: kept)
            }
            if advanced == 0 {  // a stream's partial line: wait for the rest
                stalledAt = source.count
                break
            }
            stalledAt = nil
            scanned = start + advanced
            spent += advanced
        }
        kept.scanned(to: scanned)
        if isComplete { kept.finish() }
        return kept.count != before || isComplete
    }

    /// Whether ``scan(_:budget:into:)`` can go on now: not once complete, nor while it waits for
    /// a stream to arrive or to finish the line it stopped at.
    public func canScan(_ source: some TextStorage) -> Bool {
        !isComplete && (scanned < source.count || source.isComplete)
            && (stalledAt.map { source.count > $0 || source.isComplete } ?? true)
    }

    /// Ends the scan where it stands (it made no progress on a complete text: a bug the liveness
    /// tests look for), and `kept` with it.
    mutating func finish(_ kept: FilteredText) {
        isComplete = true
        kept.finish()
    }

    /// Whether `line` (its bytes, without the line break) passes every rule. `scratch` holds the
    /// line as drawn when it is not drawn as stored (``VisibleLine/isDrawnAsStored(_:softHyphens:)``).
    func keeps(_ line: UnsafeRawBufferPointer, softHyphens: Bool, scratch: inout VisibleLine) -> Bool {
        if VisibleLine.isDrawnAsStored(line, softHyphens: softHyphens) { return passes(line) }
        scratch.fill(from: line)
        return scratch.text.withUnsafeBytes { passes($0) }
    }

    /// Whether `visible` passes every rule.
    private func passes(_ visible: UnsafeRawBufferPointer) -> Bool {
        for (rule, pattern) in zip(rules, patterns) where (pattern.firstMatch(in: visible) != nil) != rule.keepsMatches {
            return false
        }
        return true
    }

    /// Goes through the whole lines of `window`, keeping those that pass; returns the bytes consumed.
    private func keepLines(in window: TextWindow, into kept: FilteredText) -> Int {
        let bytes = window.bytes
        var scratch = VisibleLine()
        let softHyphens = VisibleLine.holdsSoftHyphen(bytes)
        return window.forEachWholeLine(upTo: TextSearch.maximumLine) { line, hasBreak in
            guard keeps(UnsafeRawBufferPointer(rebasing: bytes[line]), softHyphens: softHyphens, scratch: &scratch) else { return }
            // A piece of a longer line gets a break of its own; the text's last line keeps none.
            let next = hasBreak ? line.upperBound + 1 : line.upperBound
            kept.keep(UnsafeRawBufferPointer(rebasing: bytes[line.lowerBound..<next]), from: window.base + line.lowerBound,
                      breaking: !hasBreak && !(window.isFinal && line.upperBound == bytes.count))
        }
    }

    /// `&error &!debug: scanned 4096 bytes`.
    public var description: String {
        rules.map(\.description).joined(separator: " ") + ": scanned \(scanned) bytes" + (isComplete ? " (complete)" : "")
    }
}
