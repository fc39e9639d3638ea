/// Documents the size of real ones, made from a seed: logs, manual pages,
/// Markdown books, CJK text and coloured `git log` output, with lines of 10
/// to 300 columns, wide characters, SGR colours (palette and 24-bit) and
/// backspace overstrikes — what a reader meets in a long session.
///
/// Every document holds three needles a search can aim for: `NEEDLE-FIRST`
/// in its first lines, `NEEDLE-MIDDLE` half way and `NEEDLE-LAST` on its last
/// line; the words of ``commonWords`` appear all through it.
public enum RealisticText {
    /// The kinds of document.
    public enum Kind: Int, CaseIterable, Sendable, CustomStringConvertible {
        /// A service log: timestamped lines of 60 to 200 columns, now and then one of 300.
        case log
        /// A manual page formatted for 78 columns: bold and underlined words as overstrikes.
        case manual
        /// A Markdown book: `#` chapters and paragraphs that are single long lines.
        case markdown
        /// Chinese and Japanese text with some ASCII: wide characters, lines of 10 to 80 columns.
        case cjk
        /// `git log --color=always -p`: SGR colours, some 24-bit, short and long lines.
        case gitLog

        /// The kind's name.
        public var description: String {
            switch self {
            case .log: "log"
            case .manual: "manual"
            case .markdown: "markdown"
            case .cjk: "cjk"
            case .gitLog: "git log"
            }
        }
    }

    /// Words found all through every document.
    public static let commonWords = ["request", "status", "chapter", "error", "the"]

    /// A document of `kind` of about `bytes` bytes, the same for the same `seed`.
    public static func make(_ kind: Kind, bytes: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix(seed: seed)
        var out: [UInt8] = []
        out.reserveCapacity(bytes + 4096)
        var line = 0
        append("NEEDLE-FIRST: the first lines of this \(kind)\n", to: &out)
        var middleDone = false
        while out.count < bytes {
            if !middleDone && out.count >= bytes / 2 {
                append("NEEDLE-MIDDLE: half way through\n", to: &out)
                middleDone = true
            }
            switch kind {
            case .log: logLine(line, &random, into: &out)
            case .manual: manualLine(line, &random, into: &out)
            case .markdown: markdownLine(line, &random, into: &out)
            case .cjk: cjkLine(line, &random, into: &out)
            case .gitLog: gitLine(line, &random, into: &out)
            }
            line += 1
        }
        append("NEEDLE-LAST: the end of this \(kind)\n", to: &out)
        return out
    }

    private static let words = ["request", "handled", "by", "the", "worker", "pool", "and", "acknowledged", "status",
                                "error", "chapter", "of", "a", "long", "session", "reader", "page", "with", "lines", "which",
                                "are", "wide", "narrow", "terminal", "window", "search", "found", "nothing", "everything"]
    private static let wide = ["読書", "頁", "章", "文字", "端末", "検索", "中文", "汉字", "日本語", "ひらがな", "カタカナ", "表示"]

    private static func append(_ text: String, to out: inout [UInt8]) { out += text.utf8 }

    private static func words(_ columns: Int, _ random: inout SplitMix, into out: inout [UInt8]) {
        var width = 0
        while width < columns {
            let word = words[random.next(words.count)]
            if width > 0 { out.append(0x20); width += 1 }
            out += word.utf8
            width += word.utf8.count
        }
    }

    private static func logLine(_ n: Int, _ random: inout SplitMix, into out: inout [UInt8]) {
        append("2026-11-26T\(10 + n / 3600 % 14):\(n / 60 % 60):\(n % 60) host\(n % 9) svc[\(500 + n % 400)]: ", to: &out)
        let columns = random.next(20) == 0 ? 300 : 20 + random.next(140)
        words(columns, &random, into: &out)
        append(" took \(random.next(100)).\(random.next(100)) ms status=\([200, 200, 404, 500][random.next(4)])\n", to: &out)
    }

    private static func manualLine(_ n: Int, _ random: inout SplitMix, into out: inout [UInt8]) {
        if n % 60 == 0 {
            // A section heading in bold: each letter struck over itself.
            for byte in "SECTION \(n / 60)".utf8 { out += [byte, 0x08, byte] }
            out.append(0x0A)
            return
        }
        append("       ", to: &out)
        var width = 7
        while width < 70 {
            let word = words[random.next(words.count)]
            switch random.next(8) {
            case 0: for byte in word.utf8 { out += [byte, 0x08, byte] }       // bold
            case 1: for byte in word.utf8 { out += [0x5F, 0x08, byte] }       // underlined
            default: out += word.utf8
            }
            out.append(0x20)
            width += word.utf8.count + 1
        }
        append("‐\n", to: &out)  // man's hyphen, three bytes: lines end on a multi-byte character
    }

    private static func markdownLine(_ n: Int, _ random: inout SplitMix, into out: inout [UInt8]) {
        if n % 40 == 0 {
            append("# Chapter \(n / 40 + 1)\n\n", to: &out)
            return
        }
        words(60 + random.next(240), &random, into: &out)
        append(".\n\n", to: &out)
    }

    private static func cjkLine(_ n: Int, _ random: inout SplitMix, into out: inout [UInt8]) {
        let columns = 10 + random.next(70)
        var width = 0
        while width < columns {
            if random.next(4) == 0 {
                let word = words[random.next(words.count)]
                out += word.utf8
                width += word.utf8.count
            } else {
                let word = wide[random.next(wide.count)]
                out += word.utf8
                width += 2 * word.unicodeScalars.count
            }
            if random.next(3) == 0 { out.append(0x20); width += 1 }
        }
        out.append(0x0A)
    }

    private static func gitLine(_ n: Int, _ random: inout SplitMix, into out: inout [UInt8]) {
        switch n % 12 {
        case 0:
            append("\u{1B}[33mcommit \(String(random.next(), radix: 16))\(String(random.next(), radix: 16))\u{1B}[m\n", to: &out)
        case 1:
            append("Author: Someone <someone@example.org>\n", to: &out)
        case 2, 3:
            append("\n    ", to: &out)
            words(10 + random.next(60), &random, into: &out)
            out.append(0x0A)
        case 4:
            append("\u{1B}[1mdiff --git a/Sources/File\(n).swift b/Sources/File\(n).swift\u{1B}[m\n", to: &out)
        default:
            let (sign, colour) = random.next(2) == 0 ? ("+", "\u{1B}[32m") : ("-", "\u{1B}[38;2;220;50;47m")
            append(colour + sign, to: &out)
            words(10 + random.next(random.next(10) == 0 ? 290 : 90), &random, into: &out)
            append("\u{1B}[m\n", to: &out)
        }
    }
}
