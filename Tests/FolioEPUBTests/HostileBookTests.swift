import Foundation
import Testing
@testable import FolioEPUB

/// Books built to hurt: each must be refused with one clear line, or read
/// with a placeholder, quickly, without crashing, hanging or touching
/// anything outside the book.
@Suite struct HostileBookTests {
    typealias Entry = EPUBFixture.Entry

    /// A book whose only chapter is `entry` (named OEBPS/ch1.xhtml).
    static func book(chapter entry: Entry, extra: [Entry] = []) throws -> EPUBFixture {
        try EPUBFixture([EPUBFixture.mimetype, EPUBFixture.container, EPUBFixture.package(chapters: ["ch1.xhtml"]), entry] + extra)
    }

    static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0x20, count: count) }

    // MARK: Zip bombs

    /// Limits with the ratio check out of the way, so the size limit is what stops a bomb.
    static let sizeOnly = EPUBLimits(maximumRatio: Int.max)

    @Test func anEntryInflatingBeyondTheSizeLimitIsRefused() throws {
        let fixture = try Self.book(chapter: Entry("OEBPS/ch1.xhtml", bytes: Self.zeros(70 << 20)))
        let started = Date()
        let book = try fixture.open(limits: Self.sizeOnly)
        #expect(book.render(spineItem: 0).string
                == "[unreadable: book.epub: OEBPS/ch1.xhtml would inflate beyond 64 MB (a zip bomb?)]")
        #expect(throws: EPUBError.entryTooLarge(file: "book.epub", entry: "OEBPS/ch1.xhtml", limit: 64 << 20)) {
            try book.resource("OEBPS/ch1.xhtml")
        }
        #expect(Date().timeIntervalSince(started) < 20)
    }

    /// A smaller size limit, so fixtures stay small.
    static let eightMegabytes = EPUBLimits(maximumEntryBytes: 8 << 20, maximumRatio: Int.max)

    @Test func theSizeLimitCountsInflatedBytesWhateverTheHeadersSay() throws {
        let fixture = try Self.book(chapter: Entry("OEBPS/ch1.xhtml", bytes: Self.zeros(10 << 20)))
        var bytes = fixture.bytes
        ZipPatch.setUncompressedSize(of: "OEBPS/ch1.xhtml", to: 100, in: &bytes)
        let lying = try EPUBFixture(raw: bytes)
        #expect(throws: EPUBError.entryTooLarge(file: "book.epub", entry: "OEBPS/ch1.xhtml", limit: 8 << 20)) {
            try lying.open(limits: Self.eightMegabytes).resource("OEBPS/ch1.xhtml")
        }
        // With the default limits the ratio stops it first, after 1 MB or so.
        #expect(throws: EPUBError.compressionRatio(file: "book.epub", entry: "OEBPS/ch1.xhtml", ratio: 200)) {
            try lying.open().resource("OEBPS/ch1.xhtml")
        }
    }

    @Test func anEntryInflatingBeyondTheRatioIsRefused() throws {
        let fixture = try Self.book(chapter: Entry("OEBPS/ch1.xhtml", bytes: Self.zeros(4 << 20)))
        let book = try fixture.open()
        #expect(throws: EPUBError.compressionRatio(file: "book.epub", entry: "OEBPS/ch1.xhtml", ratio: 200)) {
            try book.resource("OEBPS/ch1.xhtml")
        }
        #expect(book.render(spineItem: 0).string
                == "[unreadable: book.epub: OEBPS/ch1.xhtml inflates more than 200 times its compressed size (a zip bomb?)]")
        // Small entries may compress as well as they like.
        let small = try Self.book(chapter: Entry("OEBPS/ch1.xhtml", EPUBFixture.xhtml("<p>x</p>" + String(repeating: " ", count: 500_000))))
        #expect(try small.open().render(spineItem: 0).string == "x")
    }

    @Test func aBombInThePackageDocumentRefusesTheBook() throws {
        var padded = EPUBFixture.package(chapters: ["ch1.xhtml"])
        padded.bytes += Self.zeros(10 << 20)
        let fixture = try EPUBFixture([EPUBFixture.mimetype, EPUBFixture.container, padded])
        #expect(throws: EPUBError.entryTooLarge(file: "book.epub", entry: "OEBPS/content.opf", limit: 8 << 20)) {
            try fixture.open(limits: Self.eightMegabytes)
        }
        #expect(throws: EPUBError.compressionRatio(file: "book.epub", entry: "OEBPS/content.opf", ratio: 200)) {
            try fixture.open()
        }
        #expect(EPUBError.entryTooLarge(file: "book.epub", entry: "OEBPS/content.opf", limit: 64 << 20).description
                == "book.epub: OEBPS/content.opf would inflate beyond 64 MB (a zip bomb?)")
    }

    @Test func theOperationBudgetBoundsManyEntriesTogether() throws {
        let chapters = (0..<4).map { "c\($0).xhtml" }
        let entries = chapters.map { Entry("OEBPS/\($0)", EPUBFixture.xhtml("<p>\($0)</p>") + String(repeating: "<!-- -->", count: 100_000)) }
        let fixture = try EPUBFixture([EPUBFixture.mimetype, EPUBFixture.container, EPUBFixture.package(chapters: chapters)] + entries)
        var limits = EPUBLimits()
        limits.maximumTotalBytes = 1 << 20
        let book = try fixture.open(limits: limits)  // reading heads only stays within the budget
        #expect(book.render(spineItem: 0).plain == "c0.xhtml")
        limits.maximumTotalBytes = 100_000
        #expect(throws: EPUBError.totalTooLarge(file: "book.epub", limit: 100_000)) { try fixture.open(limits: limits).resource("OEBPS/c0.xhtml") }
    }

    @Test func aDeflateStreamRunningPastItsEntryEndsQuickly() throws {
        // A stored deflate block claiming 65 535 bytes, then the end of the
        // entry: ZIPFoundation's Linux inflater would ask for more forever.
        let fixture = try Self.book(chapter: Entry("OEBPS/ch1.xhtml", bytes: [0x00, 0xFF, 0xFF, 0x00, 0x00, 0x41, 0x42], deflate: false))
        var bytes = fixture.bytes
        ZipPatch.setMethod(of: "OEBPS/ch1.xhtml", to: 8, in: &bytes)
        let broken = try EPUBFixture(raw: bytes)
        let started = Date()
        let book = try broken.open()
        #expect(book.render(spineItem: 0).string == "[unreadable: book.epub: OEBPS/ch1.xhtml is damaged (it does not inflate)]")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aChecksumMismatchIsDamage() throws {
        let fixture = try Self.book(chapter: Entry("OEBPS/ch1.xhtml", EPUBFixture.xhtml("<p>hello</p>"), deflate: false))
        var bytes = fixture.bytes
        let at = ZipPatch.find(Array("hello".utf8), in: bytes)!
        bytes[at] = UInt8(ascii: "j")
        let damaged = try EPUBFixture(raw: bytes)
        #expect(try damaged.open().render(spineItem: 0).string
                == "[unreadable: book.epub: OEBPS/ch1.xhtml is damaged (its checksum does not match)]")
    }

    /// Entry names come from the archive: a control character or a line separator in one shows as
    /// a visible stand-in, so the message stays one line and cannot steer the terminal it is printed
    /// to (the zip fuzz target's first finding: a form feed in a damaged entry's name).
    @Test func aNameWithControlCharactersStaysOnOneLine() throws {
        let name = "OEBPS/a\n\u{1B}[2J\u{0C}\u{85}\u{2028}\u{7F}b.png"
        let fixture = try EPUBFixture.book(body: "<p>x</p>", extra: [Entry(name, "hello", deflate: false)])
        var bytes = fixture.bytes
        bytes[ZipPatch.find(Array("hello".utf8), in: bytes)!] = UInt8(ascii: "j")
        let book = try EPUBFixture(raw: bytes).open()
        #expect(throws: EPUBError.damagedEntry(file: "book.epub", entry: name, reason: "its checksum does not match")) {
            try book.resource(name)
        }
        let damaged = EPUBError.damagedEntry(file: "book.epub", entry: name, reason: "its checksum does not match")
        #expect(damaged.description == "book.epub: OEBPS/a\u{240A}\u{241B}[2J\u{240C}\u{FFFD}\u{FFFD}\u{2421}b.png is damaged (its checksum does not match)")
        #expect(EPUBError.missingEntry(file: "line\nbreak.epub", entry: "c\rd").description == "line\u{240A}break.epub has no entry c\u{240D}d")
    }

    @Test func tooManyEntriesAreRefused() throws {
        let fixture = try EPUBFixture.book(body: "<p>x</p>", extra: (0..<5).map { Entry("OEBPS/x\($0).txt", "x") })
        var limits = EPUBLimits()
        limits.maximumEntries = 8
        #expect(throws: EPUBError.tooManyEntries(file: "book.epub", count: 9, limit: 8)) { try fixture.open(limits: limits) }
    }

    // MARK: Entities

    @Test func entityExpansionNeverHappens() throws {
        var declarations = "<!ENTITY lol \"lol\">"
        for level in 1...9 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">"
        }
        let chapter = """
            <?xml version="1.0"?>
            <!DOCTYPE html [\(declarations)]>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>&lol9;</title></head><body><p>a &lol9; b</p></body></html>
            """
        let fixture = try Self.book(chapter: Entry("OEBPS/ch1.xhtml", chapter))
        let started = Date()
        let item = try fixture.open().render(spineItem: 0)
        #expect(item.string == "a &lol9; b")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func externalEntitiesAreNeverResolved() throws {
        let doctype = "<!DOCTYPE x [<!ENTITY xxe SYSTEM \"file:///etc/passwd\"><!ENTITY % p SYSTEM \"file:///etc/hostname\"> %p;]>"
        let chapter = "<?xml version=\"1.0\"?>\(doctype)<html><body><p>&xxe;</p><p>%p;</p></body></html>"
        let package = """
            <?xml version="1.0"?>\(doctype)
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata><dc:title>&xxe;</dc:title></metadata>
            <manifest><item id="c" href="ch1.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c"/></spine></package>
            """
        let fixture = try EPUBFixture([EPUBFixture.mimetype, EPUBFixture.container, Entry("OEBPS/content.opf", package), Entry("OEBPS/ch1.xhtml", chapter)])
        let book = try fixture.open()
        #expect(book.metadata.title == "&xxe;")
        let text = book.render(spineItem: 0).string
        #expect(text == "&xxe;\n\n%p;")
        #expect(!text.contains("root:"))
    }

    // MARK: Names

    @Test func traversalAndAbsoluteNamesAreJustNames() throws {
        let package = EPUBFixture.package(
            chapters: ["../../../../etc/passwd", "/etc/hostname", "../evil.xhtml", "ok.xhtml"])
        let fixture = try EPUBFixture([
            EPUBFixture.mimetype, EPUBFixture.container, package,
            Entry("../evil.xhtml", EPUBFixture.xhtml("<p>evil</p>")),
            Entry("/etc/hostname", EPUBFixture.xhtml("<p>inside the zip</p>")),
            Entry("OEBPS/ok.xhtml", EPUBFixture.xhtml("<p>fine <img src='../../../../etc/passwd'/></p>")),
        ])
        let book = try fixture.open()
        #expect(book.spine.map(\.href) == ["etc/passwd", "etc/hostname", "evil.xhtml", "OEBPS/ok.xhtml"])
        #expect(book.render(spineItem: 0).string == "[missing: etc/passwd]")
        #expect(book.render(spineItem: 1).string == "[missing: etc/hostname]")
        #expect(book.render(spineItem: 2).string == "[missing: evil.xhtml]")
        let ok = book.render(spineItem: 3)
        #expect(ok.string == "fine\n\n[image: passwd]")
        #expect(ok.images.map(\.path) == ["etc/passwd"])
        #expect(throws: EPUBError.missingEntry(file: "book.epub", entry: "etc/passwd")) { try book.resource("/etc/passwd") }
        #expect(throws: EPUBError.missingEntry(file: "book.epub", entry: "etc/passwd")) { try book.resource("../../etc/passwd") }
        // Nothing was written beside the book.
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path)
        #expect(files == ["book.epub"])
    }

    @Test func theModuleNeverWritesFiles() throws {
        // The design keeps every read in memory; this keeps it so.
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/FolioEPUB").standardized
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOfFile: sources.appendingPathComponent(file).path, encoding: .utf8)
            for forbidden in ["FileManager", "fopen(", "mkstemp", "write(to", "createFile", "O_CREAT", "O_WRONLY", "O_RDWR", "temporaryDirectory"] {
                #expect(!text.contains(forbidden), "\(file) uses \(forbidden)")
            }
        }
    }

    // MARK: Not books

    @Test func aMissingFileSaysSo() {
        #expect(throws: EPUBError.unreadable(file: "nowhere.epub", reason: "No such file or directory")) {
            try EPUBBook.open(path: "/nonexistent/nowhere.epub")
        }
        #expect(EPUBError.unreadable(file: "nowhere.epub", reason: "No such file or directory").description
                == "nowhere.epub cannot be read: No such file or directory")
    }

    @Test func aFileThatIsNotAZip() throws {
        for bytes in [[], Array("Chapter 1\nIt was a dark and stormy night.".utf8), [UInt8](repeating: 0, count: 100)] {
            let fixture = try EPUBFixture(raw: bytes)
            #expect(throws: EPUBError.notZip(file: "book.epub"), "\(bytes.count) bytes") { try fixture.open() }
        }
        #expect(EPUBError.notZip(file: "book.epub").description == "book.epub is not a zip archive")
    }

    @Test func aTruncatedArchive() throws {
        let fixture = try EPUBFixture.book(body: "<p>x</p>")
        let whole = fixture.bytes
        for cut in [whole.count / 2, whole.count - 10, 30] {
            let truncated = try EPUBFixture(raw: Array(whole.prefix(cut)))
            #expect(throws: EPUBError.truncated(file: "book.epub"), "cut at \(cut) of \(whole.count)") { try truncated.open() }
        }
        #expect(EPUBError.truncated(file: "book.epub").description
                == "book.epub is truncated (the archive's directory is missing or damaged)")
    }

    @Test func aZipThatIsNotAnEPUB() throws {
        let fixture = try EPUBFixture([Entry("readme.txt", "hello"), Entry("data/x.csv", "1,2")])
        #expect(throws: EPUBError.notEPUB(file: "book.epub")) { try fixture.open() }
        #expect(EPUBError.notEPUB(file: "book.epub").description == "book.epub has no META-INF/container.xml: not an EPUB")
    }

    @Test func aWrongMimetype() throws {
        let fixture = try EPUBFixture([Entry("mimetype", "application/zip", deflate: false), EPUBFixture.container,
                                       EPUBFixture.package(chapters: ["ch1.xhtml"]), Entry("OEBPS/ch1.xhtml", EPUBFixture.xhtml("x"))])
        #expect(throws: EPUBError.wrongMimetype(file: "book.epub", found: "application/zip")) { try fixture.open() }
        #expect(EPUBError.wrongMimetype(file: "book.epub", found: "x").description
                == "book.epub: the mimetype entry says 'x', not application/epub+zip")
    }

    @Test func aMissingPackageDocument() throws {
        let fixture = try EPUBFixture([EPUBFixture.mimetype, EPUBFixture.container])
        #expect(throws: EPUBError.noPackageDocument(file: "book.epub", reason: "the package document OEBPS/content.opf is missing")) {
            try fixture.open()
        }
        let empty = try EPUBFixture([EPUBFixture.mimetype, Entry("META-INF/container.xml", "<container><rootfiles/></container>")])
        #expect(throws: EPUBError.noPackageDocument(file: "book.epub", reason: "META-INF/container.xml names no package document")) {
            try empty.open()
        }
    }

    @Test func aManifestItemMissingFromTheArchiveIsAPlaceholderAndReadingGoesOn() throws {
        let fixture = try EPUBFixture([EPUBFixture.mimetype, EPUBFixture.container,
                                       EPUBFixture.package(chapters: ["gone.xhtml", "here.xhtml"]),
                                       Entry("OEBPS/here.xhtml", EPUBFixture.xhtml("<p>Here.</p>"))])
        let book = try fixture.open()
        #expect(book.render(spineItem: 0).string == "[missing: OEBPS/gone.xhtml]")
        #expect(book.render(spineItem: 1).string == "Here.")
        #expect(book.render(spineItem: 2).string == "[no spine item 2]")
        #expect(book.render(spineItem: -1).string == "[no spine item -1]")
    }

    // MARK: Encryption

    static func encryption(_ uri: String, algorithm: String) -> Entry {
        Entry("META-INF/encryption.xml", """
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
              <enc:EncryptedData>
                <enc:EncryptionMethod Algorithm="\(algorithm)"/>
                <enc:CipherData><enc:CipherReference URI="\(uri)"/></enc:CipherData>
              </enc:EncryptedData>
            </encryption>
            """)
    }

    @Test func encryptedContentIsRefused() throws {
        let fixture = try EPUBFixture.book(
            body: "<p>x</p>", extra: [Self.encryption("OEBPS/ch1.xhtml", algorithm: "http://www.w3.org/2001/04/xmlenc#aes128-cbc")])
        #expect(throws: EPUBError.encrypted(file: "book.epub")) { try fixture.open() }
        #expect(EPUBError.encrypted(file: "book.epub").description == "book.epub is encrypted (DRM); folio cannot read it")
    }

    @Test func fontObfuscationAloneIsFine() throws {
        let fixture = try EPUBFixture.book(
            body: "<p>x</p>",
            extra: [Self.encryption("OEBPS/fonts/a.otf", algorithm: "http://www.idpf.org/2008/embedding"),
                    Entry("OEBPS/fonts/a.otf", bytes: [1, 2, 3])])
        let book = try fixture.open()
        #expect(book.render(spineItem: 0).string == "x")
        #expect(try book.resource("OEBPS/fonts/a.otf") == [1, 2, 3])
    }

    @Test func anEncryptedImageIsRefusedButTheBookReads() throws {
        let fixture = try EPUBFixture.book(
            body: "<p>x</p>", extra: [Self.encryption("OEBPS/a.png", algorithm: "http://www.w3.org/2001/04/xmlenc#aes128-cbc"),
                                      Entry("OEBPS/a.png", bytes: [9])])
        let book = try fixture.open()
        #expect(book.render(spineItem: 0).string == "x")
        #expect(throws: EPUBError.encrypted(file: "book.epub")) { try book.resource("OEBPS/a.png") }
    }
}

