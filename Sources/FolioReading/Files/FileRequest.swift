/// Another file the reader asked for, by its place in the host's list of
/// files, as `less`'s `:n`, `:p`, `:x`, `:e` and `:d` ask for one.
///
/// The session returns it in ``SessionEffect/open(_:)``; the host keeps the
/// list (a ``FileList``), opens the file it names, and starts a session over
/// it (``ReadingLoop/open(_:restoring:file:viewport:at:)``).
///
/// ```swift
/// // 2:n
/// #expect(session.handle(key: .character("n"), at: now) == [.open(.next(2)), .redraw])
/// ```
public enum FileRequest: Hashable, Sendable, CustomStringConvertible {
    /// The `count`-th next file (`:n`, `2:n`), count ≥ 1.
    case next(Int)
    /// The `count`-th previous file (`:p`, `2:p`), count ≥ 1.
    case previous(Int)
    /// The `number`-th file of the list, from 1 (`:x` the first, `3:x` the third).
    case number(Int)
    /// The file of this name (`:e NAME`): the one in the list, or a new entry just after the current file.
    case examine(String)
    /// Drop the current file from the list and read its neighbour (`:d`).
    case removeCurrent

    /// `:n`, `2:n`, `:e notes.md`.
    public var description: String {
        switch self {
        case .next(let count): count == 1 ? ":n" : "\(count):n"
        case .previous(let count): count == 1 ? ":p" : "\(count):p"
        case .number(let number): number == 1 ? ":x" : "\(number):x"
        case .examine(let name): ":e \(name)"
        case .removeCurrent: ":d"
        }
    }
}

/// Where the file read is in the host's list: `file 2 of 3`.
public struct FilePlace: Hashable, Sendable, CustomStringConvertible {
    /// The file's index in the list, 0 ..< ``count``.
    public let index: Int
    /// How many files the list holds, ≥ 1.
    public let count: Int

    /// The file at `index` (0-based) of `count` files; `index` is clamped into the list.
    public init(index: Int, count: Int) {
        self.count = max(1, count)
        self.index = min(max(0, index), self.count - 1)
    }

    /// `file 2 of 3`, counting from 1 as less says it.
    public var description: String { "file \(index + 1) of \(count)" }
}
