/// Reads options with `less`'s grammar — its command line and its `LESS`
/// variable — and returns what they set, as values; it sets nothing itself.
///
/// A port of less 710's `scan_option` (`option.c`) and the functions it calls
/// (`optstring`, `getnumc`, `findopt_name`, `sprefix`), so that anything `less`
/// reads, folio reads alike:
///
/// - Letters cluster after one dash (`-FRX`); in `LESS` the dash may be left
///   out (git sets `LESS=FRX`, systemd `LESS=FRSXMK`), and spaces separate.
/// - An option that takes a value reads it from the rest of the argument
///   (`-x8`, `-j4`, `-Pm Manual page…`) or, when the argument ends there, from
///   the next one (`-x 8`). A string with no pattern of valid characters runs
///   to the end of the argument, or to a `$` (man-db's `LESS=-ix8RmPm
///   Manual page …$PM …$` sets two prompts); a pattern stops it earlier
///   (`-x8RmPm`: tabs `8`, then `-R`, `-m`, `-P…`). A number reads its digits
///   (`-b64`).
/// - `-+X` sets `X` back to its default; so do the letters after it up to the
///   next dash (`-+FX`). `--+name` too.
/// - `--name`, `--name=value`, `--name value`; a name may be shortened while
///   it stays unambiguous (`--quit-if`), and a triple option's name in upper
///   case is its upper-case letter (`--IGNORE-CASE` is `-I`).
/// - `+COMMAND` runs keys at the start (`+G`, `+/pattern`); `++COMMAND` at the
///   start of every file. `-NUMBER` is `-zNUMBER`. `--` ends the options, and
///   `-` alone is standard input.
///
/// Where `less` would complain — an unknown option, a missing or malformed
/// value — the parser returns a ``Setting/problem(_:)`` with less's message
/// and goes on as `less` does (which drops the rest of that argument). folio
/// ignores problems: a pager's command line must never cost its reader the
/// text piped to it.
///
/// folio's own long options (``LessOption/folioTable``) are read alongside
/// less's, whole names only, except in `LESS` (``Source/lessVariable``), which
/// `less` reads too.
///
/// ```swift
/// var parser = LessOptionParser()
/// parser.scan("FRX", from: .lessVariable)        // [F on, R on-plus, X on]
/// parser.scan(argument: "-x")                      // []: -x waits for its value
/// parser.scan(argument: "4")                       // [x "4"]
/// parser.scan(argument: "notes.txt")               // [file "notes.txt"]
/// ```
struct LessOptionParser: Sendable {
    /// Where an argument comes from.
    enum Source: Hashable, Sendable, CustomStringConvertible {
        /// The `LESS` variable: less's options only; `-r` there means `-R`, as in less.
        case lessVariable
        /// The `FOLIO` variable: folio's options and less's, read as `LESS` is.
        case folioVariable
        /// An argument of the command line.
        case commandLine

        /// `$LESS`, `$FOLIO`, or `the command line`.
        var description: String {
            switch self {
            case .lessVariable: "$LESS"
            case .folioVariable: "$FOLIO"
            case .commandLine: "the command line"
            }
        }

        /// Whether this is a variable, read as one string (less's `is_env`).
        var isEnvironment: Bool { self != .commandLine }
    }

    /// What an option's occurrence sets.
    enum Value: Hashable, Sendable, CustomStringConvertible {
        /// A flag's new state.
        case flag(Bool)
        /// A triple's new state: 0 off, 1 on (lower case), 2 on-plus (upper case).
        case triple(Int)
        /// A number.
        case number(Int)
        /// A string, as read (backslashes taken out under `--use-backslash`).
        case string(String)
        /// An action's request (`-V`, `-?`).
        case action

        /// `on`, `2`, `42`, `"text"`, `action`.
        var description: String {
            switch self {
            case .flag(let on): on ? "on" : "off"
            case .triple(let level): "\(level)"
            case .number(let n): "\(n)"
            case .string(let s): "\"\(s)\""
            case .action: "action"
            }
        }
    }

