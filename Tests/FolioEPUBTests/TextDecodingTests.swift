import Foundation
import Testing
@testable import FolioEPUB

/// Documents read in the encoding they declare, checked against Python's
/// codecs: each document is written by Python in its encoding and must
/// decode to exactly the text Python decodes from the same bytes.
@Suite struct TextDecodingTests {
    /// A document Python wrote: its label, how it declares it, its bytes and their text.
    struct Written: Decodable {
        var codec: String
        var label: String
        var way: String
        var bytes: Data
        var text: String
    }

    /// `text` as Python's codec `codec` encodes it.
    static func encoded(_ text: String, _ codec: String) throws -> [UInt8] {
        let hex = try runPython("import sys; sys.stdout.write(sys.argv[1].encode(sys.argv[2]).hex())", arguments: [text, codec])
        return stride(from: 0, to: hex.utf8.count, by: 2).map { k in
            let digits = Array(hex.utf8)[k...(k + 1)]
            return UInt8(String(decoding: digits, as: UTF8.self), radix: 16)!
        }
    }

    static func decoded(_ bytes: [UInt8]) -> String { String(decoding: TextDecoding.utf8(bytes), as: UTF8.self) }

    /// Equal scalar for scalar; for windows-1258, canonically equal, since glibc's CP1258 composes a
    /// letter and its tone mark (`e` U+0301 → `é`) where Python keeps them apart.
    static func same(_ ours: String, _ python: String, codec: String) -> Bool {
        codec == "cp1258" ? ours == python : Array(ours.unicodeScalars) == Array(python.unicodeScalars)
    }

