import Foundation
import Testing
import FolioTestSupport
import FolioInput

/// less's guess at a binary file: small cases that pin the rule down, then
/// the real less as the reference on generated files.
@Suite(.needs(.less)) struct BinaryGuessTests {
    static func guess(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { BinaryGuess.isBinary(sample: $0) } }
    static func count(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBytes { BinaryGuess.binaryCount(sample: $0) } }
    static let text = Array("some ordinary text to pad the sample\n".utf8)

    @Test func moreThanFiveBinaryCharactersIsBinary() {
        for nuls in 0...8 {
            let sample = Array(repeating: UInt8(0), count: nuls) + Self.text
            #expect(Self.count(sample) == nuls)
            #expect(Self.guess(sample) == (nuls > 5), "\(nuls) NULs")
        }
    }

    @Test func textControlsAreNotBinary() {
        // Backspace (overstrikes), tab, line feed, form feed, carriage return: text.
        let sample = Array("a\u{8}a _\u{8}b\tc\r\n\u{C}".utf8) + Self.text
        #expect(Self.count(sample) == 0)
        // The other C0 controls, DEL and the C1 controls (as UTF-8) all count.
        for c in [0x01, 0x07, 0x0B, 0x0E, 0x1F, 0x7F, 0x85, 0x9F] as [UInt32] {
            let scalar = String(UnicodeScalar(c)!)
            #expect(Self.count(Array(scalar.utf8) + Self.text) == 1, "U+\(String(c, radix: 16))")
        }
    }

    @Test func utf8TextAndEscapesAreNotBinary() {
        let colours = "\u{1B}[1;31mred\u{1B}[0m \u{1B}[38;5;208morange\u{1B}[m "
        let link = "\u{1B}]8;;https://example.com\u{7}link\u{1B}]8;;\u{1B}\\ "
        let title = "\u{1B}]0;window title\u{7}"
        let sample = Array((colours + link + title + "naïve 日本語 😀 text").utf8) + Self.text
        #expect(Self.count(sample) == 0)
    }

    @Test func illFormedUTF8Counts() {
        // A lone continuation byte 80…9F is a C1 control to less; A0…BF passes as a character.
        #expect(Self.count([0x80] + Self.text) == 1)
        #expect(Self.count([0xA0] + Self.text) == 0)
        #expect(Self.count([0xFF] + Self.text) == 1, "a byte that never leads UTF-8")
        #expect(Self.count([0xFF, 0xFE] + Self.text) == 1, "one run up to the next lead or ASCII byte")
        #expect(Self.count([0xC0, 0x80] + Self.text) == 1, "overlong: one run up to the next lead byte")
        #expect(Self.count([0xE6, 0x97] + Self.text) == 1, "a cut sequence")
        #expect(Self.count(Array("\u{E000}\u{2028}".utf8) + Self.text) == 2, "private use, line separator")
        #expect(Self.count([0xF4, 0x90, 0x80, 0x80] + Self.text) == 1, "beyond U+10FFFF (less 679 and later)")
    }

    /// Only characters starting before the last 4 bytes of the sample count, and only the first 256 bytes are read.
    @Test func theSampleIsTheFirst256BytesLessTheirLast4() {
        #expect(!Self.guess([0, 0, 0, 0]), "4 bytes or fewer: never binary")
        #expect(Self.count([UInt8](repeating: 0, count: 10)) == 6)
        let late = [UInt8](repeating: UInt8(ascii: "a"), count: 256) + [UInt8](repeating: 0, count: 100)
        #expect(!Self.guess(late))
        let edge = [UInt8](repeating: UInt8(ascii: "a"), count: 246) + [UInt8](repeating: 0, count: 10)
        #expect(Self.count(edge) == 6, "the NULs at 246…251 count, those at 252…255 do not")
    }

    /// The reference: the real less, in a pseudo-terminal (script(1)), in UTF-8 with -R; it asks
    /// "may be a binary file" exactly when the guess says binary. The files are generated from an
    /// alphabet of what text and binaries hold, leaving out where less 590 (Debian 12's) and the
    /// less folio follows (679 and later) differ: the sample's last 4 bytes (later less leaves
    /// them out: the files end in 4 letters there), `ESC ]` (later less skips OSC strings),
    /// five- and six-byte sequences (590 decoded them), characters beyond U+10FFFF and the inside of the surrogate and private-use ranges (590's
    /// table held only their ends; later less counts them all).
    @Test func lessAsksAboutTheSameFiles() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/less"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            Issue.record("less and script(1) are needed: apt-get install less bsdutils (Scripts/test installs less)")
            return
        }
        let dir = try Reference.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pieces: [[UInt8]] = [
            Array("word ".utf8), Array("text\n".utf8), Array("\t".utf8), Array("\r\n".utf8), [0x08], [0x0C],
            [0x00], [0x01], [0x07], [0x0B], [0x1A], [0x7F], [0x1B], Array("\u{1B}[31m".utf8), Array("\u{1B}[0;1m".utf8),
            Array("\u{1B}[K".utf8), Array("\u{1B}(B".utf8), Array("é".utf8), Array("日本".utf8), Array("😀".utf8),
            Array("\u{85}".utf8), Array("\u{E000}".utf8), Array("\u{2028}".utf8), [0x80], [0xA5], [0xC3], [0xE6, 0x97],
            [0xF0, 0x9F], [0xC0, 0xAF], [0xFF], [0xFE], [0xED, 0xA0, 0x80],
        ]
        var generator = SeededGenerator(seed: 679)
        var samples: [[UInt8]] = []
        for _ in 0..<160 {
            var bytes: [UInt8] = []
            let length = Int.random(in: 6...300, using: &generator)
            // Mostly text with a few odd pieces, so both answers come up often.
            let oddness = Double.random(in: 0...0.4, using: &generator)
            while bytes.count < length {
                let odd = Double.random(in: 0...1, using: &generator) < oddness
                bytes += odd ? pieces.randomElement(using: &generator)! : pieces[Int.random(in: 0...1, using: &generator)]
            }
            // The sample (up to 256 bytes) ends in 4 letters: less 590 reads those, later less does not.
            let end = min(bytes.count, BinaryGuess.sampleBytes + 4) - 4
            bytes.replaceSubrange(end..<min(bytes.count, end + 4), with: Array("tail".utf8))
            if bytes.count > BinaryGuess.sampleBytes { bytes.replaceSubrange(252..<256, with: Array("tail".utf8)) }
            samples.append(bytes)
        }
        var environment = ProcessInfo.processInfo.environment
        for name in ["LESS", "LESSOPEN", "LESSCLOSE", "LESSCHARSET", "LESSCHARDEF", "LESSUTFCHARDEF", "LESSANSIMIDCHARS",
                     "LESSANSIENDCHARS", "LESSSECURE", "LESSKEYIN", "LESSKEY"] {
            environment[name] = nil
        }
        environment["LC_ALL"] = "C.UTF-8"
        environment["LINES"] = "300"
        environment["COLUMNS"] = "300"
        environment["TERM"] = "dumb"
        var answers = (binary: 0, text: 0)
        for (index, sample) in samples.enumerated() {
            let file = dir.appendingPathComponent("sample\(index)")
            try Data(sample).write(to: file)
            // -F: a text that fits one screen is written and less quits; a binary one gets the question,
            // whose answer is the end of the (empty) input.
            let result = try Reference.run(["timeout", "10", "script", "-qec", "less -RF \(file.path)", "/dev/null"],
                                           environment: environment)
            let output = String(decoding: result.out, as: UTF8.self)
            let lessSaysBinary = output.contains("may be a binary file")
            let guess = Self.guess(sample)
            if guess { answers.binary += 1 } else { answers.text += 1 }
            #expect(guess == lessSaysBinary,
                    "sample \(index) (\(sample.count) bytes: \(sample.prefix(256).map { String(format: "%02x", $0) }.joined(separator: " "))): folio counts \(Self.count(sample)), less says \(lessSaysBinary ? "binary" : "text")")
        }
        #expect(answers.binary > 20 && answers.text > 20, "both answers come up: \(answers)")
    }
}
