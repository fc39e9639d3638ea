import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import FolioViewTestSupport
import Testing

/// A book declaring its language is hyphenated by Debian's hyphen-* patterns
/// through libhyphen (Scripts/test-view installs libhyphen-dev and hyphen-en-us).
@MainActor
@Suite(.serialized) struct HyphenationTests {
    /// A real English text no one here wrote.
    static let licence = "/usr/share/common-licenses/GPL-3"

    /// The words of the licence (letters only, five or more), each once.
    static func words() throws -> [String] {
        let text = try String(contentsOfFile: licence, encoding: .utf8)
        var seen = Set<String>(), words: [String] = []
        for word in text.split(whereSeparator: { !$0.isLetter }) where word.count >= 5 && seen.insert(String(word)).inserted {
            words.append(String(word))
        }
        return words
    }

    /// Where Pyphen (a separate implementation of the same patterns, given the same
    /// dictionary file and limits) breaks each of `words`.
    static func pyphenBreaks(_ words: [String], dictionary path: String) throws -> [[Int]] {
        let script = """
            import sys, pyphen
            d = pyphen.Pyphen(filename=sys.argv[1], left=\(HyphenDictionary.lettersBefore), right=\(HyphenDictionary.lettersAfter))
            for w in sys.stdin.read().split():
                print(" ".join(str(p) for p in d.positions(w)))
            """
        let process = Process()
        // The python3 Scripts/test-view installed Pyphen for: the first on the PATH.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(words.joined(separator: "\n").utf8))
        try input.fileHandleForWriting.close()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 with pyphen failed (Scripts/test-view installs it)")
        let reference = answer.split(separator: "\n", omittingEmptySubsequences: false).prefix(words.count)
            .map { $0.split(separator: " ").compactMap { Int($0) } }
        try #require(reference.count == words.count)
        return Array(reference)
    }

    /// The words of `words` that `dictionary` breaks otherwise than Pyphen, and how many it breaks.
    static func disagreements(_ words: [String], _ dictionary: HyphenDictionary) throws -> (differ: [String], broken: Int) {
        var differ: [String] = [], broken = 0
        for (word, expected) in zip(words, try pyphenBreaks(words, dictionary: dictionary.path)) {
            let breaks = dictionary.breaks(in: Array(word.unicodeScalars))
            if !breaks.isEmpty { broken += 1 }
            if breaks != expected { differ.append("\(word): \(breaks) vs \(expected)") }
        }
        return (differ, broken)
    }

    /// Every word of the licence breaks where Pyphen breaks it.
    @Test func theDictionaryBreaksWordsAsPyphenDoes() throws {
        let dictionary = try #require(HyphenDictionary.forLanguage("en-US"), "no hyph_en_US.dic (Scripts/test-view installs hyphen-en-us)")
        let words = try Self.words()
        #expect(words.count > 500)
        let (differ, broken) = try Self.disagreements(words, dictionary)
        #expect(differ.isEmpty, "\(differ.count) of \(words.count) differ: \(differ.prefix(10))")
        #expect(broken > words.count / 2, "only \(broken) of \(words.count) words break")
        // Languages: a region falls back to its language, a language to a region of it; none for a script without patterns.
        #expect(HyphenDictionary.forLanguage("en")?.path.contains("hyph_en") == true)
        #expect(HyphenDictionary.forLanguage("en-GB")?.path.contains("hyph_en") == true)
        #expect(HyphenDictionary.forLanguage("tlh") == nil)
    }