/// Edits a zip's headers in place, to make archives that lie.
enum ZipPatch {
    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        var k = start
        while k + needle.count <= bytes.count {
            if bytes[k..<(k + needle.count)].elementsEqual(needle) { return k }
            k += 1
        }
        return nil
    }

    /// Offsets of the local header and the central directory record of `name`.
    static func headers(of name: String, in bytes: [UInt8]) -> (local: Int, central: Int) {
        let nameBytes = Array(name.utf8)
        var local = 0, central = 0
        var k = 0
        while let at = find([0x50, 0x4B], in: bytes, from: k) {
            if at + 46 < bytes.count, bytes[at + 2] == 1, bytes[at + 3] == 2,
               bytes[(at + 46)..<(at + 46 + nameBytes.count)].elementsEqual(nameBytes) { central = at }
            if at + 30 < bytes.count, bytes[at + 2] == 3, bytes[at + 3] == 4,
               bytes[(at + 30)..<min(bytes.count, at + 30 + nameBytes.count)].elementsEqual(nameBytes) { local = at }
            k = at + 2
        }
        precondition(local > 0 || central > 0, "no entry \(name)")
        return (local, central)
    }

    static func setUncompressedSize(of name: String, to size: UInt32, in bytes: inout [UInt8]) {
        let (local, central) = headers(of: name, in: bytes)
        put32(size, at: local + 22, in: &bytes)
        put32(size, at: central + 24, in: &bytes)
    }

    static func setMethod(of name: String, to method: UInt16, in bytes: inout [UInt8]) {
        let (local, central) = headers(of: name, in: bytes)
        bytes[local + 8] = UInt8(method & 0xFF)
        bytes[local + 9] = UInt8(method >> 8)
        bytes[central + 10] = UInt8(method & 0xFF)
        bytes[central + 11] = UInt8(method >> 8)
    }

    static func put32(_ v: UInt32, at k: Int, in bytes: inout [UInt8]) {
        for i in 0..<4 { bytes[k + i] = UInt8((v >> (8 * UInt32(i))) & 0xFF) }
    }
}
