import FolioReading
import FolioTerminal

/// Everything folio's options ask for — `less`'s and its own — as one value,
/// built by applying ``LessOptionParser/Setting``s in order (the last wins).
///
/// Some fields are acted on (``quitIfOneScreen``, ``alternateScreen``,
/// ``mouse``, ``caseSensitivity``, folio's own); the rest are read and kept for
/// the reader to act on later (``chopsLongLines``, ``lineNumbers``, ``tabStops``…).
struct PagerOptions: Hashable, Sendable, CustomStringConvertible {
    // MARK: folio's own

    /// `--page N`: the page to open at, from 1.
    var page: Int?
    /// `--spread`: one page, two, or whichever fits.
    var spread = ReadingOptions.SpreadChoice.auto
    /// `--rtl`: pages turn right to left.
    var rightToLeft = false
    /// `--vertical`: pages turn vertically.
    var vertical = false
    /// `--pages`: a text shown a page at a time turns whole pages side to side (no scrolling by lines).
    var pages = false
    /// `--pictures`: how a book's pictures (a comic's pages) are drawn in the terminal.
    var pictures = PictureMode.auto
    /// `--forget`: neither restore nor save the reading position.
    var forget = false
    /// `--width`: columns per page of plain output (when standard output is not a terminal), ≥ 1.
    var width = 80
    /// `--height`: lines per page of plain output, ≥ 1.
    var height = 24

    // MARK: less's, acted on

    /// `-F`: when the whole text fits on one screen, print it and quit.
    var quitIfOneScreen = false
    /// Whether the reader draws on the alternate screen; `-X` turns it off, and
    /// the last screen stays on the terminal at exit.
    var alternateScreen = true
    /// `--mouse`: track the mouse (clicks, drags). Off by default, so text can
    /// be selected; the wheel turns pages through the terminal's alternate-scroll mode either way.
    var mouse = false
    /// `-i` (smart case, folio's default) or `-I` (always ignore case).
    var caseSensitivity = Pattern.CaseSensitivity.smart
    /// `-f`: show a file that looks binary without asking first.
    var force = false
    /// Whether `LESSOPEN` runs; `-L` (`--no-lessopen`) turns it off.
    var lessopen = true

    /// `-S`: chop long lines instead of folding them (→ and ← then scroll sideways).
    var chopsLongLines = false
    /// `-n` / `-N`: line numbers counted (less's default), not counted, or shown.
    var lineNumbers = LineNumbers.counted

    // MARK: less's, kept for later

    /// `-r` / `-R`: which control characters less would pass to the terminal raw.
    /// folio always draws colours and overstrikes as styles and other controls as pictures.
    var controlCharacters = ControlCharacters.caretNotation
    /// `-m` / `-M`: how much the prompt says.
    var promptLength = PromptLength.short
    /// `-P`: prompt strings given, by the prompt they replace, in less's prompt language.
    var prompts: [PromptKind: String] = [:]
    /// `-j`: the screen line a jump or a search lands on.
    var jumpTarget = JumpTarget.line(1)
    /// `-x`: tab stops in columns, each after the one before; the last interval repeats (`[8]`: every 8).
    var tabStops = [8]
    /// `-K`: Ctrl-C quits (folio's Ctrl-C always does).
    var quitsOnInterrupt = false
    /// `--follow-name`: `F` follows the file's name (a log rotated away) rather than the open file.
    /// Read and kept: folio's `F` always follows the name, as if it were given.
    var followsName = false

    /// How `-n` and `-N` leave line numbers.
    enum LineNumbers: Hashable, Sendable {
        /// Counted, for prompts and `=` (less's default).
        case counted
        /// Not counted (`-n`).
        case off
        /// Shown at the start of each line (`-N`).
        case shown
    }

    /// Which control characters `less` would pass raw: its `-r` and `-R`.
    enum ControlCharacters: Hashable, Sendable {
        /// Shown in caret notation (`^[`), less's default.
        case caretNotation
        /// All raw (`-r`).
        case raw
        /// Colour escapes raw, the rest in caret notation (`-R`).
        case colourEscapes
    }

    /// How much the prompt says: `-m`, `-M`.
    enum PromptLength: Hashable, Sendable {
        /// less's default: a colon, or the file name at first.
        case short
        /// With the percentage (`-m`).
        case medium
        /// With the file name, lines and bytes (`-M`).
        case long
    }

    /// Which prompt a `-P` string replaces: its first character (`-Pm…` the medium one).
    enum PromptKind: Hashable, Sendable {
        /// `-Ps…`, or `-P…` with no letter.
        case short
        /// `-Pm…`.
        case medium
        /// `-PM…`.
        case long
        /// `-P=…`: what `=` says.
        case equals
        /// `-Ph…`: the help screen's prompt.
        case help
        /// `-Pw…`: the prompt while waiting for input (`F`).
        case waiting
    }

    /// Where `-j` puts the target line.
    enum JumpTarget: Hashable, Sendable {
        /// This screen line, from 1; a negative one counts from the bottom (`-j-2`).
        case line(Int)
        /// This fraction of the way down the screen (`-j.5`), 0 ..< 1.
        case fraction(Double)
    }