    /// One thing an argument sets, in the order given.
    enum Setting: Hashable, Sendable, CustomStringConvertible {
        /// An option set to a value.
        case option(LessOption, Value)
        /// An option set back to its default (`-+X`; a flag or a triple).
        case reset(LessOption)
        /// Keys to run at the start (`+G`, `+/pattern`), for every file when `everyFile` (`++G`).
        case startCommand(String, everyFile: Bool)
        /// A file to read (`-` for standard input).
        case file(String)
        /// An option given last with no value after it (`folio -x`).
        case missingValue(LessOption)
        /// What `less` would have said about the argument; nothing was set.
        case problem(String)

        /// `-F (--quit-if-one-screen) = on`, `reset -X (--no-init)`, `+G`, `file notes.txt`, `problem: …`.
        var description: String {
            switch self {
            case .option(let option, let value): "\(option) = \(value)"
            case .reset(let option): "reset \(option)"
            case .startCommand(let keys, let every): (every ? "++" : "+") + keys
            case .file(let path): "file \(path)"
            case .missingValue(let option): "\(option) without a value"
            case .problem(let message): "problem: \(message)"
            }
        }
    }

    /// The option waiting for its value in the next argument (`-x` then `8`), if any.
    private(set) var pending: LessOption?
    /// True after `--`, or after the first file when `posixlyCorrect`: the rest are files.
    private(set) var optionsEnded = false
    /// Whether a backslash in a string takes the next character as it is (`--use-backslash`).
    private(set) var usesBackslash = false
    /// As `POSIXLY_CORRECT` asks: options end at the first file, as in less.
    let posixlyCorrect: Bool

    /// A parser with nothing read yet; `posixlyCorrect` when that variable is set.
    init(posixlyCorrect: Bool = false) {
        self.posixlyCorrect = posixlyCorrect
    }

    /// Reads a whole command line after the environment's `less` and `folio`
    /// variables, as folio starts: `LESS` first, then `FOLIO`, then each
    /// argument (which win, coming last). Returns the settings with where each came from.
    static func settings(less: String?, folio: String?, arguments: [String],
                         posixlyCorrect: Bool = false) -> [(setting: Setting, source: Source)] {
        var parser = LessOptionParser(posixlyCorrect: posixlyCorrect)
        var all: [(Setting, Source)] = []
        if let less { all += parser.scan(less, from: .lessVariable).map { ($0, .lessVariable) } }
        if let folio { all += parser.scan(folio, from: .folioVariable).map { ($0, .folioVariable) } }
        for argument in arguments { all += parser.scan(argument: argument).map { ($0, .commandLine) } }
        all += parser.finish().map { ($0, .commandLine) }
        return all
    }

    /// Reads one command-line argument, as less's `main` does: `--` ends the
    /// options; an option, or the value an option is waiting for, is scanned;
    /// anything else (`-` and `+` alone too) is a file.
    mutating func scan(argument: String) -> [Setting] {
        if argument == "--" {
            optionsEnded = true
            return []
        }
        let isOption = (argument.hasPrefix("-") || argument.hasPrefix("+")) && argument.utf8.count > 1
        if !optionsEnded && (isOption || pending != nil) {
            return scan(argument, from: .commandLine)
        }
        if posixlyCorrect { optionsEnded = true }
        return [.file(argument)]
    }

    /// After the last argument: an option still waiting for its value.
    mutating func finish() -> [Setting] {
        defer { pending = nil }
        return pending.map { [.missingValue($0)] } ?? []
    }

