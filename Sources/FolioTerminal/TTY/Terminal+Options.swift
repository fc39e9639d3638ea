extension Terminal {
    /// What ``Terminal/start(_:)`` changes about the terminal.
    ///
    /// Raw mode is always on; the rest can be turned off (`folio --no-mouse`
    /// leaves the mouse to the terminal, so text can be selected).
    public struct Options: Hashable, Sendable, CustomStringConvertible {
        /// Show the alternate screen (`CSI ? 1049 h`), so the shell's screen
        /// comes back untouched at exit.
        public var alternateScreen: Bool
        /// Hide the cursor (`CSI ? 25 l`).
        public var hideCursor: Bool
        /// Report mouse presses, releases, wheel and drags in SGR form
        /// (`CSI ? 1000 h`, `? 1002 h`, `? 1006 h`).
        public var mouse: Bool
        /// How long a lone Esc waits for the rest of a sequence before it
        /// counts as the Esc key, in seconds (clamped to 0 ... 1; 0.025 by default).
        public var escapeDelay: Double
        /// The terminal device to use; `nil` for the controlling terminal
        /// (standard input if it is a terminal, else `/dev/tty`).
        public var device: String?

        /// Options with everything on: alternate screen, hidden cursor, mouse.
        public init(
            alternateScreen: Bool = true, hideCursor: Bool = true, mouse: Bool = true,
            escapeDelay: Double = 0.025, device: String? = nil
        ) {
            self.alternateScreen = alternateScreen
            self.hideCursor = hideCursor
            self.mouse = mouse
            self.escapeDelay = escapeDelay.isNaN ? 0.025 : min(max(escapeDelay, 0), 1)
            self.device = device
        }

        /// The bytes written after raw mode is on: alternate screen, hidden cursor, mouse on.
        public var enterSequence: [UInt8] {
            var s = ""
            if alternateScreen { s += "\u{1B}[?1049h" }
            if hideCursor { s += "\u{1B}[?25l" }
            if mouse { s += "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h" }
            return Array(s.utf8)
        }

        /// The bytes that undo ``enterSequence``, in reverse order.
        public var exitSequence: [UInt8] {
            var s = ""
            if mouse { s += "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l" }
            if hideCursor { s += "\u{1B}[?25h" }
            if alternateScreen { s += "\u{1B}[?1049l" }
            return Array(s.utf8)
        }

        /// For example `"alternate screen, hidden cursor, mouse, Esc 25 ms, /dev/tty"`.
        public var description: String {
            var parts: [String] = []
            if alternateScreen { parts.append("alternate screen") }
            if hideCursor { parts.append("hidden cursor") }
            if mouse { parts.append("mouse") }
            parts.append("Esc \(Int((escapeDelay * 1000).rounded())) ms")
            parts.append(device ?? "controlling terminal")
            return parts.joined(separator: ", ")
        }
    }
}