    /// The reading session's share.
    var readingOptions: ReadingOptions {
        var options = ReadingOptions(spread: spread, rightToLeft: rightToLeft, vertical: vertical, scrollsText: !pages)
        options.caseSensitivity = caseSensitivity
        options.chopsLongLines = chopsLongLines
        options.showsLineNumbers = lineNumbers == .shown
        return options
    }

    /// The terminal's share: the alternate screen with alternate scroll (the wheel as ↑ and ↓),
    /// or with `-X` the main screen, whose last frame stays above the shell's prompt; mouse tracking with `--mouse`.
    var terminalOptions: Terminal.Options {
        Terminal.Options(alternateScreen: alternateScreen, mouse: mouse, alternateScroll: true,
                         clearsBottomRowAtExit: !alternateScreen)
    }

    /// A folio option given a value it cannot use; `message` says what it takes.
    struct BadValue: Error, Hashable, Sendable, CustomStringConvertible {
        /// For example `--page takes a page number from 1, not 'abc'`.
        let message: String
        /// The message.
        var description: String { message }
    }

    /// Sets what `setting` asks. Throws ``BadValue`` for a value of folio's own
    /// options it cannot use (`--page abc`); less's options never throw: a value
    /// folio cannot read leaves the option as it was.
    mutating func apply(_ setting: LessOptionParser.Setting) throws(BadValue) {
        switch setting {
        case .option(let option, let value):
            try set(option, value)
        case .reset(let option):
            reset(option)
        case .missingValue(let option):
            if option.isFolioOnly { throw BadValue(message: "--\(option.names[0]) needs a value: \(option.summary)") }
        case .startCommand, .file, .problem:
            break
        }
    }

    /// Sets what `option` given `value` means to folio; an option that means nothing to it changes nothing.
    private mutating func set(_ option: LessOption, _ value: LessOptionParser.Value) throws(BadValue) {
        switch (option, value) {
        case (.page, .string(let text)):
            guard let n = Int(text), n >= 1 else { throw BadValue(message: "--page takes a page number from 1, not '\(text)'") }
            page = n
        case (.spread, .string(let text)):
            guard let choice = ReadingOptions.SpreadChoice(rawValue: text) else {
                throw BadValue(message: "--spread takes auto, single or double, not '\(text)'")
            }
            spread = choice
        case (.pictures, .string(let text)):
            guard let mode = PictureMode(rawValue: text) else {
                throw BadValue(message: "--pictures takes auto, kitty, sixel, iterm, blocks or none, not '\(text)'")
            }
            pictures = mode
        case (.width, .string(let text)), (.height, .string(let text)):
            let name = option.names[0]
            guard let n = Int(text), n >= 1 else { throw BadValue(message: "--\(name) takes a number from 1, not '\(text)'") }
            if option == .width { width = n } else { height = n }
        case (.rightToLeft, .flag(let on)): rightToLeft = on
        case (.vertical, .flag(let on)): vertical = on
        case (.pages, .flag(let on)): pages = on
        case (.forget, .flag(let on)): forget = on
        case (.noMouse, .flag(let on)): mouse = !on
        case (.mouse, .triple(let level)): mouse = level != 0
        case (.quitIfOneScreen, .flag(let on)): quitIfOneScreen = on
        case (.force, .flag(let on)): force = on
        case (.noLessopen, .flag(let on)): lessopen = !on
        case (.noInit, .flag(let on)): alternateScreen = !on
        case (.ignoreCase, .triple(let level)): caseSensitivity = level == 2 ? .insensitive : .smart
        case (.chopLongLines, .flag(let on)): chopsLongLines = on
        case (.lineNumbers, .triple(let level)): lineNumbers = [.off, .counted, .shown][level]
        case (.rawControlChars, .triple(let level)): controlCharacters = [.caretNotation, .raw, .colourEscapes][level]
        case (.longPrompt, .triple(let level)): promptLength = [.short, .medium, .long][level]
        case (.quitOnInterrupt, .flag(let on)): quitsOnInterrupt = on
        case (.followName, .flag(let on)): followsName = on
        case (.prompt, .string(let text)):
            let (kind, rest) = Self.promptKind(of: text)
            prompts[kind] = rest
        case (.jumpTarget, .string(let text)):
            if let target = Self.jumpTarget(text) { jumpTarget = target }
        case (.tabs, .string(let text)):
            if let stops = Self.tabStops(text) { tabStops = stops }
        default:
            break  // means nothing to folio
        }
    }

