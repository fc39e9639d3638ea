extension Terminal {
    /// What ``Terminal/start(_:)`` changes about the terminal.
    ///
    /// Raw mode is always on; the rest can be turned off. `folio` leaves the
    /// mouse to the terminal unless asked (`--mouse`), so text can be selected,
    /// and the wheel still turns pages through ``alternateScroll``; `folio -X`
    /// draws on the main screen and, with ``clearsBottomRowAtExit``, leaves
    /// its last frame there, as `less -X` does.
    public struct Options: Hashable, Sendable, CustomStringConvertible {
        /// Show the alternate screen (`CSI ? 1049 h`), so the shell's screen
        /// comes back untouched at exit.
        public var alternateScreen: Bool
        /// Hide the cursor (`CSI ? 25 l`).
        public var hideCursor: Bool
        /// Report mouse presses, releases, wheel and drags in SGR form
        /// (`CSI ? 1000 h`, `? 1002 h`, `? 1006 h`).
        public var mouse: Bool
        /// Alternate-scroll mode (`CSI ? 1007 h`, xterm's `alternateScroll`): on the
        /// alternate screen, with no mouse tracking, the terminal turns each wheel
        /// notch into ↑ or ↓ keys. Sent only with ``alternateScreen``, where the
        /// mode acts; terminals that lack it ignore it.
        public var alternateScroll: Bool
        /// At exit, move the cursor to the start of the bottom row and clear that
        /// row (`CSI 999 ; 1 H`, `CSI 2 K`): a program drawing on the main screen
        /// leaves its last frame above the shell's next prompt, as `less -X`
        /// does when it quits. Off by default.
        public var clearsBottomRowAtExit: Bool
        /// How long a lone Esc waits for the rest of a sequence before it
        /// counts as the Esc key, in seconds (clamped to 0 ... 1; 0.025 by default).
        public var escapeDelay: Double
        /// The terminal device to use; `nil` for the controlling terminal
        /// (standard input if it is a terminal, else `/dev/tty`).
        public var device: String?

        /// Options with everything on (alternate screen, hidden cursor, mouse,
        /// alternate scroll) and the bottom row left alone at exit.
        public init(
            alternateScreen: Bool = true, hideCursor: Bool = true, mouse: Bool = true,
            alternateScroll: Bool = true, clearsBottomRowAtExit: Bool = false,
            escapeDelay: Double = 0.025, device: String? = nil
        ) {
            self.alternateScreen = alternateScreen
            self.hideCursor = hideCursor
            self.mouse = mouse
            self.alternateScroll = alternateScroll
            self.clearsBottomRowAtExit = clearsBottomRowAtExit
            self.escapeDelay = escapeDelay.isNaN ? 0.025 : min(max(escapeDelay, 0), 1)
            self.device = device
        }

        /// The bytes written after raw mode is on: alternate screen, hidden cursor,
        /// alternate scroll, mouse on.
        public var enterSequence: [UInt8] {
            var s = ""
            if alternateScreen { s += "\u{1B}[?1049h" }
            if hideCursor { s += "\u{1B}[?25l" }
            if alternateScreen && alternateScroll { s += "\u{1B}[?1007h" }
            if mouse { s += "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h" }
            return Array(s.utf8)
        }

        /// The bytes that undo ``enterSequence``, in reverse order, then (with
        /// ``clearsBottomRowAtExit``) the cursor to the bottom row, cleared. At most 58 bytes.
        public var exitSequence: [UInt8] {
            var s = ""
            if mouse { s += "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l" }
            if alternateScreen && alternateScroll { s += "\u{1B}[?1007l" }
            if hideCursor { s += "\u{1B}[?25h" }
            if alternateScreen { s += "\u{1B}[?1049l" }
            if clearsBottomRowAtExit { s += "\u{1B}[999;1H\u{1B}[2K" }
            return Array(s.utf8)
        }

        /// For example `"alternate screen, hidden cursor, alternate scroll, Esc 25 ms, /dev/tty"`.
        public var description: String {
            var parts: [String] = []
            if alternateScreen { parts.append("alternate screen") }
            if hideCursor { parts.append("hidden cursor") }
            if alternateScreen && alternateScroll { parts.append("alternate scroll") }
            if mouse { parts.append("mouse") }
            if clearsBottomRowAtExit { parts.append("bottom row cleared at exit") }
            parts.append("Esc \(Int((escapeDelay * 1000).rounded())) ms")
            parts.append(device ?? "controlling terminal")
            return parts.joined(separator: ", ")
        }
    }
}
