extension StringProtocol {
    /// The string with every control character and line break shown as a visible stand-in, for a
    /// name a file or an archive gives (an entry's, a file's) put into a message of one line: it
    /// stays one line and cannot steer the terminal it is printed to.
    ///
    /// A C0 control becomes its picture (U+2400 + code: `␊` for a line feed, `␛` for ESC), DEL
    /// becomes `␡`, and a C1 control or a line or paragraph separator (U+2028, U+2029) becomes
    /// U+FFFD, as the terminal draws them on a page. Everything else is kept.
    ///
    /// ```swift
    /// "a\n\u{1B}[2Jb".shownOnOneLine   // "a␊␛[2Jb"
    /// ```
    package var shownOnOneLine: String {
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20: scalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: scalars.append("\u{2421}")
            case 0x80..<0xA0, 0x2028, 0x2029: scalars.append("\u{FFFD}")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
