/// A file name made safe to put in a shell command, as less quotes the name it
/// puts in `LESSOPEN` and `LESSCLOSE` (filename.c, `shell_quoten`, with the
/// metacharacters and escape less's configure sets for Unix): a backslash before
/// each shell metacharacter, and a newline put between double quotes (a
/// backslash before a newline would join the lines).
///
/// ```swift
/// ShellQuote.quote("my notes (1).txt")   // my\ notes\ \(1\).txt
/// ```
///
/// `/bin/sh -c "printf %s \(ShellQuote.quote(name))"` prints `name` back unchanged.
public enum ShellQuote {
    /// The characters less escapes (its `DEF_METACHARS` on Unix).
    public static let metacharacters: Set<Character> = [
        ";", " ", "*", "?", "\t", "\n", "'", "\"", "(", ")", "<", ">", "[", "]", "|", "&", "^", "`", "#", "\\", "$",
        "%", "=", "~", "{", "}", ",",
    ]

    /// `name` with each metacharacter escaped. O(name's length).
    public static func quote(_ name: String) -> String {
        var quoted = ""
        quoted.reserveCapacity(name.utf8.count + 8)
        // Unicode scalars, not characters: "\r\n" is one Character, and a combining mark
        // after a space must not hide the space from the check.
        for scalar in name.unicodeScalars {
            let character = Character(scalar)
            if character == "\n" {
                quoted += "\"\n\""
            } else if metacharacters.contains(character) {
                quoted += "\\"
                quoted.unicodeScalars.append(scalar)
            } else {
                quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted
    }
}
