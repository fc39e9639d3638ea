import Foundation
import PropertyBased
import Testing
import FolioTestSupport
@_spi(Fuzzing) @testable import FolioEPUB

/// The markup parser's text against Python's `html.parser`, the reference: every text node of a
/// document, in order, with its character references decoded, is the text the reference reports,
/// for real chapters (the EPUB fuzz seeds and the bundled guide) and for random markup soup.
///
/// The reference follows XHTML where XHTML and HTML disagree, as the parser does on purpose
/// (an EPUB's chapters are XHTML): a `<![CDATA[…]]>` section is text, and a processing
/// instruction ends at `?>`, not at the first `>`. A document type's internal subset is skipped
/// unread by the parser (so that it declares nothing), where `html.parser` stops the declaration
/// at its first `>`; the soup leaves internal subsets out. At the end of the input the reference
/// follows HTML5, where `html.parser` keeps whatever is unfinished as text: an unfinished comment,
/// declaration or tag is dropped, the rest of a script is its text.
@Suite(.serialized) struct MarkupReferenceTests {
    /// Real chapters: every XHTML document in the EPUB fuzz seeds and the bundled guide.
    @Test func realChaptersHaveThePythonText() throws {
        let reference = try HTMLParserReference()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let seeds = root.appendingPathComponent("Fuzz/seeds/epub")
        let books = try FileManager.default.contentsOfDirectory(atPath: seeds.path).map { seeds.appendingPathComponent($0).path }
            + [RealBooks.fixtures.appendingPathComponent("folio-guide.epub").path]
        var chapters = 0
        for book in books {
            let archive = try ZipArchive.open(path: book, fileName: "book.epub", limits: EPUBLimits())
            var budget = Int.max
            for entry in archive.entries where entry.name.hasSuffix(".xhtml") || entry.name.hasSuffix(".html") {
                let bytes = try archive.contents(of: entry, limits: EPUBLimits(), budget: &budget)
                let ours = MarkupParser.parse(bytes, mode: .html).text
                let theirs = try reference.text(of: bytes)
                #expect(ours == theirs, "\(entry.name) in \(book): \(firstDifference(ours, theirs))")
                chapters += 1
            }
        }
        #expect(chapters >= 5, "the seeds and the guide hold chapters")
    }

    /// What the soup found, as HTML5 reads it: a `<` before a character that is no ASCII letter is text
    /// (in XHTML's own mode such a name still opens an element), and so is a `</` that ends the input.
    @Test func tagSoupFoundByTheReference() {
        #expect(MarkupParser.parse(Array("a <日本語 b".utf8), mode: .html).text == "a <日本語 b")
        #expect(MarkupParser.parse(Array("<日本>x</日本>".utf8), mode: .xml).elements.first?.name == "日本")
        #expect(MarkupParser.parse(Array("end </".utf8), mode: .html).text == "end </")
        #expect(MarkupParser.parse(Array("end </ x".utf8), mode: .html).text == "end ")
    }

    /// Random soup of tags, references real and bogus, comments, CDATA and script cut anywhere.
    @Test func randomMarkupHasThePythonText() async throws {
        let reference = try HTMLParserReference()
        let fragments = PropertyTests.fragments.filter { !$0.contains("<!ENTITY") } + [
            "&amp", "&ampx", "&notit;", "&notin;", "&not", "&#x41;", "&#65", "&#x;", "&#128;", "&#x9F;", "&#xD800;",
            "&#1114112;", "&AMP;", "&lt", "&copy2", "<P>", "</P >", "<a title='a>b'>", "<b/>", "<br/ >", "<!---->",
            "<!-- a -- b -->", "-->", "<!DOCTYPE html>", "<?xml version='1.0'?>", "<textarea>", "</textarea>",
            "<title>", "</title>", "</script>", "</style>", "<SCRIPT>", "é", "\u{FEFF}", "]]>",
        ]
        // Ill-formed UTF-8 too: a lone lead byte, a cut sequence, a stray continuation, bytes never in UTF-8.
        let pieces = fragments.map { Array($0.utf8) } + [[0xC3], [0xE6, 0x97], [0x80], [0xFF], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80]]
        let soup = Gen.int(in: 0...(pieces.count - 1)).map { pieces[$0] }.array(of: 0...40)
        await propertyCheck(count: 5_000, input: soup) { pieces in
            let bytes = Array(pieces.joined())
            let ours = MarkupParser.parse(bytes, mode: .html).text
            let theirs = try? reference.text(of: bytes)
            #expect(ours == theirs, "\(pieces.map { String(decoding: $0, as: UTF8.self) }): \(firstDifference(ours, theirs ?? "<python failed>"))")
        }
    }
}