    /// Reads one string of options — an argument, or a whole variable — as
    /// less's `scan_option` does.
    mutating func scan(_ text: String, from source: Source) -> [Setting] {
        let s = Array(text.utf8)
        var out: [Setting] = []
        if let option = pending {
            // The previous option waits for this whole argument as its value.
            pending = nil
            switch option.kind {
            case .string:
                out.append(.option(option, .string(text)))
            case .number(let negativeAllowed):
                var i = 0
                if let n = Self.number(s, at: &i, negativeAllowed: negativeAllowed, for: option, into: &out) {
                    out.append(.option(option, .number(n)))
                }
            case .flag, .triple, .action:
                break
            }
            return out
        }

        var i = 0
        var setDefault = false
        while i < s.count {
            var c = s[i]
            i += 1
            var longName = false
            switch c {
            case 0x20, 0x09, 0x24:  // space, tab, $ (the end of a string option in LESS)
                continue
            case 0x2D:  // -
                if i < s.count && s[i] == 0x2D {
                    i += 1
                    longName = true
                }
                setDefault = i < s.count && s[i] == 0x2B  // -+ or --+: back to the default
                if setDefault { i += 1 }
                if !longName { continue }
            case 0x2B:  // +COMMAND, ++COMMAND
                guard let (command, next) = optionString(s, from: i, validCharacters: nil) else {
                    out.append(.problem("Value is required after +"))
                    return out
                }
                i = next
                if command.hasPrefix("+") {
                    out.append(.startCommand(String(command.dropFirst()), everyFile: true))
                } else {
                    out.append(.startCommand(command, everyFile: false))
                }
                continue
            case 0x30...0x39:  // -NUMBER is -zNUMBER, as in more
                i -= 1
                c = 0x7A
            default:
                break
            }

            let option: LessOption
            let lowerCase: Bool
            if !longName {
                lowerCase = Self.isLower(c)
                guard let found = LessOption.lessOption(letter: c) else {
                    out.append(.problem("There is no -\(Self.printable(c)) option (\"less --help\" for help)"))
                    return out
                }
                option = found
            } else {
                let nameStart = i
                lowerCase = i < s.count && Self.isLower(s[i])
                var found: LessOption?
                if source != .lessVariable, let (folio, end) = Self.folioOption(s, at: i) {
                    found = folio
                    i = end
                } else {
                    let match = Self.findName(s, at: i)
                    if match.ambiguous {
                        out.append(.problem("\(Self.text(s, nameStart..<s.count)) is an ambiguous abbreviation (\"less --help\" for help)"))
                        return out
                    }
                    found = match.option
                    i = match.end
                }
                let name = Self.text(s, nameStart..<Self.nameEnd(s, from: nameStart))
                if i >= s.count || s[i] == 0x20 {
                    // The name matches exactly.
                } else if s[i] == 0x3D {  // =value
                    if let found, !found.takesValue {
                        out.append(.problem("The --\(name) option should not be followed by ="))
                        return out
                    }
                    i += 1
                } else {
                    found = nil  // the name given is longer than the option's
                }
                guard let found else {
                    out.append(.problem("There is no --\(name) option (\"less --help\" for help)"))
                    return out
                }
                option = found
            }

            switch option.kind {
            case .flag(let initially):
                let on = setDefault ? initially : !initially
                if option == .useBackslash { usesBackslash = on }
                out.append(setDefault ? .reset(option) : .option(option, .flag(on)))
            case .triple(let initially):
                if setDefault {
                    out.append(.reset(option))
                } else if source.isEnvironment && option == .rawControlChars {
                    out.append(.option(option, .triple(2)))  // -r in an environment variable is taken as -R, as in less
                } else {
                    out.append(.option(option, .triple(Self.flipTriple(initially, lowerCase: lowerCase))))
                }
            case .string(let validCharacters):
                if i >= s.count {
                    pending = option  // the value is the next argument
                    return out
                }
                while i < s.count && s[i] == 0x20 { i += 1 }
                guard let (value, next) = optionString(s, from: i, validCharacters: validCharacters) else {
                    out.append(.problem("Value is required after \(option)"))
                    return out
                }
                i = next
                out.append(.option(option, .string(value)))
            case .number(let negativeAllowed):
                if i >= s.count {
                    pending = option
                    return out
                }
                if let n = Self.number(s, at: &i, negativeAllowed: negativeAllowed, for: option, into: &out) {
                    out.append(.option(option, .number(n)))
                }
            case .action:
                if source != .lessVariable { out.append(.option(option, .action)) }
            }
        }
        return out
    }

