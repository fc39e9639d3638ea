import FolioTerminal

/// The terminal's input decoder: the bytes a terminal sends, whole or split
/// into reads, must decode to the same events.
///
/// Properties, for every input:
/// - decoding it in one read and in reads of random lengths (empty reads,
///   single bytes, runs; the lengths derived from the input) gives the same
///   events, once the final pause flushes what is pending;
/// - the decoder never holds more than `InputDecoder.maximumPendingBytes`,
///   and holds nothing after a flush.
enum InputDecoderTarget: FuzzTarget {
    static let name = "input-decoder"
    static let summary = "InputDecoder: one read and random reads give the same events; pending stays bounded"

    static func check(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        var whole = InputDecoder()
        var expected = whole.decode(bytes)
        require(whole.pendingByteCount <= InputDecoder.maximumPendingBytes, "\(whole) holds too much")
        expected += whole.flush()
        require(whole.pendingByteCount == 0, "\(whole) holds bytes after a flush")

        var random = SplitMix64(seededBy: input)
        let splits = [Array(repeating: 1, count: bytes.count), random.readLengths(covering: bytes.count)]
        for lengths in splits {
            var decoder = InputDecoder()
            var events: [InputEvent] = []
            var start = 0
            for length in lengths {
                decoder.decode(bytes[start..<(start + length)], into: &events)
                require(decoder.pendingByteCount <= InputDecoder.maximumPendingBytes, "\(decoder) holds too much")
                start += length
            }
            decoder.flush(into: &events)
            require(
                events == expected,
                "reads of \(lengths) decode to \(events), one read to \(expected)")
        }
    }
}
