import Testing
import FolioTerminal

/// The test terminal itself, checked on hand-written sequences, so the renderer's tests rest on
/// something known to behave like xterm.
@Suite struct VirtualTerminalTests {
    func screen(_ width: Int, _ height: Int, _ text: String) -> VirtualTerminal {
        var screen = VirtualTerminal(width: width, height: height)
        screen.apply(Array(text.utf8))
        return screen
    }

    func rows(_ screen: VirtualTerminal) -> [String] {
        (0..<screen.height).map { r in (0..<screen.width).map { screen.cells[r * screen.width + $0].text }.joined() }
    }

    @Test func printsAndMoves() {
        let s = screen(4, 3, "ab\u{1B}[2;3Hc\u{1B}[Ed\u{1B}[2Ce\u{1B}[A\u{1B}[Df\u{1B}[1Gg")
        #expect(rows(s) == ["ab  ", "g f ", "d  e"], "\(s)")  // f overwrote c
        #expect(s.problems.isEmpty, "\(s.problems)")
    }

    @Test func wideAndCombiningCharacters() {
        let s = screen(5, 1, "漢e\u{301}x")
        #expect(rows(s) == ["漢e\u{301}x "])
        #expect(s.cells[1].width == 0 && s.cells[0].width == 2)
        #expect(s.problems.isEmpty, "\(s.problems)")
    }

    @Test func overwritingHalfOfAWideCharacterPoisonsTheOtherHalf() {
        let left = screen(4, 1, "漢\u{1B}[Ha")
        #expect(left.cells[1].poisoned, "\(left)")
        let right = screen(4, 1, "漢\u{1B}[1;2Ha")
        #expect(right.cells[0].poisoned, "\(right)")
    }

    @Test func styles() {
        let s = screen(4, 1, "\u{1B}[1;31ma\u{1B}[0;4mb\u{1B}[7mc\u{1B}[0md")
        #expect(s.cells.map(\.style) == [Style(foreground: .red, bold: true), Style(underline: true),
                                          Style(underline: true, reverse: true), .plain])
    }

    @Test func erasingUnderAStyleLeavesPoison() {
        let plain = screen(3, 1, "abc\u{1B}[1;2H\u{1B}[K")
        #expect(rows(plain) == ["a  "])
        #expect(!plain.cells.contains { $0.poisoned })
        let styled = screen(3, 1, "abc\u{1B}[1;2H\u{1B}[7m\u{1B}[K")
        #expect(styled.cells[1].poisoned && styled.cells[2].poisoned)
        let display = screen(2, 2, "ab\u{1B}[2;1Hcd\u{1B}[2J")
        #expect(rows(display) == ["  ", "  "])
    }

    @Test func insertAndDeleteCharacters() {
        let inserted = screen(5, 1, "abcde\u{1B}[1;2H\u{1B}[2@")
        #expect(rows(inserted) == ["a  bc"])
        let deleted = screen(5, 1, "abcde\u{1B}[1;2H\u{1B}[2P")
        #expect(rows(deleted) == ["ade  "])
        // A wide character pushed into the last column, or cut by a deletion, is poison.
        let pushed = screen(4, 1, "ab漢\u{1B}[H\u{1B}[@")
        #expect(pushed.cells[3].poisoned, "\(pushed)")
        let cut = screen(4, 1, "a漢b\u{1B}[H\u{1B}[2P")
        #expect(cut.cells[0].poisoned, "\(cut)")
    }

    @Test func theBottomRightCornerAndWrapping() {
        var s = screen(2, 2, "\u{1B}[2;2Hx")
        #expect(s.printedIntoCorner)
        #expect(s.problems.isEmpty)
        s.apply(Array("y".utf8))
        #expect(s.problems.contains("the screen scrolled"), "\(s.problems)")
        let wrapped = screen(3, 2, "abcd")
        #expect(wrapped.problems == ["printed past the right edge of row 0: it wraps"])
        #expect(rows(wrapped) == ["abc", "d  "])
    }

    @Test func whatTheRendererMustNeverSendIsAProblem() {
        #expect(screen(3, 1, "a\u{1B}[Hb\u{301}").problems.isEmpty)
        #expect(!screen(3, 1, "a\u{1B}[H\u{301}").problems.isEmpty, "a mark after a move has no character to join")
        #expect(!screen(3, 1, "a\r").problems.isEmpty)
        #expect(!screen(3, 1, "\u{1B}[5X").problems.isEmpty)
        #expect(!screen(3, 1, "\u{1B}[?2026l").problems.isEmpty, "ending a synchronized update never begun")
        #expect(!screen(3, 1, "\u{85}").problems.isEmpty, "a C1 control")
    }

    @Test func modes() {
        let s = screen(1, 1, "\u{1B}[?2026h\u{1B}[?25l")
        #expect(s.synchronized && !s.cursorVisible)
    }
}

extension VirtualTerminalTests {
    @Test func insertingAtTheLeftHalfOfAWideCharacterMovesItWhole() {
        let s = screen(4, 1, "漢\u{1B}[H\u{1B}[@")
        #expect(rows(s) == [" 漢 "], "\(s)")
        #expect(!s.cells.contains { $0.poisoned })
        let split = screen(4, 1, "漢\u{1B}[1;2H\u{1B}[@")
        #expect(split.cells[0].poisoned && split.cells[2].poisoned, "\(split)")
    }
}
