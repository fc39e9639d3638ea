/// `LESSOPEN` as less reads it (filename.c, `open_altfile`; `man less`, INPUT
/// PREPROCESSOR): a shell command with one `%s` for the file's name.
///
/// - `LESSOPEN='|cmd %s'`: a pipe. What `cmd` writes is shown instead of the file;
///   when it writes nothing, the file itself is shown.
/// - `LESSOPEN='||cmd %s'`: the same, but when it writes nothing and exits 0 the
///   file is shown as empty (nothing written and another status: the file itself).
/// - `LESSOPEN='cmd %s'`: `cmd` prints the name of a replacement file, which is
///   shown; `LESSCLOSE` (``InputCloser``) is run at the end to remove it. Nothing
///   printed: the file itself.
/// - A `-` after the pipes (`|-cmd %s`) says the command also reads standard
///   input, given as `-`; without it, standard input is never preprocessed.
///
/// `%%` is a percent sign; any other `%` escape, or a `%s` count other than one,
/// makes less ignore LESSOPEN, and so does ``init(_:)`` (throwing).
///
/// ```swift
/// let lessopen = try InputPreprocessor("|lesspipe %s")
/// lessopen.command(for: "my file.tar")   // "lesspipe my\\ file.tar"
/// ```
public struct InputPreprocessor: Hashable, Sendable, CustomStringConvertible {
    /// How the command's output is taken.
    public enum Output: Hashable, Sendable, CustomStringConvertible {
        /// The output is the text (`|`); `emptyMeansEmpty` for `||`: no output and status 0 is an empty file.
        case text(emptyMeansEmpty: Bool)
        /// The output is a replacement file's name (no `|`).
        case replacementName

        /// `|`, `||` or `name`.
        public var description: String {
            switch self {
            case .text(let empty): empty ? "||" : "|"
            case .replacementName: "name"
            }
        }
    }

    /// The variable as it was set.
    public let setting: String
    /// How the output is taken.
    public let output: Output
    /// Whether standard input (`-`) is preprocessed too.
    public let acceptsStandardInput: Bool
    /// The command with its `%s`, without the leading `|` and `-`.
    public let template: String

    /// Reads a `LESSOPEN` value. Throws when less would ignore it.
    public init(_ setting: String) throws(InputPreprocessorError) {
        self.setting = setting
        var rest = Substring(setting)
        var pipes = 0
        while rest.first == "|" {
            pipes += 1
            rest = rest.dropFirst()
        }
        acceptsStandardInput = rest.first == "-"
        if acceptsStandardInput { rest = rest.dropFirst() }
        output = pipes == 0 ? .replacementName : .text(emptyMeansEmpty: pipes > 1)
        template = String(rest)
        guard Self.fileNameSlots(in: template) == 1 else { throw .lessopenNeedsOneFileName(setting) }
    }

    /// The command that preprocesses `file` (`-` for standard input), or nil when
    /// standard input is not for this preprocessor.
    public func command(for file: String) -> String? {
        if file == "-" && !acceptsStandardInput { return nil }
        return Self.fill(template, with: [ShellQuote.quote(file)])
    }

    /// How many `%s` `template` has, as less's `num_pct_s` counts: `%%` is none, and any other
    /// `%` escape (or a `%` at the end) makes the template unusable (`Int.max`).
    public static func fileNameSlots(in template: String) -> Int {
        var count = 0
        var scalars = template.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%" else { continue }
            switch scalars.next() {
            case "%": continue
            case "s": count += 1
            default: return Int.max
            }
        }
        return count
    }

    /// `template` with its `%s` replaced by `values` in order (an empty string past the last) and
    /// `%%` by `%`, as less's `snprintf` does.
    public static func fill(_ template: String, with values: [String]) -> String {
        var result = ""
        var next = values.makeIterator()
        var scalars = template.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.next() {
            case "s": result += next.next() ?? ""
            case "%": result += "%"
            case let other?: result.unicodeScalars.append(contentsOf: ["%", other])
            case nil: result += "%"
            }
        }
        return result
    }

    /// For example `| lesspipe %s`.
    public var description: String { "\(output)\(acceptsStandardInput ? " -" : "") \(template)" }
}

/// `LESSCLOSE` as less reads it (filename.c, `close_altfile`): a command run when
/// the file is closed, its first `%s` the file's name and its second the
/// replacement's (`-` when LESSOPEN was a pipe).
///
/// ```swift
/// let lessclose = try InputCloser("rm -f %2$s")   // throws: less takes %s only
/// ```
public struct InputCloser: Hashable, Sendable, CustomStringConvertible {
    /// The command with up to two `%s`.
    public let template: String

    /// Reads a `LESSCLOSE` value. Throws when less would ignore it (more than two `%s`, or another `%` escape).
    public init(_ setting: String) throws(InputPreprocessorError) {
        guard InputPreprocessor.fileNameSlots(in: setting) <= 2 else { throw .lesscloseTakesTwoFileNames(setting) }
        template = setting
    }

    /// The command to run for `file`, whose replacement was `replacement`.
    public func command(file: String, replacement: String) -> String {
        InputPreprocessor.fill(template, with: [ShellQuote.quote(file), ShellQuote.quote(replacement)])
    }

    /// The template.
    public var description: String { template }
}

/// Why `LESSOPEN` or `LESSCLOSE` is ignored, in words that say how to fix it.
public enum InputPreprocessorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// LESSOPEN lacks its `%s`, has more than one, or has another `%` escape.
    case lessopenNeedsOneFileName(String)
    /// LESSCLOSE has more than two `%s`, or another `%` escape.
    case lesscloseTakesTwoFileNames(String)

    /// One line, e.g. `LESSOPEN is ignored: it needs exactly one %s for the file name (it is "lesspipe")`.
    public var description: String {
        switch self {
        case .lessopenNeedsOneFileName(let setting):
            "LESSOPEN is ignored: it needs exactly one %s for the file name, and no other % but %% (it is \"\(setting)\")"
        case .lesscloseTakesTwoFileNames(let setting):
            "LESSCLOSE is ignored: it takes at most two %s (the file, then its replacement), and no other % but %% (it is \"\(setting)\")"
        }
    }
}
