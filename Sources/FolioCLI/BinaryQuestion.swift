import FolioTerminal

/// less's question before a file that looks binary, asked on the terminal's
/// bottom row before the reader starts: `"NAME" may be a binary file.  See it
/// anyway? (y/n)`. `y` shows the file; any other key (`n`, `q`, Esc, Ctrl-C)
/// leaves without showing it, and folio exits 0, as less leaves on `q`.
///
/// Asked only in the terminal: when standard output is not one, folio writes
/// the bytes, as less 679 and later do (less 590 asked even then).
enum BinaryQuestion {
    /// The question for `name` on one row of `columns`: control characters in the name shown
    /// as `?` (a name may not move the cursor or change colours), and a name too long for the
    /// row shortened from the left (`"…ds/program.bin" may be…`), so the question stays one line.
    static func text(for name: String, columns: Int = .max) -> String {
        let question = "\" may be a binary file.  See it anyway? (y/n) "
        var shown = String(String.UnicodeScalarView(name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
        let room = columns - 1 - question.count - 1  // the opening quote, and the last column left free
        if shown.count > room {
            shown = room > 1 ? "…" + shown.suffix(room - 1) : ""
        }
        return "\"" + shown + question
    }

    /// Asks whether to show `input` when it may be binary; true to go on (also when it
    /// does not look binary, or when there is no terminal to ask on: the reader then says why).
    static func allows(_ input: ReaderInput) -> Bool {
        guard input.mayBeBinary else { return true }
        let name = input.document.path ?? input.document.title
        let terminal: Terminal
        do {
            terminal = try Terminal.start(Terminal.Options(hideCursor: false, mouse: false))
        } catch {
            return true
        }
        defer { terminal.stop() }
        do {
            var size = terminal.size
            while true {
                // The bottom row of a clear screen; the cursor waits after the question.
                try terminal.write("\u{1B}[2J\u{1B}[\(size.rows);1H" + text(for: name, columns: size.columns))
                for event in try terminal.read(timeout: nil) {
                    switch event {
                    case .key(.character(let c), let modifiers):
                        return (c == "y" || c == "Y") && modifiers.isEmpty
                    case .key: return false
                    case .resize(let new), .resumed(let new): size = new
                    case .mouse: break
                    }
                }
            }
        } catch {
            return false  // the terminal went away: nobody said yes
        }
    }
}
