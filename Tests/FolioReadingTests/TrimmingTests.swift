import Testing
@testable import FolioReading

/// The formats' fields lose white space at either end only, whether there is any or not.
@Suite struct TrimmingTests {
    @Test(arguments: [
        (" a b ", "a b"), ("ab", "ab"), ("", ""), (" \t\n", ""), ("\u{3000}x\u{A0}", "x"), ("x ", "x"), (" x", "x"),
        ("é", "é"), ("\u{2028}日本\u{2029}", "日本"),
    ])
    func whiteSpaceGoesFromTheEndsOnly(field: String, trimmed: String) {
        #expect(field.trimmingWhitespace == trimmed)
        #expect(("[" + field + "]").dropFirst().dropLast().trimmingWhitespace == trimmed, "as a substring")
    }
}
