import Foundation

/// A large real text made at run time from files every Debian-like system
/// has: the common licences (prose) and Unicode's NamesList.txt (names and
/// characters from every script), repeated up to the size asked for.
/// Never committed; `Benchmarks/reader-vs-peers.py` makes the same text.
public enum RealText {
    /// The files the text is made of, in order; missing ones are skipped.
    public static let sources: [String] = {
        let licences = "/usr/share/common-licenses"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: licences)) ?? []
        return names.sorted().map { "\(licences)/\($0)" } + ["/usr/share/unicode/NamesList.txt"]
    }()

    /// About `byteCount` bytes of real text (cut at a line end), or nil when no source file can be read.
    public static func make(byteCount: Int) -> [UInt8]? {
        let parts = sources.compactMap { FileManager.default.contents(atPath: $0) }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return nil }
        var text: [UInt8] = []
        text.reserveCapacity(byteCount + (parts.map(\.count).max() ?? 0))
        while text.count < byteCount {
            for part in parts where text.count < byteCount { text.append(contentsOf: part) }
        }
        text.removeSubrange(byteCount...)
        while let last = text.last, last != 0x0A { text.removeLast() }
        return text
    }
}
