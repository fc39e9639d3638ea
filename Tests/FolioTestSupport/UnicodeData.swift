import Foundation

/// The Unicode Character Database as Debian's unicode-data package installs
/// it (`Scripts/test` and `.ci/run` install the package), read by the tests
/// that check folio's generated tables and its text handling against
/// Unicode's own files, independently of the generators.
///
/// ```swift
/// for (range, value) in try UnicodeData.ranges("LineBreak.txt") where value == "HY" { … }
/// ```
public enum UnicodeData {
    /// Where the files are.
    public static let directory = "/usr/share/unicode"

    /// A data file that is not there, with what to install.
    public struct Missing: Error, CustomStringConvertible {
        /// The file's path.
        public let path: String
        /// `… is missing: install Debian's unicode-data package`.
        public var description: String { "\(path) is missing: install Debian's unicode-data package (Scripts/test does)" }
    }

    /// The lines of `file` (a path under ``directory``), comments included.
    public static func lines(_ file: String) throws -> [Substring] {
        let path = "\(directory)/\(file)"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw Missing(path: path) }
        return text.split(separator: "\n")
    }

    /// The records of `file`: each line's fields before its comment, split at
    /// `;` and trimmed of spaces; blank and comment-only lines left out.
    public static func records(_ file: String) throws -> [[Substring]] {
        try lines(file).compactMap { line in
            let content = line.prefix { $0 != "#" }
            guard content.contains(where: { $0 != " " }) else { return nil }
            return content.split(separator: ";", omittingEmptySubsequences: false).map(\.trimmedOfSpaces)
        }
    }

    /// The code point ranges of a property file (`0041..005A ; Lu`) with the
    /// value in their second field.
    public static func ranges(_ file: String) throws -> [(ClosedRange<UInt32>, String)] {
        try records(file).compactMap { fields in
            guard fields.count >= 2 else { return nil }
            let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
            guard let first = bounds.first, let last = bounds.last else { return nil }
            return (first...last, String(fields[1]))
        }
    }

    /// `U+00E9`: a code point as Unicode's files and charts write it, at least four digits.
    public static func codePoint(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The scalars of a space-separated list of hexadecimal code points (`0041 0301`).
    public static func scalars(_ codes: some StringProtocol) -> [Unicode.Scalar] {
        codes.split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
    }
}

extension Substring {
    /// The text without its leading and trailing spaces.
    var trimmedOfSpaces: Substring {
        guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " }) else { return "" }
        return self[first...last]
    }
}
