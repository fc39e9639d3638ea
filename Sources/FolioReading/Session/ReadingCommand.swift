import Folio

/// What a host asks the reading session to do: host-neutral, so a key, a
/// click, a wheel notch or a test can say it.
///
/// Positions are in the host's units relative to the page area (the
/// ``Viewport``), the chapter strip or the indicator.
public enum ReadingCommand: Hashable, Sendable, CustomStringConvertible {
    /// Turn `count` spreads forward in reading order (negative: back).
    case turn(Int)
    /// Turn toward the right of the screen (forward, or back in a right-to-left book), `count` spreads.
    case turnRight(Int)
    /// Turn toward the left of the screen.
    case turnLeft(Int)
    /// Move `count` lines down (negative: up) in a text scrolled by lines; elsewhere turn `count` pages.
    case lines(Int)
    /// Move `count` half screens down (negative: up) in a text scrolled by lines; elsewhere turn `count` pages.
    case halfScreens(Int)
    /// The wheel turned `notches` (negative: up): three lines a notch in a text scrolled by lines, a page a notch elsewhere.
    case wheel(Int)
    /// Scroll chopped lines (``ReadingOptions/chopsLongLines``) sideways by `count` half page widths (negative: back).
    case sideways(Int)
    /// Go to line `line` of the text (from 1), as `Ng` does in a text scrolled by lines.
    case goToLine(Int)
    /// Go to the first page.
    case first
    /// Go to the last page (waiting for pagination, or for a stream to end).
    case last
    /// Go to page `n` (0-based).
    case goToPage(Int)
    /// Go to the page holding the byte at `percent` of the document, 0…100.
    case goToPercent(Double)
    /// Go to chapter `index` of ``ReadingSession/chapters``.
    case goToChapter(Int)
    /// Go to the page holding byte `offset`.
    case goToOffset(Int)
    /// Go to the end and follow it as the file or stream grows (`F`), until a key stops.
    case follow
    /// Search for `pattern` (a regular expression; smart case), forward or backward from the page on screen.
    case search(String, backward: Bool)
    /// The next match of the last search, in its direction.
    case searchNext
    /// The next match the other way.
    case searchPrevious
    /// Show only the lines `rule` keeps, of those shown now (`&pattern`, `&!pattern`); nil shows
    /// every line again (`&` Enter). Carried out by ``ReadingLoop``, which holds the whole text's
    /// session aside meanwhile.
    case filter(FilterRule?)
    /// A pointer went down in the page area at (`x`, `y`).
    case press(x: Int, y: Int)
    /// The pointer moved while down.
    case drag(x: Int, y: Int)
    /// The pointer came up at (`x`, `y`).
    case release(x: Int, y: Int)
    /// A click on the chapter strip at `x`.
    case tapStrip(x: Int)
    /// A click on the page indicator at `x` (from its first dot's left edge).
    case tapIndicator(x: Int)
    /// The page area changed size.
    case resize(Viewport)
    /// Time passed: advance animations to the command's time.
    case tick
    /// Show or hide the key help.
    case toggleHelp
    /// Close what is open (help, a prompt, a notice) or stop a wait.
    case cancel
    /// Flip the reading direction.
    case toggleRightToLeft
    /// Switch between horizontal and vertical paging.
    case toggleVertical
    /// Re-read the document from its source (a file that changed), keeping the place.
    case reload
    /// Show the document's name, place and size.
    case showInfo
    /// Leave.
    case quit

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .turn(let n): "turn(\(n))"
        case .turnRight(let n): "turnRight(\(n))"
        case .turnLeft(let n): "turnLeft(\(n))"
        case .lines(let n): "lines(\(n))"
        case .halfScreens(let n): "halfScreens(\(n))"
        case .wheel(let n): "wheel(\(n))"
        case .sideways(let n): "sideways(\(n))"
        case .goToLine(let n): "goToLine(\(n))"
        case .first: "first"
        case .last: "last"
        case .goToPage(let n): "goToPage(\(n))"
        case .goToPercent(let p): "goToPercent(\(p))"
        case .goToChapter(let i): "goToChapter(\(i))"
        case .goToOffset(let o): "goToOffset(\(o))"
        case .follow: "follow"
        case .search(let p, let back): "search(\(p.debugDescription)\(back ? ", backward" : ""))"
        case .searchNext: "searchNext"
        case .searchPrevious: "searchPrevious"
        case .filter(let rule): "filter(\(rule.map { "\($0)" } ?? "off"))"
        case .press(let x, let y): "press(\(x),\(y))"
        case .drag(let x, let y): "drag(\(x),\(y))"
        case .release(let x, let y): "release(\(x),\(y))"
        case .tapStrip(let x): "tapStrip(\(x))"
        case .tapIndicator(let x): "tapIndicator(\(x))"
        case .resize(let v): "resize(\(v))"
        case .tick: "tick"
        case .toggleHelp: "toggleHelp"
        case .cancel: "cancel"
        case .toggleRightToLeft: "toggleRightToLeft"
        case .toggleVertical: "toggleVertical"
        case .reload: "reload"
        case .showInfo: "showInfo"
        case .quit: "quit"
        }
    }
}

/// What the host must do after a session input.
public enum SessionEffect: Hashable, Sendable, CustomStringConvertible {
    /// Something on screen changed: draw a frame.
    case redraw
    /// Store this reading position for the document (the host owns the store and the identity).
    case save(ReadingPosition)
    /// The reader asked to leave.
    case quit
    /// The document's source changed and the reader asked to read it again:
    /// reopen it and give it to ``ReadingSession/reload(_:at:)``.
    case reopen
    /// Draw the whole screen again, trusting nothing on it (the reader asked to repaint).
    case repaint
    /// Read another file of the host's list (`:n`, `:p`, `:x`, `:e`, `:d`): see ``FileList``.
    case open(FileRequest)
    /// For the session's owner, not a host: show only the lines `rule` keeps, or every line
    /// again (nil). ``ReadingLoop`` carries it out — it keeps the whole text's session aside and
    /// runs one over the kept lines — and never returns it, so a host that runs the loop never
    /// sees it.
    case filter(FilterRule?)
    /// A document adopted (``ReadingLoop/adopt(_:showingPart:)``) took the session's place: the
    /// host's pictures and saved place follow the new document (a repaint comes with it).
    case adopted

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .redraw: "redraw"
        case .adopted: "adopted"
        case .save(let position): "save(\(position))"
        case .quit: "quit"
        case .reopen: "reopen"
        case .repaint: "repaint"
        case .open(let request): "open(\(request))"
        case .filter(let rule): "filter(\(rule.map { "\($0)" } ?? "off"))"
        }
    }
}
