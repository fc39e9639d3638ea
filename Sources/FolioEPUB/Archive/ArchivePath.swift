/// Resolving the references a book makes (`../images/a.png#x`) to the names
/// of its archive entries (`OEBPS/images/a.png`).
///
/// A path is only ever a key into the archive: `..` above the root stays at
/// the root and a leading `/` means the root, so no reference can name
/// anything outside the book.
enum ArchivePath {
    /// A reference split into where it points.
    enum Target: Hashable, Sendable {
        /// An entry of the book (`path`, resolved) and an optional fragment.
        case entry(path: String, fragment: String?)
        /// Anything with a URL scheme (`https:`, `mailto:`, …).
        case external(String)
    }

    /// The folder of `path`: `OEBPS/text` for `OEBPS/text/ch1.xhtml`, `` for `ch1.xhtml`.
    static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// Resolves `reference` (as written in a document in `base`'s folder).
    /// An empty path part (`#note1`) points into `base` itself.
    static func resolve(_ reference: String, from base: String) -> Target {
        if let plain = plainJoin(reference, base) { return .entry(path: plain, fragment: nil) }
        // The other common reference, a table of contents' own: a plain path and a plain fragment (`ch2.xhtml#sec-3`).
        if let hash = reference.utf8.firstIndex(of: UInt8(ascii: "#")) {
            let fragment = reference[reference.index(after: hash)...]
            let path = String(reference[..<hash])
            if fragment.utf8.allSatisfy(isPlainFragmentByte), let joined = path.isEmpty ? base : plainJoin(path, base) {
                return .entry(path: joined, fragment: fragment.isEmpty ? nil : String(fragment))
            }
        }
        return resolveCarefully(reference, from: base)
    }

    /// Whether `byte` is one a fragment resolves to as it is: ASCII letters, digits, `-`, `_`, `.`, `~`.
    private static func isPlainFragmentByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// `reference` joined to `base`'s folder when it is a plain relative path —
    /// ASCII letters, digits, `-`, `_`, `~`, `.` and `/`, no empty, `.` or
    /// `..` segment — which is what ``resolveCarefully(_:from:)`` makes of
    /// it, without its string work (a book names hundreds of such paths).
    static func plainJoin(_ reference: String, _ base: String) -> String? {
        guard isPlainRelative(reference) else { return nil }
        let folder = directory(of: base)
        guard folder.isEmpty || isPlainRelative(folder) else { return nil }
        return folder.isEmpty ? reference : folder + "/" + reference
    }

    /// Whether `path` is ASCII letters, digits, `-`, `_`, `~`, `.` and `/` in
    /// segments none of which is empty or only dots.
    static func isPlainRelative(_ path: String) -> Bool {
        var segmentLength = 0, segmentDots = 0
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                guard segmentLength > 0, segmentDots < segmentLength else { return false }
                segmentLength = 0
                segmentDots = 0
            case UInt8(ascii: "."):
                segmentLength += 1
                segmentDots += 1
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                segmentLength += 1
            default:
                return false
            }
        }
        return segmentLength > 0 && segmentDots < segmentLength
    }

    /// ``resolve(_:from:)`` for any reference: schemes, fragments, queries, escapes, dot segments.
    static func resolveCarefully(_ reference: String, from base: String) -> Target {
        let trimmed = reference.trimmingWhitespace
        if hasScheme(trimmed) { return .external(trimmed) }
        var pathPart = Substring(trimmed)
        var fragment: String?
        if let hash = pathPart.firstIndex(of: "#") {
            fragment = percentDecoded(pathPart[pathPart.index(after: hash)...])
            pathPart = pathPart[..<hash]
        }
        if let query = pathPart.firstIndex(of: "?") { pathPart = pathPart[..<query] }
        if pathPart.isEmpty { return .entry(path: base, fragment: fragment.flatMap { $0.isEmpty ? nil : $0 }) }
        let decoded = percentDecoded(pathPart)
        let joined = decoded.hasPrefix("/") ? decoded : directory(of: base) + "/" + decoded
        return .entry(path: normalize(joined), fragment: fragment.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Just the path of `reference` resolved from `base`, or nil if it is external.
    static func resolvePath(_ reference: String, from base: String) -> String? {
        if case .entry(let path, _) = resolve(reference, from: base) { path } else { nil }
    }

    /// `a/./b/../c` → `a/c`; empty segments and `..` above the root vanish.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(segment)
            }
        }
        return parts.joined(separator: "/")
    }

    /// Whether `s` starts with a URL scheme (`letter (letter|digit|+|-|.)* :`).
    static func hasScheme(_ s: String) -> Bool {
        guard let colon = s.firstIndex(of: ":"), colon != s.startIndex else { return false }
        let scheme = s[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter else { return false }
        return scheme.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
    }

    /// `%20` → space; malformed escapes stay as written; the result is valid UTF-8.
    static func percentDecoded(_ s: Substring) -> String {
        guard s.utf8.contains(UInt8(ascii: "%")) else { return String(s) }
        var bytes: [UInt8] = []
        let utf8 = Array(s.utf8)
        var k = 0
        while k < utf8.count {
            if utf8[k] == UInt8(ascii: "%"), k + 2 < utf8.count, let h = hex(utf8[k + 1]), let l = hex(utf8[k + 2]) {
                bytes.append(h << 4 | l)
                k += 3
            } else {
                bytes.append(utf8[k])
                k += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

