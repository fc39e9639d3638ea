import Folio
import FolioReading
import FolioTestSupport
import Testing

@testable import FolioTerminal

/// Right-to-left paragraphs on the terminal: read right to left and set
/// flush right, each line of a wrapped paragraph alike, while left-to-right
/// paragraphs beside them stay flush left.
@Suite struct RightToLeftTests {
    /// The page rows of `text` drawn on a `columns` × `rows` terminal, with `options`.
    static func screen(_ text: String, columns: Int = 24, rows: Int = 10, options: ReadingOptions = ReadingOptions()) -> [String] {
        let screen = ReaderScreen(columns: columns, rows: rows)
        let document = Document(title: "t", format: .plain, text: StreamText(complete: Array(text.utf8)))
        var driver = SessionDriver(document, width: columns, height: rows - 2, options: options)
        driver.send(.resize(screen.viewport()))
        driver.settle()
        var frame = Frame(width: columns, height: rows)
        screen.draw(driver.session, into: &frame)
        return screen.bodyRows.map { frame.line($0) }
    }

    @Test func rightToLeftParagraphsAreSetFlushRight() {
        let rows = Self.screen("שלום עולם.\nHello world.\nזוהי פסקה ארוכה שנשברת לשורות.\n")
        // 24 columns: a margin each side of 22 for the text.
        #expect(Array(rows.prefix(4)) == [
            "             .םלוע םולש ",
            " Hello world.           ",
            " תרבשנש הכורא הקספ יהוז ",
            "                .תורושל ",
        ], "\(rows)")
    }

    /// Chopped lines (-S) may be wider than the page: they start at the left, as less shows them.
    @Test func choppedRightToLeftLinesStartAtTheLeft() {
        var options = ReadingOptions()
        options.chopsLongLines = true
        let rows = Self.screen("שלום עולם.\nHello world.\n", options: options)
        #expect(Array(rows.prefix(2)) == [" .םלוע םולש             ", " Hello world.           "], "\(rows)")
    }
}
