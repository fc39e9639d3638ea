import Foundation
import Testing
import FolioInput

/// The gzip reader against the reference: files made by the real gzip, their
/// text as the real zcat writes it.
@Suite struct GzipReaderTests {
    /// Inflates the file at `url` through rooms of `room` bytes; returns the text and the reader.
    static func inflate(_ url: URL, room: Int) throws -> (text: Data, reader: GzipReader) {
        let fd = open(url.path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let reader = GzipReader(descriptor: fd)
        var text = Data()
        var buffer = [UInt8](repeating: 0, count: room)
        var calls = 0
        while true {
            let (count, ended) = buffer.withUnsafeMutableBytes { reader.read(into: $0) }
            text.append(contentsOf: buffer[..<count])
            if ended { break }
            calls += 1
            try #require(calls < 10_000_000, "the reader never ends")
        }
        return (text, reader)
    }

    static func write(_ data: Data, in dir: URL, _ name: String = "file.gz") throws -> URL {
        let url = dir.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    /// Lines of numbered text, `count` bytes or so: compressible, like a log.
    static func logText(bytes count: Int) -> Data {
        var text = ""
        var n = 0
        while text.utf8.count < count {
            n += 1
            text += "2025-01-01 12:00:\(n % 60) server[\(n)]: request \(n * 7919 % 10007) served in \(n % 97) ms — ok\n"
        }
        return Data(text.utf8)
    }

    static func randomBytes(_ count: Int, seed: UInt64) -> Data {
        var generator = SeededGenerator(seed: seed)
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    @Test(arguments: [1, 7, 4096, 1 << 20])
    func theTextIsWhatZcatWrites(room: Int) throws {
        let dir = try Reference.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let texts: [(String, Data)] = [
            ("empty", Data()),
            ("one line", Data("hello, world\n".utf8)),
            ("UTF-8 without a final newline", Data("naïve café — 日本語".utf8)),
            ("3 MB of log, many 64 KB reads", Self.logText(bytes: 3 << 20)),
            ("200 KB of random bytes, stored blocks", Self.randomBytes(200_000, seed: 1)),
        ]
        for (name, text) in texts {
            if room == 1 && text.count > 300_000 { continue }  // a byte at a time: the small ones suffice
            for level in [1, 9] {
                let compressed = try Reference.gzip(text, level: level)
                let file = try Self.write(compressed, in: dir)
                let (inflated, reader) = try Self.inflate(file, room: room)
                let zcat = try Reference.zcat(compressed)
                #expect(zcat.status == 0 && zcat.out == text, "the reference itself: \(name)")
                #expect(inflated == zcat.out, "\(name), gzip -\(level), room \(room): \(inflated.count) bytes, zcat \(zcat.out.count)")
                #expect(reader.problem == nil, "\(name): \(String(describing: reader.problem))")
                #expect(reader.inflatedCount == text.count)
            }
        }
    }

    /// `cat a.gz b.gz c.gz`: every member, in order, as zcat reads them; an empty member too.
    @Test func aMultiMemberFileIsReadWhole() throws {
        let dir = try Reference.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let parts = [Data("first member\n".utf8), Data(), Self.logText(bytes: 300_000), Data("last, no newline".utf8)]
        var compressed = Data()
        for part in parts { compressed += try Reference.gzip(part) }
        let file = try Self.write(compressed, in: dir)
        for room in [5, 65536] {
            let (inflated, reader) = try Self.inflate(file, room: room)
            let zcat = try Reference.zcat(compressed)
            #expect(zcat.out == parts.reduce(Data(), +))
            #expect(inflated == zcat.out, "room \(room)")
            #expect(reader.completeMembers == parts.count)
            #expect(reader.problem == nil)
        }
    }

    /// A download cut short, at every byte: what inflated is a prefix of the text, and the reader says
    /// the file is truncated (nothing at all is an empty text, as an empty pipe is).
    @Test func aFileCutAtEveryByteGivesAPrefixAndSaysItIsTruncated() throws {
        let dir = try Reference.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Self.logText(bytes: 20_000)
        let compressed = try Reference.gzip(text)
        for cut in 0..<compressed.count {
            let file = try Self.write(compressed.prefix(cut), in: dir)
            let (inflated, reader) = try Self.inflate(file, room: 4096)
            let expected: GzipProblem? = cut == 0 ? nil : .truncated
            guard text.starts(with: inflated), reader.problem == expected, reader.isFinished else {
                Issue.record("cut at \(cut) of \(compressed.count): \(inflated.count) bytes, problem \(String(describing: reader.problem))")
                return
            }
        }
    }

    /// A byte changed anywhere: never a trap; the damage is reported, unless the byte was one
    /// the text does not depend on (the header's time, flags of no effect), when the text is whole.
    @Test func aDamagedByteAnywhereIsReportedOrHarmless() throws {
        let dir = try Reference.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Self.logText(bytes: 5_000)
        let compressed = try Reference.gzip(text)
        var damagedCount = 0
        for index in 0..<compressed.count {
            var bad = compressed
            bad[index] ^= 0x5A
            let file = try Self.write(bad, in: dir)
            let (inflated, reader) = try Self.inflate(file, room: 1000)
            if reader.problem == nil {
                #expect(inflated == text, "byte \(index) changed, no problem said, yet the text differs")
            } else {
                damagedCount += 1
                #expect(reader.problem?.isError == true, "byte \(index): \(String(describing: reader.problem))")
            }
        }
        #expect(damagedCount > compressed.count - 12, "most bytes matter: \(damagedCount) of \(compressed.count) reported")
    }

    @Test func aChangedChecksumIsDamageInWords() throws {
        let dir = try Reference.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var compressed = try Reference.gzip(Data("checked text\n".utf8))
        compressed[compressed.count - 8] ^= 1  // the CRC-32 in the trailer
        let (inflated, reader) = try Self.inflate(try Self.write(compressed, in: dir), room: 100)
        #expect(inflated == Data("checked text\n".utf8), "the text inflates; only the check fails")
        #expect(reader.problem == .damaged("incorrect data check"))
        #expect("log.gz \(reader.problem!)" == "log.gz is damaged (incorrect data check): the text stops where the damage starts")
    }

    /// After the last member: zeros (tar's padding) are ignored silently, other bytes with a notice, as zcat does.
    @Test func whatFollowsTheLastMember() throws {
        let dir = try Reference.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Data("hello\n".utf8)
        let member = try Reference.gzip(text)
        for (tail, problem, zcatStatus) in [(Data(count: 100_000), nil, Int32(0)), (Data("garbage\n".utf8), GzipProblem.trailingGarbage, 2)] {
            let (inflated, reader) = try Self.inflate(try Self.write(member + tail, in: dir), room: 4096)
            let zcat = try Reference.zcat(member + tail)
            #expect(inflated == zcat.out && zcat.status == zcatStatus)
            #expect(reader.problem == problem)
            #expect(reader.problem?.isError != true)
        }
    }

    @Test func textThatIsNotGzipIsSaidToBe() throws {
        let dir = try Reference.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (inflated, reader) = try Self.inflate(try Self.write(Data("plain text\n".utf8), in: dir), room: 100)
        #expect(inflated.isEmpty)
        #expect(reader.problem == .notGzip)
        #expect(GzipReader.startsAsGzip(try Reference.gzip(Data())))
        #expect(!GzipReader.startsAsGzip(Data("plain".utf8)))
    }

    /// From a pipe written slowly: 0 bytes and not ended while nothing is ready, then the rest.
    @Test func aSlowPipeIsReadAsItComes() throws {
        let text = Self.logText(bytes: 100_000)
        let compressed = try Reference.gzip(text)
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        let writeEnd = fds[1]
        let writer = Thread {
            var offset = 0
            while offset < compressed.count {
                let piece = compressed[offset..<min(offset + 1000, compressed.count)]
                _ = piece.withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress, $0.count) }
                offset += piece.count
                Thread.sleep(forTimeInterval: 0.001)
            }
            close(writeEnd)
        }
        writer.start()
        let reader = GzipReader(descriptor: fds[0])
        defer { close(fds[0]) }
        var inflated = Data()
        var buffer = [UInt8](repeating: 0, count: 8192)
        var idle = 0
        while true {
            let (count, ended) = buffer.withUnsafeMutableBytes { reader.read(into: $0) }
            inflated.append(contentsOf: buffer[..<count])
            if ended { break }
            if count == 0 {
                idle += 1
                var ready = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, 1000)
            }
        }
        #expect(inflated == text)
        #expect(reader.problem == nil)
        #expect(idle > 0, "the reader said 'nothing yet' rather than waiting")
    }
}
