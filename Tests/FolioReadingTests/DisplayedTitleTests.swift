import FolioReading
import Testing

/// Short strings a host draws left to right as given (chapter titles in the strip) come in the
/// order they are seen.
@Suite struct DisplayedTitleTests {
    @Test func rightToLeftTitlesAreReorderedNumbersAndBracketsKept() {
        #expect(Bidi.displayed("Chapter 1: the start") == "Chapter 1: the start")
        #expect(Bidi.displayed("שלום עולם") == "םלוע םולש")
        #expect(Bidi.displayed("גרסה 2.5") == "2.5 הסרג", "numbers keep their order")
        #expect(Bidi.displayed("(שלום)") == "(םולש)", "brackets mirror where they read right to left")
        #expect(Bidi.displayed("פרק 3 — Intro") == "Intro — 3 קרפ")
        #expect(Bidi.displayed("") == "")
    }
}
