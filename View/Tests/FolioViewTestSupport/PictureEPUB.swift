import Foundation

/// The picture book the window's tests read: a two-chapter EPUB whose first
/// chapter has a line of text, a picture (`img/red.png`), another line, a
/// picture the book lacks (`img/gone.png`, alt "a lost picture") and a last
/// line; the second chapter is only a picture (`img/blue.png`): a full page.
/// The tests bring the PNGs (written by SDL_image or ImageMagick), so the
/// pictures' sizes and colours are theirs to check.
public enum PictureEPUB {
    /// A chapter whose body is `body` (XHTML).
    static func xhtml(_ body: String) -> [UInt8] {
        Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>\(body)</body></html>
        """.utf8)
    }

    /// The container that names the package, `OEBPS/content.opf`.
    static let container = Array("""
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """.utf8)

    /// Writes the book into `dir` with `red` and `blue` as the two pictures' bytes, and with
    /// `cover` as its cover image (`properties="cover-image"`, shown by no chapter) when given;
    /// returns its path.
    public static func write(in dir: URL, red: [UInt8], blue: [UInt8], cover: [UInt8]? = nil) throws -> String {
        let entries: [(String, [UInt8])] = [
            ("mimetype", Array("application/epub+zip".utf8)),
            ("META-INF/container.xml", container),
            ("OEBPS/content.opf", Array("""
                <?xml version="1.0" encoding="UTF-8"?>
                <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
                  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                    <dc:title>Pictures</dc:title><dc:language>en</dc:language><dc:identifier id="uid">urn:pictures</dc:identifier>
                  </metadata>
                  <manifest>
                    <item id="c1" href="ch1.xhtml" media-type="application/xhtml+xml"/>
                    <item id="c2" href="ch2.xhtml" media-type="application/xhtml+xml"/>
                    <item id="red" href="img/red.png" media-type="image/png"/>
                    <item id="blue" href="img/blue.png" media-type="image/png"/>\(cover == nil ? "" : """

                        <item id="cover" href="img/cover.png" media-type="image/png" properties="cover-image"/>
                    """)
                  </manifest>
                  <spine><itemref idref="c1"/><itemref idref="c2"/></spine>
                </package>
                """.utf8)),
            ("OEBPS/ch1.xhtml", xhtml("""
                <p>Before the picture.</p><p><img src="img/red.png" alt="a red box"/></p><p>After the picture.</p>
                <p><img src="img/gone.png" alt="a lost picture"/></p><p>The end.</p>
                """)),
            ("OEBPS/ch2.xhtml", xhtml("<div><img src=\"img/blue.png\" alt=\"a blue page\"/></div>")),
            ("OEBPS/img/red.png", red),
            ("OEBPS/img/blue.png", blue),
        ] + (cover.map { [("OEBPS/img/cover.png", $0)] } ?? [])
        let path = dir.appendingPathComponent(cover == nil ? "pictures.epub" : "pictures-with-cover.epub").path
        try Data(StoredZip.archive(entries)).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// A zip archive of stored (uncompressed) entries, enough for an EPUB a test makes.
public enum StoredZip {
    /// The archive's bytes: `entries` in order, each stored with its CRC-32.
    public static func archive(_ entries: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = [], central: [UInt8] = []
        func le16(_ v: Int, _ into: inout [UInt8]) { into += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: UInt32, _ into: inout [UInt8]) { le16(Int(v & 0xFFFF), &into); le16(Int(v >> 16), &into) }
        for (name, bytes) in entries {
            let offset = UInt32(out.count), crc = crc32(bytes), nameBytes = Array(name.utf8)
            // Local header: version 1.0, no flags, stored, no time.
            le32(0x0403_4B50, &out); le16(10, &out); le16(0, &out); le16(0, &out); le16(0, &out); le16(0, &out)
            le32(crc, &out); le32(UInt32(bytes.count), &out); le32(UInt32(bytes.count), &out)
            le16(nameBytes.count, &out); le16(0, &out)
            out += nameBytes + bytes
            // Central directory entry pointing at it.
            le32(0x0201_4B50, &central); le16(20, &central); le16(10, &central); le16(0, &central); le16(0, &central)
            le16(0, &central); le16(0, &central)
            le32(crc, &central); le32(UInt32(bytes.count), &central); le32(UInt32(bytes.count), &central)
            le16(nameBytes.count, &central); le16(0, &central); le16(0, &central); le16(0, &central); le16(0, &central)
            le32(0, &central); le32(offset, &central)
            central += nameBytes
        }
        let start = UInt32(out.count)
        out += central
        le32(0x0605_4B50, &out); le16(0, &out); le16(0, &out); le16(entries.count, &out); le16(entries.count, &out)
        le32(UInt32(central.count), &out); le32(start, &out); le16(0, &out)
        return out
    }

    /// The CRC-32 (IEEE) of `bytes`, bit by bit.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
