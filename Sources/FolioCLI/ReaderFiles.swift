#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FolioReading

/// The files of one run of folio, as less keeps them: the list (a
/// ``FileList``, which decides what `:n`, `:p`, `:x`, `:e` and `:d` go to)
/// and the input being read, opened through ``ReaderInput/open(_:lessopen:)``
/// so that a book, a `.gz` and LESSOPEN work for every file.
///
/// A file left is closed (LESSCLOSE runs, as less's `close_altfile` on a
/// file change), except standard input, which cannot be read again: it is
/// kept, as less keeps a pipe's buffers, and `:x` back to `-` goes on where
/// it was. A file that cannot be opened, or that looks binary (less asks; the
/// reader cannot ask on the status row yet, so `-f` is the way to see it),
/// leaves the list with a notice for the status row.
final class ReaderFiles {
    /// What carrying out a request did.
    enum Outcome {
        /// This input is read now (the one left is closed or kept).
        case opened(ReaderInput)
        /// The reader stays on the input read, with this notice to show, if any.
        case stayed(Notice?)
    }

    /// The list, and which file is read.
    private(set) var list: FileList
    /// The input read.
    private(set) var current: ReaderInput
    /// Standard input once left: a pipe is read once.
    private var standardInput: ReaderInput?
    /// Whether LESSOPEN may run (`--no-lessopen` says no).
    let lessopen: Bool
    /// Whether a file that looks binary is shown without a word (`-f`).
    let force: Bool
    /// Whether a picture file opens as a photo among its folder's (a terminal), not as its bytes.
    let photos: Bool

    init(list: FileList, current: ReaderInput, lessopen: Bool, force: Bool, photos: Bool) {
        self.list = list
        self.current = current
        self.lessopen = lessopen
        self.force = force
        self.photos = photos
    }

    /// Opens the first of `names` that opens, as less starts; the rest stay in the list. With
    /// no name, standard input when it is a pipe, else the guide; with one, that file or its
    /// error (which the caller prints, as before). Returns the files, or nil and why each failed
    /// (standard error's lines); with several names, `failures` also lists those skipped.
    static func start(_ names: [String], lessopen: Bool, force: Bool, photos: Bool = false) -> (files: ReaderFiles?, failures: [String]) {
        guard names.count > 1 else {
            do {
                let input = try ReaderInput.open(names.first, lessopen: lessopen, photos: photos)
                let list = names.isEmpty ? (input.streamDescriptor == STDIN_FILENO ? FileList(["-"], current: 0) : FileList([]))
                    : FileList(names, current: 0)
                return (ReaderFiles(list: list, current: input, lessopen: lessopen, force: force, photos: photos), [])
            } catch {
                return (nil, ["\(error)"])
            }
        }
        var list = FileList(names)
        var failures: [String] = []
        var action = list.start()
        while case .open(let name) = action {
            do {
                let input = try ReaderInput.open(name, lessopen: lessopen, photos: photos)
                list.opened()
                return (ReaderFiles(list: list, current: input, lessopen: lessopen, force: force, photos: photos), failures)
            } catch {
                failures.append("\(error)")
                action = list.failed("\(error)")
            }
        }
        return (nil, failures)
    }

    /// Carries out `request`: tries the files the list names in turn until one opens (each that
    /// does not leaves the list), closing the one left for it; or stays, with the list's notice.
    func open(_ request: FileRequest) -> Outcome {
        let leaving = list.currentName
        var action = list.request(request)
        while case .open(let name) = action {
            switch input(named: name) {
            case .success(let input):
                list.opened()
                leave(current, named: leaving)
                current = input
                return .opened(input)
            case .failure(let problem):
                action = list.failed(problem.message)
            }
        }
        guard case .stay(let notice) = action else { return .stayed(nil) }
        return .stayed(notice)
    }

    /// Closes the input read and standard input if it was left: at the end of the run.
    func close() {
        current.close()
        if let standardInput, standardInput.streamDescriptor != current.streamDescriptor { standardInput.close() }
    }

    /// Why a file was not opened, in words for the status row.
    struct Problem: Error {
        let message: String
    }

    /// The input for `name`: standard input as it was left, or the file opened as folio opens any.
    private func input(named name: String) -> Result<ReaderInput, Problem> {
        if name == "-", let standardInput { return .success(standardInput) }
        let input: ReaderInput
        do {
            input = try ReaderInput.open(name, lessopen: lessopen, photos: photos)
        } catch {
            var message = "\(error)"
            if message.hasPrefix("folio: ") { message.removeFirst("folio: ".count) }
            return .failure(Problem(message: message))
        }
        if !force && input.mayBeBinary {
            leave(input, named: name)
            return .failure(Problem(message: "\(name) may be a binary file (folio -f shows it)"))
        }
        return .success(input)
    }

    /// Lets go of `input`: standard input is kept; anything else is closed (LESSCLOSE), and a
    /// stream's descriptor that no command owns (a `.gz`, a FIFO) with it.
    private func leave(_ input: ReaderInput, named name: String?) {
        if name == "-" || input.streamDescriptor == STDIN_FILENO {
            standardInput = input
            return
        }
        input.close()
        if let fd = input.streamDescriptor, input.preprocessed?.command == nil { Glibc.close(fd) }
    }
}
