import CPCRE2

/// A regular expression compiled by PCRE2's 8-bit library in UTF mode: the
/// reference the pattern target checks ``Pattern`` against.
///
/// Matching runs PCRE2's backtracking interpreter under a match limit
/// (100,000 calls of its internal match function per search) and a depth
/// limit (1,000 nested backtracking frames), so a pattern that backtracks
/// exponentially on the line, such as `(a|aa)*c` on a long run of `a`s,
/// ends as ``Outcome/limitReached`` rather than hanging the fuzzer.
///
/// Not `Sendable`: the match data it writes into is its own, one search at a time.
final class PCRE2Expression {
    /// What one search found.
    enum Outcome: Equatable {
        /// The first match, in bytes of the subject.
        case match(Range<Int>)
        /// No match from the start given.
        case none
        /// PCRE2 gave up: its match, depth or heap limit was reached.
        case limitReached
    }

    /// The expression as given to PCRE2.
    let source: String
    private let code: OpaquePointer
    private let matchData: OpaquePointer

    /// The limits every search runs under, shared (PCRE2 only reads a match context).
    nonisolated(unsafe) private static let limits: OpaquePointer = {
        let context = pcre2_match_context_create_8(nil)!
        pcre2_set_match_limit_8(context, 100_000)
        pcre2_set_depth_limit_8(context, 1_000)
        return context
    }()

    /// Compiles `source` with PCRE2's compile `options` (`PCRE2_UTF` is always added).
    ///
    /// - Throws: PCRE2's message and the offset it gives, when it refuses the expression.
    init(_ source: String, options: UInt32) throws(PCRE2Refusal) {
        self.source = source
        var errorCode: Int32 = 0
        var errorOffset = 0
        let bytes = Array(source.utf8)
        let compiled = bytes.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, options | PCRE2_UTF, &errorCode, &errorOffset, nil)
        }
        guard let compiled else { throw PCRE2Refusal(code: errorCode, offset: errorOffset) }
        code = compiled
        matchData = pcre2_match_data_create_from_pattern_8(compiled, nil)
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_code_free_8(code)
    }

    /// The first match in `subject` (valid UTF-8) starting at or after byte
    /// `start`, which must be a character boundary.
    ///
    /// Lookbehinds see the bytes before `start`, and `\A` matches only where
    /// the subject begins, as ``Pattern/firstMatch(in:from:)`` treats `^` and `\b`.
    func firstMatch(in subject: UnsafeRawBufferPointer, from start: Int) -> Outcome {
        // PCRE2 takes no null subject, even an empty one.
        let empty: UInt8 = 0
        let status = withUnsafePointer(to: empty) { emptyPointer in
            let base = subject.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? emptyPointer
            return pcre2_match_8(code, base, subject.count, start, 0, matchData, Self.limits)
        }
        switch status {
        case PCRE2_ERROR_NOMATCH:
            return .none
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT:
            return .limitReached
        case ..<0:
            require(false, "PCRE2 failed with error \(status) (\(Self.message(status))) searching \(source) from \(start)")
            return .none
        default:
            let offsets = pcre2_get_ovector_pointer_8(matchData)!
            return .match(offsets[0]..<offsets[1])
        }
    }

    /// PCRE2's text for an error code.
    static func message(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBufferPointer { pcre2_get_error_message_8(code, $0.baseAddress, $0.count) }
        return String(decoding: buffer.prefix(Int(max(count, 0))), as: UTF8.self)
    }
}

/// PCRE2's refusal of an expression: its error code, message and the byte offset it stopped at.
struct PCRE2Refusal: Error, CustomStringConvertible {
    let code: Int32
    let offset: Int

    /// PCRE2's message and where, e.g. `quantifier does not follow a repeatable item at byte 0`.
    var description: String { "\(PCRE2Expression.message(code)) at byte \(offset)" }
}
