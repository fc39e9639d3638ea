#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FolioReading
import FolioInput

/// A file LESSOPEN stood in for: what LESSCLOSE is told at the end, and the
/// pipe's command to reap.
struct Preprocessed {
    /// The file as it was given (`-` for standard input).
    let file: String
    /// The replacement file LESSOPEN named, or `-` when its output was the text.
    let replacement: String
    /// The LESSOPEN command whose output is the text, still running while the reader reads it.
    let command: ShellCommand?

    /// Ends what LESSOPEN started, as less's `close_altfile` does: the pipe's command is
    /// reaped (its pipe closed first, so a command still writing stops), then `LESSCLOSE` is
    /// run with the file's name and the replacement's.
    func close() {
        command?.wait()
        guard let value = getenv("LESSCLOSE").map({ String(cString: $0) }), !value.isEmpty else { return }
        do {
            let closer = try InputCloser(value)
            try ShellCommand.run(closer.command(file: file, replacement: replacement))
        } catch {
            StandardStreams.error("folio: \(error)")
        }
    }
}

/// What folio opens besides text files, as less opens it: `.gz` files, the
/// LESSOPEN input preprocessor, and less's question before a binary file.
extension ReaderInput {
    // MARK: - .gz

    /// Whether `path` is read as gzip: a regular file that starts with gzip's magic
    /// bytes (1f 8b), whatever its name, or a FIFO or device whose name ends in `.gz`.
    /// (A regular file named `.gz` that is not gzip is read as it is, as less with
    /// lesspipe shows it.)
    static func isGzip(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return GzipReader.fileStartsAsGzip(path: path)
        case S_IFDIR: return false
        default: return path.lowercased().hasSuffix(".gz")
        }
    }

    /// A gzip file as a growing document, inflated as the reader reads it (like a pipe).
    static func gzip(_ path: String) throws(Failure) -> ReaderInput {
        let opened: Document.Opened
        do {
            opened = try Document.open(path: path)
        } catch {
            throw .open(error)
        }
        let fd: Int32
        switch opened {
        case .stream(_, let descriptor): fd = descriptor
        case .file:
            // Document's FileText owns its descriptor: open one of our own, blocking (a file never waits).
            fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw .open(.unreadable(path, reason: String(cString: strerror(errno)))) }
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        // The format of the name inside: notes.md.gz is Markdown.
        let inner = name.lowercased().hasSuffix(".gz") ? String(name.dropLast(3)) : name
        let document = Document(title: name, path: path, format: Document.format(forName: inner), text: StreamText())
        return ReaderInput(document: document, streamDescriptor: fd, source: .stream,
                           feed: StreamFeed(.gzip(GzipReader(descriptor: fd)), name: path))
    }

    // MARK: - LESSOPEN and LESSCLOSE

    /// `LESSOPEN` from the environment, or nil when it is unset or empty. When less would ignore
    /// it (not one `%s`), says so on standard error and returns nil.
    static func preprocessor() -> InputPreprocessor? {
        guard let value = getenv("LESSOPEN").map({ String(cString: $0) }), !value.isEmpty else { return nil }
        do {
            return try InputPreprocessor(value)
        } catch {
            StandardStreams.error("folio: \(error)")
            return nil
        }
    }

    /// Runs LESSOPEN for `file` (`-` for standard input) as less's `open_altfile` does, and
    /// returns what to read: the command's output as a stream (`|`), an empty document (`||`,
    /// no output, status 0), or the replacement file it named; nil to read the file itself (no
    /// output, no name, or standard input for a preprocessor without `-`).
    static func preprocessed(_ file: String, by preprocessor: InputPreprocessor) throws(Failure) -> ReaderInput? {
        guard let line = preprocessor.command(for: file) else { return nil }
        let command: ShellCommand
        do {
            command = try ShellCommand.start(line)
        } catch {
            StandardStreams.error("folio: LESSOPEN is ignored: \(error)")
            return nil
        }
        let name = file == "-" ? "stdin" : file.split(separator: "/").last.map(String.init) ?? file
        let path = file == "-" ? nil : file
        switch preprocessor.output {
        case .text(let emptyMeansEmpty):
            // One byte tells whether the command writes anything (less reads one and pushes it back).
            guard let first = command.readByte() else {
                let status = command.wait()
                guard emptyMeansEmpty && status == 0 else { return nil }
                return ReaderInput(document: Document(title: name, bytes: []), streamDescriptor: nil, source: .stream,
                                   preprocessed: Preprocessed(file: file, replacement: "-", command: nil))
            }
            let fd = command.output
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            let document = Document(title: name, path: path, format: Document.format(forName: name), text: StreamText())
            return ReaderInput(document: document, streamDescriptor: fd, source: .stream,
                               feed: StreamFeed(.descriptor(fd), name: file, held: [first]),
                               preprocessed: Preprocessed(file: file, replacement: "-", command: command))
        case .replacementName:
            let replacement = command.readLine()
            command.wait()
            guard !replacement.isEmpty else { return nil }
            let preprocessed = Preprocessed(file: file, replacement: replacement, command: nil)
            do throws(Document.OpenError) {
                switch try Document.open(path: replacement) {
                case .file:
                    // Shown under the file's own name, as less shows it; read from the replacement.
                    let fd = Glibc.open(replacement, O_RDONLY | O_CLOEXEC)
                    var info = stat()
                    guard fd >= 0, fstat(fd, &info) == 0 else {
                        throw Document.OpenError.unreadable(replacement, reason: String(cString: strerror(errno)))
                    }
                    let document = Document(title: name, path: path, format: Document.format(forName: name),
                                            text: FileText(descriptor: fd, info: info))
                    return ReaderInput(document: document, streamDescriptor: nil, source: .file(replacement),
                                       preprocessed: preprocessed)
                case .stream(let document, let fd):
                    return ReaderInput(document: document, streamDescriptor: fd, source: .stream, preprocessed: preprocessed)
                }
            } catch {
                preprocessed.close()
                throw .replacement(file: file, error)
            }
        }
    }

    /// Ends what opening started: for a file LESSOPEN stood in for, its command reaped and
    /// `LESSCLOSE` run (``Preprocessed/close()``). Nothing for other inputs.
    func close() {
        preprocessed?.close()
    }

    // MARK: - Binary files

    /// Whether the input is a file that less would ask about before showing it (``BinaryGuess``
    /// on its first 256 bytes). Only files: a stream cannot be peeked without taking its bytes,
    /// so less never asks about a pipe, and neither does folio (nor about a `.gz`, which reads
    /// as a pipe); a book is never binary.
    var mayBeBinary: Bool {
        guard case .file = source, document.book == nil, document.stream == nil else { return false }
        return document.text.withBytes(0..<BinaryGuess.sampleBytes) { BinaryGuess.isBinary(sample: $0) }
    }
}

extension Document.OpenError {
    /// What is wrong, after the file's path: `/tmp/x does not exist`.
    var problem: String {
        switch self {
        case .missing(let path): "\(path), that does not exist"
        case .directory(let path): "\(path), that is a directory"
        case .unreadable(let path, let reason): "\(path), that cannot be read (\(reason.lowercased()))"
        }
    }
}