    // MARK: less's helpers

    /// less's `flip_triple`: the lower-case letter turns 1 on (or off, from 1), the upper-case 2.
    static func flipTriple(_ value: Int, lowerCase: Bool) -> Int {
        lowerCase ? (value == 1 ? 0 : 1) : (value == 2 ? 0 : 2)
    }

    /// less's `optstring`: the string from `start` to the end, to a `$`, or to the
    /// first character `validCharacters` does not allow; nil when nothing is left.
    /// Returns the string and where reading stopped (at the `$` or the character).
    func optionString(_ s: [UInt8], from start: Int, validCharacters: String?) -> (String, Int)? {
        guard start < s.count else { return nil }
        var valid = validCharacters.map { Array($0.utf8) }.map { $0[...] }
        var out: [UInt8] = []
        var p = start
        scan: while p < s.count {
            if usesBackslash && s[p] == 0x5C && p + 1 < s.count {
                p += 1  // the next character, as it is
            } else {
                let c = s[p]
                if var v = valid {
                    if v.first == 0x73 {  // "s": a space ends the string
                        if c == 0x20 { break scan }
                    } else if c == 0x2D {  // -
                        guard v.first == 0x2D else { break scan }
                        v = v.dropFirst()
                    } else if c == 0x2E {  // .
                        if v.first == 0x2D { v = v.dropFirst() }
                        guard v.first == 0x2E else { break scan }
                        v = v.dropFirst()
                    } else if c == 0x2C {  // ,
                        guard v.count >= 2, v[v.startIndex + 1] == 0x2C else { break scan }
                    } else if c >= 0x30 && c <= 0x39 {
                        while v.first == 0x2D || v.first == 0x2E { v = v.dropFirst() }
                        guard v.first == 0x64 else { break scan }  // d
                    } else {
                        break scan
                    }
                    valid = v
                }
                if c == 0x24 { break scan }  // $ ends the string
            }
            out.append(s[p])
            p += 1
        }
        return (String(decoding: out, as: UTF8.self), p)
    }

