import CSDL2
import FolioViewCore

/// A window that says why there is nothing to show — a file that cannot be opened, a folder with
/// no photos — for a launch from a file manager, which has no terminal to read standard error:
/// the message in the middle, until a key, a click or closing the window.
@MainActor
public final class NoticeScene: Scene {
    let screen: Screen
    /// The message's lines: the first is the headline.
    let lines: [String]
    /// Whether the scene changed since the last frame.
    public var needsDraw = true
    /// Whether the reader closed it.
    public private(set) var wantsQuit = false
    /// Nothing moves.
    public var isAnimating: Bool { false }

    /// A window saying `message` (its first line a headline, the rest the reason) in `screen`.
    public init(screen: Screen, message: String) {
        self.screen = screen
        // "folio-view: x.epub: no such file" reads as "x.epub: no such file" in a window titled folio-view.
        let text = message.hasPrefix("folio-view: ") ? String(message.dropFirst("folio-view: ".count)) : message
        lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        SDL_SetWindowTitle(screen.window, "folio-view: cannot open")
    }

    /// A key, a click or closing the window leaves; a resize draws again.
    public func handle(_ event: SDL_Event, at now: Double) {
        switch event.type {
        case SDL_QUIT.rawValue, SDL_KEYDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue: wantsQuit = true
        case SDL_WINDOWEVENT.rawValue:
            _ = screen.refreshSize()
            needsDraw = true
        default: break
        }
    }

    /// Nothing to advance.
    public func tick(at now: Double) {}

    /// Asks the loop to leave after this frame.
    public func quit() { wantsQuit = true }

    /// The message, wrapped to the window's width, in the middle of a dark window, and how to close it.
    public func draw() {
        screen.clear(28, 27, 26)
        let font = screen.uiFont, width = screen.size.width - 64
        var wrapped: [(text: String, headline: Bool)] = []
        for (index, line) in lines.enumerated() {
            for piece in Self.wrap(line, width: width, measure: font.width(of:)) { wrapped.append((piece, index == 0)) }
        }
        let step = Double(font.lineSkip + 6)
        var y = (Double(screen.size.height) - step * Double(wrapped.count + 2)) / 2 + step / 2
        for (text, headline) in wrapped {
            screen.text(text, x: 32, y: y, color: headline ? (240, 120, 100) : (220, 216, 208))
            y += step
        }
        screen.text("Press a key or click to close", x: 32, y: y + step, color: (150, 146, 140))
    }

    /// `line` cut at spaces into pieces at most `width` wide by `measure` (a word wider than that
    /// alone on its piece).
    nonisolated static func wrap(_ line: String, width: Int, measure: (String) -> Int) -> [String] {
        var pieces: [String] = [], current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty && measure(candidate) > width {
                pieces.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty || pieces.isEmpty { pieces.append(current) }
        return pieces
    }
}
