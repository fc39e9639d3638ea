import Foundation
import Testing
import PropertyBased
@testable import FolioEPUB

/// The DEFLATE decoder against zlib (through Python), on every block type,
/// and on garbage, which must fail in words and never hang.
@Suite struct InflaterTests {
    /// Raw DEFLATE of `data` by zlib at `level` (0 makes stored blocks).
    func zlib(_ data: [UInt8], level: Int, strategy: Int = 0) throws -> [UInt8] {
        let file = NSTemporaryDirectory() + "inflate-\(UInt64.random(in: 0...UInt64.max))"
        try Data(data).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let out = try runPython("""
            import sys, zlib
            data = open(sys.argv[1], 'rb').read(); level = int(sys.argv[2]); strategy = int(sys.argv[3])
            c = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
            print((c.compress(data) + c.flush()).hex())
            """, arguments: [file, "\(level)", "\(strategy)"])
        let text = out.trimmingCharacters(in: .whitespacesAndNewlines)
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    @Test(arguments: [0, 1, 6, 9])
    func inflatesWhatZlibDeflates(level: Int) throws {
        var random = SystemRandomNumberGenerator()
        let text = Array(String(repeating: "the reader turns the page of a book, 頁をめくる. ", count: 300).utf8)
        let noise = (0..<5_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        for data in [[], [0x41], text, noise, text + noise + text] {
            // Strategy 4 forces fixed Huffman codes; the default makes dynamic ones.
            for strategy in level == 0 ? [0] : [0, 4] {
                let compressed = try zlib(data, level: level, strategy: strategy)
                let inflated = try Inflater.inflate(compressed, limit: 1 << 24)
                #expect(inflated == data, "level \(level) strategy \(strategy), \(data.count) bytes")
            }
        }
    }

    @Test func theChecksumIsZipsCRC32() {
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
        #expect(CRC32.checksum([]) == 0)
    }

    @Test func aBombStopsAtTheLimitAndATruncatedStreamSaysSo() throws {
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        let compressed = try zlib(zeros, level: 9)
        #expect(throws: Inflater.Failure.tooLarge) { try Inflater.inflate(compressed, limit: 100_000) }
        #expect(throws: Inflater.Failure.truncated) { try Inflater.inflate(Array(compressed.prefix(compressed.count / 2)), limit: 1 << 24) }
    }

    /// A book's heads are read with `enough`: one block of repetitive text
    /// can hold megabytes, so the question is asked inside a block too, and
    /// the output stops near where the answer turned yes.
    @Test func enoughStopsInsideOneLargeBlock() throws {
        let text = Array(String(repeating: "<p>the same paragraph again</p>", count: 40_000).utf8)
        let compressed = try zlib(Array("<html><head></head><body>".utf8) + text, level: 9)
        var asked = 0
        let head = try Inflater.inflate(compressed, limit: 1 << 24) { output in
            asked += 1
            return output.count > 1_000
        }
        #expect(head.count < 16 << 10, "stopped within a few KB, not after the block's \(text.count) bytes")
        #expect(asked <= 3)
        #expect(Array(head.prefix(25)) == Array("<html><head></head><body>".utf8))
    }

    @Test func garbageFailsAndNeverHangs() async {
        await propertyCheck(count: 3_000, input: Gen.int(in: 0...255).array(of: 0...400)) { values in
            let bytes = values.map { UInt8($0) }
            let result = Result { () throws(Inflater.Failure) in try Inflater.inflate(bytes, limit: 1 << 20) }
            switch result {
            case .success(let out): #expect(out.count <= 1 << 20)
            case .failure(let failure): #expect(failure != .enough, "nothing asked to stop early")
            }
        }
    }
}