/// Where two texts part: the offset and a few characters of each from there.
private func firstDifference(_ a: String, _ b: String) -> String {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    let common = zip(a, b).prefix { $0 == $1 }.count
    func around(_ s: [Unicode.Scalar]) -> String {
        String(String.UnicodeScalarView(s[common..<min(s.count, common + 24)])).debugDescription
    }
    return "ours \(a.count) characters, Python's \(b.count); from character \(common): ours \(around(a)), Python's \(around(b))"
}

/// Python's `html.parser`, kept running: one document in (its length, then its bytes, read as the
/// parser reads a document that declares nothing: UTF-8 after a byte order mark, or Windows-1252 as
/// WHATWG defines it when that is not valid UTF-8), the concatenated text of its data out as one JSON
/// line. Character references are decoded as `html.unescape` does (HTML5's rules).
final class HTMLParserReference: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending = Data()
    private let lock = NSLock()

    static let script = """
        import codecs, html, html.parser, json, re, struct, sys

        class Text(html.parser.HTMLParser):
            def __init__(self):
                super().__init__(convert_charrefs=True)
                self.parts = []
            def handle_data(self, data):
                self.parts.append(data)
            def unknown_decl(self, data):
                # XHTML: a CDATA section is text.
                if data.startswith("CDATA["):
                    self.parts.append(data[6:])
            def parse_pi(self, i):
                # XML: a processing instruction ends at "?>".
                end = self.rawdata.find("?>", i + 2)
                if end < 0:
                    return -1
                return end + 2
            def close(self):
                # HTML5 at the end of the input, where html.parser keeps what is unfinished as text:
                # an unfinished comment, declaration, instruction or tag is dropped (a lone "</"
                # is text); the rest of a
                # script or style is its text; an unfinished CDATA section's rest is text (XHTML).
                self.goahead(0)
                rest = self.rawdata
                self.rawdata = ""
                if self.cdata_elem:
                    self.parts.append(rest)
                elif rest.startswith("<![CDATA["):
                    self.parts.append(rest[9:])
                elif rest.startswith(("<!", "<?")) or re.match(r"<[A-Za-z]|</[\\s\\S]", rest):
                    pass
                else:
                    self.parts.append(html.unescape(rest))

        # Windows-1252 as WHATWG reads it: the five bytes Python leaves undefined are those C1 controls.
        codecs.register_error("whatwg", lambda error: (chr(error.object[error.start]), error.start + 1))

        def decoded(data):
            if data.startswith(b"\\xef\\xbb\\xbf"):
                data = data[3:]
            try:
                return data.decode("utf-8")
            except UnicodeDecodeError:
                return data.decode("cp1252", "whatwg")

        source = sys.stdin.buffer
        while True:
            head = source.read(4)
            if len(head) < 4:
                break
            document = decoded(source.read(struct.unpack("<I", head)[0]))
            parser = Text()
            parser.feed(document)
            parser.close()
            sys.stdout.write(json.dumps("".join(parser.parts)) + "\\n")
            sys.stdout.flush()
        """

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The reference's text of `document`.
    func text(of document: [UInt8]) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        var length = UInt32(document.count).littleEndian
        try input.fileHandleForWriting.write(contentsOf: Data(bytes: &length, count: 4) + Data(document))
        while !pending.contains(0x0A) {
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else { throw CocoaError(.fileReadUnknown) }
            pending += more
        }
        let newline = pending.firstIndex(of: 0x0A)!
        let line = pending[pending.startIndex..<newline]
        pending = Data(pending[(newline + 1)...])
        return try JSONDecoder().decode(String.self, from: line)
    }
}
