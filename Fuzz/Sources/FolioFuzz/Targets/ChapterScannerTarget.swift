import FolioReading

/// Markdown chapter scanning: the headings found are real headings, in order,
/// and a document scanned whole and scanned as it streams in agree.
///
/// Properties, for every input (a Markdown document):
/// - chapter offsets increase strictly and lie inside the text, each at a
///   line start holding `level` `#`s and a space; levels are 1…6; titles are
///   non-empty and trimmed;
/// - scanning stops at the end of the text;
/// - scanning the document as a stream (chunks of random lengths arriving,
///   scans to random limits between them) finds the same chapters as one scan
///   of the whole.
enum ChapterScannerTarget: FuzzTarget {
    static let name = "chapter-scanner"
    static let summary = "ChapterScanner: headings in order at line starts, whole and streamed scans agree"

    static func check(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        var whole = ChapterScanner()
        whole.scan(StreamText(complete: bytes), upTo: .max)
        require(whole.position == bytes.count, "scanning stopped at \(whole.position) of \(bytes.count)")

        var previous = -1
        for chapter in whole.chapters {
            let offset = chapter.offset, level = chapter.level
            require(offset > previous && offset < bytes.count, "\(chapter) is out of order or out of the text")
            require(offset == 0 || bytes[offset - 1] == 0x0A, "\(chapter) is not at a line start")
            require((1...6).contains(level), "\(chapter) has level \(level)")
            require(offset + level < bytes.count, "\(chapter) runs past the text")
            require(bytes[offset..<(offset + level)].allSatisfy { $0 == 0x23 } && bytes[offset + level] == 0x20,
                    "\(chapter) does not start with \(level) #s and a space")
            require(!chapter.title.isEmpty, "\(chapter) has an empty title")
            require(chapter.title.first?.isWhitespace == false && chapter.title.last?.isWhitespace == false,
                    "\(chapter) has an untrimmed title")
            previous = offset
        }

        var random = SplitMix64(seededBy: input)
        let stream = StreamText()
        var streamed = ChapterScanner()
        var start = 0
        for length in random.readLengths(covering: bytes.count) {
            stream.append(bytes[start..<(start + length)])
            start += length
            let limit = random.next() % 2 == 0 ? stream.count : Int(random.next() % UInt64(stream.count + 1))
            streamed.scan(stream, upTo: limit)
            require(streamed.position <= stream.count, "a streamed scan passed the text: \(streamed.position)")
        }
        stream.finish()
        streamed.scan(stream, upTo: .max)
        require(
            streamed.chapters == whole.chapters,
            "streamed: \(streamed.chapters); whole: \(whole.chapters)")
    }
}
