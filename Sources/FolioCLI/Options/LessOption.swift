/// One option folio reads: one of `less`'s, as its option table (`opttbl.c`,
/// less 710) declares it, or one of folio's own.
///
/// folio reads every option `less` knows, so that it can stand in for `less`
/// as `PAGER`, `MANPAGER`, `GIT_PAGER` or `SYSTEMD_PAGER`: what an option
/// means to folio is its ``support``, from doing what `less` does to being
/// accepted and ignored. ``kind`` says how its value is read (see
/// ``LessOptionParser``).
///
/// An option is an entry of the tables, known by its identity (`==` is `===`):
/// a class, so that looking one up copies a reference, not its names and
/// texts (which cost a `LessOption?`'s generic metadata at every start).
final class LessOption: Hashable, Sendable, CustomStringConvertible {
    /// How an option's value is read, after less's option types.
    enum Kind: Hashable, Sendable {
        /// On or off (less's `O_BOOL`); the option turns its setting away from `initially`.
        case flag(initially: Bool)
        /// Off (0), on (1) or on-plus (2) (`O_TRIPLE`): the lower-case letter or
        /// name gives 1, the upper-case one 2 (`-i`, `-I`; `--ignore-case`,
        /// `--IGNORE-CASE`). `initially` is less's default.
        case triple(initially: Int)
        /// A whole number (`O_NUMBER`), read from the digits that follow; negative
        /// only when `negativeAllowed`.
        case number(negativeAllowed: Bool)
        /// A string (`O_STRING`). With `validCharacters` nil it runs to the end of
        /// the argument, or to a `$` in an environment variable; otherwise it stops
        /// at the first character the pattern does not allow, as less's `optstring`
        /// reads it: `"d,"` digits and commas (`-x8,16`), `".d"` an optional point
        /// then digits (`-#.5`), `"-.d"` also a leading minus (`-j-2`), `"s"` up to a space.
        case string(validCharacters: String?)
        /// Something done at once (`O_NOVAR`): `-V` prints the version, `-?` the help.
        case action
    }

    /// What the option means to folio.
    enum Support: Hashable, Sendable {
        /// folio does what `less` does.
        case asInLess
        /// folio does something of its own with it, said here in a few words.
        case differs(String)
        /// Read and kept in the request, not acted on yet.
        case notYet
        /// Accepted, and means nothing to folio.
        case ignored
        /// folio's own option, unknown to `less`.
        case folioOnly
    }

    /// The option's letter (`F` for `-F`), or nil for a long name only.
    let letter: UInt8?
    /// Its long names, the first the main one (`quit-if-one-screen`).
    let names: [String]
    /// How its value is read.
    let kind: Kind
    /// What it does, for `--help` and the README: a few words.
    let summary: String
    /// What it means to folio.
    let support: Support

    /// An entry of the tables (the tables are the only ones).
    init(letter: UInt8?, names: [String], kind: Kind, summary: String, support: Support) {
        self.letter = letter
        self.names = names
        self.kind = kind
        self.summary = summary
        self.support = support
    }

    /// The same entry of the tables.
    static func == (a: LessOption, b: LessOption) -> Bool { a === b }

    /// Hashes the entry's identity.
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// An option of folio's own, whose long name must be given whole (less's
    /// names may be shortened, `--quit-if` for `--quit-if-one-screen`).
    var isFolioOnly: Bool { support == .folioOnly }

    /// Whether the option reads a value: a number or a string.
    var takesValue: Bool {
        switch kind {
        case .number, .string: true
        case .flag, .triple, .action: false
        }
    }

    /// `-F (--quit-if-one-screen)`, or `--rtl` for a long name only: how less names an option in its messages.
    var description: String {
        guard let letter else { return "--\(names[0])" }
        return "-\(Character(Unicode.Scalar(letter))) (--\(names[0]))"
    }
}

