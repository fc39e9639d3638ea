import Foundation

/// Real PDFs from Debian's documentation packages (Scripts/test installs them) and
/// poppler's tools, the references folio's PDF text and pages are checked against.
public enum PDFReferences {
    /// libtasn1's manual, 36 pages, with an outline (libtasn1-doc).
    public static let libtasn1 = "/usr/share/doc/libtasn1-doc/libtasn1.pdf"
    /// The Bash reference manual, 196 pages, with an outline and internal links (bash-doc).
    public static let bashReference = "/usr/share/doc/bash/bashref.pdf"

    /// Whether both are installed (Scripts/test installs them).
    public static var installed: Bool {
        [libtasn1, bashReference].allSatisfy { FileManager.default.fileExists(atPath: $0) }
    }

    /// Runs `tool` (found on PATH) with `arguments`; returns its standard output, throwing when it fails.
    @discardableResult
    public static func output(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ComicFixtures.ToolFailure(description: "\(tool) failed: \(said)") }
        return data
    }

    /// `pdftotext`'s text of `path`, a form feed after each page.
    public static func pdftotext(_ path: String) throws -> String {
        String(decoding: try output("pdftotext", [path, "-"]), as: UTF8.self)
    }

    /// Page `page` (1-based) of `path` drawn by `pdftoppm` at exactly `width` × `height`, as a PNG at `png`.
    public static func pdftoppm(_ path: String, page: Int, width: Int, height: Int, to png: String) throws {
        let stem = String(png.dropLast(4))
        try output("pdftoppm", ["-png", "-singlefile", "-f", "\(page)", "-l", "\(page)", "-scale-to-x", "\(width)",
                                "-scale-to-y", "\(height)", path, stem])
    }

    /// The mean difference of two pictures of one size, 0 (the same) … 1, by ImageMagick's `compare -metric MAE`.
    public static func meanDifference(_ a: String, _ b: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["compare", "-metric", "MAE", a, b, "null:"]
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // "1234.5 (0.0188)": the part in brackets is normalised.
        guard let open = said.firstIndex(of: "("), let close = said.firstIndex(of: ")"),
              let value = Double(said[said.index(after: open)..<close]) else {
            throw ComicFixtures.ToolFailure(description: "compare said: \(said)")
        }
        return value
    }

    /// The width and height of the picture at `path`, by ImageMagick's `identify`.
    public static func size(of path: String) throws -> (width: Int, height: Int) {
        let said = String(decoding: try output("identify", ["-format", "%w %h", path]), as: UTF8.self)
        let numbers = said.split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 2 else { throw ComicFixtures.ToolFailure(description: "identify said: \(said)") }
        return (numbers[0], numbers[1])
    }

    /// How many of `reference`'s letters `text` holds in the same order: the length of their longest
    /// common subsequence of letters, by the bit-parallel algorithm (Allison–Dix, Hyyrö), O(n·m/64).
    public static func lettersInOrder(of reference: String, in text: String) -> Int {
        let a = reference.unicodeScalars.filter { $0.properties.isAlphabetic }.map(\.value)
        let b = text.unicodeScalars.filter { $0.properties.isAlphabetic }.map(\.value)
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        let words = (a.count + 63) / 64
        var masks: [UInt32: [UInt64]] = [:]
        for (i, c) in a.enumerated() { masks[c, default: [UInt64](repeating: 0, count: words)][i / 64] |= 1 << UInt64(i % 64) }
        var v = [UInt64](repeating: ~0, count: words)
        let none = [UInt64](repeating: 0, count: words)
        for c in b {
            let m = masks[c] ?? none
            var carry: UInt64 = 0
            for w in 0..<words {
                let u = v[w] & m[w]
                let (sum1, o1) = v[w].addingReportingOverflow(u)
                let (sum, o2) = sum1.addingReportingOverflow(carry)
                carry = (o1 || o2) ? 1 : 0
                v[w] = sum | (v[w] - u)
            }
        }
        var ones = 0
        for w in 0..<words {
            let valid = w == words - 1 && a.count % 64 != 0 ? (UInt64(1) << UInt64(a.count % 64)) - 1 : ~UInt64(0)
            ones += (v[w] & valid).nonzeroBitCount
        }
        return a.count - ones
    }
}
