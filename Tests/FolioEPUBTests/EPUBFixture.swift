import Foundation
import Testing
import ZIPFoundation
@testable import FolioEPUB

/// A book a test builds for itself: entries written into a zip (with
/// ZIPFoundation) in a fresh temporary folder, removed when the test ends.
final class EPUBFixture {
    /// The folder holding the file; removed on deinit.
    let folder: URL
    /// The book's path.
    let path: String

    /// An entry: name, bytes, deflated or stored.
    struct Entry {
        var name: String
        var bytes: [UInt8]
        var deflate = true

        init(_ name: String, _ text: String, deflate: Bool = true) {
            self.name = name
            self.bytes = Array(text.utf8)
            self.deflate = deflate
        }

        init(_ name: String, bytes: [UInt8], deflate: Bool = true) {
            self.name = name
            self.bytes = bytes
            self.deflate = deflate
        }
    }

    /// Writes `entries`, in order, to `name` in a new temporary folder.
    init(_ entries: [Entry], name: String = "book.epub") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-epub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        path = url.path
        let archive = try Archive(url: url, accessMode: .create)
        for entry in entries {
            let data = Data(entry.bytes)
            try archive.addEntry(
                with: entry.name, type: .file, uncompressedSize: Int64(data.count),
                compressionMethod: entry.deflate ? .deflate : .none,
                provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
        }
    }

    /// A file with raw `bytes` (not necessarily a zip).
    init(raw bytes: [UInt8], name: String = "book.epub") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-epub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        path = url.path
        try Data(bytes).write(to: url)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The file's bytes.
    var bytes: [UInt8] { (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? [] }

    /// Opens the book.
    func open(limits: EPUBLimits = .init()) throws(EPUBError) -> EPUBBook {
        try EPUBBook.open(path: path, limits: limits)
    }

    // MARK: Standard books

    static let container = Entry("META-INF/container.xml", """
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """)

    static let mimetype = Entry("mimetype", "application/epub+zip", deflate: false)

    /// A package document listing `chapters` (names under OEBPS/) in the spine.
    static func package(
        chapters: [String], extraManifest: String = "", spineAttributes: String = "", metadata: String? = nil
    ) -> Entry {
        let items = chapters.enumerated().map { i, name in
            "<item id=\"c\(i)\" href=\"\(name)\" media-type=\"application/xhtml+xml\"/>"
        }.joined(separator: "\n")
        let refs = chapters.indices.map { "<itemref idref=\"c\($0)\"/>" }.joined(separator: "\n")
        return Entry("OEBPS/content.opf", """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                \(metadata ?? "<dc:title>Fixture</dc:title><dc:creator>Test</dc:creator><dc:language>en</dc:language><dc:identifier id=\"uid\">urn:test</dc:identifier>")
              </metadata>
              <manifest>
                \(items)
                \(extraManifest)
              </manifest>
              <spine \(spineAttributes)>
                \(refs)
              </spine>
            </package>
            """)
    }

    /// An XHTML document with `body` as its body and `head` in its head.
    static func xhtml(_ body: String, head: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
        <head><title>t</title>\(head)</head>
        <body>\(body)</body>
        </html>
        """
    }

    /// A one-chapter book whose chapter body is `body`; `extra` entries follow.
    static func book(body: String, head: String = "", extra: [Entry] = []) throws -> EPUBFixture {
        try EPUBFixture([mimetype, container, package(chapters: ["ch1.xhtml"]),
                         Entry("OEBPS/ch1.xhtml", xhtml(body, head: head))] + extra)
    }
}

/// Renders `body` as the only chapter of a fixture book.
func render(body: String, head: String = "", extra: [EPUBFixture.Entry] = []) throws -> EPUBRenderedItem {
    let fixture = try EPUBFixture.book(body: body, head: head, extra: extra)
    return try fixture.open().render(spineItem: 0)
}

extension EPUBRenderedItem {
    /// The text with SGR sequences removed.
    var plain: String { stripSGR(string) }
}

/// `s` without SGR sequences (`ESC [ digits m`).
func stripSGR(_ s: String) -> String {
    var out = ""
    var scalars = s.unicodeScalars.makeIterator()
    while let c = scalars.next() {
        if c == "\u{1B}" {
            while let d = scalars.next(), d != "m" {}
        } else {
            out.unicodeScalars.append(c)
        }
    }
    return out
}

/// Escapes shown visibly, for readable failures: `⟨1⟩bold⟨22⟩`.
func visible(_ s: String) -> String {
    var out = ""
    var scalars = s.unicodeScalars.makeIterator()
    while let c = scalars.next() {
        if c == "\u{1B}" {
            var code = ""
            while let d = scalars.next(), d != "m" { if d != "[" { code.unicodeScalars.append(d) } }
            out += "⟨\(code)⟩"
        } else {
            out.unicodeScalars.append(c)
        }
    }
    return out
}
