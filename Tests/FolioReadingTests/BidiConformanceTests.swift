import Foundation
import Testing
@testable import FolioReading

/// The bidirectional algorithm's data checked against Unicode's own files
/// (Debian's unicode-data package puts them in /usr/share/unicode).
@Suite struct BidiConformanceTests {
    static let ucd = "/usr/share/unicode"

    /// Every code point's class is the one DerivedBidiClass.txt gives it
    /// (read here on its own: its @missing defaults, then its listed ranges),
    /// and every mirrored pair of BidiMirroring.txt is drawn mirrored.
    @Test func everyCodePointHasItsBidiClassAndMirror() throws {
        var expected = [BidiClass](repeating: .leftToRight, count: 0x110000)
        let names = Dictionary(uniqueKeysWithValues: BidiClass.allCases.map { ($0.description, $0) })
        let long: [String: String] = ["Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL",
                                      "European_Terminator": "ET", "Boundary_Neutral": "BN"]
        let derived = try String(decoding: Self.contents(of: "extracted/DerivedBidiClass.txt"), as: UTF8.self)
        func assign(_ field: Substring, _ name: String) throws {
            let bounds = field.split(separator: ".").compactMap { UInt32($0.filter { !$0.isWhitespace }, radix: 16) }
            guard let first = bounds.first, let last = bounds.last, let bidiClass = names[long[name] ?? name] else {
                throw Problem("DerivedBidiClass.txt: cannot read \(field); \(name)")
            }
            for v in first...last { expected[Int(v)] = bidiClass }
        }
        let lines = derived.split(separator: "\n")
        for line in lines where line.hasPrefix("# @missing:") {
            let fields = line.dropFirst(11).split(separator: ";")
            try assign(fields[0], fields[1].trimmingCharacters(in: " "))
        }
        for line in lines where !line.hasPrefix("#") {
            let fields = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].split(separator: ";")
            guard fields.count >= 2 else { continue }
            try assign(fields[0], fields[1].trimmingCharacters(in: " "))
        }
        var wrong: [String] = []
        for v in 0..<0x110000 {
            guard let scalar = Unicode.Scalar(UInt32(v)) else { continue }
            let found = BidiClass(of: scalar)
            if found != expected[v] && wrong.count < 10 { wrong.append("U+\(String(v, radix: 16, uppercase: true)): \(found), not \(expected[v])") }
        }
        #expect(wrong.isEmpty, "\(wrong)")

        var mirrors = 0
        for line in try String(decoding: Self.contents(of: "BidiMirroring.txt"), as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].split(separator: ";")
            guard fields.count >= 2, let a = UInt32(fields[0].trimmingCharacters(in: " "), radix: 16),
                  let b = UInt32(fields[1].trimmingCharacters(in: " "), radix: 16) else { continue }
            #expect(Bidi.mirrored(Unicode.Scalar(a)!) == Unicode.Scalar(b), "U+\(String(a, radix: 16))")
            mirrors += 1
        }
        #expect(mirrors > 400)
        #expect(Bidi.mirrored("a") == nil)
    }

    // MARK: Parsing

    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func contents(of name: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: "\(ucd)/\(name)") else {
            throw Problem("\(ucd)/\(name) is missing: install Debian's unicode-data package (.ci/run does)")
        }
        return [UInt8](data)
    }
}