extension LessOption {
    private convenience init(_ letter: Character?, _ names: [String], _ kind: Kind, _ summary: String, _ support: Support) {
        self.init(letter: letter?.asciiValue, names: names, kind: kind, summary: summary, support: support)
    }
}

extension LessOption {
    // MARK: Options folio acts on, or keeps for later

    /// `-F`: print the text and quit when it fits on one screen.
    static let quitIfOneScreen = LessOption("F", ["quit-if-one-screen"], .flag(initially: false),
                                            "print the text and quit if it fits on one screen", .asInLess)
    /// `-X`: no alternate screen; the last screen stays at exit.
    static let noInit = LessOption("X", ["no-init"], .flag(initially: false),
                                   "no alternate screen: the last screen stays at exit", .asInLess)
    /// `-i` / `-I`: how searches treat case.
    static let ignoreCase = LessOption("i", ["ignore-case"], .triple(initially: 0),
                                       "-i: a pattern in lower case ignores case; -I: searches always ignore case",
                                       .differs("-i is the default"))
    /// `-f`: show a file that looks binary without asking.
    static let force = LessOption("f", ["force"], .flag(initially: false), "show a binary file without asking",
                                  .differs("FIFOs and devices always open"))
    /// `-L`: do not run `LESSOPEN`.
    static let noLessopen = LessOption("L", ["no-lessopen"], .flag(initially: false), "do not run LESSOPEN's input preprocessor", .asInLess)
    /// `-S`: chop long lines instead of folding them.
    static let chopLongLines = LessOption("S", ["chop-long-lines"], .flag(initially: false),
                                          "chop long lines instead of folding them; → ← scroll sideways", .asInLess)
    /// `-n` / `-N`: line numbers.
    static let lineNumbers = LessOption("n", ["line-numbers"], .triple(initially: 1),
                                        "-n: do not count lines; -N: show line numbers", .asInLess)
    /// `-r` / `-R`: control characters as they are.
    static let rawControlChars = LessOption("r", ["raw-control-chars"], .triple(initially: 0),
                                            "-r: control characters raw; -R: colour escapes raw",
                                            .differs("always: colours and overstrikes as styles, other controls as pictures"))
    /// `-m` / `-M`: a longer prompt.
    static let longPrompt = LessOption("m", ["long-prompt"], .triple(initially: 0),
                                       "-m: a prompt with the percentage; -M: a longer prompt still", .notYet)
    /// `-j`: the screen line a jump or a match lands on.
    static let jumpTarget = LessOption("j", ["jump-target"], .string(validCharacters: "-.d"),
                                       "=N or =.N: the screen line (or fraction) a jump lands on", .notYet)
    /// `-x`: tab stops.
    static let tabs = LessOption("x", ["tabs"], .string(validCharacters: "d,"),
                                 "=N[,…]: tab stops (folio's are every 8 for now)", .notYet)
    /// `-P`: a prompt string.
    static let prompt = LessOption("P", ["prompt"], .string(validCharacters: nil),
                                   "=[smM=hw]TEXT: a prompt string (to the end of the argument, or to $ in LESS)", .notYet)
    /// `-K`: Ctrl-C quits.
    static let quitOnInterrupt = LessOption("K", ["quit-on-intr"], .flag(initially: false),
                                            "Ctrl-C quits", .differs("Ctrl-C always quits"))
    /// `-p`: start at the first match of a pattern.
    static let pattern = LessOption("p", ["pattern"], .string(validCharacters: nil),
                                    "=PATTERN: start at its first match, as +/PATTERN", .asInLess)
    /// `--follow-name`: `F` follows the file's name, not its descriptor.
    static let followName = LessOption(nil, ["follow-name"], .flag(initially: false),
                                       "F follows the file's name, not the open file",
                                       .differs("F always follows the name: a file truncated or replaced is read again"))
    /// `--mouse`: mouse tracking.
    static let mouse = LessOption(nil, ["mouse"], .triple(initially: 0),
                                  "track the mouse: clicks, drags, the dots and the strip",
                                  .differs("the wheel turns pages without it; with it, text cannot be selected"))
    /// `--use-backslash`: a backslash in an option's string takes the next character as it is.
    static let useBackslash = LessOption(nil, ["use-backslash"], .flag(initially: false),
                                         "a backslash in an option's value keeps the next character as it is", .asInLess)
    /// `-V`: print the version.
    static let version = LessOption("V", ["version"], .action, "print folio's version", .asInLess)
    /// `-?`: print the help.
    static let help = LessOption("?", ["help"], .action, "print this help", .asInLess)