    /// Japanese, Chinese, Korean, Cyrillic, Greek, Hebrew, Arabic, Thai and the Latin scripts, in every encoding
    /// folio knows that Python has a codec for, declared by an XML declaration, `<meta charset>` and
    /// `<meta http-equiv>` (after a commented-out `<meta charset="utf-8">` that must not count).
    @Test func everyEncodingDecodesAsPythonDoes() throws {
        let json = try runPython(#"""
            import base64, json, unicodedata
            ja = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。「ＡＢＣ」ｶﾀｶﾅ"
            zh = "春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。"
            tw = "春眠不覺曉，處處聞啼鳥。夜來風雨聲，花落知多少。"
            ko = "대한민국은 민주공화국이다. 모든 권력은 국민으로부터 나온다."
            ru = "Съешь же ещё этих мягких французских булок, да выпей чаю. Ёлка"
            uk = "Чуєш їх, доцю, га? Кумедна ж ти, прощайся без ґольфів!"
            el = "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Άλφα ΐ"
            he = "דג סקרן שט בים מאוכזב ולפתע מצא חברה"
            ar = "نص حكيم له سر قاطع وذو شأن عظيم"
            cs = "Příliš žluťoučký kůň úpěl ďábelské ódy. Łódź"
            tr = "Pijamalı hasta yağız şoföre çabucak güvendi. İĞŞ"
            lt = "Įlinkdama fechtuotojo špaga sublykčiojusi pragręžė apvalų arbūzą"
            th = "เป็นมนุษย์สุดประเสริฐเลิศคุณค่า"
            tones = "\u0300\u0301\u0303\u0309\u0323"
            def cp1258(text):  # a letter cp1258 lacks: its base letter, then its tone mark
                out = ""
                for ch in text:
                    try:
                        ch.encode("cp1258"); out += ch
                    except UnicodeEncodeError:
                        d = unicodedata.normalize("NFD", ch); t = [c for c in d if c in tones][0]
                        out += unicodedata.normalize("NFC", d.replace(t, "")) + t
                return out
            encodings = [
                ("shift_jis", "Shift_JIS", ja), ("cp932", "x-sjis", ja + "①Ⅱ㈱"), ("cp932", "windows-31j", ja),
                ("euc_jp", "EUC-JP", ja.replace("ｶﾀｶﾅ", "カタカナ")), ("iso2022_jp", "ISO-2022-JP", ja.replace("ｶﾀｶﾅ", "カタカナ")),
                ("gb2312", "GB2312", zh), ("gbk", "GBK", zh + "镕"), ("gb18030", "GB18030", zh + "😀€"), ("gbk", "x-gbk", zh),
                ("big5", "Big5", tw), ("big5hkscs", "big5-hkscs", tw), ("euc_kr", "EUC-KR", ko), ("cp949", "windows-949", ko + "똠"),
                ("koi8_r", "KOI8-R", ru), ("koi8_u", "KOI8-U", uk), ("cp1251", "cp1251", ru), ("iso8859_5", "ISO-8859-5", ru),
                ("cp866", "IBM866", ru), ("iso8859_7", "greek", el), ("cp1253", "windows-1253", el),
                ("iso8859_8", "ISO-8859-8", he), ("iso8859_8", "iso-8859-8-i", he), ("cp1255", "windows-1255", he),
                ("iso8859_6", "ISO-8859-6", ar), ("cp1256", "windows-1256", ar), ("cp1250", "windows-1250", cs),
                ("iso8859_2", "latin2", cs.replace("Ł", "L")), ("cp1254", "windows-1254", tr), ("iso8859_9", "latin5", tr),
                ("cp1257", "windows-1257", lt), ("iso8859_13", "ISO-8859-13", lt), ("iso8859_4", "ISO-8859-4", "Ā ā Ķ ķ Ņ ņ"),
                ("cp1258", "windows-1258", cp1258("Tiếng Việt có dấu, Đà Nẵng")), ("cp874", "windows-874", th),
                ("iso8859_11", "tis-620", th), ("cp1252", "latin1", "Café “crème” – 5 € ½"), ("cp1252", "us-ascii", "naïve"),
                ("iso8859_15", "ISO-8859-15", "Œuvre 5 € Š"), ("iso8859_3", "ISO-8859-3", "Ħ ġ ż Ĝ"),
                ("iso8859_10", "latin6", "Ŋ ŧ Ð"), ("iso8859_14", "ISO-8859-14", "Ŵ ŷ Ḃ"), ("iso8859_16", "ISO-8859-16", "Ș ț €"),
                ("utf_8", "utf8", ja),
            ]
            ways = {
                "xml": '<?xml version="1.0" encoding="%s"?>\n<html><head><title>t</title></head><body><p>%s</p></body></html>',
                "meta charset": '<!DOCTYPE html>\n<html><head><meta charset="%s"/><title>t</title></head><body><p>%s</p></body></html>',
                "http-equiv": '<html><head><!-- <meta charset="utf-8"> --><title a=">">t</title>\n'
                              '<META HTTP-EQUIV=content-type CONTENT="text/html; Charset=%s"></head><body><p>%s</p></body></html>',
            }
            cases = []
            for codec, label, text in encodings:
                for way, template in ways.items():
                    data = (template % (label, text)).encode(codec)
                    cases.append({"codec": codec, "label": label, "way": way,
                                  "bytes": base64.b64encode(data).decode(), "text": data.decode(codec)})
            print(json.dumps(cases))
            """#, arguments: [])
        let cases = try JSONDecoder().decode([Written].self, from: Data(json.utf8))
        #expect(cases.count == 43 * 3)
        for written in cases {
            let ours = Self.decoded(Array(written.bytes))
            #expect(Self.same(ours, written.text, codec: written.codec),
                    "\(written.label) (\(written.codec)) by \(written.way): \(ours.debugDescription) ≠ \(written.text.debugDescription)")
        }
    }

    /// Every byte 0x80…0xFF that Python's codec defines, for each single-byte encoding.
    @Test func singleByteEncodingsDecodeEveryByteAsPythonDoes() throws {
        let json = try runPython(#"""
            import base64, json
            codecs = {"ISO-8859-%d" % n: "iso8859_%d" % n for n in (2, 3, 4, 5, 6, 7, 8, 10, 13, 14, 15, 16)}
            codecs.update({"windows-%d" % n: "cp%d" % n for n in (874, 1250, 1251, 1252, 1253, 1254, 1255, 1256, 1257, 1258)})
            codecs.update({"KOI8-R": "koi8_r", "KOI8-U": "koi8_u", "IBM866": "cp866"})
            cases = []
            for label, codec in codecs.items():
                data = b'<meta charset="' + label.encode() + b'">'
                for b in range(0x80, 0x100):
                    try:
                        bytes([b]).decode(codec); data += b" " + bytes([b])
                    except UnicodeDecodeError:
                        pass
                cases.append({"codec": codec, "label": label, "way": "meta", "bytes": base64.b64encode(data).decode(),
                              "text": data.decode(codec)})
            print(json.dumps(cases))
            """#, arguments: [])
        let cases = try JSONDecoder().decode([Written].self, from: Data(json.utf8))
        #expect(cases.count == 25)
        for written in cases {
            let ours = Self.decoded(Array(written.bytes))
            let differ = zip(ours.unicodeScalars, written.text.unicodeScalars).first { $0 != $1 }
            #expect(Self.same(ours, written.text, codec: written.codec),
                    "\(written.label): first difference \(differ.map { "\($0) ≠ \($1)" } ?? "in length")")
        }
    }

    /// Each encoding with an iconv name can be opened by this machine's C library.
    @Test func everyIconvEncodingOpens() {
        for encoding in TextEncoding.allCases {
            guard let name = encoding.iconvName else { continue }
            #expect(Iconv.utf8(Array("abc".utf8), from: name) == Array("abc".utf8), "\(encoding) as \(name)")
        }
    }

    /// The Encoding Standard's labels, its aliases among them, in any case and with spaces around.
    @Test func labelsAreTheEncodingStandards() {
        let labels: [(String, TextEncoding?)] = [
            ("x-sjis", .shiftJIS), ("MS_Kanji", .shiftJIS), ("cp1251", .windows1251), ("latin1", .windows1252),
            ("ISO-8859-1", .windows1252), (" ascii\t", .windows1252), ("iso-8859-9", .windows1254), ("gb2312", .gbk),
            ("GB18030", .gb18030), ("big5-hkscs", .big5), ("ks_c_5601-1987", .eucKR), ("koi8-ru", .koi8U), ("utf-16", .utf16LittleEndian),
            ("UTF8", .utf8), ("x-mac-ukrainian", .macCyrillic), ("tis-620", .windows874), ("logical", .iso8859_8I),
            ("iso-2022-kr", nil), ("x-user-defined", nil), ("shift_jis2", nil), ("", nil), (String(repeating: "a", count: 300), nil),
        ]
        for (label, encoding) in labels {
            #expect(TextEncoding(label: Array(label.utf8)) == encoding, "\(label.debugDescription)")
        }
    }

    /// A byte order mark wins over any declaration; UTF-16 declared in ASCII is read as UTF-8.
    @Test func aByteOrderMarkWins() throws {
        let body = "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><p>猫</p>"
        #expect(Self.decoded([0xEF, 0xBB, 0xBF] + Array(body.utf8)) == body)
        var utf16 = [UInt8]([0xFF, 0xFE])
        for unit in body.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(Self.decoded(utf16) == body)
        let declared16 = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><p>猫</p>"
        #expect(Self.decoded(Array(declared16.utf8)) == declared16)
    }

    /// Nothing declared: UTF-8, else Windows-1252 as before.
    @Test func undeclaredBytesFallBackAsBefore() throws {
        #expect(Self.decoded(Array("<p>naïve 猫</p>".utf8)) == "<p>naïve 猫</p>")
        #expect(Self.decoded(Array("<p>caf".utf8) + [0xE9, 0x20, 0x93, 0x71, 0x94, 0x20, 0x81] + Array("</p>".utf8))
                == "<p>café “q” \u{81}</p>")
        let shiftJIS = try Self.encoded("<p>吾輩は猫である</p>", "shift_jis")
        #expect(Self.decoded(shiftJIS) == String(shiftJIS.map { Character(Unicode.Scalar(Self.windows1252($0))!) }))
    }

    static func windows1252(_ b: UInt8) -> UInt32 { b >= 0x80 && b <= 0x9F ? TextDecoding.windows1252[Int(b - 0x80)] : UInt32(b) }

    /// A label no one knows, a broken declaration, or a declaration past the first 1024 bytes changes nothing.
    @Test func unknownAndBrokenDeclarationsFallBack() throws {
        let latin = [0x63, 0x61, 0x66, 0xE9] as [UInt8]
        let heads = [
            "<?xml version=\"1.0\" encoding=\"x-bogus\"?>", "<?xml version=\"1.0\" encoding=\"iso-2022-kr\"?>",
            "<?xml version=\"1.0\" encoding=\"", "<?xml encoding=Shift_JIS?>", "<meta charset=\"\">", "<meta charset=",
            "<meta http-equiv=\"refresh\" content=\"0; charset=Shift_JIS\">", "<meta content=\"text/html; charset=Shift_JIS\">",
            "<meta http-equiv=content-type content=\"text/html; charset='Shift_JIS\">", "<!-- <meta charset=Shift_JIS> -->",
            "<metadata charset=Shift_JIS>", String(repeating: " ", count: 1_024) + "<meta charset=Shift_JIS>",
            "<meta charset=\(String(repeating: "x", count: 5_000))>",
        ]
        for head in heads {
            #expect(Self.decoded(Array(head.utf8) + Array("猫".utf8)) == head + "猫", "\(head.prefix(80))")
            #expect(Self.decoded(Array(head.utf8) + latin) == head + "café", "\(head.prefix(80))")
        }
        #expect(Self.decoded(Array("x <meta charset=Shift_JIS> 猫".utf8)) != "x <meta charset=Shift_JIS> 猫")
    }

    /// Bytes that are not valid in the declared encoding are U+FFFD, a sequence cut off at the end too, and
    /// whatever the bytes the result is valid UTF-8.
    @Test func invalidSequencesBecomeReplacementCharacters() throws {
        let head = Array("<meta charset=Shift_JIS>".utf8)
        let cat = try Self.encoded("猫", "shift_jis")
        #expect(Self.decoded(head + cat + [0x81, 0x20] + cat + [0x81]) == "<meta charset=Shift_JIS>猫\u{FFFD} 猫\u{FFFD}")
        let iso2022 = Array("<meta charset=ISO-2022-JP>".utf8) + [0x1B, 0x24, 0x42, 0x47, 0x2D, 0x1B, 0x28, 0x42, 0x1B, 0x24, 0x5A, 0x41]
        #expect(Self.decoded(iso2022).hasPrefix("<meta charset=ISO-2022-JP>猫"))
        var generator = SystemRandomNumberGenerator()
        for encoding in TextEncoding.allCases {
            for _ in 0..<20 {
                let bytes = Array("<meta charset=\(encoding)>".utf8) + (0..<Int.random(in: 0...300, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                }
                let out = TextDecoding.utf8(bytes)
                #expect(String(validating: out, as: UTF8.self) != nil, "\(encoding): \(bytes)")
            }
        }
    }

    /// A document far larger than one piece of iconv's output is converted whole, every piece in order.
    @Test func aHugeDocumentIsConvertedInPieces() throws {
        let line = "吾輩は猫である。名前はまだ無い。\n"
        let encodedLine = try Self.encoded(line, "shift_jis")
        let copies = 16 * Iconv.pieceBytes / encodedLine.count + 7  // a megabyte
        let bytes = Array("<meta charset=Shift_JIS>".utf8) + Array([[UInt8]](repeating: encodedLine, count: copies).joined())
        let started = ContinuousClock.now
        let text = Self.decoded(bytes)
        #expect(text == "<meta charset=Shift_JIS>" + String(repeating: line, count: copies))
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    /// A book whose package document is EUC-JP, navigation document Shift_JIS (by `<meta>`) and chapter
    /// Shift_JIS (by its XML declaration) shows its Japanese title, table of contents and text.
    @Test func aShiftJISBookRendersItsJapanese() throws {
        let opf = try Self.encoded("""
            <?xml version="1.0" encoding="EUC-JP"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:title>吾輩は猫である</dc:title><dc:creator>夏目漱石</dc:creator><dc:identifier id="uid">urn:x</dc:identifier>
              </metadata>
              <manifest>
                <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
                <item id="c0" href="ch1.xhtml" media-type="application/xhtml+xml"/>
              </manifest>
              <spine><itemref idref="c0"/></spine>
            </package>
            """, "euc_jp")
        let nav = try Self.encoded("""
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
            <head><meta charset="Shift_JIS"/><title>目次</title></head>
            <body><nav epub:type="toc"><ol><li><a href="ch1.xhtml">第一章</a></li></ol></nav></body></html>
            """, "shift_jis")
        let chapter = try Self.encoded("""
            <?xml version="1.0" encoding="Shift_JIS"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>一</title></head>
            <body><h1>一</h1><p>吾輩は猫である。名前はまだ無い。①</p></body></html>
            """, "cp932")
        let fixture = try EPUBFixture([
            EPUBFixture.mimetype, EPUBFixture.container, .init("OEBPS/content.opf", bytes: opf),
            .init("OEBPS/nav.xhtml", bytes: nav), .init("OEBPS/ch1.xhtml", bytes: chapter),
        ])
        let book = try fixture.open()
        #expect(book.metadata.title == "吾輩は猫である" && book.metadata.authors == ["夏目漱石"])
        #expect(book.tableOfContents.map(\.title) == ["第一章"])
        let plain = book.render(spineItem: 0).plain
        #expect(plain.contains("吾輩は猫である。名前はまだ無い。①"), "\(plain)")
    }
}
