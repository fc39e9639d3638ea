/// The files a reader was given, and which one is read, as `less` keeps
/// them (its `ifile` list): a state machine the host feeds with what opening
/// each file did, answering each ``FileRequest`` with the next file to try
/// or a notice for the status row. It does no I/O.
///
/// The rules are `less`'s (`edit.c`, `ifile.c`, `command.c`, less 710):
///
/// - `:n` and `:p` go `count` files forward or back; a file that does not
///   open is dropped from the list and the one after it (or before it) is
///   tried, as `edit_istep` does. Past the end: `No next file` (`No (N-th)
///   next file` with a count), `No previous file`.
/// - `:x` goes to the `number`-th file (`No such file` past the end).
/// - `:e NAME` goes to the file of that name when the list has it, else adds
///   it just after the current file (`get_ifile`); one that does not open
///   is dropped again, and the reader stays where they were.
/// - `:d` drops the current file and reads its neighbour: the previous file,
///   or the next when it is the first (`getoff_ifile`); the only file stays.
/// - Any file that fails to open leaves the list (`edit_error` → `del_ifile`).
///
/// ```swift
/// var files = FileList(["a.txt", "b.log", "c.md"])
/// var action = files.start()                 // .open("a.txt")
/// action = files.opened()                    // .stay(nil): a.txt is read, file 1 of 3
/// action = files.request(.next(1))           // .open("b.log")
/// action = files.failed("b.log: no such file")   // .open("c.md"): b.log leaves the list
/// action = files.opened()                    // c.md is read, file 2 of 2
/// ```
///
/// Each step costs O(files) at most (an insertion or a removal).
public struct FileList: Hashable, Sendable, CustomStringConvertible {
    /// What the host does next.
    public enum Action: Hashable, Sendable, CustomStringConvertible {
        /// Open the file of this name, then report ``FileList/opened()`` or ``FileList/failed(_:)``.
        case open(String)
        /// Stay on the file read, showing the notice if there is one.
        case stay(Notice?)

        /// `open b.log`, `stay (No next file)`.
        public var description: String {
            switch self {
            case .open(let name): "open \(name)"
            case .stay(let notice): notice.map { "stay (\($0))" } ?? "stay"
            }
        }
    }

    /// A file being tried: its index, where to look next if it fails, and what it replaces.
    struct Trial: Hashable, Sendable {
        /// The index of the file tried.
        var index: Int
        /// The way to the next file to try if this one fails: +1, -1, or 0 for none.
        var step: Int
        /// The index of a file to drop once this one opens (`:d`).
        var replacing: Int?
        /// Why the files tried so far did not open.
        var failures: [String] = []
    }

    /// The files' names as given, in order.
    public private(set) var names: [String]
    /// The index of the file read; nil before any has opened.
    public private(set) var current: Int?
    /// The file being tried, if any.
    private(set) var trial: Trial?

    /// A list of `names` (which may be empty: standard input, the guide), none read yet.
    public init(_ names: [String]) {
        self.names = names
    }

    /// A list of `names` in which the file at `current` is already read.
    public init(_ names: [String], current: Int) {
        self.names = names
        self.current = names.indices.contains(current) ? current : nil
    }

    /// The name of the file read.
    public var currentName: String? { current.map { names[$0] } }

    /// `file 2 of 3`, once a file is read.
    public var place: FilePlace? { current.map { FilePlace(index: $0, count: names.count) } }

    /// The first file that opens, as less starts (`edit_first`): tries each in turn.
    public mutating func start() -> Action {
        current = nil
        return begin(Trial(index: 0, step: 1), refusal: "No file to read")
    }

    /// Answers `request` (which goes from the current file): the file to try, or a notice.
    public mutating func request(_ request: FileRequest) -> Action {
        trial = nil
        switch request {
        case .next(let count):
            let count = max(1, count)
            return begin(Trial(index: (current ?? -1) + count, step: 1), refusal: count > 1 ? "No (N-th) next file" : "No next file")
        case .previous(let count):
            let count = max(1, count)
            return begin(Trial(index: (current ?? names.count) - count, step: -1),
                         refusal: count > 1 ? "No (N-th) previous file" : "No previous file")
        case .number(let number):
            let index = max(1, number) - 1
            if index == current { return .stay(nil) }
            return begin(Trial(index: index, step: 0), refusal: "No such file")
        case .examine(let name):
            if let index = names.firstIndex(of: name) {
                return index == current ? .stay(nil) : begin(Trial(index: index, step: 0), refusal: "No such file")
            }
            let index = current.map { $0 + 1 } ?? names.count
            names.insert(name, at: index)
            return begin(Trial(index: index, step: 0), refusal: "No such file")
        case .removeCurrent:
            guard let current else { return .stay(nil) }
            guard names.count > 1 else { return .stay(Notice("No other file to read", kind: .problem)) }
            let neighbour = current > 0 ? current - 1 : current + 1
            return begin(Trial(index: neighbour, step: 0, replacing: current), refusal: "No other file to read")
        }
    }

    /// The file last asked for opened: it is the file read now (and a file it replaces leaves the list).
    /// Returns `.stay(nil)`.
    @discardableResult
    public mutating func opened() -> Action {
        guard var trial else { return .stay(nil) }
        self.trial = nil
        if let replaced = trial.replacing {
            names.remove(at: replaced)
            if replaced < trial.index { trial.index -= 1 }
        }
        current = trial.index
        return .stay(nil)
    }

    /// The file last asked for did not open, for the reason `why` (a line for the status row):
    /// it leaves the list; returns the next file to try, or a notice saying why none opened.
    public mutating func failed(_ why: String) -> Action {
        guard var trial else { return .stay(nil) }
        self.trial = nil
        names.remove(at: trial.index)
        if let read = current, trial.index < read { current = read - 1 }
        if let replaced = trial.replacing, trial.index < replaced { trial.replacing = replaced - 1 }
        trial.failures.append(why)
        // The next file the same way: the one that took the dropped file's index, or the one before it.
        let next = trial.step > 0 ? trial.index : trial.index - 1
        guard trial.step != 0, names.indices.contains(next) else {
            return .stay(Notice(trial.failures.joined(separator: "; "), kind: .problem))
        }
        trial.index = next
        self.trial = trial
        return .open(names[next])
    }

    /// Tries `trial`'s file, or refuses with `refusal` when the list has no file at its index.
    private mutating func begin(_ trial: Trial, refusal: String) -> Action {
        guard names.indices.contains(trial.index) else { return .stay(Notice(refusal, kind: .problem)) }
        self.trial = trial
        return .open(names[trial.index])
    }

    /// `a.txt [b.log] c.md`, the file read in brackets, and the one being tried after an arrow.
    public var description: String {
        let listed = names.indices.map { $0 == current ? "[\(names[$0])]" : names[$0] }.joined(separator: " ")
        return listed + (trial.map { " → \(names[$0.index])" } ?? "")
    }
}
