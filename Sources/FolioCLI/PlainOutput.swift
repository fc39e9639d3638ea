#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FolioReading

/// The pages of a document written as text, for output that is not a
/// terminal: the document's bytes exactly as they are — control characters
/// and escapes included — with a form feed between pages (none is added
/// where a page already ends with the document's own form feed). A PDF's
/// pages are its own, so its text comes out as `pdftotext` writes it.
///
/// A stream is paged as it arrives and let go once written, so `yes | folio
/// | head` starts at once and runs in constant memory.
///
/// A `.gz` is written inflated, byte for byte what `zcat` writes (form feeds
/// aside); when it is damaged, what inflated is written and the problem goes
/// to standard error.
struct PlainOutput {
    let width: Int
    let height: Int

    /// Writes `input`; returns false when its text was cut short by a damaged `.gz` (the
    /// problem is on standard error: exit status 1, as zcat's), true otherwise (a closed
    /// standard output, as for `folio | head`, included).
    @discardableResult
    func write(_ input: ReaderInput) -> Bool {
        input.feed?.tellsProblemsInText = false
        writePages(input)
        guard let problem = input.feed?.problemLine else { return true }
        StandardStreams.error(problem)
        return !(input.feed?.problem?.isError ?? false)
    }

    private func writePages(_ input: ReaderInput) {
        if let book = input.document.book {
            while !book.isComplete { book.assemble(budget: 1 << 20) }
        }
        let visibleOnly = input.document.format == .book  // a book's styles are the reader's, not the author's bytes
        // A book whose pages are drawn pictures (a PDF) has pages of its own: its parts, which the text
        // already has a form feed between. Its text goes out page for page, as pdftotext writes it.
        let layout = TextLayout(geometry: input.document.book?.source.renderer != nil
                                ? PageGeometry(columns: Int(Int32.max), rows: Int(Int32.max))
                                : PageGeometry(columns: width, rows: height))
        let text = input.document.text
        let stream = input.document.stream
        var output: [UInt8] = []
        output.reserveCapacity(1 << 20)
        var start = 0
        // How far the text is written: past `start` when the lines of a page still filling have gone out.
        var written = 0
        var style = TextStyle.plain
        var first = true
        /// A form feed before each page but the first, unless the text has its own there.
        func beginPage() {
            if !first, text.withBytes((start - 1)..<start, { $0.first }) != 0x0C { output.append(0x0C) }
            first = false
        }
        if let fd = input.streamDescriptor {  // blocking reads from here on: nothing else to wait for
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        }
        while true {
            // Lay out and write every page the text holds so far.
            while start < text.count {
                let page: PageLayout? = text.withWindow(start..<(start + Pagination.pageWindow)) { window in
                    layout.page(in: window, from: start, style: style, collect: false)
                }
                guard let page, page.isFull && page.end < text.count || text.isComplete else { break }
                if written == start { beginPage() }
                text.withBytes(written..<page.end) { bytes in
                    if visibleOnly { Self.appendVisible(bytes, to: &output) } else { output.append(contentsOf: bytes) }
                }
                written = page.end
                if output.count >= 1 << 20 {
                    guard StandardStreams.write(output, to: STDOUT_FILENO) else { return }
                    output.removeAll(keepingCapacity: true)
                }
                start = page.end
                style = page.endStyle
                stream?.discard(before: start - 1)
            }
            guard let stream, !stream.isComplete else { break }
            // The page still filling holds every line that has ended (more text can only come after them):
            // they go out now, so a writer that pauses has its lines read meanwhile, as cat and less pass them on.
            if let ended = text.withBytes(written..<text.count, { $0.lastIndex(of: 0x0A) }) {
                if written == start { beginPage() }
                text.withBytes(written..<(written + ended + 1)) { output.append(contentsOf: $0) }
                written += ended + 1
            }
            // Wait for more of the stream.
            if !output.isEmpty {
                guard StandardStreams.write(output, to: STDOUT_FILENO) else { return }
                output.removeAll(keepingCapacity: true)
            }
            var ended = false
            _ = stream.append(upTo: 1 << 16) { room in
                let read = input.readStream(into: room)
                ended = read.ended
                return read.count
            }
            if ended { stream.finish() }
        }
        _ = StandardStreams.write(output, to: STDOUT_FILENO)
    }

    /// The text of `bytes` as it is drawn, without escapes: characters, spaces, tabs, line and page breaks.
    static func appendVisible(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        var decoder = TextDecoder()
        var i = 0
        while i < bytes.count {
            guard let (unit, length) = decoder.unit(in: bytes, at: i, isFinal: true) else { break }
            switch unit {
            case .glyph(let scalar, _): output.append(contentsOf: UTF8.encode(scalar)!)
            case .space: output.append(0x20)
            case .tab: output.append(0x09)
            case .lineBreak: output.append(0x0A)
            case .pageBreak: output.append(0x0C)
            case .control: break
            }
            i += length
        }
    }
}