    /// less's `getnumc`: a number after optional spaces (and a minus when allowed),
    /// advancing `i` past it; nil, with less's complaint, when there is none.
    static func number(_ s: [UInt8], at i: inout Int, negativeAllowed: Bool, for option: LessOption,
                       into out: inout [Setting]) -> Int? {
        var p = i
        while p < s.count && (s[p] == 0x20 || s[p] == 0x09) { p += 1 }
        var negative = false
        if p < s.count && s[p] == 0x2D {
            guard negativeAllowed else {
                out.append(.problem("Negative number not allowed in \(option)"))
                return nil
            }
            negative = true
            p += 1
        }
        guard p < s.count, s[p] >= 0x30, s[p] <= 0x39 else {
            out.append(.problem("Number is required after \(option)"))
            return nil
        }
        var n = 0
        while p < s.count, s[p] >= 0x30, s[p] <= 0x39 {
            let (times, overflow1) = n.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(s[p] - 0x30))
            guard !overflow1 && !overflow2 && sum <= Int(Int32.max) else {
                out.append(.problem("Number too large in \(option)"))
                return nil
            }
            n = sum
            p += 1
        }
        i = p
        return negative ? -n : n
    }

    /// less's `sprefix`: how many characters of `s` from `start` match `name`.
    /// The name's letters after its first compare in lower case; with
    /// `upperCase`, the first given must be upper case and the given letters
    /// compare in lower case (`--IGNORE-CASE`).
    static func prefixLength(_ s: [UInt8], from start: Int, of name: String, upperCase: Bool) -> Int {
        var length = 0
        var p = start
        for var sc in name.utf8 {
            guard p < s.count else { break }
            var c = s[p]
            if upperCase {
                if length == 0 && isLower(c) { return 0 }
                if isUpper(c) { c += 0x20 }
            }
            if length > 0 && isUpper(sc) { sc += 0x20 }
            if c != sc { break }
            length += 1
            p += 1
        }
        return length
    }

    /// less's `findopt_name`: the option whose name `s` gives from `start`, whole or
    /// shortened; the longest match wins, an exact one over shortened ones, two of
    /// the same length are ambiguous. Returns where the name ends in `s`.
    ///
    /// As in less, the upper-case pass meant for triple options is tried for any
    /// option whose name the first pass did not match (its `continue` skips the
    /// `break`): `--LOG-FILE` is `-o`'s `log-file` in upper case, and `--LO` is
    /// ambiguous with `--LONG-PROMPT` (less 590 answers so).
    static func findName(_ s: [UInt8], at start: Int) -> (option: LessOption?, end: Int, ambiguous: Bool) {
        // By index, so that no option is copied while the table is searched.
        let table = LessOption.lessTable
        var best = -1
        var bestLength = 0
        var ambiguous = false
        var exact = false
        for index in table.indices {
            let isTriple = table[index].kind.isTriple
            for name in table[index].names {
                for upperCase in [false, true] {
                    let length = prefixLength(s, from: start, of: name, upperCase: upperCase)
                    let next = start + length
                    if length == 0 || (next < s.count && isOptionCharacter(s[next])) { continue }
                    if !exact && length == bestLength {
                        ambiguous = true
                    } else if length > bestLength {
                        best = index
                        bestLength = length
                        ambiguous = false
                        exact = length == name.utf8.count
                    }
                    if !isTriple { break }
                }
            }
        }
        if ambiguous { return (nil, start, true) }
        return (best < 0 ? nil : table[best], start + bestLength, false)
    }

    /// One of folio's own options named whole at `start` (`page` in `--page=3`),
    /// and where its name ends; nil for any other name.
    static func folioOption(_ s: [UInt8], at start: Int) -> (LessOption, Int)? {
        let end = nameEnd(s, from: start)
        let name = text(s, start..<end)
        let table = LessOption.folioTable
        for index in table.indices where table[index].names[0] == name { return (table[index], end) }
        return nil
    }

    /// The end of the run of letters and dashes from `start`: an option name as given.
    static func nameEnd(_ s: [UInt8], from start: Int) -> Int {
        var end = start
        while end < s.count && isOptionCharacter(s[end]) { end += 1 }
        return end
    }

    /// less's `is_optchar`: a letter or a dash, which continues an option name.
    static func isOptionCharacter(_ c: UInt8) -> Bool { isLower(c) || isUpper(c) || c == 0x2D }
    /// An ASCII lower-case letter (less's `ASCII_IS_LOWER`).
    static func isLower(_ c: UInt8) -> Bool { c >= 0x61 && c <= 0x7A }
    /// An ASCII upper-case letter (less's `ASCII_IS_UPPER`).
    static func isUpper(_ c: UInt8) -> Bool { c >= 0x41 && c <= 0x5A }
    /// The bytes of `range` as text.
    static func text(_ s: [UInt8], _ range: Range<Int>) -> String { String(decoding: s[range], as: UTF8.self) }
    /// An option letter as less prints it in a message: itself, or `^X` for a control character.
    static func printable(_ c: UInt8) -> String {
        c >= 0x20 && c < 0x7F ? String(Unicode.Scalar(c)) : "^" + String(Unicode.Scalar(c ^ 0x40))
    }
}

extension LessOption.Kind {
    /// Whether this is a triple option, whose names also count in upper case.
    var isTriple: Bool {
        if case .triple = self { return true }
        return false
    }
}
