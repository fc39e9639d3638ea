/// What the reading session is doing, as one value: the cases exclude each
/// other, so no combination of flags can go unchecked.
public enum SessionMode: Hashable, Sendable, CustomStringConvertible {
    /// Reading, with a one-line notice on the status row or none.
    case reading(Notice?)
    /// A line is being typed on the status row.
    case typing(Prompt)
    /// A jump or a search waits for pagination, the search scan, or a stream.
    case waiting(Wait)
    /// The pointer is down on the pages (a click, or a drag once it moves).
    case pressing(Press)
    /// The key help covers the pages.
    case help
    /// A link on screen is chosen (Tab), ready to follow (Enter).
    case linking(BookLink)

    /// A compact, readable form for logs and test failures.
    public var description: String {
        switch self {
        case .reading(let notice): notice.map { "reading (\($0))" } ?? "reading"
        case .typing(let prompt): "typing \(prompt)"
        case .waiting(let wait): "waiting for \(wait)"
        case .pressing(let press): "pressing \(press)"
        case .help: "help"
        case .linking(let link): "choosing the link \(link)"
        }
    }
}

/// A one-line message on the status row.
public struct Notice: Hashable, Sendable, CustomStringConvertible {
    /// Information, or something that went wrong.
    public enum Kind: Hashable, Sendable { case info, problem }
    /// The words.
    public var text: String
    /// Information or a problem (hosts colour them differently).
    public var kind: Kind

    /// A notice saying `text`.
    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }

    /// The text.
    public var description: String { text }
}

/// A line being typed on the status row.
public struct Prompt: Hashable, Sendable, CustomStringConvertible {
    /// What the line is for.
    public enum Kind: Hashable, Sendable {
        /// A search pattern, forward (`/`) or backward (`?`).
        case search(backward: Bool)
        /// A number before a command (`42g`, `50%`).
        case count
        /// The letter of a mark to set (`m`) or go to (`'`).
        case mark(set: Bool)
        /// The letter of a file command after `:` (`:n`, `:p`, `:x`, `:e`, `:d`), with the count typed before it (`2:n`).
        case file(count: Int?)
        /// The name of a file to read (`:e`).
        case examine
        /// A filter's pattern (`&`): only the lines that match it are shown, or with a first `!`
        /// the lines that do not; nothing ends the filter (see ``FilterRule``).
        case filter
    }
    /// What the line is for.
    public var kind: Kind
    /// What has been typed.
    public var text: String

    /// The label shown before the text: `/`, `?`, `:`, `mark: `, `Examine: `, `&`.
    public var label: String {
        switch kind {
        case .search(let backward): backward ? "?" : "/"
        case .count: ":"
        case .mark(let set): set ? "mark: " : "go to mark: "
        case .file: ":"
        case .examine: "Examine: "
        case .filter: "&"
        }
    }

    /// `/text`.
    public var description: String { label + text }
}

/// Something the session waits for before it can act.
public struct Wait: Hashable, Sendable, CustomStringConvertible {
    /// Where to go once it is known.
    public enum Target: Hashable, Sendable {
        /// A page (0-based).
        case page(Int)
        /// The page holding a byte.
        case offset(Int)
        /// The last page (for a stream: once it ends).
        case end
        /// The next search match from `offset`, `forward` or back, counting one at `offset` when `including`.
        case match(from: Int, forward: Bool, including: Bool)
        /// The page holding the byte at `percent` of a document whose end has not arrived yet (a book being assembled).
        case percent(Double)
        /// The start of line N of the text (from 1), once its lines are counted that far (`Ng`
        /// in a text scrolled by lines).
        case line(Int)
        /// The last page, again each time more text arrives: the reader follows a growing file
        /// or stream (`F`) until a key stops the wait (see ``ReadingSession/isFollowing``).
        case follow
    }
    /// Where to go.
    public var target: Target
    /// Whether to animate the move when it comes (a restore or a resize does not).
    public var animated: Bool

    /// A compact, readable form for logs and test failures.
    public var description: String { "\(target)\(animated ? "" : " (no animation)")" }
}

/// A pointer held down on the pages.
public struct Press: Hashable, Sendable, CustomStringConvertible {
    /// Where it went down.
    public var x: Int, y: Int
    /// The last position along the paging axis a drag reported.
    public var along: Int
    /// Whether it has moved far enough to be a drag.
    public var isDragging: Bool

    /// A compact, readable form for logs and test failures.
    public var description: String { "at \(x),\(y)\(isDragging ? " dragging" : "")" }
}
