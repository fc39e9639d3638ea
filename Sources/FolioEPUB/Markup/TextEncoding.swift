/// An encoding a document can declare, named as the WHATWG Encoding
/// Standard names it, with the labels that stand for it there (`x-sjis`,
/// `cp1251`, `latin1`…) and how folio decodes it: UTF-8, UTF-16 and
/// Windows-1252 by itself, the rest through the C library's iconv.
///
/// Two of the Standard's encodings are left out, so their labels read as
/// unknown (a document falls back to UTF-8, else Windows-1252):
/// `replacement` (ISO-2022-KR, HZ, ISO-2022-CN, which browsers refuse to
/// decode at all) and `x-user-defined` (bytes for binary data, not a book).
enum TextEncoding: String, CaseIterable, CustomStringConvertible {
    case utf8 = "UTF-8"
    case utf16BigEndian = "UTF-16BE"
    case utf16LittleEndian = "UTF-16LE"
    case ibm866 = "IBM866"
    case iso8859_2 = "ISO-8859-2"
    case iso8859_3 = "ISO-8859-3"
    case iso8859_4 = "ISO-8859-4"
    case iso8859_5 = "ISO-8859-5"
    case iso8859_6 = "ISO-8859-6"
    case iso8859_7 = "ISO-8859-7"
    case iso8859_8 = "ISO-8859-8"
    case iso8859_8I = "ISO-8859-8-I"
    case iso8859_10 = "ISO-8859-10"
    case iso8859_13 = "ISO-8859-13"
    case iso8859_14 = "ISO-8859-14"
    case iso8859_15 = "ISO-8859-15"
    case iso8859_16 = "ISO-8859-16"
    case koi8R = "KOI8-R"
    case koi8U = "KOI8-U"
    case macintosh = "macintosh"
    case macCyrillic = "x-mac-cyrillic"
    case windows874 = "windows-874"
    case windows1250 = "windows-1250"
    case windows1251 = "windows-1251"
    case windows1252 = "windows-1252"
    case windows1253 = "windows-1253"
    case windows1254 = "windows-1254"
    case windows1255 = "windows-1255"
    case windows1256 = "windows-1256"
    case windows1257 = "windows-1257"
    case windows1258 = "windows-1258"
    case gbk = "GBK"
    case gb18030 = "gb18030"
    case big5 = "Big5"
    case eucJP = "EUC-JP"
    case iso2022JP = "ISO-2022-JP"
    case shiftJIS = "Shift_JIS"
    case eucKR = "EUC-KR"

    /// The Encoding Standard's name (`Shift_JIS`).
    var description: String { rawValue }

    /// The encoding `label` stands for, as the Encoding Standard's table
    /// reads labels: ASCII case ignored and surrounding whitespace trimmed
    /// (`" Latin1 "` is windows-1252); nil for a label it does not list.
    init?(label: some Collection<UInt8>) {
        let trimmed = label.drop(while: isASCIIWhiteSpace).reversed().drop(while: isASCIIWhiteSpace).reversed()
        guard !trimmed.isEmpty, trimmed.count <= 32 else { return nil }
        guard let encoding = Self.byLabel(asciiLowercased(trimmed)) else { return nil }
        self = encoding
    }

    /// The name glibc's iconv knows this encoding by, or nil for those
    /// folio decodes itself. Where the Standard's encoding is a superset
    /// the name is the superset's: GBK is read as gb18030, Big5 as
    /// Big5-HKSCS, EUC-KR as Windows-949 (UHC) and Shift_JIS as Windows-31J
    /// (CP932: `\` and `~` stay ASCII, and NEC's and IBM's extensions
    /// such as ① decode; its 0x8160 is ～ where the Standard has 〜).
    var iconvName: String? {
        switch self {
        case .utf8, .utf16BigEndian, .utf16LittleEndian, .windows1252: nil
        case .iso8859_8I: "ISO-8859-8"
        case .macCyrillic: "MAC-CYRILLIC"
        case .windows874: "CP874"
        case .windows1250, .windows1251, .windows1253, .windows1254, .windows1255, .windows1256, .windows1257, .windows1258:
            "CP" + rawValue.dropFirst("windows-".count)
        case .gbk, .gb18030: "GB18030"
        case .big5: "BIG5-HKSCS"
        case .shiftJIS: "CP932"
        case .eucKR: "CP949"
        default: rawValue.uppercased()
        }
    }

