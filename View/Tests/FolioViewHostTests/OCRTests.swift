import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import Testing

/// The window read back by OCR (tesseract with its Japanese data, which Scripts/test-view
/// installs): a page of Japanese with a line of English is drawn, saved, and read; most of the
/// characters tesseract reads are the text's, in order. Boxes, or glyphs out of place, read as
/// nothing like it.
@MainActor
@Suite(.serialized) struct OCRTests {
    static let text = """
        吾輩は猫である。名前はまだ無い。
        どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。
        吾輩はここで始めて人間というものを見た。
        I Am a Cat, a novel of 1905.

        """

    /// The longest common subsequence of `a` and `b`, in characters. O(|a|·|b|).
    static func commonInOrder(_ a: [Character], _ b: [Character]) -> Int {
        var previous = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var current = [0]
            for (j, y) in b.enumerated() { current.append(x == y ? previous[j] + 1 : max(previous[j + 1], current[j])) }
            previous = current
        }
        return previous[b.count]
    }

    /// What tesseract (`tool`) reads in the picture at `path`, given `arguments` (its languages).
    static func read(_ path: String, with tool: String, arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [path, "stdout"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let read = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return read
    }

    @Test func japaneseReadsBackAsItsText() throws {
        let tesseract = ["/usr/bin/tesseract", "/usr/local/bin/tesseract"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let tool = try #require(tesseract, "no tesseract (Scripts/test-view installs tesseract-ocr and tesseract-ocr-jpn)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-ocr-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("neko.txt").path
        try Self.text.write(toFile: path, atomically: true, encoding: .utf8)

        let size = PixelSize(width: 1000, height: 600)
        let rig = Rig(size: size)
        let viewer = try BookViewer(screen: rig.screen, path: path, transition: .none, forget: true,
                                    options: ReadingOptions(spread: .single, scrollsText: false), at: rig.now)
        rig.settle(viewer)
        let frame = rig.look(viewer)
        let shown = rig.screen.size
        let picture = dir.appendingPathComponent("page.png").path
        try Golden.save(frame, size: shown, to: picture)

        let read = try Self.read(picture, with: tool, arguments: ["-l", "jpn+eng"])

        let expected = Array(Self.text.filter { !$0.isWhitespace }), got = Array(read.filter { !$0.isWhitespace })
        let common = Self.commonInOrder(expected, got)
        // Most of the text read, in order, and little read that is not there.
        #expect(common * 100 >= expected.count * 80, "OCR read \(common) of \(expected.count) characters in order:\n\(read)")
        #expect(got.count <= expected.count * 13 / 10, "OCR read \(got.count) characters for \(expected.count):\n\(read)")
    }
}
