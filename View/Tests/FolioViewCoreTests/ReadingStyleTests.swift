import Foundation
import FolioViewCore
import Testing

/// The steps of the window's reading controls, and a kept style read back
/// whatever a hand-edited file says.
@Suite struct ReadingStyleTests {
    @Test func sizesStepAndStopAtTheEnds() {
        var style = ReadingStyle()
        #expect(style.size == 17)
        #expect(style.enlarge() && style.size == 19)
        while style.enlarge() {}
        #expect(style.size == ReadingStyle.sizes.last)
        #expect(style.resetSize() && style.size == 17 && !style.resetSize())
        while style.shrink() {}
        #expect(style.size == ReadingStyle.sizes.first)
    }

    @Test func themesCycleAndLinesLengthenToThePagesWidth() {
        var style = ReadingStyle()
        style.nextTheme()
        #expect(style.theme == .sepia)
        style.nextTheme()
        style.nextTheme()
        #expect(style.theme == .light)
        style.switchFamily()
        #expect(style.family == .serif)
        #expect(style.lineLength == 70 && style.lineCap(columnWidth: 9) == 630)
        while style.lengthenLines() {}
        #expect(style.lineLength == 0 && style.lineCap(columnWidth: 9) == nil)
        #expect(style.shortenLines() && style.lineLength == 100)
        // The dark theme's ink is lighter than its paper; the others' darker.
        for theme in ReadingStyle.Theme.allCases {
            let s = ReadingStyle(theme: theme)
            #expect((Int(s.ink.0) > Int(s.paper.0)) == (theme == .dark))
        }
    }

    @Test func aKeptStyleIsReadBackWithinRange() throws {
        let style = ReadingStyle(size: 24, theme: .dark, family: .serif, lineLength: 90, margin: 64)
        let data = try JSONEncoder().encode(style)
        #expect(try JSONDecoder().decode(ReadingStyle.self, from: data) == style)
        // Edited by hand: sizes and lengths come to the nearest allowed, unknown words to the defaults.
        let edited = Data(#"{"size": 18, "theme": "neon", "lineLength": 73}"#.utf8)
        let read = try JSONDecoder().decode(ReadingStyle.self, from: edited)
        #expect(ReadingStyle.sizes.contains(read.size) && abs(read.size - 18) <= 1)
        #expect(read.theme == .light && read.family == .sans && read.lineLength == 70 && read.margin == 44)
        // A style kept before margins were chosen has the standard ones; a hand-made one the nearest.
        #expect(try JSONDecoder().decode(ReadingStyle.self, from: Data(#"{"size": 17, "margin": 70}"#.utf8)).margin == 64)
        #expect(try JSONDecoder().decode(ReadingStyle.self, from: Data(#"{"size": -5, "lineLength": -1}"#.utf8)).size == 10)
    }
}
