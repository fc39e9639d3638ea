import CHyphen
import FolioReading
import Synchronization

/// A language's hyphenation patterns from Debian's `hyphen-*` packages
/// (`/usr/share/hyphen/hyph_en_US.dic`, …), read by libhyphen: where a
/// book's words break at a line's end (``FolioReading/Hyphenator``).
///
/// A word breaks no nearer its start than two letters, nor its end than three,
/// as most typesetters set English; breaks that change a word's letters (old
/// German spelling) are not used. A dictionary is read once per process and
/// only read after, so one is shared by every layout on any thread.
public final class HyphenDictionary: Hyphenator, @unchecked Sendable {
    /// Where Debian's hyphen-* packages put their dictionaries.
    public static let folder = "/usr/share/hyphen/"
    /// The fewest letters before and after a break.
    public static let lettersBefore: Int32 = 2, lettersAfter: Int32 = 3

    /// The dictionary file read.
    public let path: String
    private let dictionary: UnsafeMutablePointer<HyphenDict>
    /// Whether the patterns are UTF-8 (Debian's are); an older 8-bit dictionary hyphenates ASCII words only.
    private let isUTF8: Bool

    private init?(path: String) {
        guard let dictionary = hnj_hyphen_load(path) else { return nil }
        self.path = path
        self.dictionary = dictionary
        isUTF8 = dictionary.pointee.utf8 != 0
    }

    deinit { hnj_hyphen_free(dictionary) }

    /// The dictionaries already read (nil: none for that language), by language tag.
    private static let read = Mutex<[String: HyphenDictionary?]>([:])

    /// The installed dictionary for `language` (a BCP 47 tag: `en`, `en-GB`, `de-CH`): the one for its
    /// region, else its language's own, else the first of its language's regions (`en` finds
    /// `hyph_en_US.dic`); nil when none is installed.
    public static func forLanguage(_ language: String, in folder: String = folder) -> HyphenDictionary? {
        let key = folder + "|" + language
        if let known = read.withLock({ $0[key] }) { return known }
        let parts = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let primary = parts.first?.lowercased(), !primary.isEmpty, primary.allSatisfy({ $0.isLetter }) else { return nil }
        var names: [String] = []
        if let region = parts.dropFirst().first(where: { $0.count == 2 }) { names.append("hyph_\(primary)_\(region.uppercased()).dic") }
        names.append("hyph_\(primary).dic")
        let installed = PhotoList.paths(in: folder).map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        names += installed.filter { $0.hasPrefix("hyph_\(primary)_") && $0.hasSuffix(".dic") }.sorted()
        var found: HyphenDictionary?
        for name in names {
            if let dictionary = HyphenDictionary(path: folder + name) {
                found = dictionary
                break
            }
        }
        read.withLock { $0[key] = .some(found) }
        return found
    }

    /// Where `word` may break, by the patterns: after how many of its letters, ascending.
    public func breaks(in word: [Unicode.Scalar]) -> [Int] {
        // The patterns are of lower-case letters: a letter whose lower case is more than one letter is not hyphenated.
        var lower = ""
        for scalar in word {
            guard isUTF8 || scalar.isASCII else { return [] }
            let mapped = scalar.properties.lowercaseMapping.unicodeScalars
            guard mapped.count == 1, let only = mapped.first else { return [] }
            lower.unicodeScalars.append(only)
        }
        var utf8 = Array(lower.utf8)
        let size = utf8.count
        guard word.count > 1, size < 1024 else { return [] }
        var hyphens = [CChar](repeating: 0, count: size + 5)
        utf8.append(0)
        let failed = utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { folio_hyphen_points(dictionary, $0.baseAddress, Int32(size), &hyphens, Self.lettersBefore, Self.lettersAfter) }
        }
        guard failed == 0 else { return [] }
        // libhyphen answers per character for a UTF-8 dictionary, per byte for an 8-bit one, which is asked only about ASCII.
        var breaks: [Int] = []
        for count in 1..<word.count where hyphens[count - 1] & 1 == 1 { breaks.append(count) }
        return breaks
    }
}