    /// Sets what `option` controls back to folio's default (`-+X`).
    private mutating func reset(_ option: LessOption) {
        let defaults = PagerOptions()
        switch option {
        case .rightToLeft: rightToLeft = defaults.rightToLeft
        case .vertical: vertical = defaults.vertical
        case .pages: pages = defaults.pages
        case .forget: forget = defaults.forget
        case .noMouse, .mouse: mouse = defaults.mouse
        case .quitIfOneScreen: quitIfOneScreen = defaults.quitIfOneScreen
        case .force: force = defaults.force
        case .noLessopen: lessopen = defaults.lessopen
        case .noInit: alternateScreen = defaults.alternateScreen
        case .ignoreCase: caseSensitivity = defaults.caseSensitivity
        case .chopLongLines: chopsLongLines = defaults.chopsLongLines
        case .lineNumbers: lineNumbers = defaults.lineNumbers
        case .rawControlChars: controlCharacters = defaults.controlCharacters
        case .longPrompt: promptLength = defaults.promptLength
        case .quitOnInterrupt: quitsOnInterrupt = defaults.quitsOnInterrupt
        case .followName: followsName = defaults.followsName
        default: break
        }
    }

    /// less's `opt__P`: the prompt a `-P` string replaces, from its first character, and the rest.
    static func promptKind(of text: String) -> (PromptKind, String) {
        let kinds: [Character: PromptKind] = ["s": .short, "m": .medium, "M": .long, "=": .equals, "h": .help, "w": .waiting]
        guard let first = text.first, let kind = kinds[first] else { return (.short, text) }
        return (kind, String(text.dropFirst()))
    }

    /// `-j`'s value: `4`, `-2` (from the bottom) or `.5` (half way down); nil when it is neither.
    static func jumpTarget(_ text: String) -> JumpTarget? {
        if let n = Int(text) { return .line(n) }
        let negative = text.hasPrefix("-")
        let digits = text.dropFirst(negative ? 1 : 0)
        guard digits.hasPrefix("."), digits.count > 1, digits.dropFirst().allSatisfy(\.isASCII),
              let fraction = Double("0" + digits) else { return nil }
        return .fraction(negative ? -fraction : fraction)
    }

    /// `-x`'s value: tab stops, `8` or `4,8,12`, each after the one before; nil when it is not that.
    static func tabStops(_ text: String) -> [Int]? {
        let stops = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard !stops.isEmpty, stops.allSatisfy({ $0 != nil && $0! >= 1 }) else { return nil }
        let values = stops.map { $0! }
        guard zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        return values
    }

    /// The options that differ from the defaults, as the command line would give them:
    /// `-F -X --page=3`; `defaults` when none do.
    var description: String {
        let d = PagerOptions()
        var parts: [String] = []
        if let page { parts.append("--page=\(page)") }
        if spread != d.spread { parts.append("--spread=\(spread.rawValue)") }
        if rightToLeft { parts.append("--rtl") }
        if vertical { parts.append("--vertical") }
        if pages { parts.append("--pages") }
        if pictures != d.pictures { parts.append("--pictures=\(pictures.rawValue)") }
        if forget { parts.append("--forget") }
        if width != d.width { parts.append("--width=\(width)") }
        if height != d.height { parts.append("--height=\(height)") }
        if quitIfOneScreen { parts.append("-F") }
        if force { parts.append("-f") }
        if !lessopen { parts.append("-L") }
        if !alternateScreen { parts.append("-X") }
        if mouse { parts.append("--mouse") }
        if caseSensitivity == .insensitive { parts.append("-I") }
        if chopsLongLines { parts.append("-S") }
        if lineNumbers == .off { parts.append("-n") }
        if lineNumbers == .shown { parts.append("-N") }
        if controlCharacters == .raw { parts.append("-r") }
        if controlCharacters == .colourEscapes { parts.append("-R") }
        if promptLength == .medium { parts.append("-m") }
        if promptLength == .long { parts.append("-M") }
        for (kind, text) in prompts.sorted(by: { "\($0.key)" < "\($1.key)" }) { parts.append("-P\(kind):\(text)") }
        switch jumpTarget {
        case .line(1): break
        case .line(let n): parts.append("-j\(n)")
        case .fraction(let f): parts.append("-j\(f)")
        }
        if tabStops != d.tabStops { parts.append("-x" + tabStops.map(String.init).joined(separator: ",")) }
        if quitsOnInterrupt { parts.append("-K") }
        if followsName { parts.append("--follow-name") }
        return parts.isEmpty ? "defaults" : parts.joined(separator: " ")
    }
}

/// How the terminal draws pictures: `--pictures auto|kitty|sixel|iterm|blocks|none`.
enum PictureMode: String, Hashable, Sendable {
    /// The best the terminal says it draws (kitty, then sixel), else blocks.
    case auto
    /// The kitty graphics protocol.
    case kitty
    /// Sixel graphics.
    case sixel
    /// iTerm2's inline images.
    case iterm
    /// Unicode blocks in 24-bit colour, two colours a cell.
    case blocks
    /// No pictures: their placeholder lines, `[image: …]`.
    case none

    /// Whether pictures are drawn.
    var drawsPictures: Bool { self != .none }

    /// How pictures are drawn, `graphics` being what the terminal said (asked only for `auto`).
    func method(_ graphics: TerminalGraphics) -> TerminalGraphics.Method {
        switch self {
        case .auto: graphics.best
        case .kitty: .kitty
        case .sixel: .sixel
        case .iterm: .iterm
        case .blocks, .none: .blocks
        }
    }
}
