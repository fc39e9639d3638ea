import CSDL2
import Foundation
import FolioReading
import FolioStore
import FolioViewCore

/// The reader's controls over how a book's text is set (``FolioViewCore/ReadingStyle``): text
/// size, theme, typeface and line length, each a key, remembered per book.
///
/// - `Ctrl +` / `Ctrl =`, `Ctrl -`, `Ctrl 0`: larger, smaller, standard text (on a picture page
///   they zoom the picture instead);
/// - `Ctrl T`: light, sepia, dark; `Ctrl S`: serif ↔ sans serif; `Ctrl J`: justified ↔ ragged right;
/// - `Ctrl ]`, `Ctrl [`: longer, shorter lines (up to the page's width);
/// - `Ctrl M`: wider margins, the narrowest after the widest.
///
/// A change measures the book anew at the reader's place (``FolioReading/ReadingLoop/remeasure(by:viewport:at:)``).
extension BookViewer {
    /// A style key of a book (not photos, not while typing): true when it was one.
    func styleKey(_ keysym: SDL_Keysym, at now: Double) -> Bool {
        guard !look.statusOverPages, keysym.mod & UInt16(KMOD_CTRL.rawValue) != 0 else { return false }
        var next = style
        let onText = zoom == nil && zoomablePage == nil
        let sym = UInt32(bitPattern: keysym.sym)
        let larger = [SDLK_EQUALS, SDLK_PLUS, SDLK_KP_PLUS].map(\.rawValue), smaller = [SDLK_MINUS, SDLK_KP_MINUS].map(\.rawValue)
        let standard = [SDLK_0, SDLK_KP_0].map(\.rawValue)
        if onText && larger.contains(sym) {
            if !next.enlarge() { return say("The text is as large as it gets", at: now) }
        } else if onText && smaller.contains(sym) {
            if !next.shrink() { return say("The text is as small as it gets", at: now) }
        } else if onText && standard.contains(sym) {
            next.resetSize()
        } else if sym == SDLK_t.rawValue {
            next.nextTheme()
        } else if sym == SDLK_s.rawValue {
            next.switchFamily()
        } else if sym == SDLK_j.rawValue {
            next.justified.toggle()
        } else if sym == SDLK_m.rawValue {
            next.nextMargin()
        } else if sym == SDLK_RIGHTBRACKET.rawValue {
            if !next.lengthenLines() { return say("Lines are as wide as the page", at: now) }
        } else if sym == SDLK_LEFTBRACKET.rawValue {
            if !next.shortenLines() { return say("Lines are as short as they get", at: now) }
        } else {
            return false
        }
        restyle(next, at: now)
        return true
    }

    /// Shows `text` in the status row; true (the key was taken).
    private func say(_ text: String, at now: Double) -> Bool {
        apply(reading.session.show(Notice(text), at: now))
        return true
    }

    /// Sets the text in `next`: new fonts and paper when they changed, the book measured anew at
    /// the reader's place, and the style kept for this book.
    func restyle(_ next: ReadingStyle, at now: Double) {
        guard next != style else { return }
        let remeasures = next.size != style.size || next.family != style.family || next.lineLength != style.lineLength
            || next.margin != style.margin
        if remeasures {
            guard let made = try? PixelMeasurer(size: next.size, family: next.family, roomForRuby: Self.setsRuby(in: session.document)) else {
                _ = say("No font for \(next)", at: now)
                return
            }
            measurer = made
        }
        style = next
        look.paper = next.paper
        look.ink = next.ink
        look.margin = next.margin
        glyphs.removeAll()
        shapedRuns.removeAll()
        pages.removeAll()
        if remeasures { reading.remeasure(by: measurer, viewport: textViewport, at: now) }
        keepStyle()
        trace?("style \(next)")
        _ = say(next.description.prefix(1).uppercased() + next.description.dropFirst(), at: now)
        needsDraw = true
    }

    /// The page area for the window's size, with a book's lines capped to its style's length.
    var textViewport: Viewport {
        Self.textViewport(for: screen.size, look: look, style: style, columnWidth: measurer.columnWidth, format: session.document.format)
    }

    /// The page area for a window of `size` dressed as `look`, lines capped to `style`'s length in
    /// columns `columnWidth` wide where a document of `format` has its lines capped.
    static func textViewport(for size: PixelSize, look: Look, style: ReadingStyle, columnWidth: Int, format: Document.Format) -> Viewport {
        var viewport = look.viewport(for: size)
        if capsLines(look: look, format: format) { viewport.lineCap = style.lineCap(columnWidth: columnWidth) }
        return viewport
    }

    /// Whether lines are capped to the style's length (and full lines justified): a book's and
    /// Markdown's paragraphs, not a plain text's own lines (a log, a man page), nor photos.
    static func capsLines(look: Look, format: Document.Format) -> Bool {
        !look.statusOverPages && format != .plain
    }

    /// Keeps the style for this book (and as the one a new book starts with), unless places are not kept.
    func keepStyle() {
        guard let keeper = styleKeeper else { return }
        do { try keeper.save(style, for: Self.styleName(of: placeSource, title: session.document.title)) } catch {
            if !warnings.contains("\(error)") { warnings.append("\(error)") }
        }
    }

    /// How a book is known in the kept styles: its file's path, or the guide's title.
    static func styleName(of source: PlaceKeeper.Source?, title: String) -> String {
        switch source {
        case .file(let path)?: URL(fileURLWithPath: path).standardizedFileURL.path
        default: "content:" + title
        }
    }
}

/// The reading styles chosen in the window, per book, in `window-styles.json` beside the reading
/// positions; a book never styled starts with the style last chosen for any.
struct StyleKeeper {
    /// The file.
    let path: String

    /// The most books kept; past it, the others than the one saved are dropped at random.
    static let capacity = 300

    private struct Kept: Codable {
        var last: ReadingStyle?
        var books: [String: ReadingStyle] = [:]
    }

    /// Kept in `directory` (the reading positions' folder).
    init(directory: String) {
        path = (directory as NSString).appendingPathComponent("window-styles.json")
    }

    private func read() -> Kept {
        guard let data = FileManager.default.contents(atPath: path), data.count < 1 << 20,
              let kept = try? JSONDecoder().decode(Kept.self, from: data) else { return Kept() }
        return kept
    }

    /// The style kept for `key`, else the last one chosen, else nil.
    func style(for key: String) -> ReadingStyle? {
        let kept = read()
        return kept.books[key] ?? kept.last
    }

    /// Keeps `style` for `key`, and as the last one chosen.
    func save(_ style: ReadingStyle, for key: String) throws {
        var kept = read()
        kept.books[key] = style
        kept.last = style
        while kept.books.count > Self.capacity, let other = kept.books.keys.first(where: { $0 != key }) { kept.books[other] = nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try encoder.encode(kept).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
