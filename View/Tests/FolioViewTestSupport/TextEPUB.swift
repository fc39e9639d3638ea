import Foundation

/// A one-chapter EPUB of XHTML a test writes, in a language it names: what the
/// window's typesetting tests (hyphenation, scripts) open as a book.
public enum TextEPUB {
    /// Writes `name`.epub into `dir`: a book titled `title` in `language` (a BCP 47 tag) whose one
    /// chapter's body is `body` (XHTML), with `head` (a `<style>`, say) in its head and the CSS
    /// `writingMode` (`vertical-rl`) on its root when given; returns its path.
    public static func write(in dir: URL, name: String, title: String = "A book", language: String, body: String,
                             head: String = "", writingMode: String? = nil) throws -> String {
        let style = writingMode.map { " style=\"writing-mode: \($0)\"" } ?? ""
        let entries: [(String, [UInt8])] = [
            ("mimetype", Array("application/epub+zip".utf8)),
            ("META-INF/container.xml", PictureEPUB.container),
            ("OEBPS/content.opf", Array("""
                <?xml version="1.0" encoding="UTF-8"?>
                <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
                  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                    <dc:title>\(title)</dc:title><dc:language>\(language)</dc:language><dc:identifier id="uid">urn:\(name)</dc:identifier>
                  </metadata>
                  <manifest><item id="c1" href="ch1.xhtml" media-type="application/xhtml+xml"/></manifest>
                  <spine><itemref idref="c1"/></spine>
                </package>
                """.utf8)),
            ("OEBPS/ch1.xhtml", Array("""
                <?xml version="1.0" encoding="UTF-8"?>
                <html xmlns="http://www.w3.org/1999/xhtml" lang="\(language)"\(style)><head><title>\(title)</title>\(head)</head><body>\(body)</body></html>
                """.utf8)),
        ]
        let path = dir.appendingPathComponent(name + ".epub").path
        try Data(StoredZip.archive(entries)).write(to: URL(fileURLWithPath: path))
        return path
    }
}