    // MARK: folio's own

    /// `--page N`: open at page N.
    static let page = LessOption(nil, ["page"], .string(validCharacters: "s"), "=N: open at page N (from 1)", .folioOnly)
    /// `--spread auto|single|double`.
    static let spread = LessOption(nil, ["spread"], .string(validCharacters: "s"),
                                   "=auto|single|double: two pages when they fit (auto), one, or two", .folioOnly)
    /// `--rtl`: pages turn right to left.
    static let rightToLeft = LessOption(nil, ["rtl"], .flag(initially: false), "turn pages right to left", .folioOnly)
    /// `--vertical`: pages turn vertically.
    static let vertical = LessOption(nil, ["vertical"], .flag(initially: false), "turn pages vertically", .folioOnly)
    /// `--pages`: a text shown a page at a time turns whole pages side to side instead of scrolling by lines.
    static let pages = LessOption(nil, ["pages"], .flag(initially: false),
                                  "turn whole pages side to side, rather than scroll a text shown a page at a time by lines",
                                  .folioOnly)
    /// `--forget`: neither restore nor save the reading position.
    static let forget = LessOption(nil, ["forget"], .flag(initially: false),
                                   "neither restore nor save the reading position", .folioOnly)
    /// `--width N`: columns per page of plain output.
    static let width = LessOption(nil, ["width"], .string(validCharacters: "s"),
                                  "=N: columns per page when output is not a terminal (80)", .folioOnly)
    /// `--height N`: lines per page of plain output.
    static let height = LessOption(nil, ["height"], .string(validCharacters: "s"),
                                   "=N: lines per page when output is not a terminal (24)", .folioOnly)
    /// `--no-mouse`: leave the mouse to the terminal (the default).
    static let noMouse = LessOption(nil, ["no-mouse"], .flag(initially: false),
                                    "leave the mouse to the terminal (the default)", .folioOnly)

    /// `--pictures auto|kitty|sixel|iterm|blocks|none`: how pictures are drawn in the terminal.
    static let pictures = LessOption(nil, ["pictures"], .string(validCharacters: "s"),
                                     "=auto|kitty|sixel|iterm|blocks|none: pictures (comics, a book's images) in the terminal's "
                                        + "pixels, as coloured blocks, or as their placeholders",
                                     .folioOnly)

    /// folio's own options, which `less` does not know: read from `FOLIO` and the command line, never from `LESS`.
    static let folioTable: [LessOption] = [.page, .spread, .rightToLeft, .vertical, .pages, .pictures, .forget, .width, .height,
                                           .noMouse]

