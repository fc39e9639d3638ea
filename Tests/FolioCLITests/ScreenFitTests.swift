@testable import FolioCLI
import Testing

/// `-F`'s count of screen rows, against a model of it over small domains.
@Suite struct ScreenFitTests {
    /// The model: each line takes ceil(width / columns) rows, at least one (one with -S).
    static func modelRows(_ widths: [Int], columns: Int, chop: Bool) -> Int {
        widths.reduce(0) { $0 + (chop ? 1 : max(1, ($1 + columns - 1) / columns)) }
    }

    func verdict(_ text: String, columns: Int, rows: Int, chop: Bool = false, chunk: Int? = nil) -> ScreenFit.Verdict {
        var fit = ScreenFit(columns: columns, rows: rows, chopsLongLines: chop)
        let bytes = Array(text.utf8)
        var available = 0
        while fit.verdict == .undecided {
            // The bytes arrive `chunk` at a time, as a pipe's do; a unit cut in two waits for the rest.
            available = chunk.map { min(bytes.count, available + $0) } ?? bytes.count
            let ended = available == bytes.count
            bytes[fit.consumed..<available].withUnsafeBytes { _ = fit.read($0, isFinal: ended) }
            if ended { break }
        }
        return fit.verdict
    }

    @Test func linesOfEveryWidthAgainstTheModel() {
        for columns in 1...5 {
            for widths in [[], [0], [1], [3, 0, 7], [5, 5], [10], [4, 1, 0, 0, 9], [12, 2]] {
                let text = widths.map { String(repeating: "x", count: $0) + "\n" }.joined()
                for chop in [false, true] {
                    let needed = Self.modelRows(widths, columns: columns, chop: chop)
                    for rows in max(0, needed - 2)...(needed + 1) {
                        for chunk in [nil, 1, 3] {
                            let got = verdict(text, columns: columns, rows: rows, chop: chop, chunk: chunk)
                            #expect(got == (needed <= rows ? .fits : .overflows),
                                    "\(widths) at \(columns) columns, \(rows) rows, chop \(chop), chunks \(chunk ?? 0): \(got)")
                        }
                    }
                }
            }
        }
    }

    @Test func widthsAreTheReadersWidths() {
        // Escapes take no columns, an overstrike one, a wide character two, a tab to the next stop.
        #expect(verdict("\u{1B}[1;31mabcd\u{1B}[0m\n", columns: 4, rows: 1) == .fits)
        #expect(verdict("N\u{08}NA\u{08}AM\u{08}ME\u{08}E\n", columns: 4, rows: 1) == .fits)
        #expect(verdict("漢字\n", columns: 4, rows: 1) == .fits)
        #expect(verdict("漢字\n", columns: 3, rows: 1) == .overflows)
        #expect(verdict("a漢\n", columns: 2, rows: 1) == .overflows, "a wide character wraps whole")
        #expect(verdict("\tx\n", columns: 9, rows: 1) == .fits)
        #expect(verdict("\tx\n", columns: 8, rows: 1) == .overflows)
        #expect(verdict("a\r\nb\r\n", columns: 8, rows: 2) == .fits, "CR LF is one line break")
        #expect(verdict("last line", columns: 80, rows: 1) == .fits, "a last line without a line break")
        #expect(verdict("", columns: 80, rows: 0) == .fits, "nothing fits anywhere")
        #expect(verdict("\u{1B}[m", columns: 80, rows: 0) == .overflows, "a line of escapes alone is a line")
    }

    @Test func overflowIsKnownBeforeTheEnd() {
        var fit = ScreenFit(columns: 80, rows: 3)
        let bytes = Array("1\n2\n3\n4\n".utf8) + Array(repeating: UInt8(0x79), count: 1000)
        bytes.withUnsafeBytes { _ = fit.read($0, isFinal: false) }
        #expect(fit.verdict == .overflows && fit.consumed <= 8, "\(fit)")
    }

    @Test func tabStopsRepeatTheLastInterval() {
        let fit = ScreenFit(columns: 80, rows: 1, tabStops: [4, 10])
        #expect([0, 3, 4, 9, 10, 15, 16].map(fit.nextTabStop(after:)) == [4, 4, 10, 10, 16, 16, 22])
        #expect(ScreenFit(columns: 80, rows: 1).nextTabStop(after: 8) == 16)
    }
}
