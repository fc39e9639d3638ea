extension StringProtocol {
    /// The string without white space (spaces, tabs, line breaks, Unicode's others) at either end,
    /// for the formats' own fields: an EPUB's attributes, ComicInfo's, a PDF's metadata.
    package var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        // Most fields have nothing to trim: the string as it is, not rebuilt a scalar at a time.
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return String(self) }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
