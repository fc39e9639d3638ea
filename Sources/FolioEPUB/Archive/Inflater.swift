import CFolioZlib

/// A zip entry's DEFLATE stream (RFC 1951) inflated by zlib, driven for
/// hostile input: zlib sees only the entry's compressed bytes, and the output
/// comes out in pieces, each checked against the caller's limit before the
/// next is asked for, so a damaged stream cannot read past its entry or hang,
/// and a bomb stops at the limit with at most one piece more in memory.
///
/// zlib is the reference implementation of DEFLATE, and 2–3 times faster than
/// the decoder folio had written itself (which lost data after a stored block).
struct Inflater {
    /// Why inflation stopped early.
    enum Failure: Error, Equatable {
        /// The compressed bytes ended before the last block did.
        case truncated
        /// The stream is not valid DEFLATE (zlib's reason: a bad block type, code or distance).
        case invalid(String)
        /// The output would pass the caller's limit.
        case tooLarge
        /// The caller's `enough` said to stop: the output so far is what it wanted.
        case enough
    }

    /// The most output asked of zlib at a time when nobody wants to stop early.
    static let piece = 64 << 10

    /// Inflates `input` (a raw DEFLATE stream) into at most `limit` bytes.
    ///
    /// `enough`, if given, is asked at 1 KB of output and at each doubling
    /// after it, whether to stop early (one block of repetitive text can hold
    /// megabytes; doubling keeps the asking O(output) in all). The output so
    /// far is then returned, unchecked.
    static func inflate(_ input: [UInt8], limit: Int, enough: (([UInt8]) -> Bool)? = nil) throws(Failure) -> [UInt8] {
        // zlib keeps a pointer back to its stream and checks it on each call: the stream must not move.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        // -15: raw DEFLATE (no zlib or gzip wrapper, as zip stores it) with a 32 KB window.
        guard inflateInit2_(stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .invalid("zlib could not start")
        }
        defer { inflateEnd(stream) }

        var output: [UInt8] = []
        output.reserveCapacity(min(limit, max(1024, input.count &* 4)))
        var scratch = [UInt8](repeating: 0, count: Self.piece)
        var nextCheck = enough == nil ? Int.max : 1024
        return try input.withUnsafeBufferPointer { (source) throws(Failure) -> [UInt8] in
            var offered = 0
            while true {
                // zlib counts input in 32-bit lengths: a larger entry is offered in turns.
                if stream.pointee.avail_in == 0, offered < source.count {
                    let count = min(source.count - offered, Int(UInt32.max))
                    stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress! + offered)
                    stream.pointee.avail_in = UInt32(count)
                    offered += count
                }
                // One byte past the limit tells a stream that fills it exactly from one that goes on.
                let room = min(Self.piece, limit - output.count + 1, max(1, nextCheck - output.count))
                let (code, produced) = scratch.withUnsafeMutableBufferPointer { buffer in
                    stream.pointee.next_out = buffer.baseAddress
                    stream.pointee.avail_out = UInt32(room)
                    let code = CFolioZlib.inflate(stream, Z_NO_FLUSH)
                    return (code, room - Int(stream.pointee.avail_out))
                }
                output.append(contentsOf: scratch[..<produced])
                guard output.count <= limit else { throw .tooLarge }
                switch code {
                case Z_STREAM_END:
                    return output
                case Z_OK:
                    break
                case Z_BUF_ERROR where stream.pointee.avail_in == 0 && offered == source.count:
                    // No progress with every byte read and the last block unfinished.
                    throw .truncated
                case Z_BUF_ERROR:
                    break
                case Z_DATA_ERROR:
                    throw .invalid(stream.pointee.msg.map { String(cString: $0) } ?? "damaged data")
                default:
                    throw .invalid("zlib error \(code)")
                }
                if output.count >= nextCheck, let enough {
                    nextCheck = output.count * 2
                    if enough(output) { return output }
                }
            }
        }
    }
}

/// The CRC-32 of zip archives (polynomial 0xEDB88320), computed by zlib.
enum CRC32 {
    /// The checksum of `bytes`, continuing from `checksum`.
    static func checksum(_ bytes: [UInt8], continuing checksum: UInt32 = 0) -> UInt32 {
        // zlib answers 0 for no buffer at all, whatever it continues from.
        guard !bytes.isEmpty else { return checksum }
        return bytes.withUnsafeBufferPointer { buffer in
            var crc = UInt(checksum)
            var at = 0
            repeat {
                let count = min(buffer.count - at, Int(UInt32.max))
                crc = crc32(crc, buffer.baseAddress.map { $0 + at }, UInt32(count))
                at += count
            } while at < buffer.count
            return UInt32(truncatingIfNeeded: crc)
        }
    }
}