    /// Every option of less 710's table (`opttbl.c`), in its order: letter,
    /// long names, type. The ones folio acts on are the named constants above.
    static let lessTable: [LessOption] = [
        LessOption("a", ["search-skip-screen"], .triple(initially: 2), "searches start after the screen", .ignored),
        LessOption("b", ["buffers"], .number(negativeAllowed: false), "=N: buffer space", .ignored),
        LessOption("B", ["auto-buffers"], .flag(initially: true), "no automatic buffers", .ignored),
        LessOption("c", ["clear-screen"], .triple(initially: 0), "repaint from the top", .ignored),
        LessOption("d", ["dumb"], .flag(initially: false), "no warning for a dumb terminal", .ignored),
        LessOption("D", ["color"], .string(validCharacters: "s"), "=XCOLOR: colours of less's own text", .ignored),
        LessOption("e", ["quit-at-eof"], .triple(initially: 0), "-e: quit at the second end of file; -E: at the first", .ignored),
        force,
        quitIfOneScreen,
        LessOption("g", ["hilite-search"], .triple(initially: 2), "highlight one match or none", .ignored),
        LessOption("h", ["max-back-scroll"], .number(negativeAllowed: false), "=N: backward scroll limit", .ignored),
        ignoreCase,
        jumpTarget,
        LessOption("J", ["status-column"], .flag(initially: false), "a status column", .ignored),
        LessOption("k", ["lesskey-file"], .string(validCharacters: nil), "=FILE: key bindings", .ignored),
        LessOption(nil, ["lesskey-content"], .string(validCharacters: nil), "=TEXT: key bindings", .ignored),
        LessOption(nil, ["lesskey-src"], .string(validCharacters: nil), "=FILE: key bindings", .ignored),
        quitOnInterrupt,
        noLessopen,
        longPrompt,
        lineNumbers,
        LessOption("o", ["log-file"], .string(validCharacters: nil), "=FILE: copy the input to FILE", .ignored),
        LessOption("O", ["LOG-FILE"], .string(validCharacters: nil), "=FILE: the same, overwriting", .ignored),
        pattern,
        prompt,
        LessOption("q", ["quiet", "silent"], .triple(initially: 0), "no bell (folio rings none)", .ignored),
        rawControlChars,
        LessOption("s", ["squeeze-blank-lines"], .flag(initially: false), "squeeze blank lines", .ignored),
        chopLongLines,
        LessOption("t", ["tag"], .string(validCharacters: nil), "=TAG: open at a tag", .ignored),
        LessOption("T", ["tag-file"], .string(validCharacters: nil), "=FILE: the tags file", .ignored),
        LessOption("u", ["underline-special"], .triple(initially: 0), "backspaces and returns as they are", .ignored),
        version,
        LessOption(nil, ["hilite-target"], .flag(initially: false), "highlight the target line", .ignored),
        LessOption("w", ["hilite-unread"], .triple(initially: 0), "highlight the first new line", .ignored),
        tabs,
        noInit,
        LessOption("y", ["max-forw-scroll"], .number(negativeAllowed: false), "=N: forward scroll limit", .ignored),
        LessOption("z", ["window"], .number(negativeAllowed: true), "=N (or -N): scrolling window", .ignored),
        LessOption("\"", ["quotes"], .string(validCharacters: "s"), "=CC: quotes in file names", .ignored),
        LessOption("~", ["tilde"], .flag(initially: true), "no tildes after the end", .ignored),
        help,
        LessOption("#", ["shift"], .string(validCharacters: ".d"), "=N: horizontal scroll", .ignored),
        LessOption(nil, ["no-keypad"], .flag(initially: false), "no keypad mode", .ignored),
        LessOption(nil, ["old-bot"], .flag(initially: false), "old bottom of screen", .ignored),
        followName,
        useBackslash,
        LessOption(nil, ["rscroll"], .string(validCharacters: "s"), "=C: the chopped-line marker", .ignored),
        LessOption(nil, ["no-histdups"], .flag(initially: false), "no duplicates in history", .ignored),
        mouse,
        LessOption(nil, ["emouse"], .string(validCharacters: "s"), "=FEATURES: mouse features", .ignored),
        LessOption(nil, ["rmouse"], .flag(initially: false), "reverse the wheel", .ignored),
        LessOption(nil, ["wheel-lines"], .number(negativeAllowed: false), "=N: lines per wheel notch", .ignored),
        LessOption(nil, ["save-marks"], .flag(initially: false), "keep marks across runs", .ignored),
        LessOption(nil, ["line-num-width"], .number(negativeAllowed: false), "=N: line number width", .ignored),
        LessOption(nil, ["status-col-width"], .number(negativeAllowed: false), "=N: status column width", .ignored),
        LessOption(nil, ["incsearch"], .flag(initially: false), "search as the pattern is typed", .ignored),
        LessOption(nil, ["use-color"], .flag(initially: false), "colour less's own text", .ignored),
        LessOption(nil, ["file-size"], .flag(initially: false), "find the file's size at once", .ignored),
        LessOption(nil, ["status-line"], .flag(initially: false), "highlight whole marked lines", .ignored),
        LessOption(nil, ["header"], .string(validCharacters: "d,"), "=N[,M]: header lines and columns", .ignored),
        LessOption(nil, ["no-paste"], .flag(initially: false), "ignore pasted input", .ignored),
        LessOption(nil, ["form-feed"], .flag(initially: false), "stop at form feeds",
                   .differs("a form feed always ends a page")),
        LessOption(nil, ["past-eof"], .flag(initially: false), "scroll past the end", .ignored),
        LessOption(nil, ["no-edit-warn", "no-warn-edit"], .flag(initially: false), "no warning when editing", .ignored),
        LessOption(nil, ["no-number-headers"], .flag(initially: false), "no numbers on header lines", .ignored),
        LessOption(nil, ["no-search-headers"], .flag(initially: false), "do not search headers", .ignored),
        LessOption(nil, ["no-search-header-lines"], .flag(initially: false), "do not search header lines", .ignored),
        LessOption(nil, ["no-search-header-columns"], .flag(initially: false), "do not search header columns", .ignored),
        LessOption(nil, ["redraw-on-quit"], .flag(initially: false), "redraw the last screen at exit", .ignored),
        LessOption(nil, ["search-options"], .string(validCharacters: "s"), "=FLAGS: default search modifiers", .ignored),
        LessOption(nil, ["exit-follow-on-close"], .flag(initially: false), "F ends when the input closes",
                   .differs("F always ends when a pipe closes")),
        LessOption(nil, ["no-vbell"], .flag(initially: false), "no visual bell", .ignored),
        LessOption(nil, ["modelines"], .number(negativeAllowed: false), "=N: lines read for modelines", .ignored),
        LessOption(nil, ["intr"], .string(validCharacters: "s"), "=C: the interrupt character", .ignored),
        LessOption(nil, ["wordwrap"], .flag(initially: false), "wrap lines at spaces",
                   .differs("lines always wrap at spaces")),
        LessOption(nil, ["show-preproc-errors"], .flag(initially: false), "report a failed preprocessor", .ignored),
        LessOption(nil, ["proc-backspace"], .triple(initially: 0), "how backspaces show", .ignored),
        LessOption(nil, ["proc-tab"], .triple(initially: 0), "how tabs show", .ignored),
        LessOption(nil, ["proc-return"], .triple(initially: 0), "how carriage returns show", .ignored),
        LessOption(nil, ["cmd"], .string(validCharacters: nil), "=KEYS: keys run at the first prompt", .ignored),
        LessOption(nil, ["match-shift"], .string(validCharacters: ".d"), "=N: columns shown left of a match", .ignored),
        LessOption(nil, ["autosave"], .string(validCharacters: "s"), "=ACTIONS: when history is saved", .ignored),
        LessOption(nil, ["end-prompt"], .string(validCharacters: "s"), "=TEXT: printed after the prompt", .ignored),
    ]

    /// The option with `letter`, as less's `findopt` looks it up: the letter
    /// itself, or the upper-case letter of a triple option (`-I` is `-i`'s).
    static func lessOption(letter: UInt8) -> LessOption? {
        let table = lessTable
        for index in table.indices {
            guard let own = table[index].letter else { continue }
            if own == letter || (table[index].kind.isTriple && own >= 0x61 && own <= 0x7A && own - 0x20 == letter) {
                return table[index]
            }
        }
        return nil
    }
}
