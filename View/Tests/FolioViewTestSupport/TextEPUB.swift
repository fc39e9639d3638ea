import Foundation

/// A one-chapter EPUB of markup a test gives, in a language it names: the smallest book that
/// shows how the window sets what a book's markup says (ruby, code).
public enum TextEPUB {
    /// Writes the book into `dir` as `name`, its chapter's body `body` (XHTML) and its
    /// language `language` (a BCP 47 tag); returns its path.
    public static func write(in dir: URL, name: String = "text.epub", language: String, body: String) throws -> String {
        let entries: [(String, [UInt8])] = [
            ("mimetype", Array("application/epub+zip".utf8)),
            ("META-INF/container.xml", PictureEPUB.container),
            ("OEBPS/content.opf", Array("""
                <?xml version="1.0" encoding="UTF-8"?>
                <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
                  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                    <dc:title>Text</dc:title><dc:language>\(language)</dc:language><dc:identifier id="uid">urn:text</dc:identifier>
                  </metadata>
                  <manifest><item id="c1" href="ch1.xhtml" media-type="application/xhtml+xml"/></manifest>
                  <spine><itemref idref="c1"/></spine>
                </package>
                """.utf8)),
            ("OEBPS/ch1.xhtml", PictureEPUB.xhtml(body)),
        ]
        let path = dir.appendingPathComponent(name).path
        try Data(StoredZip.archive(entries)).write(to: URL(fileURLWithPath: path))
        return path
    }
}