    /// Letters of more than one byte are counted as letters: a made dictionary breaking after
    /// `ä` and before `ö` breaks words of them where Pyphen does.
    @Test func lettersOfSeveralBytesBreakWhereThePatternsSay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-hyphen-dic-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "UTF-8\nä1\n1ö\nя1\n".write(to: folder.appendingPathComponent("hyph_qx.dic"), atomically: true, encoding: .utf8)
        let dictionary = try #require(HyphenDictionary.forLanguage("qx", in: folder.path + "/"))
        #expect(dictionary.breaks(in: Array("kläbbern".unicodeScalars)) == [3])
        #expect(dictionary.breaks(in: Array("plattöne".unicodeScalars)) == [5])
        let words = ["kläbbern", "ääääääää", "zzööözzz", "äöäöäöäö", "данныязык", "läöüzzzz"]
        let (differ, broken) = try Self.disagreements(words, dictionary)
        #expect(differ.isEmpty, "\(differ)")
        #expect(broken == words.count)
    }

    /// In the window, an English book's lines end in words broken where the
    /// dictionary allows, with a hyphen drawn; the same book in a language
    /// without patterns keeps its words whole.
    @Test func anEnglishBookIsHyphenatedInTheWindow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-hyphen-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOfFile: Self.licence, encoding: .utf8)
        let paragraphs = text.components(separatedBy: "\n\n").dropFirst(8).prefix(6)
            .map { "<p>" + $0.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;") + "</p>" }
        let body = paragraphs.joined()
        let english = try TextEPUB.write(in: folder, name: "english", language: "en", body: body)
        let unknown = try TextEPUB.write(in: folder, name: "unknown", language: "tlh", body: body)
        let rig = Rig(size: PixelSize(width: 900, height: 700))
        let dictionary = try #require(HyphenDictionary.forLanguage("en"))

        func hyphenated(_ path: String) throws -> (lines: Int, checked: Int) {
            let viewer = try BookViewer(screen: rig.screen, path: path, transition: .none, forget: true,
                                        options: ReadingOptions(spread: .single, scrollsText: false), at: rig.now)
            rig.settle(viewer)
            let frame = rig.look(viewer)
            let session = viewer.session
            let laid = session.layout(ofPage: session.currentPage)
            var rows: [Int: [Glyph]] = [:]
            session.forEachGlyph(onPage: session.currentPage) { row, glyph in rows[row, default: []].append(glyph) }
            var count = 0, checked = 0
            for (row, line) in laid.lines.enumerated() where line.ending == .hyphen {
                count += 1
                let glyphs = try #require(rows[row])
                let last = try #require(glyphs.last)
                #expect(last.scalar == "-" && last.length == 0, "row \(row) ends with \(last.scalar)")
                // The broken word: its letters before the hyphen on this row, and after it on the next.
                let before = String(String.UnicodeScalarView(glyphs.dropLast().reversed().prefix { $0.scalar.properties.isAlphabetic }.reversed().map(\.scalar)))
                let after = String(String.UnicodeScalarView((rows[row + 1] ?? []).prefix { $0.scalar.properties.isAlphabetic }.map(\.scalar)))
                if !after.isEmpty {
                    #expect(dictionary.breaks(in: Array((before + after).unicodeScalars)).contains(before.unicodeScalars.count),
                            "\(before)-\(after) is not a break of the dictionary's")
                    checked += 1
                }
                // And the hyphen is drawn: ink in its box.
                let top = viewer.pageTop + viewer.look.pad + row * viewer.measurer.lineHeight
                let left = session.textInset + last.x
                var ink = 0
                for y in top..<(top + viewer.measurer.lineHeight) {
                    for x in left..<(left + last.width) where frame[(y * rig.screen.size.width + x) * 3] < 150 { ink += 1 }
                }
                #expect(ink > 0, "the hyphen on row \(row) is not drawn")
            }
            return (count, checked)
        }
        let broken = try hyphenated(english)
        #expect(broken.lines >= 2, "an English page of the licence has \(broken.lines) hyphenated lines")
        #expect(broken.checked >= 1)
        #expect(try hyphenated(unknown).lines == 0, "a language without patterns is hyphenated")

        // A column of 30 to 50 characters is justified when its words can break, ragged when they cannot.
        let narrow = Rig(size: PixelSize(width: 480, height: 600))
        func justifiedRows(_ path: String) throws -> (rows: Int, columns: Int, hyphenates: Bool) {
            let viewer = try BookViewer(screen: narrow.screen, path: path, transition: .none, forget: true,
                                        options: ReadingOptions(spread: .single, scrollsText: false), at: narrow.now)
            narrow.settle(viewer)
            return (viewer.justification(onPage: viewer.session.currentPage).rows.count,
                    viewer.session.textWidth / viewer.measurer.columnWidth, viewer.session.hyphenates)
        }
        let hyphenatedColumn = try justifiedRows(english), wholeWords = try justifiedRows(unknown)
        #expect(hyphenatedColumn.columns >= BookViewer.hyphenatedJustifiedColumns && hyphenatedColumn.columns < BookViewer.justifiedColumns,
                "the narrow window's column is \(hyphenatedColumn.columns) characters")
        #expect(hyphenatedColumn.hyphenates && !wholeWords.hyphenates)
        #expect(hyphenatedColumn.rows >= 5, "\(hyphenatedColumn.rows) rows of a hyphenated narrow column are justified")
        #expect(wholeWords.rows == 0, "\(wholeWords.rows) rows of an unhyphenated narrow column are justified")
    }
}