    // The Encoding Standard's labels (section 4.2, "Names and labels"), lowercase.
    private static func byLabel(_ label: String) -> TextEncoding? {
        switch label {
        case "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8": .utf8
        case "866", "cp866", "csibm866", "ibm866": .ibm866
        case "csisolatin2", "iso-8859-2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2", "iso_8859-2:1987", "l2",
             "latin2": .iso8859_2
        case "csisolatin3", "iso-8859-3", "iso-ir-109", "iso8859-3", "iso88593", "iso_8859-3", "iso_8859-3:1988", "l3",
             "latin3": .iso8859_3
        case "csisolatin4", "iso-8859-4", "iso-ir-110", "iso8859-4", "iso88594", "iso_8859-4", "iso_8859-4:1988", "l4",
             "latin4": .iso8859_4
        case "csisolatincyrillic", "cyrillic", "iso-8859-5", "iso-ir-144", "iso8859-5", "iso88595", "iso_8859-5",
             "iso_8859-5:1988": .iso8859_5
        case "arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114", "iso-8859-6",
             "iso-8859-6-e", "iso-8859-6-i", "iso-ir-127", "iso8859-6", "iso88596", "iso_8859-6", "iso_8859-6:1987": .iso8859_6
        case "csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-8859-7", "iso-ir-126", "iso8859-7",
             "iso88597", "iso_8859-7", "iso_8859-7:1987", "sun_eu_greek": .iso8859_7
        case "csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8", "iso-8859-8-e", "iso-ir-138", "iso8859-8",
             "iso88598", "iso_8859-8", "iso_8859-8:1988", "visual": .iso8859_8
        case "csiso88598i", "iso-8859-8-i", "logical": .iso8859_8I
        case "csisolatin6", "iso-8859-10", "iso-ir-157", "iso8859-10", "iso885910", "l6", "latin6": .iso8859_10
        case "iso-8859-13", "iso8859-13", "iso885913": .iso8859_13
        case "iso-8859-14", "iso8859-14", "iso885914": .iso8859_14
        case "csisolatin9", "iso-8859-15", "iso8859-15", "iso885915", "iso_8859-15", "l9": .iso8859_15
        case "iso-8859-16": .iso8859_16
        case "cskoi8r", "koi", "koi8", "koi8-r", "koi8_r": .koi8R
        case "koi8-ru", "koi8-u": .koi8U
        case "csmacintosh", "mac", "macintosh", "x-mac-roman": .macintosh
        case "dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620", "windows-874": .windows874
        case "cp1250", "windows-1250", "x-cp1250": .windows1250
        case "cp1251", "windows-1251", "x-cp1251": .windows1251
        case "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100",
             "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "windows-1252",
             "x-cp1252": .windows1252
        case "cp1253", "windows-1253", "x-cp1253": .windows1253
        case "cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599", "iso_8859-9",
             "iso_8859-9:1989", "l5", "latin5", "windows-1254", "x-cp1254": .windows1254
        case "cp1255", "windows-1255", "x-cp1255": .windows1255
        case "cp1256", "windows-1256", "x-cp1256": .windows1256
        case "cp1257", "windows-1257", "x-cp1257": .windows1257
        case "cp1258", "windows-1258", "x-cp1258": .windows1258
        case "x-mac-cyrillic", "x-mac-ukrainian": .macCyrillic
        case "chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk", "iso-ir-58", "x-gbk": .gbk
        case "gb18030": .gb18030
        case "big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5": .big5
        case "cseucpkdfmtjapanese", "euc-jp", "x-euc-jp": .eucJP
        case "csiso2022jp", "iso-2022-jp": .iso2022JP
        case "csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j", "x-sjis": .shiftJIS
        case "cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601",
             "ksc_5601", "windows-949": .eucKR
        case "unicodefffe", "utf-16be": .utf16BigEndian
        case "csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le": .utf16LittleEndian
        default: nil
        }
    }
}

/// `bytes` as a string with ASCII's capitals made small (`Shift_JIS` → `shift_jis`), other bytes as they are.
func asciiLowercased(_ bytes: some Sequence<UInt8>) -> String {
    String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
}
