#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FolioInput

/// Where a stream document's bytes come from when they are more than what a
/// descriptor reads: a `.gz` inflated as it is read, or a LESSOPEN pipe whose
/// first byte was read before the reader started (to learn whether it writes
/// anything at all).
///
/// The host polls ``ReaderInput/streamDescriptor`` as for any stream and calls
/// ``read(into:)``, which hands over the bytes held back first.
final class StreamFeed {
    enum Source {
        /// Bytes as the descriptor gives them.
        case descriptor(Int32)
        /// Gzip data inflated on the way.
        case gzip(GzipReader)
    }

    let source: Source
    /// The name problems are told under (the path as given).
    let name: String
    /// Whether a problem is told at the end of the text itself (the terminal, where the
    /// reader sees the text stop and why) rather than left for the host to print (plain output).
    var tellsProblemsInText = true
    /// Bytes to hand over before any more are read.
    private var held: [UInt8]
    private var heldStart = 0
    private var sourceEnded = false
    private var lastByte: UInt8?

    init(_ source: Source, name: String, held: [UInt8] = []) {
        self.source = source
        self.name = name
        self.held = held
    }

    /// What went wrong with a `.gz`, if anything.
    var problem: GzipProblem? {
        if case .gzip(let reader) = source { return reader.problem }
        return nil
    }

    /// The problem as one line for standard error: `folio: log.gz is truncated: …`.
    var problemLine: String? { problem.map { "folio: \(name) \($0)" } }

    /// Writes into `room` what is ready: held bytes first, then the source's. Returns the count
    /// and whether the text has ended (see ``ReaderInput/readStream(into:)``).
    func read(into room: UnsafeMutableRawBufferPointer) -> (count: Int, ended: Bool) {
        guard let base = room.baseAddress, room.count > 0 else { return (0, false) }
        if heldStart < held.count {
            let count = min(room.count, held.count - heldStart)
            held.withUnsafeBytes { room.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[heldStart..<(heldStart + count)])) }
            heldStart += count
            lastByte = room[count - 1]
            return (count, false)
        }
        if sourceEnded { return (0, true) }
        let read: (count: Int, ended: Bool)
        switch source {
        case .descriptor(let fd): read = Self.read(fd, into: room)
        case .gzip(let reader): read = reader.read(into: room)
        }
        if read.count > 0 { lastByte = base.load(fromByteOffset: read.count - 1, as: UInt8.self) }
        guard read.ended else { return read }
        sourceEnded = true
        if tellsProblemsInText, let line = problemLine {
            // The notice on a line of its own, in reverse video as less shows its errors.
            held = (lastByte == nil || lastByte == 0x0A ? [] : [0x0A]) + Array("\u{1B}[7m\(line)\u{1B}[0m\n".utf8)
            heldStart = 0
            return (read.count, false)
        }
        return read
    }

    /// Reads what is waiting on `fd` into `room`: the count, 0 when nothing is ready, and whether it ended.
    static func read(_ fd: Int32, into room: UnsafeMutableRawBufferPointer) -> (count: Int, ended: Bool) {
        while true {
            let n = Glibc.read(fd, room.baseAddress, room.count)
            if n > 0 { return (n, false) }
            if n == 0 { return (0, true) }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return (0, false) }
            return (0, true)  // a read error ends the stream where it is
        }
    }
}
