import Foundation
import Testing
import FolioTestSupport
@testable import FolioEPUB

/// Every text node of every spine document reaches the display text
/// exactly once, in order, compared with a reference extraction done
/// independently (Python's zipfile and html.parser, in
/// Fixtures/reference-text.py).
@Suite(.needs(.liveManual, .packagingGuide)) struct LosslessTests {
    static let books = [
        RealBooks.liveManual, RealBooks.liveManualFolder + "/live-manual.ja.epub", RealBooks.packagingGuide, RealBooks.folioGuide,
    ]

    @Test(arguments: books)
    func everyTextNodeReachesTheDisplayTextOnceInOrder(_ path: String) throws {
        let book = try RealBooks.open(path)
        let hrefs = book.spine.map(\.href)
        let script = try String(contentsOf: RealBooks.fixtures.appendingPathComponent("reference-text.py"), encoding: .utf8)
        let json = try runPython(script, arguments: [path] + hrefs)
        let reference = try JSONDecoder().decode([String: [String]].self, from: Data(json.utf8))
        var checkedNodes = 0
        for (k, href) in hrefs.enumerated() {
            let nodes = try #require(reference[href], "no reference for \(href)")
            let rendered = book.render(spineItem: k)
            let problems = Lossless.problems(reference: nodes, rendered: rendered.string)
            #expect(problems.isEmpty, "\(path) \(href): \(problems.prefix(3))")
            checkedNodes += nodes.filter { !Lossless.normalize($0).isEmpty }.count
        }
        #expect(checkedNodes > 20, "the comparison saw \(checkedNodes) text nodes")
    }

    /// The comparison itself can fail: a dropped, a repeated and an
    /// out-of-order node are each reported; decorations are not.
    @Test func theComparisonCatchesLossDuplicationAndDisorder() {
        let nodes = ["One", "two", "three"]
        #expect(Lossless.problems(reference: nodes, rendered: "• One\n\n1. two [three]\n\n[image: x]\n\n───").isEmpty)
        #expect(!Lossless.problems(reference: nodes, rendered: "One two").isEmpty, "lost")
        #expect(!Lossless.problems(reference: nodes, rendered: "One two two three").isEmpty, "repeated")
        #expect(!Lossless.problems(reference: nodes, rendered: "One three two").isEmpty, "out of order")
        #expect(!Lossless.problems(reference: nodes, rendered: "One two three four").isEmpty, "invented")
    }
}

enum Lossless {
    /// White space (any, no-break included) collapsed to single spaces, ends trimmed.
    static func normalize(_ s: some StringProtocol) -> String {
        s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// What is wrong with `rendered` (display text) as a rendering of the
    /// text nodes `reference`: empty when each node appears once, in order,
    /// with only the renderer's own decorations between them.
    static func problems(reference: [String], rendered: String) -> [String] {
        let display = normalize(removingImagePlaceholders(stripSGR(rendered)))
        var problems: [String] = []
        var cursor = display.startIndex
        var gaps: [Substring] = []
        for node in reference.map({ normalize($0) }) where !node.isEmpty {
            guard let found = display.range(of: node, range: cursor..<display.endIndex) else {
                let context = display[cursor...].prefix(80)
                problems.append("node \"\(node.prefix(80))\" not found after \"\(context)\"")
                continue
            }
            gaps.append(display[cursor..<found.lowerBound])
            cursor = found.upperBound
        }
        gaps.append(display[cursor...])
        for gap in gaps {
            let extra = gap.split(separator: " ").filter { !isDecoration($0) }
            if !extra.isEmpty { problems.append("text no node accounts for: \"\(extra.joined(separator: " ").prefix(80))\"") }
        }
        return problems
    }

    /// List markers, quote bars, rules, table bars and note brackets.
    static func isDecoration(_ token: Substring) -> Bool {
        if token.allSatisfy({ "•│─[]".contains($0) }) { return true }
        return token.count >= 2 && token.last == "." && token.dropLast().allSatisfy(\.isNumber)
    }

    static func removingImagePlaceholders(_ s: String) -> String {
        var out = ""
        var rest = Substring(s)
        while let start = rest.range(of: "[image: ") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "]") else { return out }
            out += " "
            rest = rest[rest.index(after: end)...]
        }
        return out + rest
    }
}
