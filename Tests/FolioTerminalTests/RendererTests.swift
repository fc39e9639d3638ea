import Testing
import FolioTerminal

/// The renderer's bytes for small frames, compared whole (ESC shown as ⎋).
@Suite struct RendererTests {
    func frame(_ width: Int, _ height: Int, _ lines: [(String, Style)] = []) -> Frame {
        var frame = Frame(width: width, height: height)
        for (row, (text, style)) in lines.enumerated() { frame.draw(text, atColumn: 0, row: row, style: style) }
        return frame
    }

    func frame(_ width: Int, _ height: Int, _ lines: [String]) -> Frame {
        frame(width, height, lines.map { ($0, Style.plain) })
    }

    func bytes(_ old: Frame?, _ new: Frame, shift: Int = 0, synchronized: Bool = false) -> String {
        Renderer(synchronizedUpdates: synchronized).render(from: old, to: new, horizontalShift: shift)
            .withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }.replacingEscapes()
    }

    @Test func theFirstFrameClearsAndPaintsWhatIsNotBlank() {
        #expect(bytes(nil, frame(3, 2, ["ab"]), synchronized: true)
                == "⎋[?2026h⎋[?25l⎋[0m⎋[2J⎋[Hab⎋[H⎋[?2026l")
        #expect(bytes(nil, frame(0, 0, [String]())) == "⎋[?25l⎋[0m⎋[2J⎋[H")
        #expect(bytes(frame(4, 2, ["ab"]), frame(3, 2, ["ab"])) == bytes(nil, frame(3, 2, ["ab"])),
                "another size is a full repaint")
    }

    @Test func anUnchangedFrameWritesNothingAtAll() {
        #expect(bytes(frame(3, 2, ["ab"]), frame(3, 2, ["ab"]), synchronized: true) == "")
    }

    @Test func oneChangedCellIsOneMoveAndOneCharacter() {
        #expect(bytes(frame(4, 3, ["", "", ""]), frame(4, 3, ["", "  x"]), synchronized: true)
                == "⎋[?2026h⎋[2;3H⎋[0mx⎋[H⎋[?2026l")
    }

    @Test func shortGapsAreReprintedLongOnesSkipped() {
        #expect(bytes(frame(8, 2, ["abcdefgh"]), frame(8, 2, ["xbcdefgx"])) == "⎋[H⎋[0mx⎋[6Cx⎋[H")
        #expect(bytes(frame(8, 2, ["abcde"]), frame(8, 2, ["xbcdx"])) == "⎋[H⎋[0mxbcdx⎋[H", "3 bytes of text beat ⎋[3C")
        // A gap in another style is moved over, not reprinted (that would take two style changes).
        let old = frame(8, 2, [("abc", Style(bold: true))])
        var new = old
        new.draw("x", atColumn: 0, row: 0)
        new.draw("x", atColumn: 2, row: 0)
        #expect(bytes(old, new) == "⎋[H⎋[0mx⎋[Cx⎋[H")
    }

    @Test func theFirstFrameReprintsTheSameGapsAsADiff() {
        // Over the cleared screen, runs of text go out whole: gaps of up to four plain
        // spaces are printed (no move is shorter), five are moved over, and a bold run
        // is not carried over plain spaces (a style change each way would cost more).
        #expect(bytes(nil, frame(24, 2, ["a b  c    d     e"]))
                == "⎋[?25l⎋[0m⎋[2J⎋[Ha b  c    d⎋[5Ce⎋[H")
        var styled = frame(12, 2)
        styled.draw("ab", atColumn: 0, row: 0, style: Style(bold: true))
        styled.draw("cd", atColumn: 3, row: 0, style: Style(bold: true))
        #expect(bytes(nil, styled) == "⎋[?25l⎋[0m⎋[2J⎋[H⎋[1mab⎋[Ccd⎋[0m⎋[H")
    }

    @Test func styleChangesAreMinimal() {
        var new = frame(5, 2)
        new.draw("a", atColumn: 0, row: 0)
        new.draw("b", atColumn: 1, row: 0, style: Style(bold: true))
        new.draw("c", atColumn: 2, row: 0, style: Style(foreground: .red, bold: true))
        new.draw("d", atColumn: 3, row: 0, style: Style(underline: true))
        new.draw("e", atColumn: 4, row: 0, style: Style(foreground: .palette(12), dim: true, reverse: true))
        #expect(bytes(nil, new) == "⎋[?25l⎋[0m⎋[2J⎋[Ha⎋[1mb⎋[31mc⎋[0;4md⎋[0;2;7;94me⎋[0m⎋[H")
    }

    @Test func theRestOfALineIsErasedWhenThatIsShorter() {
        #expect(bytes(frame(12, 2, ["hello world"]), frame(12, 2, ["hello"])) == "⎋[1;7H⎋[0m⎋[K⎋[H")
        #expect(bytes(frame(12, 2, ["hello wo"]), frame(12, 2, ["hello w"])) == "⎋[1;8H⎋[0m ⎋[H", "one space is cheaper")
    }

    @Test func theBottomRightCellIsPushedInNotPrintedInto() {
        // d is printed where c goes, the cursor steps back, a blank is inserted, then c.
        #expect(bytes(frame(4, 2, ["", ""]), frame(4, 2, ["", "abcd"])) == "⎋[2H⎋[0mabd⎋[D⎋[@c⎋[H")
        // A wide character before the corner: two blanks are inserted.
        #expect(bytes(frame(4, 2, ["", ""]), frame(4, 2, ["", "a漢d"])) == "⎋[2H⎋[0mad⎋[D⎋[2@漢⎋[H")
        // A wide character in the corner: stepping back two.
        #expect(bytes(frame(4, 2, ["", ""]), frame(4, 2, ["", "ab漢"])) == "⎋[2H⎋[0ma漢⎋[2D⎋[@b⎋[H")
        // A corner that becomes a space is erased.
        #expect(bytes(frame(4, 2, ["", "abcd"]), frame(4, 2, ["", "abc"])) == "⎋[2;4H⎋[0m⎋[K⎋[H")
    }

    @Test func aWideCharacterIsWrittenOnceAtItsLeftCell() {
        #expect(bytes(frame(6, 2, ["abcdef"]), frame(6, 2, ["a漢def"])) == "⎋[1;2H⎋[0m漢⎋[H")
        #expect(bytes(frame(6, 2, ["a漢def"]), frame(6, 2, ["abcdef"])) == "⎋[1;2H⎋[0mbc⎋[H")
    }

    @Test func aShiftedRowIsMovedByTheTerminal() {
        let text = "The quick brown fox jumps over"
        let old = frame(30, 2, [text])
        let right = frame(30, 2, [" " + text])
        #expect(bytes(old, right, shift: 1) == "⎋[H⎋[0m⎋[@⎋[H")
        #expect(bytes(old, right).count > text.count, "without the hint every letter is rewritten")
        let left = frame(30, 2, [String(text.dropFirst(2)) + "!!"])
        #expect(bytes(old, left, shift: -2) == "⎋[H⎋[0m⎋[2P⎋[28C!!⎋[H")
        #expect(bytes(old, left, shift: 40) == bytes(old, left), "a shift as wide as the frame is ignored")
        #expect(bytes(old, left, shift: .min) == bytes(old, left))
    }
}

extension RendererTests {
    /// The example in docs/readme/terminal-frame.md, as written there.
    @Test func theReadmeExample() {
        let renderer = Renderer()
        var shown: Frame? = nil                          // nothing on screen yet, or just resized
        var next = Frame(width: 80, height: 24)
        next.fill(columns: 0..<80, rows: 0..<1, style: Style(reverse: true))       // the menu bar
        let used = next.draw("Chapter 1", atColumn: 1, row: 0, style: Style(bold: true, reverse: true))
        next.draw("漢字 and e\u{301}tude, clipped at 40 columns", atColumn: 2, row: 2, maxWidth: 40)
        let bytes = renderer.render(from: shown, to: next)   // first frame: clear, then paint
        shown = next                                     // write `bytes` to the terminal

        #expect(used == 9)
        #expect(next.line(2) == "  漢字 and e\u{301}tude, clipped at 40 columns" + String(repeating: " ", count: 80 - 2 - 37))
        var screen = VirtualTerminal.garbage(width: 80, height: 24, seed: 7)
        screen.apply(bytes)
        #expect(screen.problems.isEmpty && screen.differences(from: next).isEmpty)
        #expect(shown == next)
    }
}
