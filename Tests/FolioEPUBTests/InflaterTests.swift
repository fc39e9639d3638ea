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

    /// A deflater stores an incompressible stretch as it is (a stored block), often right after a
    /// compressed block: the hand-written inflater this replaced read past the compressed block's end
    /// and lost the stored block's header. The stretch must be larger than zlib's 16 KB of pending
    /// symbols for zlib to store it.
    @Test(arguments: [1, 6, 9])
    func aStoredBlockAfterACompressedOneInflates(level: Int) throws {
        var random = SystemRandomNumberGenerator()
        let text = Array(String(repeating: "<p>a paragraph of the chapter, 章の段落.</p>\n", count: 600).utf8)
        let noise = (0..<100_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let data = text + noise + text + noise
        let compressed = try zlib(data, level: level)
        let types = try Python.blockTypes(compressed)
        #expect(zip(types, types.dropFirst()).contains { $0 != 0 && $1 == 0 }, "a stored block right after a compressed one in \(types)")
        #expect(try Inflater.inflate(compressed, limit: 1 << 24) == data)
    }

    /// Streams of random make-up (text and noise of random lengths, every level and strategy),
    /// deflated by zlib in one Python run and inflated here: each must come back byte for byte.
    @Test func randomStreamsComeBackWhole() throws {
        let folder = NSTemporaryDirectory() + "inflate-streams-\(UInt64.random(in: 0...UInt64.max))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let seed = UInt64.random(in: 0...UInt64(UInt32.max))
        let count = try runPython("""
            import os, random, sys, zlib
            folder, seed = sys.argv[1], int(sys.argv[2]); rng = random.Random(seed); os.makedirs(folder)
            words = b"the reader turns a page of the book and the page turns back ".split()
            for i in range(150):
                data = b""
                for _ in range(rng.randint(0, 6)):
                    n = rng.choice([rng.randint(0, 300), rng.randint(0, 40000), rng.randint(0, 200000)])
                    data += rng.randbytes(n) if rng.random() < 0.5 else b" ".join(rng.choice(words) for _ in range(n // 4))
                c = zlib.compressobj(rng.randint(0, 9), zlib.DEFLATED, -15, rng.randint(1, 9), rng.choice([0, 1, 2, 3, 4]))
                open(f"{folder}/{i}.raw", "wb").write(data); open(f"{folder}/{i}.z", "wb").write(c.compress(data) + c.flush())
            print(150)
            """, arguments: [folder, "\(seed)"])
        let streams = try #require(Int(count.trimmingCharacters(in: .whitespacesAndNewlines)))
        for i in 0..<streams {
            let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(i).raw")))
            let compressed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(i).z")))
            #expect(try Inflater.inflate(compressed, limit: 1 << 24) == data, "stream \(i) of seed \(seed) (\(data.count) bytes)")
        }
    }

    @Test func theChecksumIsZipsCRC32() {
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
        #expect(CRC32.checksum([]) == 0)
        let fox = Array("The quick brown fox jumps over the lazy dog".utf8)
        #expect(CRC32.checksum(Array(fox[20...]), continuing: CRC32.checksum(Array(fox[..<20]))) == 0x414F_A339)
        #expect(CRC32.checksum([], continuing: 0x414F_A339) == 0x414F_A339)
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

/// Python's reading of what zlib wrote.
enum Python {
    /// The type of each block of a raw DEFLATE stream, in order (0 stored, 1 fixed, 2 dynamic), read by
    /// a block walker in Python that decodes codes fully (it must, to find where a compressed block ends).
    static func blockTypes(_ stream: [UInt8]) throws -> [Int] {
        let file = NSTemporaryDirectory() + "blocks-\(UInt64.random(in: 0...UInt64.max))"
        try Data(stream).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let out = try runPython("""
            import sys
            data = open(sys.argv[1], 'rb').read(); pos = [0]
            def bits(n):
                v = 0
                for i in range(n):
                    v |= ((data[pos[0] >> 3] >> (pos[0] & 7)) & 1) << i; pos[0] += 1
                return v
            def table(lengths):
                codes = {}; code = 0
                for l in range(1, 16):
                    for s, n in enumerate(lengths):
                        if n == l: codes[(l, code)] = s; code += 1
                    code <<= 1
                return codes
            def symbol(codes):
                code = 0
                for l in range(1, 16):
                    code = (code << 1) | bits(1)
                    if (l, code) in codes: return codes[(l, code)]
                raise ValueError
            LB = [3,4,5,6,7,8,9,10,11,13,15,17,19,23,27,31,35,43,51,59,67,83,99,115,131,163,195,227,258]
            LE = [0,0,0,0,0,0,0,0,1,1,1,1,2,2,2,2,3,3,3,3,4,4,4,4,5,5,5,5,0]
            DE = [0,0,0,0,1,1,2,2,3,3,4,4,5,5,6,6,7,7,8,8,9,9,10,10,11,11,12,12,13,13]
            types = []; last = 0
            while not last:
                last = bits(1); kind = bits(2); types.append(kind)
                if kind == 0:
                    pos[0] = (pos[0] + 7) & ~7; n = data[pos[0] >> 3] | data[(pos[0] >> 3) + 1] << 8; pos[0] += 32 + 8 * n; continue
                if kind == 1:
                    lit = table([8] * 144 + [9] * 112 + [7] * 24 + [8] * 8); dist = table([5] * 30)
                else:
                    hl, hd, hc = bits(5) + 257, bits(5) + 1, bits(4) + 4
                    cl = [0] * 19
                    for i in range(hc): cl[[16,17,18,0,8,7,9,6,10,5,11,4,12,3,13,2,14,1,15][i]] = bits(3)
                    ct = table(cl); lens = []
                    while len(lens) < hl + hd:
                        s = symbol(ct)
                        if s < 16: lens.append(s)
                        elif s == 16: lens += [lens[-1]] * (3 + bits(2))
                        elif s == 17: lens += [0] * (3 + bits(3))
                        else: lens += [0] * (11 + bits(7))
                    lit = table(lens[:hl]); dist = table(lens[hl:])
                while True:
                    s = symbol(lit)
                    if s == 256: break
                    if s > 256: bits(LE[s - 257]); bits(DE[symbol(dist)])
            print(" ".join(map(str, types)))
            """, arguments: [file])
        return out.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
