import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Folio
import FolioStore
import FolioTerminal

@main
struct FolioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "Page through a text or Markdown file in the terminal.",
        discussion: """
            With no FILE, folio opens its guide (or reads standard input when it is a pipe, like less).
            When standard output is not a terminal, folio writes the pages as plain text separated by form feeds.
            Keys: → ← Space b PgDn PgUp Home End, g N or g N% to jump, / to search, ? for help, q to quit.
            """,
        version: "0.1.0"
    )

    @Argument(help: "The text or Markdown file to read.")
    var file: String?

    @Option(help: "Open at this page (1-based).")
    var page: Int?

    @Option(help: "One page, two pages side by side, or whichever fits: auto, single or double.")
    var spread: ReaderOptions.SpreadChoice = .auto

    @Flag(help: "Turn pages right to left.")
    var rtl = false

    @Flag(help: "Turn pages vertically.")
    var vertical = false

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal.")
    var noMouse = false

    @Flag(help: "Neither restore nor save the reading position.")
    var forget = false

    @Option(help: "Columns per page when standard output is not a terminal.")
    var width = 80

    @Option(help: "Lines per page when standard output is not a terminal.")
    var height = 24

    mutating func validate() throws {
        guard width >= 1, height >= 1 else { throw ValidationError("--width and --height must be at least 1.") }
        if let page, page < 1 { throw ValidationError("--page counts from 1.") }
    }

    func run() throws {
        let document: Document
        do {
            document = try openDocument()
        } catch {
            StandardStreams.error("\(error)")
            throw ExitCode(1)
        }
        if isatty(STDOUT_FILENO) == 0 {
            writePlainPages(of: document)
            return
        }
        var options = ReaderOptions()
        options.spread = spread
        options.rightToLeft = rtl
        options.vertical = vertical
        options.mouse = !noMouse
        do {
            try runInteractive(document: document, options: options, identity: identity(of: document))
        } catch ExitCodeError.failure {
            throw ExitCode(1)
        }
    }

    /// The file, standard input when it is a pipe, or the guide.
    func openDocument() throws -> Document {
        if let file { return try Document(contentsOf: file) }
        if isatty(STDIN_FILENO) == 0 {
            let bytes = StandardStreams.readAll(from: STDIN_FILENO)
            if !bytes.isEmpty { return Document(title: "stdin", data: Data(bytes), isMarkdown: false) }
        }
        return Document(title: Guide.title, data: Data(Guide.text.utf8), isMarkdown: true)
    }

    /// The key a reading position is saved under: the file's path, size and
    /// modification time; a hash of the content for standard input and the guide.
    func identity(of document: Document) -> DocumentIdentity? {
        if let file { return try? DocumentIdentity.file(atPath: file) }
        return .content(of: document.data)
    }

    /// Writes every page as plain text, pages separated by form feeds.
    func writePlainPages(of document: Document) {
        let geometry = PageGeometry(columns: width, rows: height)
        let layout = TextLayout(geometry: geometry)
        var output: [UInt8] = []
        document.withBytes { bytes in
            var start = 0
            var first = true
            repeat {
                let (lines, end) = layout.page(in: bytes, from: start, collect: true)
                if !first { output.append(0x0C) }
                first = false
                for line in lines {
                    output.append(contentsOf: Array(line.text.trimmingTrailingSpaces().utf8))
                    output.append(0x0A)
                }
                if lines.isEmpty { output.append(contentsOf: Array("(empty)\n".utf8)) }
                if output.count > 1 << 20 { StandardStreams.write(output, to: STDOUT_FILENO); output.removeAll(keepingCapacity: true) }
                start = end
            } while start < bytes.count
        }
        StandardStreams.write(output, to: STDOUT_FILENO)
    }
}

extension ReaderOptions.SpreadChoice: ExpressibleByArgument {}

extension String {
    func trimmingTrailingSpaces() -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return self[..<end]
    }
}
